"""What a user typed reaching Markdown or HTML is shown as text by every renderer a reader
uses: pandoc's Markdown, CommonMark and GitHub's dialects (pandoc), markdown-it (MyST)
and Python-Markdown (MkDocs). A policy's ``book:`` file name, an output file's name:
never an element, an attribute, a link, a script, a new block or a terminal escape.

The gamebook in Markdown and the ``<details>`` that ``render --picture --description``
prints are read back as a browser would see them (``html.parser``), after each renderer."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ttt_maps.cli.app import app

runner = CliRunner()

#: Policies whose book file's name means something in HTML or Markdown (a ``/`` is a
#: folder on the way, so the name still names a file).
HOSTILE_BOOKS = [
    "<img src=x onerror=alert(1)>.json",
    "a</script><script>alert(1)</script>.json",
    "*em* _u_ [l](javascript:alert(1)) $x$ @cite ~s~ ^p^ {.c} |t| `c` &amp; \\.json",
    "\x1b[31mred\nline\u2028end.json",
]


class Page(HTMLParser):
    """The elements and the text of an HTML fragment, as a browser reads them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def read_html(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    return page


def pandoc_html(markdown: str, reader: str) -> str:
    pypandoc = pytest.importorskip("pypandoc", reason="pandoc comes with the dev extra")
    run = subprocess.run(
        [pypandoc.get_pandoc_path(), "-f", reader, "-t", "html"],
        input=markdown.encode(),
        capture_output=True,
        check=True,
        timeout=120,
    )
    return run.stdout.decode()


def _markdown_it(markdown: str) -> str:
    from markdown_it import MarkdownIt

    return str(MarkdownIt("commonmark").render(markdown))


def _python_markdown(markdown: str) -> str:
    import markdown as python_markdown

    return str(python_markdown.markdown(markdown))


RENDERERS: dict[str, Callable[[str], str]] = {
    "pandoc markdown": lambda md: pandoc_html(md, "markdown"),
    "pandoc commonmark": lambda md: pandoc_html(md, "commonmark"),
    "pandoc gfm": lambda md: pandoc_html(md, "gfm"),
    "markdown-it": _markdown_it,
    "Python-Markdown": _python_markdown,
}


def assert_only_text(page: Page, allowed_images: tuple[str, ...] = ()) -> None:
    """No element a user's text could have made: no script, no image but those named, no
    handler or style attribute, every link to an anchor of the page."""
    ids = {attrs.get("id") for _, attrs in page.tags}
    for tag, attrs in page.tags:
        assert tag not in ("script", "iframe", "object", "embed", "style", "math"), tag
        assert not any(name.startswith("on") or name == "style" for name in attrs), (tag, attrs)
        if tag == "img":
            assert attrs.get("src") in allowed_images, attrs
        if tag == "a" and "href" in attrs:
            href = attrs["href"] or ""
            assert href.startswith("#") and href[1:] in ids, href


def book_policy(folder: Path, name: str) -> str:
    """``book:NAME`` for an empty opening book made at ``folder``/NAME."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{}", encoding="utf-8")
    return f"book:{name}"


def shown_policy(name: str) -> str:
    """How the book's words name a policy: as given, a control character as its escape."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in f"book:{name},first")


@pytest.mark.slow
def test_a_policy_in_the_markdown_gamebook_is_text_in_every_renderer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each hostile policy's book, rendered together (a renderer starts once)."""
    monkeypatch.chdir(tmp_path)
    books = []
    for n, name in enumerate(HOSTILE_BOOKS):
        policy = book_policy(tmp_path, name)
        for suffix in ("md", "txt"):
            args = ["render", "--player", "x", "--from", "xo.......", "-p", policy]
            args += ["--gamebook", f"b{n}.{suffix}"]
            result = runner.invoke(app, args)
            assert result.exit_code == 0, result.stderr
        markdown = (tmp_path / f"b{n}.md").read_text(encoding="utf-8")
        assert all(line.isprintable() for line in markdown.splitlines())
        books.append(markdown)
        spoken = (tmp_path / f"b{n}.txt").read_text(encoding="utf-8")
        assert shown_policy(name) in spoken
        assert all(line.isprintable() for line in spoken.split("\n"))
    for renderer, render in RENDERERS.items():
        page = read_html(render("\n".join(books)))
        assert_only_text(page)
        said = " ".join("".join(page.text).split())
        for name in HOSTILE_BOOKS:
            assert " ".join(shown_policy(name).split()) in said, (renderer, name, said[:600])


#: Hostile policies with hostile names for the files that ``--picture`` writes.
HOSTILE_PICTURES = [
    ("<img src=x onerror=alert(1)>.json", '"><img onerror=alert(1) src=x>.svg'),
    ("a</script><script>alert(1)</script>.json", "my map (1) [a]#b.svg"),
]


@pytest.mark.slow
def test_the_description_render_prints_is_text_in_every_renderer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    snippets, images = [], []
    for name, output in HOSTILE_PICTURES:
        policy = book_policy(tmp_path, name)
        args = ["render", "--player", "x", "--from", "xo.......", "-p", policy]
        args += ["--picture", "--description"]
        result = runner.invoke(app, [*args, "-o", output])
        assert result.exit_code == 0, result.stderr
        assert os.path.exists(output)
        snippet = result.stdout[result.stdout.index("<picture>") :]
        found = [attrs.get("src") or "" for tag, attrs in read_html(snippet).tags if tag == "img"]
        assert len(found) == 1 and found[0].startswith("./")
        snippets.append(snippet)
        images += found
        # Every reply's link lands on its section.
        tags = read_html(_markdown_it(snippet)).tags
        anchors = {attrs["id"] for _, attrs in tags if "id" in attrs}
        links = [str(attrs.get("href")) for tag, attrs in tags if tag == "a" and "href" in attrs]
        assert links and all(href[1:] in anchors for href in links)
    for renderer, render in RENDERERS.items():
        rendered = read_html(render("\n\n".join(snippets)))
        assert_only_text(rendered, tuple(images))
        said = " ".join("".join(rendered.text).split())
        if renderer != "Python-Markdown":  # it keeps Markdown inside <details> as it is
            for name, _ in HOSTILE_PICTURES:
                assert shown_policy(name) in said, (renderer, said[:600])

"""A PDF's internal links and its outline (bookmarks), from a scene's links and anchors.

A link is a Link annotation over its box that goes to its anchor's page and
height; the outline lists the anchors that have a title, under a bookmark
per group (the first of the group's places), in the order the scene gives.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ttt_maps.backends.pdf.content import num
from ttt_maps.draw.scene import Anchor, Box, Link

#: Where an anchor is: its page (from 0) and its height on it in points.
Dest = tuple[int, float]
#: Where a box of the scene is: its page (from 0) and [left bottom right top] on it.
Placer = Callable[[Box], tuple[int, tuple[float, float, float, float]]]


class Objects(Protocol):
    """The document being written: numbered objects."""

    objects: list[bytes]

    def add(self, body: bytes) -> int: ...


def _dest(dest: Dest, first_page: int) -> str:
    page, height = dest
    return f"[{first_page + page} 0 R /XYZ 0 {num(height)} null]"


def add_links(
    doc: Objects, links: Sequence[Link], dests: dict[str, Dest], place: Placer, first_page: int
) -> None:
    """Each link as an annotation on the page its box is on; the pages' dictionaries
    (objects from ``first_page`` on) get their ``/Annots``."""
    per_page: dict[int, list[int]] = {}
    for link in links:
        if link.target not in dests:
            continue
        page, (left, bottom, right, top) = place(link.box)
        body = (
            f"<< /Type /Annot /Subtype /Link /Rect [{num(left)} {num(bottom)} {num(right)} "
            f"{num(top)}] /Border [0 0 0] /Dest {_dest(dests[link.target], first_page)} >>"
        )
        per_page.setdefault(page, []).append(doc.add(body.encode("latin-1")))
    for page, refs in sorted(per_page.items()):
        index = first_page + page - 1
        annots = " ".join(f"{r} 0 R" for r in refs)
        doc.objects[index] = doc.objects[index][:-2] + f"/Annots [{annots}] >>".encode()


def add_outline(
    doc: Objects, anchors: Sequence[Anchor], dests: dict[str, Dest], first_page: int
) -> int | None:
    """The outline of the titled anchors, grouped; its root's object number (None: none)."""
    tops: list[tuple[str, str, list[tuple[str, str]]]] = []  # title, anchor, children
    groups: dict[str, int] = {}
    for a in anchors:
        if not a.title:
            continue
        if not a.group:
            tops.append((a.title, a.name, []))
            continue
        if a.group not in groups:
            groups[a.group] = len(tops)
            tops.append((a.group, a.name, []))
        tops[groups[a.group]][2].append((a.title, a.name))
    if not tops:
        return None
    root = doc.add(b"")
    numbers = []
    for _, _, children in tops:
        numbers.append((doc.add(b""), [doc.add(b"") for _ in children]))

    def item(title: str, name: str, parent: int, prev: int | None, nxt: int | None) -> str:
        links = (f" /Prev {prev} 0 R" if prev else "") + (f" /Next {nxt} 0 R" if nxt else "")
        return f"<< /Title {pdf_string(title)} /Parent {parent} 0 R{links} /Dest {{dest}}"

    for i, ((title, name, children), (number, kids)) in enumerate(zip(tops, numbers, strict=True)):
        prev = numbers[i - 1][0] if i else None
        nxt = numbers[i + 1][0] if i + 1 < len(numbers) else None
        body = item(title, name, root, prev, nxt).format(dest=_dest(dests[name], first_page))
        if kids:
            body += f" /First {kids[0]} 0 R /Last {kids[-1]} 0 R /Count -{len(kids)}"
        doc.objects[number - 1] = (body + " >>").encode("latin-1")
        for j, ((child, child_name), kid) in enumerate(zip(children, kids, strict=True)):
            before = kids[j - 1] if j else None
            after = kids[j + 1] if j + 1 < len(kids) else None
            entry = item(child, child_name, number, before, after)
            entry = entry.format(dest=_dest(dests[child_name], first_page))
            doc.objects[kid - 1] = (entry + " >>").encode("latin-1")
    first, last = numbers[0][0], numbers[-1][0]
    doc.objects[root - 1] = (
        f"<< /Type /Outlines /First {first} 0 R /Last {last} 0 R /Count {len(tops)} >>"
    ).encode()
    return root


def pdf_string(text: str) -> str:
    """A PDF text string: a literal when it is plain ASCII, else UTF-16 with a byte-order mark."""
    if text.isascii() and text.isprintable():
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        return f"({escaped})"
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"

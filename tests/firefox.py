"""Debian's Firefox ESR, driven over WebDriver BiDi with the few page calls the viewer tests use.

Playwright drives only its own patched Firefox builds, and geckodriver is not
packaged by Debian; but Firefox itself speaks WebDriver BiDi (started with
``--remote-debugging-port``), so a small websocket client is enough. ``Page``
mirrors the part of Playwright's sync ``Page`` that ``test_html.py`` calls, so
the same test bodies run in both browsers.

Firefox has no per-tab emulation of ``prefers-reduced-motion`` or
``prefers-color-scheme`` that works over BiDi in every ESR, so those are
profile preferences: ``Firefoxes`` starts one browser per combination asked
for (each about two seconds) and keeps it for the session.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

FIREFOX = os.environ.get("TTT_FIREFOX", "/usr/bin/firefox-esr")
TIMEOUT = 30.0

# WebDriver's key codes for the named keys Playwright's keyboard.press takes.
KEYS = {
    "Tab": "\ue004",
    "Enter": "\ue007",
    "Escape": "\ue00c",
    "ArrowLeft": "\ue012",
    "ArrowUp": "\ue013",
    "ArrowRight": "\ue014",
    "ArrowDown": "\ue015",
    "Backspace": "\ue003",
    "Home": "\ue011",
    "End": "\ue010",
}

# Run a page script: an expression, or a function source called with one JSON argument.
CALL = """async (source, arg) => {
  const f = (0, eval)('(' + source + ')');
  const v = typeof f === 'function' ? await f(JSON.parse(arg)) : await f;
  return JSON.stringify(v === undefined ? null : v);
}"""


class BiDiError(RuntimeError):
    """A command the browser refused, or a script that threw."""


class Firefox:
    """One headless Firefox ESR process with its own profile, and its BiDi session."""

    def __init__(self, prefs: dict[str, Any]) -> None:
        from websockets.sync.client import connect

        self.stack = contextlib.ExitStack()
        self.profile = Path(tempfile.mkdtemp(prefix="ttt-firefox-"))
        lines = [f"user_pref({json.dumps(k)}, {json.dumps(v)});" for k, v in prefs.items()]
        (self.profile / "user.js").write_text("\n".join(lines) + "\n", encoding="utf-8")
        self.proc = subprocess.Popen(
            [
                FIREFOX,
                "--headless",
                "--no-remote",
                "--profile",
                str(self.profile),
                "--remote-debugging-port",
                "0",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            # Lets a profile point the browser's own settings service elsewhere (a
            # test that blocks every other host turns it off: sitehost.QUIET_FIREFOX).
            env={**os.environ, "MOZ_REMOTE_SETTINGS_DEVTOOLS": "1"},
        )
        url = self._listening_url()
        self.ws = self.stack.enter_context(
            connect(url + "/session", max_size=None, open_timeout=TIMEOUT)
        )
        self.next_id = 0
        self.handlers: dict[str, list[Callable[[dict[str, Any]], None]]] = {}
        self.send("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})

    def _listening_url(self) -> str:
        assert self.proc.stderr is not None
        deadline = time.monotonic() + TIMEOUT
        seen = []
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            if not line:
                break
            seen.append(line.rstrip())
            match = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if match:
                return match.group(1)
        self.close()
        raise BiDiError("Firefox did not start its BiDi server: " + " | ".join(seen[-5:]))

    def send(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """Send one command and wait for its answer, handing events out meanwhile."""
        self.next_id += 1
        ident = self.next_id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        deadline = time.monotonic() + TIMEOUT
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BiDiError(f"{method}: no answer in {TIMEOUT:.0f} s")
            message = json.loads(self.ws.recv(timeout=left))
            if message.get("type") == "event":
                for handler in self.handlers.get(message["method"], []):
                    handler(message["params"])
                continue
            if message.get("id") != ident:
                continue
            if message.get("type") == "error":
                raise BiDiError(f"{method}: {message.get('error')}: {message.get('message')}")
            result: dict[str, Any] = message["result"]
            return result

    def new_page(self, viewport: dict[str, int]) -> Page:
        context = self.send("browsingContext.create", {"type": "tab"})["context"]
        self.send("browsingContext.setViewport", {"context": context, "viewport": viewport})
        return Page(self, context)

    def close(self) -> None:
        with contextlib.suppress(Exception):  # the browser may be gone already
            self.stack.close()
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        if self.proc.stderr is not None:
            self.proc.stderr.close()
        shutil.rmtree(self.profile, ignore_errors=True)


class Firefoxes:
    """Firefox for the viewer tests: ``new_page`` as Playwright's ``Browser.new_page``.

    ``reduced_motion`` and ``color_scheme`` pick (and, the first time, start)
    the browser whose profile has those preferences.
    """

    def __init__(self) -> None:
        self.running: dict[tuple[str | None, str | None, str], Firefox] = {}

    def new_page(
        self,
        viewport: dict[str, int],
        reduced_motion: str | None = None,
        color_scheme: str | None = None,
        prefs: dict[str, Any] | None = None,
    ) -> Page:
        """A tab of the browser with these preferences (``prefs``: any more, such as a
        proxy), started the first time they are asked for."""
        more = prefs or {}
        key = (reduced_motion, color_scheme, json.dumps(more, sort_keys=True))
        if key not in self.running:
            chosen: dict[str, Any] = {"ui.prefersReducedMotion": int(reduced_motion == "reduce")}
            if color_scheme is not None:
                # 0 dark, 1 light: the page sees this, whatever the system says.
                chosen["layout.css.prefers-color-scheme.content-override"] = int(
                    color_scheme == "light"
                )
            self.running[key] = Firefox({**chosen, **more})
        return self.running[key].new_page(viewport)

    def close(self) -> None:
        for browser in self.running.values():
            browser.close()
        self.running.clear()


class Request:
    """What a ``request`` listener gets: the URL, as Playwright's ``Request.url``."""

    def __init__(self, url: str) -> None:
        self.url = url


class Mouse:
    """Pointer actions at viewport coordinates, as Playwright's ``page.mouse``."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.x = 0.0
        self.y = 0.0

    def _pointer(self, actions: list[dict[str, Any]]) -> None:
        self.page.perform(
            {
                "type": "pointer",
                "id": "mouse",
                "parameters": {"pointerType": "mouse"},
                "actions": actions,
            }
        )

    def move(self, x: float, y: float, steps: int = 1) -> None:
        x0, y0 = self.x, self.y
        moves = [
            {
                "type": "pointerMove",
                "x": round(x0 + (x - x0) * i / steps),
                "y": round(y0 + (y - y0) * i / steps),
            }
            for i in range(1, steps + 1)
        ]
        self._pointer(moves)
        self.x, self.y = x, y

    def down(self) -> None:
        self._pointer([{"type": "pointerDown", "button": 0}])

    def up(self) -> None:
        self._pointer([{"type": "pointerUp", "button": 0}])

    def click(self, x: float, y: float) -> None:
        self.x, self.y = x, y
        self._pointer(
            [
                {"type": "pointerMove", "x": round(x), "y": round(y)},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ]
        )

    def wheel(self, delta_x: float, delta_y: float) -> None:
        self.page.perform(
            {
                "type": "wheel",
                "id": "wheel",
                "actions": [
                    {
                        "type": "scroll",
                        "x": round(self.x),
                        "y": round(self.y),
                        "deltaX": round(delta_x),
                        "deltaY": round(delta_y),
                    }
                ],
            }
        )


class Keyboard:
    """Key presses, as Playwright's ``page.keyboard.press``."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def press(self, key: str) -> None:
        value = KEYS.get(key, key)
        self.page.perform(
            {
                "type": "key",
                "id": "keyboard",
                "actions": [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}],
            }
        )


class Page:
    """One tab: the subset of Playwright's sync ``Page`` the viewer tests call."""

    def __init__(self, browser: Firefox, context: str) -> None:
        self.browser = browser
        self.context = context
        self.mouse = Mouse(self)
        self.keyboard = Keyboard(self)

    def perform(self, source: dict[str, Any]) -> None:
        self.browser.send("input.performActions", {"context": self.context, "actions": [source]})

    def goto(self, url: str) -> None:
        self.browser.send(
            "browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"}
        )

    def evaluate(self, script: str, arg: Any = None) -> Any:
        answer = self.browser.send(
            "script.callFunction",
            {
                "functionDeclaration": CALL,
                "arguments": [
                    {"type": "string", "value": script},
                    {"type": "string", "value": json.dumps(arg)},
                ],
                "target": {"context": self.context},
                "awaitPromise": True,
            },
        )
        if answer.get("type") == "exception":
            details = answer.get("exceptionDetails", {})
            raise BiDiError(f"script failed: {details.get('text')}\n{script}")
        return json.loads(answer["result"]["value"])

    def wait_for_function(self, expression: str, timeout: float = TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while not self.evaluate(f"() => !!({expression})"):
            if time.monotonic() > deadline:
                raise BiDiError(f"timed out waiting for {expression}")
            time.sleep(0.05)

    @property
    def url(self) -> str:
        href: str = self.evaluate("location.href")
        return href

    def _element(self, selector: str) -> str:
        """A page expression for the element Playwright's ``selector >> nth=N`` names."""
        css, _, nth = selector.partition(" >> nth=")
        return f"document.querySelectorAll({json.dumps(css)})[{int(nth or 0)}]"

    def inner_text(self, selector: str) -> str:
        text: str = self.evaluate(f"{self._element(selector)}.innerText")
        return text

    def get_attribute(self, selector: str, name: str) -> str | None:
        value: str | None = self.evaluate(
            f"{self._element(selector)}.getAttribute({json.dumps(name)})"
        )
        return value

    def click(self, selector: str) -> None:
        box = self.evaluate(
            f"(() => {{ const r = {self._element(selector)}.getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        self.mouse.click(*box)

    def screenshot(self, clip: dict[str, float]) -> bytes:
        box = {
            "type": "box",
            "x": clip["x"],
            "y": clip["y"],
            "width": clip["width"],
            "height": clip["height"],
        }
        answer = self.browser.send(
            "browsingContext.captureScreenshot", {"context": self.context, "clip": box}
        )
        return base64.b64decode(answer["data"])

    def go_back(self) -> None:
        self.browser.send("browsingContext.traverseHistory", {"context": self.context, "delta": -1})

    def go_forward(self) -> None:
        self.browser.send("browsingContext.traverseHistory", {"context": self.context, "delta": 1})

    def on(self, event: str, listener: Callable[[Request], None]) -> None:
        assert event == "request", "only request listeners are supported"
        self.browser.send(
            "session.subscribe",
            {"events": ["network.beforeRequestSent"], "contexts": [self.context]},
        )

        def handle(params: dict[str, Any]) -> None:
            if params.get("context") == self.context:
                listener(Request(params["request"]["url"]))

        self.browser.handlers.setdefault("network.beforeRequestSent", []).append(handle)

    def close(self) -> None:
        self.browser.send("browsingContext.close", {"context": self.context})

"""A built docs site served from 127.0.0.1, and a trap for every other host.

``Site`` serves a folder over HTTP on a free port of 127.0.0.1, counting the
bytes it sends. ``Outside`` is an HTTP proxy on 127.0.0.1 that forwards
nothing: a browser pointed at it (loopback addresses are never proxied) can
reach only the site, and every attempt to reach another host is recorded, so a
test can fail on it. Used by the playground's browser tests and by
``scripts/bench.py``.
"""

from __future__ import annotations

import functools
import http.server
import socketserver
import threading
from pathlib import Path
from typing import Any


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """Files of the site, with the types a browser insists on for modules and wasm."""

    extensions_map = {  # noqa: RUF012 - the base class's own table, extended
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        self.server.sent += source.tell() - start  # type: ignore[attr-defined]


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closed its connection mid-file (a page closed while it loads) is
        no error of the site's; anything else is printed as usual."""
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class Site:
    """A folder served on ``http://127.0.0.1:PORT`` until ``close``; ``sent`` is the bytes of
    files served so far."""

    def __init__(self, folder: Path) -> None:
        handler = functools.partial(_Quiet, directory=str(folder))
        self.server = _Server(("127.0.0.1", 0), handler)
        self.server.sent = 0  # type: ignore[attr-defined]
        self.origin = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def sent(self) -> int:
        return int(self.server.sent)  # type: ignore[attr-defined]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class _Refuse(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        line = self.rfile.readline(4096).decode("latin-1").strip()
        if line:
            self.server.attempts.append(line)  # type: ignore[attr-defined]
        self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")


#: Firefox's own calls home (settings, updates, plug-in downloads, captive portals,
#: safe browsing, telemetry), switched off: they are the browser's, not the page's.
QUIET_FIREFOX: dict[str, Any] = {
    "services.settings.server": "data:,#remote-settings-dummy/v1",
    "app.update.disabledForTesting": True,
    "app.update.auto": False,
    "media.gmp-manager.updateEnabled": False,
    "media.gmp-manager.url": "data:,",
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "browser.safebrowsing.provider.mozilla.updateURL": "",
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "toolkit.telemetry.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "browser.region.network.url": "",
    "browser.region.update.enabled": False,
}


class Outside:
    """The proxy every other host is sent to: it answers 403 and records the request line
    (``CONNECT host:443 HTTP/1.1``, ``GET http://host/ HTTP/1.1``) in ``attempts``."""

    def __init__(self) -> None:
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Refuse)
        self.server.daemon_threads = True
        self.attempts: list[str] = []
        self.server.attempts = self.attempts  # type: ignore[attr-defined]
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def playwright_proxy(self) -> dict[str, str]:
        """A Playwright context's proxy: every host but the site's through this one."""
        return {"server": f"http://127.0.0.1:{self.port}", "bypass": "127.0.0.1"}

    @property
    def firefox_prefs(self) -> dict[str, Any]:
        """Firefox's preferences: every host but loopback through this proxy, and the
        browser's own calls home switched off (they are not the page's)."""
        return {
            **QUIET_FIREFOX,
            "network.proxy.type": 1,
            "network.proxy.http": "127.0.0.1",
            "network.proxy.http_port": self.port,
            "network.proxy.ssl": "127.0.0.1",
            "network.proxy.ssl_port": self.port,
            "network.proxy.no_proxies_on": "127.0.0.1",
            "network.proxy.allow_hijacking_localhost": False,
        }

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

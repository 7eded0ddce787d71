"""How a request is run, apart from what it asks for: the cache, progress bars and
the search limit.

A ``Settings`` value is a parameter of every call that does work (the API's
functions take ``settings=``, the command line builds one from ``--no-cache``,
``--no-progress`` and ``--search-limit``). While a call runs, ``using`` makes
its settings the ones that the stages below read (``current``): a context
variable, so two requests in one process, in two threads or one after the
other, never see each other's settings, and nothing outlives the call.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import NamedTuple


class Settings(NamedTuple):
    """How to run: read and write the solved bounds of bigger boards (``cache``), show
    progress bars on a terminal (``progress``: off for the library), and search up to
    ``search_limit`` positions in all for one call (``None``: the default budget, about
    ten seconds' worth, or ``$TTT_MAPS_SEARCH_LIMIT``). Each field is an option declared
    with the others (``engine.options``), which checks it when a request starts."""

    cache: bool = True
    progress: bool = False
    search_limit: int | None = None


#: The settings of the library when no call says otherwise.
DEFAULT = Settings()

_CURRENT: ContextVar[Settings] = ContextVar("ttt_maps_settings", default=DEFAULT)


def current() -> Settings:
    """The settings of the request running in this thread (``DEFAULT`` outside one)."""
    return _CURRENT.get()


@contextmanager
def using(settings: Settings | None) -> Iterator[Settings]:
    """Run the body with ``settings`` (``None``: keep the ones in force), then restore."""
    if settings is None:
        yield _CURRENT.get()
        return
    token = _CURRENT.set(settings)
    try:
        yield settings
    finally:
        _CURRENT.reset(token)

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

from ttt_maps.errors import UsageError


class Settings(NamedTuple):
    """How to run: read and write the solved tables of bigger boards (``cache``), show
    progress bars on a terminal (``progress``: off for the library), and search up to
    ``search_limit`` positions in all for one call (``None``: the default budget, about
    ten seconds' worth, or ``$TTT_MAPS_SEARCH_LIMIT``)."""

    cache: bool = True
    progress: bool = False
    search_limit: int | None = None

    def checked(self, flag: str = "--") -> Settings:
        """These settings, or a usage error naming the bad one (``flag`` starts its name:
        ``--`` on the command line, nothing in Python)."""
        limit = self.search_limit
        if limit is not None and (isinstance(limit, bool) or limit < 1):
            raise UsageError(
                f"{flag}search-limit {limit}: expected a whole number of positions, 1 or more"
            )
        return self


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
    token = _CURRENT.set(settings.checked(""))
    try:
        yield settings
    finally:
        _CURRENT.reset(token)


def apply(settings: Settings) -> None:
    """Make ``settings`` the ones in force for the rest of the current context: for the
    command line, whose every command runs in a context of its own (``cli.run``), so
    they end with the command."""
    _CURRENT.set(settings.checked())

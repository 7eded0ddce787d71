"""A progress bar on stderr for work that takes more than about a second.

Long stages (choosing the moves of a big map, laying it out) wrap their work
in ``stage``, giving a way to read how far they are. Nothing is shown unless
the settings in force ask for progress (``ttt_maps.settings``: the command
line's, unless ``--quiet`` or ``--no-progress``; never the library's) and
stderr is a terminal; then a thread
waits ``DELAY`` seconds and only if the stage is still running draws a rich
progress bar, refreshed from the counters, and clears it when the stage ends.
So quick runs, pipes and the library print nothing, and import no rich (the
playground draws in the browser without it).

A page that runs ttt-maps with no thread and no terminal (the docs site's
playground, in a browser's worker) listens instead (``listening``): the stage in
force is then told to the listener whenever the work calls ``tick`` (the search
does, every ``TICK`` positions), with its figures, and no bar is drawn.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, copy_context

from ttt_maps.language import number, tr
from ttt_maps.settings import current

#: Seconds a stage runs before its bar appears.
DELAY = 1.0
#: Seconds between two refreshes of the bar.
REFRESH = 0.1

Counter = Callable[[], int]
#: Who is told how far a stage is: its label, the count done, the total (None: not known)
#: and the positions searched (None: not counted by this stage).
Listener = Callable[[str, int, int | None, int | None], None]
#: Positions a search goes between two ticks while a listener listens.
TICK = 20_000

#: Whether a stage of this context is watched by a bar already: a stage inside it
#: (one search among many while moves are chosen) shows nothing of its own.
_WATCHED: ContextVar[bool] = ContextVar("ttt_maps_progress_watched", default=False)
_LISTENER: ContextVar[Listener | None] = ContextVar("ttt_maps_progress_listener", default=None)
#: The stage a listener is told of: its label and counters.
_STAGE: ContextVar[tuple[str, Counter, Counter | None, Counter | None] | None] = ContextVar(
    "ttt_maps_progress_stage", default=None
)


@contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """Tell ``listener`` of the long stages of the body instead of drawing bars."""
    token = _LISTENER.set(listener)
    try:
        yield
    finally:
        _LISTENER.reset(token)


def listened() -> bool:
    """Is a listener told of the stages of this context (``listening``)?"""
    return _LISTENER.get() is not None


def tick() -> None:
    """Tell the listener how far the stage in force is (nothing without both)."""
    listener, watched = _LISTENER.get(), _STAGE.get()
    if listener is None or watched is None:
        return
    label, count, total, searched = watched
    listener(label, count(), total() if total else None, searched() if searched else None)


@contextmanager
def stage(
    label: str,
    count: Counter,
    total: Counter | None = None,
    searched: Counter | None = None,
    step: Callable[[], str] | None = None,
) -> Iterator[None]:
    """Run the body; past ``DELAY`` seconds, show ``label`` with ``count()`` done of
    ``total()`` (a bar) or of an unknown total (a spinner), ``searched()`` positions
    searched and ``step()``, what is being done now, when given. Inside another stage's
    bar, nothing more is shown. With a listener (``listening``), the stage is what
    ``tick`` tells it, and no bar."""
    if _WATCHED.get():
        yield
        return
    if _LISTENER.get() is not None:
        told = _STAGE.set((label, count, total, searched))
        inside = _WATCHED.set(True)
        try:
            yield
        finally:
            _WATCHED.reset(inside)
            _STAGE.reset(told)
        return
    if not shown():
        yield
        return

    done = threading.Event()
    # The bar's thread speaks the request's language: it runs in a copy of its context.
    worker = threading.Thread(
        target=copy_context().run,
        args=(_show, done, label, count, total, searched, step),
        daemon=True,
    )
    worker.start()
    token = _WATCHED.set(True)
    try:
        yield
    finally:
        _WATCHED.reset(token)
        done.set()
        worker.join()


def shown() -> bool:
    """Would a stage show a bar now: progress asked for (the command line's, unless
    ``--quiet`` or ``--no-progress``) and stderr a terminal? In a pipe, nothing."""
    return current().progress and sys.stderr.isatty()


def _show(
    done: threading.Event,
    label: str,
    count: Counter,
    total: Counter | None,
    searched: Counter | None,
    step: Callable[[], str] | None,
) -> None:
    """The bar's thread: wait, then draw until ``done`` is set. A bar is never worth a
    failed run: whatever goes wrong in it (a terminal that went away, a counter read
    while the work changes it) ends the bar quietly, and the work goes on."""
    try:
        if not done.wait(DELAY):
            _draw(done, label, count, total, searched, step)
    except Exception:  # see the docstring: the bar only ever stops
        return


def _draw(
    done: threading.Event,
    label: str,
    count: Counter,
    total: Counter | None,
    searched: Counter | None,
    step: Callable[[], str] | None,
) -> None:
    # lazy: rich draws the bar on a terminal; the playground draws maps without it
    from rich.console import Console
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    columns = [SpinnerColumn(), TextColumn("{task.description}", markup=False)]
    if total is not None:
        columns.append(BarColumn())
    columns.append(TextColumn("{task.fields[done]}"))
    if searched is not None:
        columns.append(TextColumn("[dim]{task.fields[searched]}"))
    if step is not None:
        columns.append(TextColumn("{task.fields[step]}", markup=False))
    columns.append(TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=None, done="", searched="", step="")

        def refresh() -> None:
            n = count()
            whole = total() if total is not None else None
            text = f"{n:,}" if whole is None else f"{n:,} / {whole:,}"
            bar.update(task, completed=n, total=whole, done=text)
            if searched is not None:
                bar.update(task, searched=tr("{n} positions searched", n=number(searched())))
            if step is not None:
                bar.update(task, step=step())

        refresh()
        while not done.wait(REFRESH):
            refresh()
        refresh()

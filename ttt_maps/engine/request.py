"""What a drawing asks for: its options, checked once, wherever they come from.

The command line, the Python API and the docs tools each read their own
spelling of the options (``engine.options``) and make a ``Drawing`` of them
with ``Drawing.read``: every value checked by its option, the board, the start
position, the policy, the theme and the page resolved, and every option that
does not apply to what is drawn refused by name. Everything after reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Unpack

from ttt_maps.draw.themes import get_theme
from ttt_maps.engine.options import (
    DECLARED,
    DRAWN,
    Options,
    Use,
    read_python,
    refuse_elsewhere,
    refuse_formats,
)
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Position
from ttt_maps.settings import Settings, using

if TYPE_CHECKING:
    from ttt_maps.backends import Output
    from ttt_maps.draw.layout import MapOptions
    from ttt_maps.draw.themes import Theme
    from ttt_maps.policy.policy import Policy


class Drawing:
    """Everything one drawing needs, checked: whose map (``player`` x, o, both for the
    poster, ``None`` for the default job) or the ``whole`` game, on what board, from
    where, under which policy, how it looks and on what page.

    ``Drawing(player="x", theme="dark")`` reads the API's keywords; the other
    surfaces use ``Drawing.read`` with their own spelling's ``Use``. The values are
    in ``options`` (every drawing option, defaults filled in); what they resolve to
    is in ``geometry``, ``start``, ``policy`` and ``palette``.
    """

    __slots__ = ("_policy", "geometry", "given", "job", "options", "palette", "start")
    geometry: Geometry
    given: frozenset[str]
    job: str
    options: dict[str, Any]
    palette: Theme
    _policy: Policy | None
    start: Position | None

    def __init__(self, **options: Unpack[Options]) -> None:
        self._fill(read_python(options, None, "Drawing"), Use("python"))

    @classmethod
    def read(
        cls,
        given: Mapping[str, Any],
        use: Use,
        locate: Callable[[str], str] | None = None,
        job: str | None = None,
        settings: Settings | None = None,
    ) -> Drawing:
        """A drawing of options already checked on ``use``'s surface (``given``: the
        options written there, by name); ``locate`` finds a ``book:PATH`` of the policy
        as that surface reads it. ``job`` is what is drawn (by default a map, the poster
        or the whole game, as the options say). The policy is made under ``settings``
        (its solver searches with their cache and limit)."""
        drawing = cls.__new__(cls)
        with using(settings):
            drawing._fill(dict(given), use, locate, job)
        return drawing

    def _fill(
        self,
        given: dict[str, Any],
        use: Use,
        locate: Callable[[str], str] | None = None,
        job: str | None = None,
    ) -> None:
        job = job or _job(given)
        _check_together(given, use)
        for name in given:
            refuse_elsewhere(DECLARED[name], job, use._replace(job=job))
        options = {name: DECLARED[name].default_for(job) for name in DRAWN}
        options.update(given)
        self.job, self.given, self.options = job, frozenset(given), options
        self.geometry = _resolve("board", options, use, lambda: _geometry(options, self.given))
        self.start = _resolve("start", options, use, lambda: _position(options, self.geometry))
        self._policy = None  # made only where a policy chooses the moves (not for a table)
        if job in DECLARED["policy"].applies:
            self._policy = _resolve("policy", options, use, lambda: _policy(options, self, locate))
        self.palette = get_theme(options["theme"])

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={self.options[name]!r}" for name in sorted(self.given))
        return f"Drawing({shown})"

    def __getattr__(self, name: str) -> Any:
        """An option's value (``drawing.depth``)."""
        if name in DRAWN:
            return self.options[name]
        raise AttributeError(f"'Drawing' object has no attribute {name!r}")

    @property
    def folded(self) -> bool:
        """Whether replies that are turns of each other are drawn once (the whole game
        folds unless told not to)."""
        fold = self.options["fold"]
        return self.job == "whole" if fold is None else bool(fold)

    @property
    def policy(self) -> Policy:
        """The policy that chooses the map's moves (a drawing of a table has none)."""
        if self._policy is None:
            raise AssertionError(f"a drawing of {self.job} has no policy")
        return self._policy

    @property
    def opening_books(self) -> list[str]:
        """The opening book files the policy reads (``book:PATH``), as written."""
        # lazy: `table` runs without it
        from ttt_maps.policy.chains import opening_book_files

        return opening_book_files(self.policy.name)

    @property
    def map_options(self) -> MapOptions:
        # lazy: `solve`, `stats` and `table` run without it
        from ttt_maps.draw.layout import MapOptions

        o = self.options
        return MapOptions(o["depth"], o["alternatives"], o["outcomes"], explain=o["explain"])

    def page(self, fmts: Iterable[str], use: Use | None = None) -> Output:
        """The page and file options, for the files written in ``fmts`` (an option that
        applies to none of them is a usage error, named as ``use`` spells it)."""
        # lazy: `solve` and `stats` run without it
        from ttt_maps.backends import Output

        use = use or Use("cli", self.job)
        fmts = list(fmts)
        refuse_formats((DECLARED[n] for n in self.given), fmts, use)
        o = self.options
        if o["margin"] is not None and o["size"] is None:
            raise UsageError(
                f"{DECLARED['margin'].spelled(use)} needs a page size: it is the margin around "
                "the drawing on a page"
            )
        if o["width"] is not None and o["dpi"] is not None and "png" in fmts:
            raise UsageError(
                f"{DECLARED['width'].spelled(use)} and {DECLARED['dpi'].spelled(use)} both set "
                "the PNG's size in pixels; give one"
            )
        size = o["size"]
        if isinstance(size, str):
            # lazy: a cached map, `solve`, `stats` and `table` run without it
            from ttt_maps.backends.page import parse_size

            size = parse_size(size)
        return Output(size, o["width"], o["dpi"], o["margin"], o["id_prefix"], o["text_as_paths"])

    def replaced(self, **options: Any) -> Drawing:
        """This drawing with some options set anew (already checked), on the same surface."""
        given = {name: self.options[name] for name in self.given}
        given.update(options)
        return Drawing.read(given, Use("python", self.job))


def _job(given: Mapping[str, Any]) -> str:
    """What a drawing makes: the whole game, the poster or a player's map."""
    if given.get("whole"):
        return "whole"
    return "map" if given.get("player") in ("x", "o") else "poster"


def _check_together(given: Mapping[str, Any], use: Use) -> None:
    """Options that each apply, but not together."""
    if given.get("whole") and "player" in given:
        player = DECLARED["player"]
        raise player.refused(
            given["player"],
            f"{DECLARED['whole'].spelled(use)} draws every move of both players",
            use,
        )


def _resolve(name: str, options: dict[str, Any], use: Use, make: Callable[[], Any]) -> Any:
    """What an option's value stands for, a refusal worded for the option on ``use``'s
    surface (``--start 'xx.......': illegal position: …``)."""
    try:
        return make()
    except UsageError as exc:
        raise DECLARED[name].refused(options[name], exc.reason or str(exc), use) from None


def _geometry(options: Mapping[str, Any], given: frozenset[str]) -> Geometry:
    """The board: as given, else the start position's or the policy's, else 3x3; under the
    rules given."""
    board, rules = options["board"], options["rules"]
    start, policy = options["start"], options["policy"]
    if isinstance(board, Geometry):
        geo = board
    elif "board" in given:
        return Geometry.parse(board, rules or "normal")
    elif isinstance(start, Position):
        geo = start.geometry
    elif not isinstance(policy, str):
        geo = policy.geometry
    else:
        geo = STANDARD
    return geo.with_rules(rules) if "rules" in given and rules is not None else geo


def _position(options: Mapping[str, Any], geometry: Geometry) -> Position | None:
    start = options["start"]
    if start is None:
        return None
    if isinstance(start, Position):
        if start.geometry != geometry:
            raise UsageError(
                f"a position on {start.geometry.describe()}, not {geometry.describe()}",
                reason=f"a position on {start.geometry.describe()}, not {geometry.describe()}",
            )
        return start
    return Position.parse(start, geometry)


def _policy(
    options: Mapping[str, Any], drawing: Drawing, locate: Callable[[str], str] | None
) -> Policy:  # (the drawing's geometry is resolved first)
    # lazy: `table` runs without it
    from ttt_maps.policy.chains import parse_policy

    policy = options["policy"]
    if not isinstance(policy, str):
        return policy  # type: ignore[no-any-return]
    return parse_policy(policy, drawing.geometry, locate=locate)

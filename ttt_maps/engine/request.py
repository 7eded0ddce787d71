"""What a request asks for: its options checked, and what they stand for, read once.

Each surface reads its own spelling of the options (the command line's flags,
the API's keywords, a docs page's keys) and checks each value by its row of the
options table (``engine.options``); ``Request`` then reads the values that need
one another (the board a start position is on, the policy on that board, whose
map a depth starts at) and refuses an option that the kind of drawing does not
take, each in the words of the surface it came from. Everything after trusts it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ttt_maps.backends import Output
from ttt_maps.backends.page import PageSize, has_room, parse_size
from ttt_maps.draw.layout import MapOptions
from ttt_maps.draw.themes import Theme, get_theme
from ttt_maps.engine.options import OPTIONS, REQUESTS, OptionRefused, Surface, refuse_formats
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Position
from ttt_maps.policy.chains import opening_book_files, parse_policy
from ttt_maps.policy.policy import Policy
from ttt_maps.settings import Settings, using
from ttt_maps.trees.size import MAX_BOARDS


class Request:
    """What one drawing (or a command's question about the game) asks for, checked:
    the ``kind`` of drawing (``map``, ``poster``, ``whole``, ``gamebook``), whose map
    (``player``: x, o, both for the poster, ``None`` for the default job), on what
    board (``geometry``, its rules included), from where (``start``), under which
    ``policy``, how it looks (``theme``, ``map_options``...) and on what page.

    ``given`` holds the options the surface set; the others have their defaults.
    """

    __slots__ = ("_policy", "alternatives", "caption", "depth", "description", "dpi",
                 "explain", "fold", "geometry", "given", "id_prefix", "kind", "lang",
                 "margin", "max_boards", "outcomes", "player", "size", "start", "surface",
                 "text_as_paths", "theme", "title", "width")  # fmt: skip
    kind: str
    surface: Surface
    given: frozenset[str]
    geometry: Geometry
    start: Position | None
    _policy: Policy | None
    # Each option of a drawing: as given, else its default (read below).
    player: str | None
    depth: int | None
    fold: bool | None
    max_boards: int
    alternatives: bool
    outcomes: bool
    explain: bool
    description: bool
    caption: bool | None
    title: str | None
    width: int | None
    dpi: float | None
    margin: float | None
    text_as_paths: bool
    id_prefix: str | None
    lang: str | None
    theme: Theme
    size: PageSize | None

    def __init__(
        self,
        given: Mapping[str, Any],
        surface: Surface,
        *,
        kind: str | None = None,
        locate: Callable[[str], str] | None = None,
        settings: Settings | None = None,
    ) -> None:
        """``given``: the options the surface set, each checked by its row, by name;
        ``kind``: what is drawn (by default a map, the poster or the whole game, as the
        options say); ``locate`` finds a ``book:PATH`` of the policy as the surface
        reads it; the policy's solver searches under ``settings``."""
        self.kind = kind or _kind(given)
        self.surface = surface
        self.given = frozenset(given)
        _refuse_elsewhere(given, self.kind, surface)
        for name in _OPTION_FIELDS:
            setattr(self, name, given.get(name, OPTIONS[name].default))
        # X's map unless another player's is asked for; the poster draws both.
        self.player = given.get("player", "x" if self.kind == "map" else None)
        self.max_boards = self.max_boards or MAX_BOARDS
        self.theme = get_theme(self.theme)
        if isinstance(self.size, str):
            self.size = parse_size(self.size)
        self.geometry = self._read("board", given, lambda: _geometry(given))
        self.start = self._read("start", given, lambda: _position(given, self.geometry))
        self._policy: Policy | None = None  # a drawing of the whole game has none
        if "policy" in REQUESTS[self.kind]:
            with using(settings):
                self._policy = self._read(
                    "policy", given, lambda: _policy(given, self.geometry, locate)
                )
        self._check_together(given)

    def _read(self, name: str, given: Mapping[str, Any], make: Callable[[], Any]) -> Any:
        """What an option's value stands for, a refusal worded for the option as the
        surface spelled it (``--from 'xx.......': illegal position: …``)."""
        try:
            return make()
        except OptionRefused:
            raise
        except UsageError as exc:
            option = OPTIONS[name]
            value = given.get(name, option.default)
            raise self.surface.refused(option, value, exc.reason or str(exc)) from None

    def _check_together(self, given: Mapping[str, Any]) -> None:
        """Options that each apply, but not together."""
        if self.kind in ("map", "poster"):
            players = (self.player,) if self.player in ("x", "o") else ("x", "o")
            refuse_depth_zero(self.depth, players, self.start, self.geometry, self.surface)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name, None)!r}" for name in sorted(self.given))
        return f"Request({self.kind}: {shown})"

    @property
    def folded(self) -> bool:
        """Whether replies that are turns of each other are drawn once (the whole game
        folds unless told not to)."""
        return self.kind == "whole" if self.fold is None else self.fold

    @property
    def policy(self) -> Policy:
        """The policy that chooses the map's moves (a drawing of the whole game has none)."""
        if self._policy is None:
            raise AssertionError(f"a drawing of {self.kind} has no policy")
        return self._policy

    @property
    def opening_books(self) -> list[str]:
        """The opening book files the policy reads (``book:PATH``), as written."""
        return opening_book_files(self.policy.name)

    @property
    def map_options(self) -> MapOptions:
        return MapOptions(self.depth, self.alternatives, self.outcomes, explain=self.explain)

    def output(self, fmts: Iterable[str]) -> Output:
        """The page and file options, for the files written in ``fmts`` (an option that
        applies to none of them is refused, named as the surface spells it)."""
        fmts = list(fmts)
        refuse_formats(self.given, fmts, self.surface)
        spelled = self.surface.spelled
        if self.margin is not None and self.size is None:
            raise UsageError(
                f"{spelled(OPTIONS['margin'])} needs a page size: it is the margin around "
                "the drawing on a page"
            )
        if (
            self.margin is not None
            and self.size is not None
            and not has_room(self.size, self.margin)
        ):
            raise UsageError(
                f"{self.surface.shown(OPTIONS['margin'], self.margin)} leaves no room on "
                f"a {self.size.name} page; give a smaller margin"
            )
        if self.width is not None and self.dpi is not None and "png" in fmts:
            raise UsageError(
                f"{spelled(OPTIONS['width'])} and {spelled(OPTIONS['dpi'])} both set the PNG's "
                "size in pixels; give one"
            )
        return Output(
            self.size, self.width, self.dpi, self.margin, self.id_prefix, self.text_as_paths
        )

    def values(self) -> dict[str, Any]:
        """The options the surface set, as given (to make this request again)."""
        out: dict[str, Any] = {}
        for name in self.given:
            out[name] = {"board": self.geometry, "start": self.start}.get(name)
            if out[name] is None:
                out[name] = self._policy if name == "policy" else getattr(self, name)
        return out


#: The options a ``Request`` holds as fields of its own.
_OPTION_FIELDS = tuple(name for name in Request.__annotations__ if name in OPTIONS)


def refuse_depth_zero(
    depth: int | None,
    players: Iterable[str],
    start: Position | None,
    geometry: Geometry,
    surface: Surface,
) -> None:
    """A map cut at depth 0 is its first board: one that starts at the opponent's turn has
    none of its player's moves to show."""
    if depth != 0:
        return
    board = start or Position.empty(geometry)
    for player in players:
        if not board.is_over and board.to_move != player:
            option = OPTIONS["depth"]
            raise OptionRefused(
                f"{surface.shown(option, 0)}: the {player.upper()} map starts at the opponent's "
                f"turn; give {surface.shown(option, 1)} or more",
                "depth",
            )


def _kind(given: Mapping[str, Any]) -> str:
    """What a drawing makes: the whole game, the poster or a player's map."""
    if given.get("whole"):
        return "whole"
    return "map" if given.get("player") in ("x", "o") else "poster"


def _refuse_elsewhere(given: Mapping[str, Any], kind: str, surface: Surface) -> None:
    """An option the kind of drawing does not take, refused by name; ``--whole`` with a
    player, refused with why."""
    if kind == "whole" and given.get("player") is not None:
        player = OPTIONS["player"]
        raise surface.refused(
            player,
            given["player"],
            f"{surface.spelled(OPTIONS['whole'])} draws every move of both players",
        )
    for name in given:
        if name not in REQUESTS[kind] and name != "whole":
            raise surface.elsewhere(OPTIONS[name], kind)


def _geometry(given: Mapping[str, Any]) -> Geometry:
    """The board: as given, else the start position's or the policy's, else 3x3; under the
    rules given."""
    board, rules = given.get("board"), given.get("rules")
    start, policy = given.get("start"), given.get("policy")
    if isinstance(board, str):
        return Geometry.parse(board, rules or "normal")
    if isinstance(board, Geometry):
        geo = board
    elif isinstance(start, Position):
        geo = start.geometry
    elif isinstance(policy, Policy):
        geo = policy.geometry
    else:
        geo = STANDARD
    return geo.with_rules(rules) if rules is not None else geo


def _position(given: Mapping[str, Any], geometry: Geometry) -> Position | None:
    start = given.get("start")
    if start is None:
        return None
    if isinstance(start, Position):
        if start.geometry != geometry:
            said = f"a position on {start.geometry.describe()}, not {geometry.describe()}"
            raise UsageError(said, reason=said)
        return start
    return Position.parse(start, geometry)


def _policy(
    given: Mapping[str, Any], geometry: Geometry, locate: Callable[[str], str] | None
) -> Policy:
    policy = given.get("policy", OPTIONS["policy"].default)
    if isinstance(policy, Policy):
        return policy
    return parse_policy(policy, geometry, locate=locate)

"""The known facts of the game (games, positions, who wins: the counts from the
literature), computed, and map sizes.

Everything here is a pure function of a ``Geometry`` (and the shared solver),
so the same code counts 3x3 and bigger boards. Positions are counted without
visiting them (``ttt_maps.counts.games``), so even the 4x4 board's ten million
take a second; games are move sequences, counted by a search that memoises
per position how many sequences continue from it, which is done only where
the positions are few enough. A count that is skipped says so and why.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from ttt_maps.counts.games import PositionCounts, count_positions
from ttt_maps.errors import UsageError
from ttt_maps.game.geometry import STANDARD, Geometry
from ttt_maps.game.position import Mark, Position
from ttt_maps.io import progress
from ttt_maps.language import number, tr
from ttt_maps.policy.chains import parse_policy
from ttt_maps.solve.folding import folder_for
from ttt_maps.solve.registry import solver_for
from ttt_maps.solve.solver import Outcome
from ttt_maps.trees.size import MAX_BOARDS, MapTooLarge, sizes_only
from ttt_maps.trees.strategy import build_strategy

#: The presets ``stats`` reports map sizes for, in this order (``compact`` is added after them).
PRESET_ORDER = ("yorgey", "xkcd", "default")
#: Games are counted only where there are at most this many positions to walk.
GAMES_LIMIT = 250_000


@dataclass(frozen=True)
class GameCounts:
    """Move sequences from the empty board.

    ``x_wins``/``o_wins``/``draws`` count games that stop at the first line;
    ``full_board`` counts sequences that fill the board, ignoring lines.
    """

    x_wins: int
    o_wins: int
    draws: int
    full_board: int

    @property
    def games(self) -> int:
        """Every game when play stops at a win."""
        return self.x_wins + self.o_wins + self.draws


def count_games(geometry: Geometry = STANDARD) -> GameCounts:
    """Count move sequences by DFS, memoised per position (wins by the rules)."""
    full, shift = geometry.full, geometry.size
    through = _lines_through(geometry)
    memo: dict[int, tuple[int, int, int, int]] = {}

    def visit(x: int, o: int, x_to_move: bool) -> tuple[int, int, int, int]:
        key = x | o << shift
        hit = memo.get(key)
        if hit is not None:
            return hit
        xw = ow = dr = fb = 0
        free = full & ~(x | o)
        if not free:
            fb = dr = 1
        while free:
            bit = free & -free
            free ^= bit
            if x_to_move:
                nx = x | bit
                if any(line & nx == line for line in through[bit]):
                    # X wins here; what follows only fills the board.
                    xw += 1
                    fb += visit(nx, o, False)[3]
                    continue
                cx, co, cd, cf = visit(nx, o, False)
            else:
                no = o | bit
                if any(line & no == line for line in through[bit]):
                    ow += 1
                    fb += visit(x, no, True)[3]
                    continue
                cx, co, cd, cf = visit(x, no, True)
            xw, ow, dr, fb = xw + cx, ow + co, dr + cd, fb + cf
        value = (xw, ow, dr, fb)
        memo[key] = value
        return value

    xw, ow, dr, fb = visit(0, 0, True)
    if geometry.misere:  # the same games end at the same lines; their makers lose
        xw, ow = ow, xw
    return GameCounts(xw, ow, dr, fb)


def _lines_through(geometry: Geometry) -> dict[int, tuple[int, ...]]:
    """Cell bit -> the win lines through that cell."""
    return {
        1 << c: tuple(line for line in geometry.lines if line >> c & 1)
        for c in range(geometry.size)
    }


@dataclass(frozen=True)
class MapSize:
    """How big one player's map is under one policy (``Strategy.facts``).

    ``note`` says why the counts are missing (None when they are there): a map
    too big to draw, or a policy that does not apply to the board.
    """

    policy: str
    chain: str
    player: Mark
    choices: int | None
    positions: int | None
    wins: int | None
    draws: int | None
    losses: int | None
    boards: int | None
    note: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def map_sizes(
    policies: Iterable[str] = PRESET_ORDER,
    geometry: Geometry = STANDARD,
    root: Position | None = None,
    fold: bool = False,
    steps: Steps | None = None,
) -> list[MapSize]:
    """Map sizes for X and O under each policy (one parsed policy serves both players),
    folded with ``fold``; a map past ``size.MAX_BOARDS`` is reported as such, not built.
    ``steps`` hears of each map as it is counted (for a progress bar)."""
    out: list[MapSize] = []
    players: tuple[Mark, Mark] = ("x", "o")
    for name in policies:
        try:
            policy = parse_policy(name, geometry)
        except UsageError:  # a preset of the normal 3x3 game on another board or rules
            note = tr("normal 3x3 only") if geometry.misere else tr("3x3 only")
            for player in players:
                out.append(_missing(name, "", player, note))
            continue
        for player in players:
            if steps is not None:
                said = {"player": player.upper(), "policy": name}
                steps.next(tr("the {player} map under {policy}", **said))
            try:
                with sizes_only():
                    tree = build_strategy(
                        player, policy, root, geometry, max_boards=MAX_BOARDS, fold=fold
                    )
            except MapTooLarge:
                note = tr("over {limit}", limit=number(MAX_BOARDS))
                out.append(_missing(name, policy.name, player, note))
                continue
            except UsageError as exc:  # a look-ahead past its limit, or the search's budget
                unsolved = getattr(exc, "unsolved", False)
                note = tr("not solved") if unsolved else tr("look-ahead too long")
                out.append(_missing(name, policy.name, player, note))
                continue
            f = tree.facts
            out.append(
                MapSize(
                    policy=name,
                    chain=policy.name,
                    player=player,
                    choices=f.choices,
                    positions=f.positions,
                    wins=f.wins,
                    draws=f.draws,
                    losses=f.losses,
                    boards=f.boards,
                )
            )
    return out


def _missing(name: str, chain: str, player: Mark, note: str) -> MapSize:
    return MapSize(name, chain, player, None, None, None, None, None, None, note)


@dataclass(frozen=True)
class Stats:
    """Everything ``ttt-maps stats`` prints; a count that was skipped is None,
    with the reason in ``skipped``."""

    geometry: Geometry
    games: GameCounts | None
    positions: PositionCounts | None
    empty: Outcome
    maps: list[MapSize]
    skipped: dict[str, str]
    folded: bool = False
    fewest: list[Fewest] | None = None

    def as_dict(self) -> dict[str, Any]:
        g, p = self.games, self.positions
        doc: dict[str, Any] = {
            "geometry": self.geometry.name,
            **self.geometry.rules_field,
            "sequences_to_full_board": g.full_board if g else None,
            "games": None
            if g is None
            else {"total": g.games, "x_wins": g.x_wins, "o_wins": g.o_wins, "draws": g.draws},
            "positions": None
            if p is None
            else {
                "reachable": p.reachable,
                "reachable_up_to_symmetry": p.reachable_classes,
                "terminal": p.terminal,
                "terminal_up_to_symmetry": p.terminal_classes,
            },
            "empty_board": {"result": self.empty.label, "distance": self.empty.distance},
            "maps": [m.as_dict() for m in self.maps],
        }
        if self.folded:
            doc["folded"] = True
        if self.fewest is not None:
            doc["fewest"] = [f.as_dict() for f in self.fewest]
        if self.skipped:
            doc["skipped"] = dict(self.skipped)
        return doc


class Steps:
    """How far ``collect`` is, for a progress bar: steps done of ``total``, and the one
    being done now."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = -1
        self.now = ""

    def next(self, now: str) -> None:
        """The next step begins (the one before is done)."""
        self.done += 1
        self.now = now


def collect(
    geometry: Geometry = STANDARD, policies: Iterable[str] = PRESET_ORDER, fold: bool = False
) -> Stats:
    """All the counts that are feasible, the empty board's value and the map sizes
    with ``compact``'s among them (with ``fold``: folded, and the fewest boards a map
    can draw); with a progress bar on a terminal past a second (``io.progress``)."""
    chains = [*policies, "compact"]
    steps = Steps(2 + 2 * len(chains) + (1 if fold else 0))
    with progress.stage(
        tr("Counting the game on {board}", board=geometry.in_words()),
        count=lambda: max(steps.done, 0),
        total=lambda: steps.total,
        step=lambda: steps.now,
    ):
        return _collect(geometry, chains, fold, steps)


def _collect(geometry: Geometry, chains: list[str], fold: bool, steps: Steps) -> Stats:
    steps.next(tr("the empty board's value"))
    empty = solver_for(geometry).outcome(Position.empty(geometry))
    steps.next(tr("positions and games"))
    skipped: dict[str, str] = {}
    positions = count_positions(geometry)
    games = None
    if positions is None:
        skipped["positions"] = tr(
            "{n} cells are too many to count positions", n=number(geometry.size)
        )
        skipped["games"] = tr("too many positions to walk every game")
    elif positions.reachable > GAMES_LIMIT:
        skipped["games"] = tr(
            "{n} positions are too many to walk every game (games are counted up to {limit} "
            "positions)",
            n=number(positions.reachable),
            limit=number(GAMES_LIMIT),
        )
    else:
        games = count_games(geometry)
    if not fold:
        maps = map_sizes(chains, geometry, steps=steps)
        return Stats(geometry, games, positions, empty, maps, skipped)
    maps = map_sizes(chains, geometry, fold=True, steps=steps)
    steps.next(tr("the fewest boards a map can draw"))
    fewest = fewest_boards(geometry)
    return Stats(geometry, games, positions, empty, maps, skipped, True, fewest)


@dataclass(frozen=True)
class Fewest:
    """The fewest boards with a move for ``player`` a map can draw, folded and not
    (what ``compact`` draws), and for X from the empty board, per opening (one cell of
    each set of equivalent ones, folded); None past the look-ahead's limit."""

    player: Mark
    folded: int | None
    unfolded: int | None
    openings: dict[int, int]

    def as_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "folded": self.folded,
            "unfolded": self.unfolded,
            "openings": {str(c): n for c, n in self.openings.items()},
        }


def fewest_boards(geometry: Geometry = STANDARD) -> list[Fewest]:
    """``Fewest`` for X and O from the empty board, by exact minimisation (``compact``)."""
    compact = parse_policy("compact", geometry)
    empty = Position.empty(geometry).key
    solver = compact.solver
    out = []
    for player in ("x", "o"):
        counts: list[int | None] = []
        openings: dict[int, int] = {}
        for policy in (compact.folded(), compact):
            try:
                if player == "x":
                    cells = folder_for(geometry).classes(empty, solver.best_cells(empty))
                    below = {c: 1 + policy.boards_below(solver.play(empty, c)) for c in cells}
                    counts.append(min(below.values()))
                    if policy.fold:
                        openings = below
                else:
                    counts.append(policy.boards_below(empty))
            except UsageError:  # the look-ahead passed its limit
                counts.append(None)
        out.append(Fewest(player, counts[0], counts[1], openings))
    return out

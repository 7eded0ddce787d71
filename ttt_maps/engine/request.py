"""What a drawing asks for: one frozen value, checked once, wherever it comes from.

The command line, the Python API and the docs tools each make a ``Drawing``
from their own spelling of the options and call ``checked`` once; everything
after reads its fields. A new drawing option is a field here, its use where
it is drawn, and its spelling on each surface.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, TypedDict

from ttt_maps.errors import UsageError

if TYPE_CHECKING:
    from ttt_maps.backends import Output
    from ttt_maps.backends.page import PageSize
    from ttt_maps.draw.layout import MapOptions
    from ttt_maps.draw.themes import Theme
    from ttt_maps.game.board import Board
    from ttt_maps.game.geometry import Geometry
    from ttt_maps.strategies.policy import Policy


class DrawOptions(TypedDict, total=False):
    """How a built tree is drawn and written: the keywords of ``render`` and ``save``."""

    depth: int | None
    alternatives: bool
    outcomes: bool
    explain: bool
    theme: str | Theme
    title: str | None
    size: str | PageSize | None
    width: int | None
    dpi: float | None
    margin: float | None
    id_prefix: str | None
    text_as_paths: bool


class Drawing(NamedTuple):
    """Everything one drawing needs: whose map (``player``: x, o, both for the poster,
    ``None`` for the default job) or the ``whole`` game, on what board, from where, under
    which policy, how it looks and on what page. ``fold`` ``None`` folds only the whole
    game; ``caption`` ``None`` heads a single map only on a PDF or PNG page (``size``).
    Make one, then ``checked`` it once; the engine builds from the fields."""

    player: str | None = None
    whole: bool = False
    geometry: Geometry | None = None
    policy: str | Policy = "default"
    start: str | Board | None = None
    depth: int | None = None
    fold: bool | None = None
    alternatives: bool = False
    outcomes: bool = False
    theme: str | Theme = "light"
    title: str | None = None
    size: str | PageSize | None = None
    width: int | None = None
    dpi: float | None = None
    margin: float | None = None
    id_prefix: str | None = None
    text_as_paths: bool = False
    explain: bool = False
    caption: bool | None = None

    @classmethod
    def of(cls, options: DrawOptions) -> Drawing:
        """A drawing with the API's keywords (``render``/``save``)."""
        return cls(**options)

    @property
    def folded(self) -> bool:
        """Whether replies that are turns of each other are drawn once."""
        return self.whole if self.fold is None else self.fold

    @property
    def board(self) -> Geometry:
        from ttt_maps.game.geometry import STANDARD

        return self.geometry or STANDARD

    @property
    def palette(self) -> Theme:
        from ttt_maps.draw.themes import get_theme

        return get_theme(self.theme)

    @property
    def map_options(self) -> MapOptions:
        from ttt_maps.draw.layout import MapOptions

        return MapOptions(
            depth=self.depth,
            alternatives=self.alternatives,
            outcomes=self.outcomes,
            explain=self.explain,
        )

    def page(self, fmts: list[str], flag: str = "--") -> Output:
        """The page and file options, checked against the formats written (an option
        that applies to none of them is a usage error)."""
        from ttt_maps.backends import Output

        out = Output(
            self.size, self.width, self.dpi, self.margin, self.id_prefix, self.text_as_paths
        )
        return out.checked(fmts, flag=flag)

    def checked(self, flag: str = "--") -> Drawing:
        """This drawing with its theme and board resolved, or a usage error that names
        the bad option (``flag`` starts its name: ``--`` on the command line, nothing
        in Python)."""
        player = self.player
        if player is not None:
            if self.whole:
                raise UsageError(
                    f"{flag}player {player}: {flag}whole draws every move of both players"
                )
            player = player.strip().lower()
            if player not in ("x", "o", "both"):
                raise UsageError(
                    f"{flag}player {self.player!r}: choose x, o or both (both = the poster)"
                )
        depth = self.depth
        if depth is not None and (isinstance(depth, bool) or depth < 0):
            raise UsageError(f"depth {depth!r}: expected a whole number, 0 or more")
        if self.whole:
            self._check_whole(flag)
        return self._replace(player=player, theme=self.palette, geometry=self.board)

    def _check_whole(self, flag: str) -> None:
        """Options of a player's map refused for the whole game, which has no player."""
        asked = (
            ("alternatives", self.alternatives),
            ("outcomes", self.outcomes),
            ("explain", self.explain),
        )
        for name, given in asked:
            if given:
                raise UsageError(
                    f"{flag}{name} applies to a player's map: {flag}whole draws every move, "
                    "each tinted by its outcome"
                )
        policy = self.policy
        if isinstance(policy, str) and policy.strip().lower() != "default":
            raise UsageError(
                f"{flag}policy {policy}: a policy picks one move per position; {flag}whole "
                "draws every move"
            )

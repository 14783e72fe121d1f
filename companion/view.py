"""What the screen shows of a table, in words and pieces any game can fill.

The engine renders its state into a `View`; the screens draw views and never read an
engine's state. Everything in a view is public: a game keeps private contents (a hand
scanned in secret) out of it by construction, so no screen has to remember to hide them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.prompt import Prompt


@dataclass(frozen=True)
class Piece:
    """A component as the table shows it. `uid` None is a piece whose identity is hidden
    (a card face down, in a hand): drawn as a back, never scannable from the screen."""

    uid: str | None
    label: str
    kind: str = ""
    state: str = ""  # a display state the game names: broken, repaired, face-down, ...
    attrs: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Zone:
    """A place on the table: the draft area, the deck, a player's collection, a discard pile.

    `count` is how many pieces lie there when that is more than the view lists (a deck's
    hidden cards). `owner` names the player whose zone it is. An `offstage` zone is not on
    the table at all: the components players hold out of sight, listed (without saying
    where each is) only so the virtual table can put one on the simulated reader."""

    key: str
    title: str
    pieces: tuple[Piece, ...] = ()
    count: int | None = None
    owner: str | None = None
    group_by_kind: bool = False
    offstage: bool = False

    @property
    def size(self) -> int:
        return len(self.pieces) if self.count is None else self.count


@dataclass(frozen=True)
class Counter:
    """A figure shown by a player's name: '3 ingots', 'score now 12', '2 cards in hand'."""

    key: str
    text: str
    value: int | None = None
    emphasis: bool = False  # the figure players look for from across the table


@dataclass(frozen=True)
class PlayerView:
    name: str
    counters: tuple[Counter, ...] = ()
    marks: tuple[str, ...] = ()  # short words: "first player", "immune", "lost"
    active: bool = False


@dataclass(frozen=True)
class View:
    """One moment of a game for the shared screen.

    `narration` says what the last input did (a sale's price, who was passed
    automatically); `log` is every narration of the game so far, oldest first, filled in by
    the table from its history. `board` carries what only the game's own board widget
    draws; generic screens never read it."""

    game: str
    status: str
    prompt: Prompt
    players: tuple[PlayerView, ...]
    zones: tuple[Zone, ...] = ()
    narration: str = ""
    log: tuple[str, ...] = ()
    board: Mapping[str, Any] = field(default_factory=dict)

    def zone(self, key: str) -> Zone | None:
        return next((z for z in self.zones if z.key == key), None)

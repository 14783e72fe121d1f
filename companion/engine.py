"""The contract between the table session and a game: prompts out, inputs in, scores at the end.

A game is a pure state plus legal inputs (the boardgame.io shape): `apply` never mutates
the state it is given, so the table can keep every state and undo by dropping the last.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.catalog import game_info
from companion.deck import Component
from companion.inputs import Input


@dataclass(frozen=True)
class Option:
    """A button on the prompt: `tap <word> [arg]`."""

    word: str
    label: str
    arg: str | None = None


@dataclass(frozen=True)
class Prompt:
    """Who must act now, and what they may do. `detail` carries phase data for the screen."""

    phase: str
    player: str | None
    text: str
    options: tuple[Option, ...] = ()
    expects_scan: bool = False
    detail: Mapping[str, Any] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.phase == "over"


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    new_player: bool = False


@dataclass(frozen=True)
class Setup:
    """Everything a game starts from. Stored with the game so a resume needs no files.

    `components` is the deck registry, shared by every state of one game: engines read it
    and never change it; only `Table.enroll` adds to it."""

    players: tuple[PlayerSetup, ...]
    components: Mapping[str, Component]
    first: int = 0
    settings: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerScore:
    name: str
    total: int
    breakdown: Mapping[str, int]
    repaired: int
    items: int
    rank: int


@dataclass(frozen=True)
class ScoreSheet:
    game: str
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    tiebreak: str

    def kinds(self) -> list[str]:
        """Every kind on the sheet, in the game's own order: the rows of a score table."""
        present = {kind for player in self.players for kind in player.breakdown}
        order = game_info(self.game).kinds or sorted(present)
        return [kind for kind in order if kind in present]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": [
                {
                    "name": p.name,
                    "total": p.total,
                    "breakdown": dict(p.breakdown),
                    "repaired": p.repaired,
                    "items": p.items,
                    "rank": p.rank,
                }
                for p in self.players
            ],
            "winners": list(self.winners),
        }


class Engine(Protocol):
    game: str
    settings: Mapping[str, Any]

    def new(self, setup: Setup) -> Any: ...

    def prompt(self, state: Any) -> Prompt: ...

    def apply(self, state: Any, action: Input) -> Any: ...

    def score(self, state: Any) -> ScoreSheet: ...

"""The contract between the table session and a game: prompts out, inputs in, scores at the end.

A game is a pure state plus legal inputs (the boardgame.io shape): `apply` never mutates
the state it is given, so the table can keep every state and undo by dropping the last.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.component import Component
from companion.inputs import Input
from companion.prompt import Option as Option  # the contract names it; it lives apart
from companion.prompt import Prompt
from companion.view import Counter, View


@dataclass(frozen=True)
class PlayerSetup:
    """A seat at the table: the player's name and the per-player choices the game asks
    (its definition's `player_options`, e.g. new to the game)."""

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Setup:
    """Everything a game starts from. Stored with the game so a resume needs no files.

    `components` is the deck registry, shared by every state of one game: engines read it
    and never change it; only `Table.enroll` adds to it. `seats` binds reader names to
    seats (0-based), so a scan on a player's own reader is that player's. `extra` holds a
    game's own setup data (an owner's map), JSON-ready, stored with the game."""

    players: tuple[PlayerSetup, ...]
    components: Mapping[str, Component]
    first: int = 0
    settings: Mapping[str, Any] = field(default_factory=dict)
    seats: Mapping[str, int] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerScore:
    """One player's line: a total (None in a game with a loser and no points), points by
    category, and the counts that break ties, kept apart so a column adds up to its total.
    `notes` say how a category's points were reached ("3 bowls = 9")."""

    name: str
    total: int | None
    breakdown: Mapping[str, int]
    rank: int
    tiebreaks: Mapping[str, int] = field(default_factory=dict)
    notes: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreSheet:
    """The result: `categories` are (key, label) in the game's own order, `reason` says in
    words why the winners won (or the losers lost)."""

    game: str
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    reason: str
    losers: tuple[str, ...] = ()
    categories: tuple[tuple[str, str], ...] = ()
    tiebreak_labels: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The `companion score` shape (DESIGN.md): tie-break counts sit beside the
        breakdown, losers appear only in games that have them."""
        out: dict[str, Any] = {
            "game": self.game,
            "players": [
                {
                    "name": p.name,
                    "total": p.total,
                    "breakdown": dict(p.breakdown),
                    **p.tiebreaks,
                    "rank": p.rank,
                }
                for p in self.players
            ],
            "winners": list(self.winners),
        }
        if self.losers:
            out["losers"] = list(self.losers)
        return out


class Engine(Protocol):
    game: str
    settings: Mapping[str, Any]

    def new(self, setup: Setup) -> Any: ...

    def prompt(self, state: Any) -> Prompt: ...

    def apply(self, state: Any, action: Input) -> Any: ...

    def score(self, state: Any) -> ScoreSheet: ...

    def view(self, state: Any) -> View:
        """The shared screen's picture of `state` (its `log` is left to the table)."""
        ...

    def narration(self, state: Any) -> str:
        """What the input that made `state` did, in a sentence players may all read."""
        ...

    def secret(self, state: Any, player: str) -> tuple[Counter, ...]:
        """What only `player` may see (their own hidden hand), shown to them alone while
        they hold their name on the screen; () in a game with nothing of the kind."""
        ...

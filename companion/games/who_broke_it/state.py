"""The table as the referee sees it: counts, not cards.

Hands stay hidden, so the state never says which card a player holds. It counts each hand,
the set-aside cards and the cards taken out of the deck, and knows only the places every
player saw: the discard pile (each card played or discarded was scanned) and the cards
turned up at the final reveal. A Call Mum's private scans live in `shown` only while the
check runs, and nothing that renders the state reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.component import Component

HAND = 3  # "drawing until they have three cards"
DEALT = 4  # "every player is dealt four cards and places one card face-down"
VASE = "broken-vase"


@dataclass
class WbiState:
    components: Mapping[str, Component]
    names: tuple[str, ...]
    settings: Mapping[str, Any]
    turn: int
    phase: str = "deal"
    direction: int = 1  # +1 clockwise (the order players are named), -1 anticlockwise
    hands: list[int] = field(default_factory=list)
    aside: int = 0
    out: int = 0  # cards taken from the deck: in hands, set aside or discarded
    discard: list[str] = field(default_factory=list)
    immune: list[bool] = field(default_factory=list)
    accused: list[bool] = field(default_factory=list)
    pending: str = ""  # the card whose target the player is asked for
    target: int | None = None  # the player Call Mum named
    shown: list[str] = field(default_factory=list)  # PRIVATE: Call Mum's scans so far
    revealed: dict[int, str] = field(default_factory=dict)  # final reveal: seat -> card
    aside_shown: dict[int, str] = field(default_factory=dict)  # set-aside reveal
    loser: int | None = None
    reason: str = ""
    effect: str = ""  # the card whose effect this input carried out ("" for none)
    event: str = ""

    def clone(self) -> WbiState:
        copy = WbiState(**self.__dict__)
        copy.hands = list(self.hands)
        copy.discard = list(self.discard)
        copy.immune = list(self.immune)
        copy.accused = list(self.accused)
        copy.shown = list(self.shown)
        copy.revealed = dict(self.revealed)
        copy.aside_shown = dict(self.aside_shown)
        copy.effect = ""
        copy.event = ""
        return copy

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def deck(self) -> int:
        """Cards left in the deck. Counted from the shared registry, so a sticker enrolled
        mid-game was in the deck all along, as for every game (docs/architecture.md)."""
        return len(self.components) - self.out

    @property
    def name(self) -> str:
        return self.names[self.turn]

    def after(self, player: int, steps: int = 1) -> int:
        return (player + steps * self.direction) % self.players

    def order(self, start: int) -> list[int]:
        """Every player once, from `start` in the current direction."""
        return [self.after(start, i) for i in range(self.players)]

    def kind(self, uid: str) -> str:
        return self.components[uid].kind

    def label(self, uid: str) -> str:
        return self.components[uid].label

    def seen(self, uid: str) -> str:
        """Where a scanned card is known to be, '' if nowhere yet (a public place only)."""
        if uid in self.discard:
            return "discard"
        if uid in self.revealed.values() or uid in self.aside_shown.values():
            return "revealed"
        return ""

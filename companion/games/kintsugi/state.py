"""The table as the rules see it: where every card is, who holds which ingots, whose turn it is.

States are copied, never shared: `clone()` is cheap (a few small lists for 46 cards), which
keeps `apply` pure and replaying a 2,000-input log fast.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.component import Component
from companion.games.kintsugi.rules import Ruleset


@dataclass
class KintsugiState:
    rules: Ruleset
    settings: Mapping[str, Any]
    components: Mapping[str, Component]
    names: tuple[str, ...]
    ingots: list[int]
    supply: int | None  # None: a bank that never runs out (Mintsugi names no count)
    first: int
    dealt: set[str]
    round: int = 1
    phase: str = "deal"
    draft: list[str] = field(default_factory=list)
    held: str | None = None
    collections: list[list[str]] = field(default_factory=list)
    status: dict[str, str] = field(default_factory=dict)
    gone: list[str] = field(default_factory=list)
    pick: int = 0
    causes: tuple[str, ...] = ()
    broke: list[list[str]] = field(default_factory=list)
    gold_showing: bool = False
    repairs: list[int] = field(default_factory=list)
    passed: list[bool] = field(default_factory=list)
    turn: int = 0
    go_pos: int = 0
    go_repaired: bool = False
    auto_passed: list[str] = field(default_factory=list)
    auto_sold: str | None = None
    event: str = ""

    def clone(self) -> KintsugiState:
        copy = KintsugiState(**self.__dict__)
        copy.ingots = list(self.ingots)
        copy.dealt = set(self.dealt)
        copy.draft = list(self.draft)
        copy.collections = [list(c) for c in self.collections]
        copy.status = dict(self.status)
        copy.gone = list(self.gone)
        copy.broke = [list(b) for b in self.broke]
        copy.repairs = list(self.repairs)
        copy.passed = list(self.passed)
        copy.auto_passed = []
        copy.event = ""
        return copy

    @property
    def deck(self) -> set[str]:
        """Cards not dealt yet. Derived from the shared component registry, so a sticker
        enrolled mid-game joins the deck at every point of the game's history."""
        return set(self.components) - self.dealt

    def in_deck(self, uid: str) -> bool:
        return uid in self.components and uid not in self.dealt

    @property
    def deck_left(self) -> int:
        return len(self.components) - len(self.dealt)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def deal_size(self) -> int:
        return 2 * self.players + 1

    @property
    def snake(self) -> list[int]:
        order = [(self.first + i) % self.players for i in range(self.players)]
        return order + order[::-1]

    @property
    def drafter(self) -> int:
        return self.snake[self.pick]

    def owner(self, uid: str) -> int | None:
        for index, collection in enumerate(self.collections):
            if uid in collection:
                return index
        return None

    def broken(self, player: int) -> list[str]:
        return [uid for uid in self.collections[player] if self.status[uid] == "broken"]

    def repair_cost(self, player: int, uid: str) -> int:
        """Today's price: the card's ingots; in the published game the first repair is free
        with gold showing and each further one this round costs 1 more than the last."""
        base = self.value(uid)
        if not self.rules.escalating_repairs:
            return base
        done = self.repairs[player]
        if self.gold_showing and done == 0:
            return 0
        return base + done

    def places(self) -> dict[str, str]:
        """Every card's one place; the invariant the property tests check."""
        where: dict[str, str] = {}
        for uid in self.deck:
            where[uid] = "deck"
        for uid in self.draft:
            where[uid] = "draft"
        if self.held:
            where[self.held] = "held"
        for index, collection in enumerate(self.collections):
            for uid in collection:
                where[uid] = f"player{index}"
        for uid in self.gone:
            where[uid] = "gone"
        return where

    def where(self, uid: str) -> str:
        if self.in_deck(uid):
            return "still in the deck"
        if uid in self.draft:
            return "in the draft area"
        if uid == self.held:
            return f"waiting for {self.names[self.drafter]} to keep or sell it"
        owner = self.owner(uid)
        if owner is not None:
            return f"in {self.names[owner]}'s collection"
        return "out of the game"

    def pays(self, value: int) -> int:
        """What a sale of `value` ingots takes from the supply: all of it, or what is left."""
        return value if self.supply is None else min(value, self.supply)

    def value(self, uid: str) -> int:
        """A card's ingots: its sale value and its repair cost."""
        return int(self.components[uid].get("ingots", 0))

    def label(self, uid: str) -> str:
        return self.components[uid].label

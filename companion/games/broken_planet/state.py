"""The island table as the rules see it: hands and piles, the map's temples and tokens,
pawns, relics, and where the current turn stands.

States are copied, never shared: `clone()` copies a few small containers (the map itself is
immutable and shared), which keeps `apply` pure and a 2,000-input replay fast.
"""

from __future__ import annotations

from collections.abc import Mapping
from copy import copy
from dataclasses import dataclass, field
from typing import Any

from companion.component import Component
from companion.games.broken_planet.mapfile import PlanetMap
from companion.games.broken_planet.tablet import GEMS, PILE_SIZE, temple_name


@dataclass(frozen=True)
class MapTemple:
    """A temple standing on an island. Standard temples are called S<island they started
    on>; a player's temple is called by its token's uid. `gives` is a gem, "die" or "any"."""

    id: str
    gives: str
    owner: int | None = None
    key: str | None = None
    locked: bool = False  # stands on a sapphire-locked slot


@dataclass
class BPState:
    map: PlanetMap
    settings: Mapping[str, Any]
    components: Mapping[str, Component]
    names: tuple[str, ...]
    temples: dict[int, tuple[MapTemple, ...]]  # island -> the temples standing on it
    hazard: dict[int, int]
    movement: dict[int, int]
    hands: list[dict[str, int]]
    supply: dict[str, int]
    pawns: list[list[int]]  # per player, the island each pawn stands on
    pawn_uids: list[list[str]]
    built: list[list[str]]  # per player, temple keys in the order built (removed ones too)
    phase: str = "pawns"
    start: int = 0
    offer: int = 0
    round: int = 1
    removed: list[MapTemple] = field(default_factory=list)
    relics: dict[str, int] = field(default_factory=dict)  # relic uid -> holder; absent: pile
    picked: list[int] = field(default_factory=list)  # first picks: gems taken per player
    stage: int = 0  # the furthest of the tablet's offer actions used this offer phase
    attacks: dict[int, str] = field(default_factory=dict)  # island -> ruby, altar or crypt
    rubies_out: int = 0  # rubies lying on attacked islands until the turn ends
    used: frozenset[str] = frozenset()  # once-per-offer-phase effects used
    # gem cards the offer player has laid on the reader to pay with (still in their hand
    # until a payment takes them): with stickered gems, scanning them pays
    tendered: dict[str, int] = field(default_factory=dict)
    pending: tuple[Any, ...] = ()  # a two-step offer action under way: ("build", uid), ...
    choices: dict[tuple[int, int], int] = field(default_factory=dict)  # (player, pawn) -> island
    tasks: list[tuple[Any, ...]] = field(default_factory=list)  # collect-phase steps to do
    last_done: int = 0  # players who finished their Last Offer
    bare: int = 0  # random set-up: the island said to start with no temple (0: none said yet)
    event: str = ""

    def clone(self) -> BPState:
        c = copy(self)  # the map, settings and registry are shared; containers are copied
        c.temples, c.hazard, c.movement = dict(self.temples), dict(self.hazard), dict(self.movement)
        c.hands, c.supply = [dict(h) for h in self.hands], dict(self.supply)
        c.pawns, c.pawn_uids = [list(p) for p in self.pawns], [list(p) for p in self.pawn_uids]
        c.built, c.removed = [list(b) for b in self.built], list(self.removed)
        c.relics, c.picked, c.attacks = dict(self.relics), list(self.picked), dict(self.attacks)
        c.choices, c.tasks, c.event = dict(self.choices), list(self.tasks), ""
        c.tendered = dict(self.tendered)
        return c

    def say(self, text: str, sep: str = ". ") -> None:
        """Add a sentence to what this input did (the narration players read)."""
        if not self.event or sep.startswith("."):
            text = text[0].upper() + text[1:]
        self.event = f"{self.event}{sep}{text}" if self.event else text

    # -- who ---------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def pawns_each(self) -> int:
        """The 2-player version gives each player two pawns and two compasses."""
        return 2 if self.players == 2 else 1

    def colour(self, player: int) -> str:
        """A player's temples are the colour of the first pawn they took."""
        uids = self.pawn_uids[player]
        return str(self.components[uids[0]].get("colour")) if uids else ""

    def clockwise(self, after: int) -> list[int]:
        return [(after + i) % self.players for i in range(1, self.players + 1)]

    def has(self, player: int, key: str) -> bool:
        """Built temples keep their effect even when removed from the map (Sun Sanctuary)."""
        return key in self.built[player]

    # -- gems --------------------------------------------------------------------------
    def hand_size(self, player: int) -> int:
        return sum(self.hands[player].values())

    def take(self, player: int, gem: str, n: int = 1) -> int:
        """Up to `n` gems from the pile to a hand; how many there were."""
        got = min(n, self.supply[gem])
        self.supply[gem] -= got
        self.hands[player][gem] = self.hands[player].get(gem, 0) + got
        return got

    def pay(self, player: int, cost: Mapping[str, int]) -> None:
        """Payments go back to the piles at once; gem cards laid on the reader for it are
        the ones spent (`tendering`)."""
        if player == self.offer and self.tendering(cost):
            for gem, n in cost.items():
                self.tendered[gem] -= n
            self.tendered = {g: n for g, n in self.tendered.items() if n}
        for gem, n in cost.items():
            self.hands[player][gem] -= n
            self.supply[gem] += n

    def tendering(self, cost: Mapping[str, int]) -> bool:
        """Whether the offer player pays `cost` with gem cards they scanned: when they laid
        down any gem the cost asks for (otherwise it is paid from the hand, as counted)."""
        return any(self.tendered.get(g, 0) for g in cost)

    def can_pay(self, player: int, cost: Mapping[str, int]) -> bool:
        if player == self.offer and self.tendering(cost):
            return all(self.tendered.get(g, 0) >= n for g, n in cost.items())
        return all(self.hands[player].get(g, 0) >= n for g, n in cost.items())

    def gems_in_play(self) -> dict[str, int]:
        """Piles + hands + rubies on islands: always PILE_SIZE of each (the property tests)."""
        total = {g: self.supply[g] + sum(h.get(g, 0) for h in self.hands) for g in GEMS}
        total["ruby"] += self.rubies_out
        return total

    # -- the map -----------------------------------------------------------------------
    def free_slots(self, island: int) -> tuple[int, int]:
        """Free (unlocked, sapphire-locked) slots on an island."""
        info = self.map.islands[island]
        standing = self.temples.get(island, ())
        locked_used = sum(t.locked for t in standing)
        return (info.slots - info.locked) - (len(standing) - locked_used), info.locked - locked_used

    def slot_for(self, island: int) -> bool | None:
        """The slot a new temple takes: an unlocked one when there is one (True = locked);
        None when the island is full."""
        unlocked, locked = self.free_slots(island)
        return False if unlocked > 0 else True if locked > 0 else None

    def find_temple(self, temple_id: str) -> tuple[int, MapTemple] | None:
        for island, standing in self.temples.items():
            for temple in standing:
                if temple.id == temple_id:
                    return island, temple
        return None

    def place(self, island: int, temple: MapTemple) -> None:
        self.temples[island] = (*self.temples.get(island, ()), temple)

    def lift(self, island: int, temple_id: str) -> None:
        self.temples[island] = tuple(t for t in self.temples[island] if t.id != temple_id)

    def temple_label(self, temple: MapTemple) -> str:
        if temple.key is None:
            return f"the {temple.gives} temple"
        assert temple.owner is not None
        return f"{self.names[temple.owner]}'s {temple_name(temple.key)}"

    def places(self) -> dict[str, str]:
        """Every temple's one place (the property tests): an island, the tablet or removed."""
        where: dict[str, str] = {}
        for island, standing in self.temples.items():
            for temple in standing:
                assert temple.id not in where, f"{temple.id} stands twice"
                where[temple.id] = f"island {island}"
        for temple in self.removed:
            assert temple.id not in where, f"{temple.id} is removed and on the map"
            where[temple.id] = "removed"
        return where

    # -- relics ------------------------------------------------------------------------
    def relics_of(self, player: int) -> list[str]:
        return sorted(uid for uid, holder in self.relics.items() if holder == player)

    def relic_kind(self, uid: str) -> str:
        return str(self.components[uid].get("relic"))

    def pile(self, kind: str | None = None) -> list[str]:
        return sorted(
            uid
            for uid, c in self.components.items()
            if c.kind == "relic" and uid not in self.relics and kind in (None, c.get("relic"))
        )


def standard_temple(planet: PlanetMap, island: int, gives: str) -> MapTemple:
    """The standard temple an island starts with: it stands on a sapphire-locked slot only
    when every slot of the island is locked (P8: an unlocked one when there is one)."""
    info = planet.islands[island]
    return MapTemple(f"S{island}", gives, locked=info.slots == info.locked)


def new_supply() -> dict[str, int]:
    return dict.fromkeys(GEMS, PILE_SIZE)

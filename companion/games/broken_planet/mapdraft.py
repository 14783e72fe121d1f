"""A Broken Planet map being entered by touch (the map maker screen), and its TOML file.

The rulebook prints routes, slots, locks, costs, favor, tiers and rounds only on the board
and tablet, so an owner copies them into a map file (docs/broken-planet-map.md). Typing
some 250 lines of TOML is where misspellings came from; here every value is a tap on a
choice this module offers, so a draft can only hold values the file format allows, and
what is still missing or wrong is said in one line by the same checks as `map check`
(mapfile.check_draft). The screen only draws the draft and sends taps: every word it shows
comes from here. Values not entered yet are None and are left out of the file, so a half
entered copy saves and opens again as it was.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import permutations
from pathlib import Path
from typing import Any

import tomli_w

from companion.games.broken_planet.mapfile import (
    MAP_BYTES,
    MapError,
    check_draft,
    gem_counts,
    known,
    whole,
    word,
)
from companion.games.broken_planet.tablet import (
    ACTIONS,
    GEMS,
    RELICS,
    STANDARD,
    TEMPLES,
    TOKENS,
    temple_name,
)
from companion.textfile import read_text

MOST_ISLANDS = 99  # what the file's island numbers allow
MOST_GEMS = 8  # a cost icon tapped past this many goes back to none (mapfile allows 16)
FAVORS = tuple(range(10))  # the favor a card prints; the file allows up to 20
ROUNDS = tuple(range(1, 10))
# The rulebook's printed set-up (Set-up Common Area): islands 1-8's standard temples and
# island 7's hazardous token; the relic cards' 3-4 player side (Relics).
PRINTED_ISLANDS = {
    1: ("none", "none"),
    2: ("diamond", "none"),
    3: ("emerald", "none"),
    4: ("sapphire", "none"),
    5: ("diamond", "none"),
    6: ("ruby", "none"),
    7: ("sapphire", "hazard"),
    8: ("ruby", "none"),
}
PRINTED_RELICS = {
    "bronze": ("emerald", 2, 2),
    "silver": ("sapphire", 3, 4),
    "golden": ("diamond", 3, 5),
}
HEADER = "# Broken Planet map written by the companion's map maker (docs/broken-planet-map.md)\n"


@dataclass
class IslandDraft:
    slots: int = 3  # "Every island has three temple slots"; some print two
    locked: int = 0
    temple: str = "none"
    token: str = "none"
    at: tuple[float, float] | None = None  # None: not placed on the screen's board yet


@dataclass
class TempleDraft:
    tier: int | None = None
    after: str = ""
    cost: dict[str, int] = field(default_factory=dict)
    favor: int | None = None
    gives: str | None = None


@dataclass
class RelicDraft:
    cost: dict[str, int] = field(default_factory=dict)
    favor: int | None = None
    cost_5: dict[str, int] | None = None  # None: the 5-player side is the same
    favor_5: int | None = None


@dataclass(frozen=True)
class Option:
    value: Any
    words: str
    chosen: bool


@dataclass(frozen=True)
class Field:
    """One thing to enter about an item, with every value it may take as a tap.
    kind "one": a tap chooses that value; "gems": a tap on a gem adds one of it."""

    key: str
    label: str
    kind: str
    options: tuple[Option, ...]


def _blank_temples() -> dict[str, TempleDraft]:
    return {key: TempleDraft() for key in TEMPLES}


def _blank_relics() -> dict[str, RelicDraft]:
    return {kind: RelicDraft() for kind in RELICS}


@dataclass
class MapDraft:
    name: str = ""
    made_up: bool = False
    islands: dict[int, IslandDraft] = field(default_factory=dict)
    routes: set[tuple[int, int]] = field(default_factory=set)
    temples: dict[str, TempleDraft] = field(default_factory=_blank_temples)
    relics: dict[str, RelicDraft] = field(default_factory=_blank_relics)
    rounds: dict[int, int | None] = field(default_factory=lambda: dict.fromkeys(range(2, 6)))
    offer_order: tuple[str, ...] = ACTIONS

    # --- the board ---

    def next_island(self) -> int:
        """The island a tap on the board places: the first not placed yet, else a new one."""
        waiting = [n for n, island in sorted(self.islands.items()) if island.at is None]
        free = [n for n in range(1, MOST_ISLANDS + 1) if n not in self.islands]
        return waiting[0] if waiting else free[0] if free else 0

    def place(self, at: tuple[float, float]) -> int:
        """A tap where the next island lies on the printed board; its number."""
        number = self.next_island()
        if not number:
            raise MapError(f"A map holds at most {MOST_ISLANDS} islands")
        self.islands.setdefault(number, IslandDraft())
        self.move(number, at)
        return number

    def move(self, number: int, at: tuple[float, float]) -> None:
        """Kept inside the board and to three places: a file reads as a sheet of positions."""
        x, y = (round(min(1.0, max(0.0, float(v))), 3) for v in at)
        self.islands[number].at = (x, y)

    def remove(self, number: int) -> None:
        self.islands.pop(number, None)
        self.routes = {r for r in self.routes if number not in r}

    def toggle_route(self, a: int, b: int) -> bool:
        """Join two islands, or part them when joined; True when they are joined now."""
        if a == b or a not in self.islands or b not in self.islands:
            return False
        pair = (min(a, b), max(a, b))
        if pair in self.routes:
            self.routes.discard(pair)
            return False
        self.routes.add(pair)
        return True

    def board_hint(self, routes: bool, hub: int = 0) -> str:
        """What a tap on the board does now, in words."""
        if not routes and not self.next_island():
            return f"The map holds its most islands ({MOST_ISLANDS}): drag one to move it"
        if not routes:
            return (
                f"Tap where island {self.next_island()} lies on your board; tap an island to"
                " enter its slots, padlocks, temple and token; drag one to move it"
            )
        if not hub:
            return "Routes: tap an island, then each island a route joins it to"
        joined = sorted(b if a == hub else a for a, b in self.routes if hub in (a, b))
        return (
            f"Island {hub} joins {', '.join(map(str, joined)) or 'no island yet'}: tap another"
            f" to join or part them, island {hub} again to let go"
        )

    # --- what each item offers to tap ---

    def title(self, item: str) -> str:
        kind, _, key = item.partition(":")
        if kind == "island":
            return f"Island {key}"
        if kind == "temple":
            return temple_name(key)
        if kind == "relic":
            return f"{key.capitalize()} relic"
        return "Rounds"

    def items(self) -> list[str]:
        """The tablet's items in the order the tablet is walked: temples, relics, rounds."""
        return [f"temple:{k}" for k in TEMPLES] + [f"relic:{k}" for k in RELICS] + ["tablet"]

    def fields(self, item: str) -> list[Field]:
        kind, _, key = item.partition(":")
        if kind == "island":
            return self._island_fields(self.islands[int(key)])
        if kind == "temple":
            return self._temple_fields(key, self.temples[key])
        if kind == "relic":
            return self._relic_fields(self.relics[key])
        return self._tablet_fields()

    @staticmethod
    def _one(key: str, label: str, values: Any, chosen: Any, words: Any = str) -> Field:
        return Field(key, label, "one", tuple(Option(v, words(v), v == chosen) for v in values))

    @staticmethod
    def _gems(key: str, label: str, cost: Mapping[str, int] | None, same: bool = False) -> Field:
        options = [
            Option(g, f"{g} {n}" if (n := (cost or {}).get(g)) else g, bool(n)) for g in GEMS
        ]
        options.append(Option("", "none", cost == {}))
        if same:
            options.append(Option(None, "same", cost is None))
        return Field(key, label, "gems", tuple(options))

    def _island_fields(self, island: IslandDraft) -> list[Field]:
        return [
            self._one("slots", "Slots", (2, 3), island.slots),
            self._one("locked", "Padlocks", range(island.slots + 1), island.locked),
            self._one("temple", "Temple", ("none", *STANDARD), island.temple),
            self._one("token", "Token", ("none", "hazard", "movement"), island.token),
        ]

    def _after_choices(self, key: str, tier: int | None) -> list[str]:
        """The temples printed one ring further in: the only ones worth a tap (any other
        while that ring is not entered yet); none for the innermost ring."""
        if tier == 1:
            choices = [""]
        else:
            others = [k for k in TEMPLES if k != key]
            inner = [k for k in others if tier and self.temples[k].tier == tier - 1]
            choices = ["", *(inner or others)]
        current = self.temples[key].after
        return choices if current in choices else [*choices, current]

    def _temple_fields(self, key: str, card: TempleDraft) -> list[Field]:
        return [
            self._one("tier", "Tier", (1, 2, 3), card.tier),
            self._one(
                "after",
                "After",
                self._after_choices(key, card.tier),
                card.after,
                lambda k: temple_name(k) if k else "none (innermost)",
            ),
            self._gems("cost", "Cost", card.cost),
            self._one("favor", "Favor", _with(FAVORS, card.favor), card.favor),
            self._one("gives", "Gives", (*GEMS, "any"), card.gives),
        ]

    def _relic_fields(self, card: RelicDraft) -> list[Field]:
        return [
            self._gems("cost", "Cost 2-4p", card.cost),
            self._one("favor", "Favor 2-4p", _with(FAVORS, card.favor), card.favor),
            self._gems("cost_5", "Cost 5p", card.cost_5, same=True),
            self._one(
                "favor_5",
                "Favor 5p",
                (None, *_with(FAVORS, card.favor_5)),
                card.favor_5,
                lambda v: "same" if v is None else str(v),
            ),
        ]

    def _tablet_fields(self) -> list[Field]:
        rounds = [
            self._one(f"rounds:{n}", f"Rounds {n}p", _with(ROUNDS, self.rounds[n]), self.rounds[n])
            for n in range(2, 6)
        ]
        orders = [", ".join(p) for p in permutations(ACTIONS)]
        return [
            *rounds,
            self._one("offer_order", "Offer order", orders, ", ".join(self.offer_order)),
            self._one(
                "made_up",
                "Values",
                (False, True),
                self.made_up,
                lambda v: "made up" if v else "from our copy",
            ),
        ]

    def choose(self, item: str, key: str, value: Any) -> None:
        """A tap on one of `fields(item)`'s options; a value not offered there is refused."""
        offered = next((f for f in self.fields(item) if f.key == key), None)
        if offered is None or value not in [o.value for o in offered.options]:
            raise MapError(f"{self.title(item)}: {key} cannot be {value!r}")
        kind, _, name = item.partition(":")
        if offered.kind == "gems":
            target = self.temples[name] if kind == "temple" else self.relics[name]
            setattr(target, key, _add_gem(getattr(target, key), value))
        elif kind == "island":
            island = self.islands[int(name)]
            setattr(island, key, value)
            island.locked = min(island.locked, island.slots)
        elif kind == "temple":
            card = self.temples[name]
            setattr(card, key, value)
            if key == "tier" and value == 1:
                card.after = ""
        elif kind == "relic":
            setattr(self.relics[name], key, value)
        elif key.startswith("rounds:"):
            self.rounds[int(key.partition(":")[2])] = value
        elif key == "offer_order":
            self.offer_order = tuple(value.split(", "))
        else:
            self.made_up = value

    # --- what is still to do, in words ---

    def todo(self) -> list[str]:
        """What is not entered yet, each in one line, in the order the copy is walked."""
        lines = [] if self.name.strip() else ["Type the map's name"]
        if not self.islands or any(i.at is None for i in self.islands.values()):
            lines.append(f"Tap where island {self.next_island()} lies on your board")
        if not self.routes:
            lines.append("Routes: tap an island, then each island a route joins it to")
        for key, card in self.temples.items():
            missing = [
                w
                for w, v in (("tier", card.tier), ("favor", card.favor), ("gem", card.gives))
                if v is None
            ]
            if missing or not card.cost:
                lines.append(
                    f"{temple_name(key)}: enter its {_listed([*missing, 'cost'] if not card.cost else missing)}"
                )
        for kind, relic in self.relics.items():
            if relic.favor is None or not relic.cost:
                lines.append(f"{kind.capitalize()} relic: enter its cost and favor")
        if any(v is None for v in self.rounds.values()):
            lines.append("Rounds: enter the rounds for each number of players")
        return lines

    def check(self) -> str:
        """One line for the screen: the first thing to enter, else `map check`'s verdict."""
        todo = self.todo()
        if todo:
            return f"{todo[0]} ({len(todo)} to do)" if len(todo) > 1 else todo[0]
        try:
            check_draft(self.to_data())
        except MapError as err:
            return f"Map check: {err}"
        return "Map check accepts this map: save it to play on it"

    def summary(self) -> str:
        entered = sum(
            1 for c in self.temples.values() if c.tier and c.favor is not None and c.gives
        )
        return (
            f"{len(self.islands)} islands, {len(self.routes)} routes, "
            f"{entered} of {len(TEMPLES)} temples entered"
        )

    # --- the file ---

    def to_data(self) -> dict[str, Any]:
        """The map file's data (what tomllib reads back), values not entered left out."""
        data: dict[str, Any] = {
            "name": self.name.strip(),
            "made_up": self.made_up,
            "routes": [list(r) for r in sorted(self.routes)],
            "tablet": {
                "offer_order": list(self.offer_order),
                "rounds": {str(n): v for n, v in self.rounds.items() if v is not None},
            },
            "island": [_island_data(n, i) for n, i in sorted(self.islands.items())],
            "temple": [_temple_data(k, c) for k, c in self.temples.items()],
            "relic": [_relic_data(k, r) for k, r in self.relics.items()],
        }
        return data

    def to_toml(self) -> str:
        return HEADER + tomli_w.dumps(self.to_data())

    def file_name(self) -> str:
        """The name it saves under: the map's name in lower case, words joined by hyphens."""
        slug = re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")[:40].strip("-")
        return f"{slug or 'map'}.toml"

    def save(self, folder: Path) -> Path:
        """Write the file (the folder made when missing); MapError when there is no name."""
        if not self.name.strip():
            raise MapError("Type the map's name first: the file is named after it")
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / self.file_name()
        path.write_text(self.to_toml(), encoding="utf-8")
        return path


def _with(values: tuple[int, ...], current: int | None) -> tuple[int, ...]:
    """The usual values, and the current one when a file gave another."""
    return values if current is None or current in values else (*values, current)


def _add_gem(cost: dict[str, int] | None, gem: str | None) -> dict[str, int] | None:
    """A tap on a gem icon: one more of it (past MOST_GEMS none); "" none at all; None same."""
    if gem is None:
        return None
    if gem == "":
        return {}
    cost = dict(cost or {})
    cost[gem] = cost.get(gem, 0) + 1
    if cost[gem] > MOST_GEMS:
        del cost[gem]
    return {g: cost[g] for g in GEMS if g in cost}


def _listed(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]


def _island_data(number: int, island: IslandDraft) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": number,
        "slots": island.slots,
        "locked": island.locked,
        "temple": island.temple,
        "token": island.token,
    }
    if island.at is not None:
        data["at"] = list(island.at)
    return data


def _temple_data(key: str, card: TempleDraft) -> dict[str, Any]:
    data: dict[str, Any] = {"key": key, "after": card.after, "cost": dict(card.cost)}
    for name in ("tier", "favor", "gives"):
        if getattr(card, name) is not None:
            data[name] = getattr(card, name)
    return data


def _relic_data(kind: str, relic: RelicDraft) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": kind, "cost": dict(relic.cost)}
    if relic.favor is not None:
        data["favor"] = relic.favor
    if relic.cost_5 is not None:
        data["cost_5"] = dict(relic.cost_5)
    if relic.favor_5 is not None:
        data["favor_5"] = relic.favor_5
    return data


# --- where a draft starts ---


def scratch() -> MapDraft:
    """An empty copy: every value is entered from the board and tablet."""
    return MapDraft()


def printed() -> MapDraft:
    """What the rulebook prints: islands 1-8's temples and tokens (placed by tapping where
    they lie) and the relics' 3-4 player side; the rest comes from the board and tablet."""
    draft = MapDraft()
    for number, (temple, token) in PRINTED_ISLANDS.items():
        draft.islands[number] = IslandDraft(temple=temple, token=token)
    for kind, (gem, count, favor) in PRINTED_RELICS.items():
        draft.relics[kind] = RelicDraft(cost={gem: count}, favor=favor)
    return draft


def from_data(data: Mapping[str, Any]) -> MapDraft:
    """A draft of a map file's data (its own or one written by hand). A value the file
    format does not allow is refused in one line, as `map check` words it (the screen could
    not show it chosen); a value that is missing is simply not entered yet."""
    _keys(data, "", "the map")
    name = data.get("name", "")
    draft = MapDraft(
        name=name if isinstance(name, str) else "", made_up=data.get("made_up") is True
    )
    for i, entry in enumerate(_entries(data, "island")):
        number = whole(entry.get("number"), 1, 99, "number", f"island {i + 1}")
        where = f"island {number}"
        if number in draft.islands:
            raise MapError(f"{where} is listed twice")
        slots = whole(entry.get("slots", 3), 2, 3, "slots", where)
        draft.islands[number] = IslandDraft(
            slots,
            whole(entry.get("locked", 0), 0, slots, "locked", where),
            word(entry.get("temple", "none"), ("none", *STANDARD), "temple", where),
            word(entry.get("token", "none"), ("none", *TOKENS), "token", where),
        )
        at = entry.get("at")
        if at is not None:
            if not (isinstance(at, list) and len(at) == 2 and all(map(_fraction, at))):
                raise MapError(f"{where}: at must be [across, down], each 0-1")
            draft.move(number, (at[0], at[1]))
    routes = data.get("routes", [])
    for pair in routes if isinstance(routes, list) else [routes]:
        if not (isinstance(pair, list) and len(pair) == 2 and draft.toggle_route(*pair)):
            raise MapError(f"routes: {pair!r} must join two islands of this map, once")
    for entry in _entries(data, "temple"):
        key = word(entry.get("key"), tuple(TEMPLES), "key", "a temple")
        where = temple_name(key)
        after = entry.get("after", "")
        draft.temples[key] = TempleDraft(
            _maybe(whole, entry.get("tier"), 1, 3, "tier", where),
            word(after, ("", *(k for k in TEMPLES if k != key)), "after", where),
            _cost(entry.get("cost", {}), "cost", where),
            _maybe(whole, entry.get("favor"), 0, 20, "favor", where),
            _maybe(word, entry.get("gives"), (*GEMS, "any"), "gives", where),
        )
    for entry in _entries(data, "relic"):
        kind = word(entry.get("kind"), RELICS, "kind", "a relic")
        where = f"the {kind} relic"
        cost_5 = entry.get("cost_5")
        draft.relics[kind] = RelicDraft(
            _cost(entry.get("cost", {}), "cost", where),
            _maybe(whole, entry.get("favor"), 0, 20, "favor", where),
            None if cost_5 is None else _cost(cost_5, "cost_5", where),
            _maybe(whole, entry.get("favor_5"), 0, 20, "favor_5", where),
        )
    tablet = data.get("tablet", {})
    if not isinstance(tablet, dict):
        raise MapError("tablet: must be a [tablet] table")
    _keys(tablet, "tablet", "the tablet")
    rounds = tablet.get("rounds", {})
    if not isinstance(rounds, dict):
        raise MapError("rounds: must be a table such as { 2 = 6, 3 = 5, 4 = 5, 5 = 4 }")
    for n in range(2, 6):
        draft.rounds[n] = _maybe(
            whole, rounds.get(str(n)), 1, 30, f"rounds for {n} players", "rounds"
        )
    order = tablet.get("offer_order", list(ACTIONS))
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(ACTIONS):
        raise MapError("offer_order: must list build, craft and attack once each")
    draft.offer_order = tuple(order)
    return draft


def from_toml(text: str, source: str = "map") -> MapDraft:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise MapError(f"{source}: not valid TOML: {err}") from None
    try:
        return from_data(data)
    except MapError as err:
        raise MapError(f"{source}: {err}") from None


def open_draft(path: Path) -> MapDraft:
    """A map file to go on entering; MapError in one line naming the file."""
    try:
        text = read_text(path, "map file", MAP_BYTES)
    except OSError as err:
        raise MapError(f"cannot read map file {path.name}: {err.strerror}") from None
    except ValueError as err:
        raise MapError(str(err)) from None
    return from_toml(text, path.name)


def _keys(entry: Mapping[str, Any], table: str, where: str) -> None:
    for key in entry:
        known(key, table, where)


def _entries(data: Mapping[str, Any], table: str) -> list[Mapping[str, Any]]:
    entries = data.get(table, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise MapError(f"write each {table} as a [[{table}]] table")
    for i, entry in enumerate(entries):
        _keys(entry, table, f"{table} {i + 1}")
    return entries


def _fraction(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1


def _maybe(check: Any, value: Any, *args: Any) -> Any:
    """A value not entered yet stays None; one entered is checked as `map check` does."""
    return None if value is None else check(value, *args)


def _cost(value: Any, what: str, where: str) -> dict[str, int]:
    cost = gem_counts(value, what, where)
    if any(n > MOST_GEMS for n in cost.values()):
        raise MapError(f"{where}: the map maker shows up to {MOST_GEMS} of a gem in a {what}")
    return cost

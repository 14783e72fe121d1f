"""The owner's map and tablet file (TOML, docs/broken-planet-map.md).

The rulebook prints the routes, the temples' costs, favor and tiers, and the rounds per player
count only on the board and tablet artwork, so each copy's values are data. Errors name the
file and line, as deck files do: the person fixing one is holding the map, not a debugger.
The loaded map is JSON-ready (stored with the game in Setup.extra) and read back with the
same checks, so a stored game and a fresh file can never disagree on what a map is.

A misspelled key is refused with the nearest known one (`lockd` would otherwise silently
mean no lock), a map whose islands are not all joined by routes is refused naming the ones
cut off, and a file over MAP_BYTES is refused before it is read (a copy's map is ~5 KB).
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.games.broken_planet.tablet import ACTIONS, GEMS, RELICS, STANDARD, TEMPLES, TOKENS
from companion.textfile import clip, read_text

MAP_BYTES = 256 * 1024  # fifty times the demo map; a 4 MB file took a second to refuse

KEYS = {  # what each table of the file may hold
    "": ("name", "made_up", "island", "routes", "temple", "relic", "tablet"),
    "island": ("number", "slots", "locked", "temple", "token", "at"),
    "temple": ("key", "tier", "after", "cost", "favor", "gives"),
    "relic": ("kind", "cost", "favor", "cost_5", "favor_5"),
    "tablet": ("rounds", "offer_order"),
}


class MapError(ValueError):
    """A map file that cannot be used; one line naming the file and line."""


def known(key: str, table: str, where: str) -> None:
    """Refuse a key this table does not have, suggesting the nearest one it does."""
    if key not in KEYS[table]:
        near = difflib.get_close_matches(key, KEYS[table], n=1)
        hint = f" (did you mean {near[0]}?)" if near else ""
        inside = f" in [{table}]" if table else ""
        raise MapError(
            f"{where}: unknown key {clip(key)!r}{inside}{hint}; known: {', '.join(KEYS[table])}"
        )


@dataclass(frozen=True)
class Island:
    number: int
    slots: int
    locked: int  # how many of its slots carry a sapphire lock
    temple: str  # the starting standard temple: a gem, "die" or "none"
    token: str  # the starting island token: "hazard", "movement" or "none"
    at: tuple[float, float] | None  # where a board draws it, 0-1 across and down


@dataclass(frozen=True)
class TempleCard:
    key: str
    tier: int
    after: str  # the temple that must be built first; "" for the innermost of a tree
    cost: Mapping[str, int]
    favor: int
    gives: str  # the gem it grants everyone collecting on its island; "any": their choice


@dataclass(frozen=True)
class RelicCard:
    kind: str
    cost: Mapping[str, int]
    favor: int
    cost_5: Mapping[str, int]  # the card's 5-player side
    favor_5: int


@dataclass(frozen=True)
class PlanetMap:
    name: str
    made_up: bool
    islands: Mapping[int, Island]
    routes: tuple[tuple[int, int], ...]
    temples: Mapping[str, TempleCard]
    relics: Mapping[str, RelicCard]
    rounds: Mapping[int, int]  # offer phases each player plays before the Last Offer
    offer_order: tuple[str, ...]
    hops: Mapping[int, Mapping[int, int]]  # fewest routes between islands (absent: no way)

    def relic(self, kind: str, players: int) -> tuple[Mapping[str, int], int]:
        """Cost and favor of a relic on the side for this many players."""
        card = self.relics[kind]
        return (card.cost_5, card.favor_5) if players == 5 else (card.cost, card.favor)


def _hops(islands: Mapping[int, Island], routes: tuple) -> dict[int, dict[int, int]]:
    """Fewest routes from every island to every island it connects to, worked out once:
    every move asks, and a replay makes thousands of moves."""
    near: dict[int, list[int]] = {n: [] for n in islands}
    for a, b in routes:
        near[a].append(b)
        near[b].append(a)
    hops = {}
    for start in islands:
        found, frontier = {start: 0}, [start]
        while frontier:
            reached = []
            for island in frontier:
                for other in near[island]:
                    if other not in found:
                        found[other] = found[island] + 1
                        reached.append(other)
            frontier = reached
        hops[start] = found
    return hops


class _Where:
    """Line numbers for a TOML text: tomllib gives none, so headers and keys are found by
    scanning, the way deck files find their [[component]] lines."""

    def __init__(self, text: str, source: str) -> None:
        self.lines = text.splitlines()
        self.source = source

    def _find(self, pattern: str, start: int = 0, stop: int | None = None) -> int:
        rx = re.compile(pattern)
        for n in range(start, len(self.lines) if stop is None else stop):
            if rx.match(self.lines[n]):
                return n + 1
        return 0

    def entry(self, table: str, index: int, key: str | None = None) -> str:
        """'file:line' of the index-th [[table]] (of its `key =` line when there is one)."""
        header = re.compile(rf"^\s*\[\[\s*{table}\s*\]\]")
        starts = [n for n, line in enumerate(self.lines) if header.match(line)]
        if index >= len(starts):
            return f"{self.source}:{self.key(table) or 1}"
        line = starts[index] + 1
        if key:
            following = [n for n, t in enumerate(self.lines) if n > starts[index] and t[:1] == "["]
            found = self._find(rf"^\s*{key}\s*=", starts[index] + 1, min(following, default=None))
            line = found or line
        return f"{self.source}:{line}"

    def key(self, key: str) -> int:
        return self._find(rf"^\s*{key}\s*=") or self._find(rf"^\s*\[\s*{key}\s*\]")

    def top(self, key: str) -> str:
        return f"{self.source}:{self.key(key) or 1}"


class _Named(_Where):
    """A map being entered on the screen (mapdraft.py): no file and no lines, so each entry
    is named the way the person tapping it knows it, "island 7" or "Gold Golem"."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__("", "map")
        self.data = data

    def entry(self, table: str, index: int, key: str | None = None) -> str:
        entries = self.data.get(table)
        entry = entries[index] if isinstance(entries, list) and index < len(entries) else {}
        if table == "island":
            return f"island {entry.get('number', index + 1)}"
        if table == "temple" and entry.get("key") in TEMPLES:
            return TEMPLES[entry["key"]][0]
        if table == "relic":
            return f"the {entry.get('kind', '')} relic".replace("  ", " ")
        return f"{table} {index + 1}"

    def top(self, key: str) -> str:
        return {"island": "islands", "temple": "the tablet", "relic": "the relics"}.get(
            key, key.replace("\\", "")
        )


def check_draft(data: Mapping[str, Any]) -> None:
    """`map check` on a map being entered on the screen: MapError naming the entry in words."""
    read_map(data, _Named(data))


class _Stored(_Where):
    """A map read back from a stored game: no lines, only the section."""

    def __init__(self) -> None:
        super().__init__("", "map")

    def entry(self, table: str, index: int, key: str | None = None) -> str:
        return f"map: {table} {index + 1}"

    def top(self, key: str) -> str:
        return f"map: {key}"


def whole(value: Any, low: int, high: int, what: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MapError(f"{where}: {what} must be a whole number {low}-{high}, got {value!r}")
    return value


def word(value: Any, choices: tuple[str, ...], what: str, where: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise MapError(f"{where}: {what} must be one of {', '.join(choices)}, got {value!r}")
    return value


def gem_counts(value: Any, what: str, where: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise MapError(f"{where}: {what} must be a table such as {{ ruby = 2, sapphire = 1 }}")
    for gem, n in value.items():
        word(gem, GEMS, f"{what}'s gem", where)
        whole(n, 0, 16, f"{what}.{gem}", where)
    return {g: value[g] for g in GEMS if value.get(g)}


def _after(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise MapError(f'{where}: after must be another temple\'s key or ""')
    return value


def _unknown(entry: Mapping[str, Any], table: str, index: int, where: _Where) -> None:
    for key in entry:
        known(key, table, where.entry(table, index, re.escape(key)))


def _table(data: Mapping[str, Any], name: str, where: _Where) -> list[Any]:
    entries = data.get(name, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise MapError(f"{where.top(name)}: write each {name} as a [[{name}]] table")
    return entries


def _islands(data: Mapping[str, Any], where: _Where) -> dict[int, Island]:
    islands: dict[int, Island] = {}
    for i, entry in enumerate(_table(data, "island", where)):
        at = where.entry("island", i)
        _unknown(entry, "island", i, where)
        number = whole(entry.get("number"), 1, 99, "number", where.entry("island", i, "number"))
        if number in islands:
            raise MapError(f"{at}: island {number} is listed twice")
        slots = whole(entry.get("slots"), 2, 3, "slots", where.entry("island", i, "slots"))
        locked = whole(
            entry.get("locked", 0), 0, slots, "locked", where.entry("island", i, "locked")
        )
        temple = word(
            entry.get("temple", "none"),
            (*STANDARD, "none"),
            "temple",
            where.entry("island", i, "temple"),
        )
        token = word(
            entry.get("token", "none"),
            (*TOKENS, "none"),
            "token",
            where.entry("island", i, "token"),
        )
        pos = entry.get("at")
        if pos is not None and not (
            isinstance(pos, list)
            and len(pos) == 2
            and all(
                isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 1 for v in pos
            )
        ):
            raise MapError(f"{where.entry('island', i, 'at')}: at must be [across, down], each 0-1")
        islands[number] = Island(
            number, slots, locked, temple, token, (float(pos[0]), float(pos[1])) if pos else None
        )
    if 1 not in islands:
        raise MapError(f"{where.top('island')}: the map needs island 1 (where the pawns start)")
    return islands


def _routes(data: Mapping[str, Any], islands: Mapping[int, Island], where: _Where) -> tuple:
    at = where.top("routes")
    raw = data.get("routes")
    if not isinstance(raw, list) or not raw:
        raise MapError(
            f"{at}: routes must be a list of island pairs, e.g. routes = [[1, 2], [2, 3]]"
        )
    routes: list[tuple[int, int]] = []
    for pair in raw:
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and all(type(p) is int and p in islands for p in pair)
        ):
            raise MapError(f"{at}: route {pair!r} must join two islands of this map")
        a, b = sorted(pair)
        if a == b or (a, b) in routes:
            raise MapError(f"{at}: route {pair!r} joins an island to itself or is listed twice")
        routes.append((a, b))
    return tuple(routes)


def _temples(data: Mapping[str, Any], where: _Where) -> dict[str, TempleCard]:
    temples: dict[str, TempleCard] = {}
    entries = _table(data, "temple", where)
    for i, entry in enumerate(entries):
        _unknown(entry, "temple", i, where)
        key = word(entry.get("key"), tuple(TEMPLES), "key", where.entry("temple", i, "key"))
        if key in temples:
            raise MapError(f"{where.entry('temple', i)}: temple {key} is listed twice")
        temples[key] = TempleCard(
            key,
            whole(entry.get("tier"), 1, 3, "tier", where.entry("temple", i, "tier")),
            _after(entry.get("after", ""), where.entry("temple", i, "after")),
            gem_counts(entry.get("cost"), "cost", where.entry("temple", i, "cost")),
            whole(entry.get("favor"), 0, 20, "favor", where.entry("temple", i, "favor")),
            word(entry.get("gives"), (*GEMS, "any"), "gives", where.entry("temple", i, "gives")),
        )
    missing = [k for k in TEMPLES if k not in temples]
    if missing:
        raise MapError(f"{where.top('temple')}: the tablet lacks {', '.join(missing)}")
    for i, entry in enumerate(entries):
        card = temples[entry["key"]]
        if card.after not in ("", *temples) or card.after == card.key:
            raise MapError(
                f'{where.entry("temple", i, "after")}: after must be another temple\'s key or ""'
            )
    for card in temples.values():
        seen, step = {card.key}, card.after
        while step:
            if step in seen:
                raise MapError(
                    f"{where.top('temple')}: the temples after {card.key} go round in a circle"
                )
            seen.add(step)
            step = temples[step].after
    return temples


def _relics(data: Mapping[str, Any], where: _Where) -> dict[str, RelicCard]:
    relics: dict[str, RelicCard] = {}
    for i, entry in enumerate(_table(data, "relic", where)):
        _unknown(entry, "relic", i, where)
        kind = word(entry.get("kind"), RELICS, "kind", where.entry("relic", i, "kind"))
        if kind in relics:
            raise MapError(f"{where.entry('relic', i)}: relic {kind} is listed twice")
        cost = gem_counts(entry.get("cost"), "cost", where.entry("relic", i, "cost"))
        favor = whole(entry.get("favor"), 0, 20, "favor", where.entry("relic", i, "favor"))
        relics[kind] = RelicCard(
            kind,
            cost,
            favor,
            gem_counts(entry.get("cost_5", cost), "cost_5", where.entry("relic", i, "cost_5")),
            whole(
                entry.get("favor_5", favor), 0, 20, "favor_5", where.entry("relic", i, "favor_5")
            ),
        )
    missing = [k for k in RELICS if k not in relics]
    if missing:
        raise MapError(f"{where.top('relic')}: the relics lack {', '.join(missing)}")
    return relics


def _tablet(data: Mapping[str, Any], where: _Where) -> tuple[dict[int, int], tuple[str, ...]]:
    tablet = data.get("tablet")
    if not isinstance(tablet, dict):
        raise MapError(f"{where.top('tablet')}: the map needs a [tablet] table with rounds")
    for key in tablet:
        known(key, "tablet", where.top(re.escape(key)))
    rounds_raw = tablet.get("rounds")
    at = where.top("rounds")
    if not isinstance(rounds_raw, dict):
        raise MapError(f"{at}: rounds must be a table such as {{ 2 = 6, 3 = 5, 4 = 5, 5 = 4 }}")
    rounds = {}
    for players in range(2, 6):
        value = rounds_raw.get(str(players))
        rounds[players] = whole(value, 1, 30, f"rounds for {players} players", at)
    raw = tablet.get("offer_order", list(ACTIONS))
    order = tuple(raw) if isinstance(raw, list) else ()
    if not all(isinstance(a, str) for a in order) or sorted(order) != sorted(ACTIONS):
        raise MapError(
            f"{where.top('offer_order')}: offer_order must list build, craft and attack once each"
        )
    return rounds, order


def read_map(data: Mapping[str, Any], where: _Where | None = None) -> PlanetMap:
    """A checked map from TOML or stored data; MapError naming where it is wrong."""
    where = where or _Stored()
    for key in data:
        known(key, "", where.top(re.escape(key)))
    name = data.get("name", "")
    if not isinstance(name, str) or not name.strip():
        raise MapError(f'{where.top("name")}: the map needs name = "..." at the top')
    islands = _islands(data, where)
    rounds, order = _tablet(data, where)
    routes = _routes(data, islands, where)
    hops = _hops(islands, routes)
    cut_off = [str(n) for n in sorted(islands) if n not in hops[1]]
    if cut_off:
        raise MapError(
            f"{where.top('routes')}: no route leads from island 1 to island "
            f"{', '.join(cut_off)}: every island must be reachable"
        )
    return PlanetMap(
        name=name.strip(),
        made_up=bool(data.get("made_up", False)),
        islands=islands,
        routes=routes,
        temples=_temples(data, where),
        relics=_relics(data, where),
        rounds=rounds,
        offer_order=order,
        hops=hops,
    )


def parse_map(text: str, source: str = "map") -> dict[str, Any]:
    """The map file's data, checked and JSON-ready (it is stored with the game)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise MapError(f"{source}: not valid TOML: {err}") from None
    if "component" in data or "game" in data:
        raise MapError(f"{source}:1: this is a deck file, not a map (use it with --deck)")
    read_map(data, _Where(text, source))
    return data


def load_map(path: str | Path) -> dict[str, Any]:
    """`GameDefinition.setup_files["map"]`: a map file's checked, JSON-ready data."""
    try:
        text = read_text(path, "map file", MAP_BYTES)
    except OSError as err:
        raise MapError(f"cannot read map file {path}: {err.strerror}") from None
    except ValueError as err:  # too large, a device or a FIFO, not UTF-8
        raise MapError(str(err)) from None
    return parse_map(text, str(path))

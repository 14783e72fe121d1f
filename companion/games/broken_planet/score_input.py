"""`companion score` for Broken Planet: the temples each player built and the relics they
hold; the favor values inline ("favor") or read from the owner's map file ("map").

A table the game cannot hold is refused rather than scored: 2-5 players, names the table can
tell apart, temples built in their tree's order (checked against the map's "after"; inline
favor carries no order), at most RELIC_CARDS of each relic kind."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from companion.engine import ScoreSheet
from companion.games.broken_planet.mapfile import MapError, PlanetMap, load_map, read_map
from companion.games.broken_planet.scoring import Favor, Holding, score_holdings
from companion.games.broken_planet.tablet import RELICS, TEMPLES, temple_name
from companion.names import player_names
from companion.score_input import ScoreInputError, count, field, players

RELIC_CARDS = 12  # of each kind in the box
MIN_PLAYERS, MAX_PLAYERS = 2, 5


def _map(data: Mapping[str, Any]) -> PlanetMap | None:
    if "map" not in data:
        return None
    if "favor" in data:
        raise ScoreInputError("input: give the favor either as map or as favor, not both")
    path = field(data, "map", str, "input")
    try:
        return read_map(load_map(path))
    except MapError as err:
        raise ScoreInputError(f"map: {err}") from None


def _favor(data: Mapping[str, Any], planet: PlanetMap | None, n: int) -> Favor:
    if planet is not None:
        return Favor.of(planet, n)
    favor = field(data, "favor", dict, "input")
    temples = field(favor, "temples", dict, "favor")
    relics = field(favor, "relics", dict, "favor")
    for key in temples:
        if key not in TEMPLES:
            raise ScoreInputError(f"favor.temples: unknown temple {json.dumps(key)}")
    for kind in relics:
        if kind not in RELICS:
            raise ScoreInputError(f"favor.relics: unknown relic {json.dumps(kind)}")
    return Favor(
        {k: count(temples, k, "favor.temples") for k in temples},
        {k: count(relics, k, "favor.relics") for k in relics},
    )


def _names(item: Any, key: str, known: Mapping[str, int], where: str) -> tuple[str, ...]:
    found = field(item, key, list, where) if key in item else []
    for i, name in enumerate(found):
        if not isinstance(name, str) or name not in known:
            what = "temple" if key == "temples" else "relic"
            raise ScoreInputError(
                f"{where}.{key}[{i}]: no {what} {json.dumps(name)} on this tablet"
            )
    if key == "temples" and len(set(found)) < len(found):
        raise ScoreInputError(f"{where}.temples: a player builds each temple once")
    return tuple(found)


def _in_order(built: tuple[str, ...], planet: PlanetMap | None, where: str) -> None:
    """Each temple's inner one built first, as the offer phase asks (the Observatory waives it)."""
    if planet is None or "opal-observatory" in built:
        return
    for key in built:
        before = planet.temples[key].after
        if before and before not in built:
            raise ScoreInputError(
                f"{where}.temples: {temple_name(key)} needs {temple_name(before)} built first"
            )


def _relic_counts(holdings: list[Holding]) -> None:
    for kind in RELICS:
        held = sum(h.relics.count(kind) for h in holdings)
        if held > RELIC_CARDS:
            raise ScoreInputError(f"players: {held} {kind} relics held, the game has {RELIC_CARDS}")


def score_table(data: Mapping[str, Any], settings: Mapping[str, Any]) -> ScoreSheet:
    table = players(data)
    if not MIN_PLAYERS <= len(table) <= MAX_PLAYERS:
        raise ScoreInputError(
            f"players: Broken Planet is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(table)}"
        )
    planet = _map(data)
    favor = _favor(data, planet, len(table))
    holdings = []
    for p, player in enumerate(table):
        where = f"players[{p}]"
        name = field(player, "name", str, where)
        built = _names(player, "temples", favor.temples, where)
        _in_order(built, planet, where)
        holdings.append(Holding(name, built, _names(player, "relics", favor.relics, where)))
    try:
        player_names([h.name for h in holdings])
    except ValueError as err:
        raise ScoreInputError(f"players: {err}") from None
    _relic_counts(holdings)
    return score_holdings(holdings, favor, settings)

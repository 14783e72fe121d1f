"""`companion score` for Broken Planet: the temples each player built and the relics they
hold; the favor values inline ("favor") or read from the owner's map file ("map")."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from companion.engine import ScoreSheet
from companion.games.broken_planet.mapfile import MapError, load_map, read_map
from companion.games.broken_planet.scoring import Favor, Holding, score_holdings
from companion.games.broken_planet.tablet import RELICS, TEMPLES
from companion.score_input import ScoreInputError, count, field, players


def _favor(data: Mapping[str, Any], n: int) -> Favor:
    if "map" in data:
        path = field(data, "map", str, "input")
        try:
            return Favor.of(read_map(load_map(path)), n)
        except MapError as err:
            raise ScoreInputError(f"map: {err}") from None
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


def score_table(data: Mapping[str, Any], settings: Mapping[str, Any]) -> ScoreSheet:
    table = players(data)
    favor = _favor(data, len(table))
    holdings = []
    for p, player in enumerate(table):
        where = f"players[{p}]"
        name = field(player, "name", str, where)
        holdings.append(
            Holding(
                name,
                _names(player, "temples", favor.temples, where),
                _names(player, "relics", favor.relics, where),
            )
        )
    return score_holdings(holdings, favor, settings)

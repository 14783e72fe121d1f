"""`companion score`: a score sheet from a JSON description of the table (DESIGN.md contract)."""

from __future__ import annotations

import json
from typing import Any

from companion.catalog import game_info
from companion.engine import ScoreSheet
from companion.games import ruleset
from companion.games.kintsugi.scoring import STATES, Holding, Item, score_holdings


class ScoreInputError(ValueError):
    """Bad score JSON; the message names the offending field."""


def _field(obj: Any, key: str, kind: type, where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise ScoreInputError(f"{where}.{key}: missing")
    value = obj[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ScoreInputError(f"{where}.{key}: expected {kind.__name__}, got {json.dumps(value)}")
    return value


def score_json(text: str) -> ScoreSheet:
    try:
        data = json.loads(text.removeprefix("\ufeff"))  # a BOM some editors write
    except json.JSONDecodeError as err:
        raise ScoreInputError(
            f"not valid JSON: {err.msg} at line {err.lineno} column {err.colno}"
        ) from None
    except RecursionError:
        raise ScoreInputError("not a score file: nested too deeply") from None
    game = _field(data, "game", str, "input")
    try:
        info = game_info(game)
        rules = ruleset(game)
    except ValueError as err:
        raise ScoreInputError(f"game: {err}") from None
    settings = rules.resolve(
        data.get("settings") if isinstance(data.get("settings"), dict) else None
    )
    players = _field(data, "players", list, "input")
    if not players:
        raise ScoreInputError("players: at least one player is needed")
    holdings = []
    for p, player in enumerate(players):
        where = f"players[{p}]"
        name = _field(player, "name", str, where)
        ingots = player.get("ingots", 0) if isinstance(player, dict) else 0
        if isinstance(ingots, bool) or not isinstance(ingots, int) or ingots < 0:
            raise ScoreInputError(
                f"{where}.ingots: expected a whole number >= 0, got {json.dumps(ingots)}"
            )
        items = []
        for i, item in enumerate(_field(player, "collection", list, where)):
            at = f"{where}.collection[{i}]"
            kind = _field(item, "kind", str, at)
            if info.kinds is not None and kind not in info.kinds or kind == "gold":
                raise ScoreInputError(f"{at}.kind: unknown kind {kind!r} for {info.title}")
            state = item.get("state", "unbroken")
            if state not in STATES:
                raise ScoreInputError(
                    f"{at}.state: {json.dumps(state)} is not unbroken, broken or repaired"
                )
            pattern = item.get("pattern")
            if pattern is not None and not isinstance(pattern, str):
                raise ScoreInputError(f"{at}.pattern: expected a string, got {json.dumps(pattern)}")
            items.append(Item(kind, state, pattern.lower() if pattern else None))
        holdings.append(Holding(name, ingots, tuple(items)))
    return score_holdings(rules, settings, holdings)

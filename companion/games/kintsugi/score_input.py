"""`companion score` for Broken and Beautiful and Mintsugi: each player's ingots and
collection, in the JSON shape of DESIGN.md."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from companion.engine import ScoreSheet
from companion.games.kintsugi.rules import UNBREAKABLE, Ruleset
from companion.games.kintsugi.scoring import STATES, Holding, Item, score_holdings
from companion.score_input import ScoreInputError, count, field, players


def score_table(rules: Ruleset, data: Mapping[str, Any], settings: Mapping[str, Any]) -> ScoreSheet:
    holdings = []
    for p, player in enumerate(players(data)):
        where = f"players[{p}]"
        name = field(player, "name", str, where)
        ingots = count(player, "ingots", where)
        items = []
        for i, item in enumerate(field(player, "collection", list, where)):
            at = f"{where}.collection[{i}]"
            kind = field(item, "kind", str, at)
            if kind not in rules.kinds or kind == "gold":
                raise ScoreInputError(f"{at}.kind: unknown kind {kind!r} for {rules.title}")
            state = item.get("state", "unbroken")
            if state not in STATES:
                raise ScoreInputError(
                    f"{at}.state: {json.dumps(state)} is not unbroken, broken or repaired"
                )
            if state != "unbroken" and kind in UNBREAKABLE:
                raise ScoreInputError(
                    f"{at}.state: a {kind.replace('-', ' ')} can't be broken, so it is never {state}"
                )
            pattern = item.get("pattern")
            if pattern is not None and not isinstance(pattern, str):
                raise ScoreInputError(f"{at}.pattern: expected a string, got {json.dumps(pattern)}")
            items.append(Item(kind, state, pattern.lower() if pattern else None))
        holdings.append(Holding(name, ingots, tuple(items)))
    return score_holdings(rules, settings, holdings)

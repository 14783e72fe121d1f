"""`companion score` for Who Broke It?: each player's last card (and, when nobody holds the
Broken Vase, their set-aside card) names the loser. Shape in docs/user-guide.md."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from companion.engine import ScoreSheet
from companion.games.who_broke_it.game import CARDS
from companion.games.who_broke_it.result import result_sheet
from companion.games.who_broke_it.state import VASE
from companion.score_input import ScoreInputError, field, players

KINDS = tuple(name for name, _label in CARDS)


def _card(player: Mapping[str, Any], key: str, where: str) -> str | None:
    """An optional card kind; null or absent is no card."""
    value = player.get(key)
    if value is None:
        return None
    if value not in KINDS:
        raise ScoreInputError(f"{where}.{key}: unknown card {json.dumps(value)} for Who Broke It?")
    return value


def score_table(data: Mapping[str, Any], settings: Mapping[str, Any]) -> ScoreSheet:
    names: list[str] = []
    holders: dict[str, list[int]] = {"last_card": [], "set_aside": []}
    for p, player in enumerate(players(data)):
        where = f"players[{p}]"
        name = field(player, "name", str, where)
        if name in names:
            raise ScoreInputError(f"{where}.name: {json.dumps(name)} is named twice")
        names.append(name)
        for key, held in holders.items():
            if _card(player, key, where) == VASE:
                if held:
                    raise ScoreInputError(f"{where}.{key}: a second broken-vase (there is one)")
                held.append(p)
    last, aside = holders["last_card"], holders["set_aside"]
    if last and aside:
        raise ScoreInputError(
            f"players[{aside[0]}].set_aside: the broken-vase is already players[{last[0]}]'s "
            "last_card"
        )
    if last:
        return result_sheet(names, last[0], f"{names[last[0]]} holds the Broken Vase")
    every_aside_named = all(player.get("set_aside") is not None for player in players(data))
    if not aside and (every_aside_named or settings["vase_set_aside"] != "nobody"):
        raise ScoreInputError("players: no last_card or set_aside is the broken-vase")
    if settings["vase_set_aside"] == "nobody":
        return result_sheet(names, None, "nobody holds the Broken Vase: it was set aside")
    return result_sheet(names, aside[0], f"{names[aside[0]]} set the Broken Vase aside")

"""`companion score`: a score sheet from a JSON description of the table (DESIGN.md contract).

The shared checks live here and in companion/score_input.py; what a table holds is each
game's own (its definition's `score_json`)."""

from __future__ import annotations

import json

from companion.engine import ScoreSheet
from companion.games import definition
from companion.score_input import ScoreInputError, field


def score_json(text: str) -> ScoreSheet:
    try:
        data = json.loads(text.removeprefix("\ufeff"))  # a BOM some editors write
    except json.JSONDecodeError as err:
        raise ScoreInputError(
            f"not valid JSON: {err.msg} at line {err.lineno} column {err.colno}"
        ) from None
    except RecursionError:
        raise ScoreInputError("not a score file: nested too deeply") from None
    game = field(data, "game", str, "input")
    try:
        info = definition(game)
    except ValueError as err:
        raise ScoreInputError(f"game: {err}") from None
    if info.score_json is None:
        raise ScoreInputError(f"game: {info.title} has no scorer yet")
    table = data.get("players")
    if isinstance(table, list) and len(table) > info.max_players:
        # Before any scoring: a ranking over 20,000 players took minutes. Fewer than a game
        # needs is fine here: scoring one player's holdings is a question people ask.
        raise ScoreInputError(
            f"players: {info.title} is for at most {info.max_players} players, not {len(table)}"
        )
    settings = info.resolve(data["settings"] if isinstance(data.get("settings"), dict) else None)
    return info.score_json(data, settings)

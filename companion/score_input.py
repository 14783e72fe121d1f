"""Reading a table described in JSON (`companion score`): the checks every game's scorer
shares, so each names an offending field the same way ("players[0].name: missing")."""

from __future__ import annotations

import json
from typing import Any


class ScoreInputError(ValueError):
    """Bad score JSON; the message names the offending field."""


def field(obj: Any, key: str, kind: type, where: str) -> Any:
    """`obj[key]`, which must exist and be a `kind`; ScoreInputError naming `where.key`."""
    if not isinstance(obj, dict) or key not in obj:
        raise ScoreInputError(f"{where}.{key}: missing")
    value = obj[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ScoreInputError(f"{where}.{key}: expected {kind.__name__}, got {json.dumps(value)}")
    return value


def count(obj: Any, key: str, where: str, default: int = 0) -> int:
    """An optional whole number >= 0."""
    value = obj.get(key, default) if isinstance(obj, dict) else default
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ScoreInputError(
            f"{where}.{key}: expected a whole number >= 0, got {json.dumps(value)}"
        )
    return value


def players(data: Any) -> list[Any]:
    found = field(data, "players", list, "input")
    if not found:
        raise ScoreInputError("players: at least one player is needed")
    return found

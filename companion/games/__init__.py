"""The rules engines, by game name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.catalog import game_info
from companion.engine import Engine


def make_engine(game: str, settings: Mapping[str, Any] | None = None) -> Engine:
    """The engine for `game` with the players' settings; ValueError names what is wrong."""
    from companion.games.kintsugi import KintsugiEngine
    from companion.games.kintsugi.rules import RULESETS

    info = game_info(game)
    if game not in RULESETS:
        raise ValueError(f"{info.title} has no rules engine yet")
    return KintsugiEngine(RULESETS[game], settings)

"""The rules engines, by game name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.catalog import game_info
from companion.engine import Engine
from companion.games.kintsugi.rules import RULESETS, Ruleset


def ruleset(game: str) -> Ruleset:
    """The rules data of a game with an engine (its settings, title); ValueError otherwise."""
    info = game_info(game)
    if game not in RULESETS:
        raise ValueError(f"{info.title} has no rules engine yet")
    return RULESETS[game]


def rulesets() -> list[Ruleset]:
    return list(RULESETS.values())


def make_engine(game: str, settings: Mapping[str, Any] | None = None) -> Engine:
    """The engine for `game` with the players' settings; ValueError names what is wrong."""
    from companion.games.kintsugi import KintsugiEngine

    return KintsugiEngine(ruleset(game), settings)

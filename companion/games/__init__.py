"""The games, by name: every package here that exports `DEFINITIONS` is a game.

Adding a game is adding a package; nothing else in the core lists games (docs/architecture.md,
"adding a game").
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.definition import GameDefinition
from companion.engine import Engine


@cache
def _registry() -> dict[str, GameDefinition]:
    found: dict[str, GameDefinition] = {}
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        package = importlib.import_module(f"{__name__}.{module.name}")
        for definition in getattr(package, "DEFINITIONS", ()):
            found[definition.name] = definition
    return found


def definitions() -> list[GameDefinition]:
    """Every game, games with a rules engine first, each group by title."""
    return sorted(_registry().values(), key=lambda d: (d.engine is None, d.title))


def definition(game: str) -> GameDefinition:
    """The game called `game`; ValueError naming the known ones otherwise."""
    try:
        return _registry()[game]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_registry()))
        raise ValueError(f"unknown game {game!r} (known: {known})") from None


def playable() -> list[GameDefinition]:
    """The games the table can referee (those with an engine)."""
    return [d for d in definitions() if d.engine is not None]


def make_engine(game: str, settings: Mapping[str, Any] | None = None) -> Engine:
    """The engine for `game` with the players' settings; ValueError names what is wrong."""
    return definition(game).make_engine(settings)

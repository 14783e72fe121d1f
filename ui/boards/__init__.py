"""Boards: what only one game draws on the table screen, found by the name its definition gives.

Every module here that exports `BOARDS` ({definition's board name: widget class}) is read,
so a game's board is one new module and no screen changes; a game without one (or a board
name nobody registered) gets the generic board, which draws any view.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from companion.games import definition
from ui.boards.base import Board
from ui.boards.generic import GenericBoard


@cache
def boards() -> dict[str, type[Board]]:
    """Every registered board by name, read once from this package's modules."""
    found: dict[str, type[Board]] = {}
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        found.update(getattr(importlib.import_module(f"{__name__}.{module.name}"), "BOARDS", {}))
    return found


def board_for(game: str) -> type[Board]:
    """The board `game`'s definition names, else the generic one."""
    try:
        name = definition(game).board
    except ValueError:
        name = ""
    return boards().get(name, GenericBoard)

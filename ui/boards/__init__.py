"""Boards: what only one game draws on the table screen, found by the name its definition gives.

A board named "broken-planet" is the `BOARDS` entry of that name ({definition's board name:
widget class}) in the module `broken_planet` here, imported the first time a game asks for
it: a table of one game holds no other game's board, kv rules or modules (~0.4 MB). A game
without one (or a board name no module answers to) gets the generic board, which draws
any view.
"""

from __future__ import annotations

import importlib

from companion.games import definition
from ui.boards.base import Board
from ui.boards.generic import GenericBoard


def board_for(game: str) -> type[Board]:
    """The board `game`'s definition names, else the generic one."""
    try:
        name = definition(game).board
    except ValueError:
        return GenericBoard
    module = f"{__name__}.{name.replace('-', '_')}"
    try:
        found = importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name != module:
            raise  # the board's own import failed: a bug to see, not a board to hide
        return GenericBoard
    return getattr(found, "BOARDS", {}).get(name, GenericBoard)

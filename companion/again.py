"""Play again: the next game of the evening with the same players, deck, map and rulings.

Who starts is the game's own rule (its definition's `next_start`); everything else is
carried over as the finished game stored it (players and their seats' readers, the
resolved rulings, a map), and the new game starts through `Table.start` as Setup's does, so
it is refused the same way Setup's would be.
"""

from __future__ import annotations

from companion.deck import Deck, DeckError, parse_deck
from companion.definition import NextStart
from companion.games import definition
from companion.store import Store
from companion.table import Table


def next_start(table: Table) -> NextStart:
    """Who starts the game after this finished one, and why, by the game's rule."""
    return definition(table.game).again(table.setup, table.scores())


def deck_for(store: Store, table: Table) -> Deck:
    """The game's deck as stored now (a sticker enrolled since is in it), or, when it was
    deleted or no longer reads, the components the finished game was played with."""
    for game, name, text in store.decks():
        if (game, name) == (table.game, table.deck_name):
            try:
                return parse_deck(text, name)
            except DeckError:
                break
    return Deck(table.game, table.deck_name, dict(table.setup.components))


def start_again(store: Store, table: Table, first: int | None = None) -> tuple[Table, str]:
    """The next game, and the line that says who starts and why. `first` is the seat the
    choosers chose, where the game lets players choose; else the game's rule decides.
    ValueError (one line) when the game is not over or the setup is refused."""
    if not table.finished:
        raise ValueError("Finish this game first: play again starts the next one")
    start = next_start(table)
    chosen = start.first if first is None else first
    if not 0 <= chosen < len(start.players):
        raise ValueError(f"No seat {chosen + 1} at this table")
    setup = table.setup
    new = Table.start(
        store,
        deck_for(store, table),
        start.players,
        first=chosen,
        settings=setup.settings,
        seats=setup.seats,
        extra=setup.extra,
    )
    return new, start.said(chosen)

"""Every count on screen agrees with its number: no "1 ingots", "1 cards" anywhere a game
passes through (table, log, scores, history, setup, home)."""

from __future__ import annotations

import re

from companion.deck import Deck
from companion.table import Table
from tests.ui.apphelp import frames, small_deck, texts
from tests.ui.autoplay import play_to_the_end
from ui.screens.setup import deck_title

WRONG = re.compile(r"(?<![\d.])1 (ingot|card|item|point|player|repair|game|cup|bowl|plate)s\b")


def test_one_card_is_one_card():
    deck = Deck("broken-and-beautiful", "Tiny")
    deck.add(small_deck().components[next(iter(small_deck().components))])
    assert deck_title(deck).endswith("· 1 card")


def test_no_count_disagrees_with_its_number_through_a_whole_game(app):
    app.open_table(Table.start(app.store, small_deck(), ["Ana", "Ben"]))
    table_screen = app.root.get_screen("table")
    table_screen.toggle_log()
    seen: set[str] = set()

    def look() -> None:
        frames()
        seen.update(texts(table_screen) + texts(table_screen.log))

    play_to_the_end(app, look)
    for screen in ("scores", "history", "home", "setup"):
        app.goto(screen)
        frames(2)
        seen.update(texts(app.root.get_screen(screen)))
    wrong = sorted(t for t in seen if WRONG.search(t))
    assert wrong == [], wrong

"""Reopening a finished game from its score sheet ("Undo last input") asks twice, the way
Abandon and Delete deck do: one stray tap must not take a finished game back to the table."""

from __future__ import annotations

from companion.table import Table
from tests.ui.apphelp import frames, press, small_deck
from tests.ui.autoplay import play_to_the_end


def finish(app) -> None:
    """A whole game through the session, the first legal input each time."""
    app.open_table(Table.start(app.store, small_deck(), ["Ana", "Ben"]))
    play_to_the_end(app)
    app.goto("scores")
    frames(2)


def test_one_tap_on_undo_last_input_only_arms_it(app):
    finish(app)
    reopen = app.root.get_screen("scores").ids.reopen
    assert reopen.text == "Undo last input"
    press(reopen)
    assert app.table.finished and app.root.current == "scores"
    assert reopen.text == "Tap again to reopen the game"
    press(reopen)
    frames(2)
    assert not app.table.finished and app.root.current == "table"

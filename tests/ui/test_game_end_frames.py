"""The game's last input is answered on the table at once (its prompt names the winners),
and the score sheet follows a frame later: drawn in the same frame, the sheet's first
drawing kept a Pi's players looking at the old prompt for half a second
(docs/architecture.md, "Every input of a game, timed")."""

from __future__ import annotations

from companion.deck import load_deck
from companion.games.kintsugi.moves import legal_inputs
from companion.inputs import Scan
from companion.table import Table
from tests.ui.apphelp import frames
from ui.app import EXAMPLES


def play(app, move) -> None:
    if isinstance(move, Scan):
        assert app.session.scan(move.uid)
    else:
        assert app.session.tap(move.option, move.arg)


def test_the_last_input_shows_who_won_on_the_table_then_the_score_sheet(app):
    deck = load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")
    app.open_table(Table.start(app.store, deck, ["Ana", "Ben"]))
    app.goto("table")
    frames(2)
    app.session.rescan.window = 0  # inputs come faster than hands here
    while True:
        move = legal_inputs(app.table.state)[0]
        before = app.table.state
        play(app, move)
        if app.table.finished:
            break
        assert app.table.state is not before
        frames(1)
    prompt = app.root.get_screen("table").ids.prompt
    frames(1)  # the frame that answers the last input
    assert app.root.current == "table"
    assert prompt.text.startswith("Game over: ") and prompt.texture is not None
    frames(1)
    assert app.root.current == "scores"

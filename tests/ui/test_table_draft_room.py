"""The draft row keeps its room while empty: the round's first card fills it without moving
or resizing a strip (a row that appeared shrank every strip below it, the costliest layout
of a round), and the empty row says what it is rather than leave a blank. A prompt that
changes height still moves the strips (a game's first input adds the narration's line), so
the strips are compared from an undo, as at any later round's first deal."""

from __future__ import annotations

from companion.deck import load_deck
from companion.table import Table
from tests.ui.apphelp import frames
from ui.app import EXAMPLES


def test_the_first_card_of_a_round_moves_no_strip(app):
    deck = load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")
    app.open_table(Table.start(app.store, deck, ["Ana", "Ben", "Cleo"]))
    app.goto("table")
    frames(2)
    screen = app.root.get_screen("table")
    board = screen.ids.board.children[0]
    assert not app.table.view().zone("draft").pieces
    assert board.title == "Draft area (empty)" and board.height > 0
    room = board.height
    first = app.table.view().zone("deck").pieces[0].uid
    assert app.session.scan(first)
    frames(2)
    assert board.height == room
    app.session.undo()  # the draft empty again, with a narration as at any later deal
    frames(2)
    assert board.title == "Draft area (empty)"
    before = [tuple(s.pos) + tuple(s.size) for s in screen.strips]
    assert app.session.scan(first)
    frames(2)
    assert len(board.ids.draft.children) == 1 and board.title == "Draft area"
    assert board.height == room
    assert [tuple(s.pos) + tuple(s.size) for s in screen.strips] == before

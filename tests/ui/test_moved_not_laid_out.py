"""A card or a strip that only moves is not laid out again (docs/architecture.md, "Every
input of a game, timed"): a pick puts the picked card beside the draft row and the
Keep/Sell buttons under a shorter prompt, so the cards after it shift and the strips below
stretch; each was laid out again (its icon and name, its flows and icon runs), two or
three passes a frame, about half of a pick's layouts. Cards and strips draw in their own
coordinates now, so the pick moves them without laying out anything inside them."""

from __future__ import annotations

from companion.deck import load_deck
from companion.games.kintsugi.moves import legal_inputs
from companion.inputs import Scan
from companion.table import Table
from tests.ui.apphelp import count_layouts, frames, walk
from ui.app import EXAMPLES
from ui.widgets.card import CardView


def test_a_pick_moves_cards_and_strips_without_laying_out_what_is_inside_them(app, monkeypatch):
    deck = load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")
    app.open_table(Table.start(app.store, deck, ["Ana", "Ben", "Cleo"]))
    app.goto("table")
    frames(2)
    while app.table.state.phase != "draft":
        move = legal_inputs(app.table.state)[0]
        assert isinstance(move, Scan) and app.session.scan(move.uid)
        frames(2)
    screen = app.root.get_screen("table")
    board = screen.ids.board.children[0]
    cards = list(board.ids.draft.children)
    strips = list(screen.strips)
    mine = {id(w) for v in cards + strips for w in walk(v)}  # each, and all inside it
    before = {id(v): tuple(v.pos) + tuple(v.size) for v in cards + strips}
    laid_out = count_layouts(monkeypatch, mine)
    picked = board.ids.draft.children[-1].tag  # the row's first card: every other one shifts
    assert app.session.scan(picked)
    frames(3)
    assert board.ids.held.children[0].tag == picked
    moved = [v for v in cards + strips if tuple(v.pos) + tuple(v.size) != before[id(v)]]
    assert sum(isinstance(v, CardView) for v in moved) >= 2  # cards shifted in their row
    assert any(v in strips for v in moved)  # and the strips moved or stretched
    assert laid_out == []

"""The whole table on one 800x480 screen: every player's strip whole at 2, 3 and 4 players,
the nine cards of a four-player draft all visible; what the last input did shown under the
prompt, and every sentence of the game in the log one tap away."""

from __future__ import annotations

import pytest
from kivy.metrics import sp

from companion.deck import load_deck
from companion.table import Table
from tests.ui.apphelp import Window, frames, press, walk
from ui.app import EXAMPLES
from ui.widgets.card import CardView

NAMES = ["Anastasia", "Benedict", "Cleopatra", "Dimitrios"]


def fully_on_screen(widget, inside=None, below=None):
    """The widget lies within the window (and within `inside`, under `below`), whole."""
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    assert 0 <= left and right <= Window.width and 0 <= bottom and top <= Window.height, widget
    if inside is not None:
        x, y = inside.to_window(inside.x, inside.y)
        r, t = inside.to_window(inside.right, inside.top)
        assert x <= left and right <= r and y <= bottom and top <= t, (widget, inside)
    if below is not None:
        assert top <= below.to_window(below.x, below.y)[1] + 1, (widget, "overlaps", below)


def dealt_table(app, players):
    """A Broken and Beautiful table with the first round dealt from the 46-card demo deck."""
    deck = load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")
    app.open_table(Table.start(app.store, deck, NAMES[:players]))
    while app.table.prompt.expects_scan and not app.table.prompt.player:  # the deal
        assert app.session.scan(app.table.view().zone("deck").pieces[0].uid)
    frames(3)
    return app.root.get_screen("table")


def check_strips(screen, players):
    strips = list(reversed(screen.ids.strips.children))
    assert [s.player for s in strips] == NAMES[:players]
    for strip in strips:
        fully_on_screen(strip, below=screen.ids.board)
        for label in (strip.ids.name, strip.ids.key_figure):
            fully_on_screen(label, inside=strip)
            assert label.font_size >= sp(20), "read from a metre away"
    assert sum(s.active for s in strips) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_and_the_whole_draft_fit(app, players):
    screen = dealt_table(app, players)
    cards = [w for w in walk(screen.board) if isinstance(w, CardView)]
    assert len(cards) == 2 * players + 1
    for card in cards:
        fully_on_screen(card, inside=screen)
    check_strips(screen, players)
    # a card taken to keep or sell: it and the rest of the draft, and the buttons, still fit
    assert app.session.scan(app.table.view().zone("draft").pieces[-1].uid)
    frames(3)
    assert len([w for w in walk(screen.board) if isinstance(w, CardView)]) == 2 * players + 1
    for card in [w for w in walk(screen.board) if isinstance(w, CardView)]:
        fully_on_screen(card, inside=screen)
    check_strips(screen, players)


def test_the_last_input_is_told_and_the_log_is_one_tap_away(app):
    screen = dealt_table(app, 2)
    table = app.table
    assert screen.ids.narration.text == table.narration == table.view().log[-1]
    assert screen.ids.narration.height > 0 and screen.ids.narration.font_size >= sp(20)
    assert app.session.undo()
    frames(2)
    assert screen.ids.narration.text.startswith("Undone: "), "what Undo took back"
    assert screen.ids.log.height >= 48
    press(screen.ids.log)
    frames(2)
    lines = [w.text for w in reversed(screen.log.ids.lines.children)]
    assert lines == list(reversed(table.view().log)), "every sentence, the newest first"
    assert app.session.scan(table.view().zone("deck").pieces[0].uid)
    frames(2)
    assert screen.log.ids.lines.children[-1].text == table.narration
    press(screen.ids.log)
    assert screen.log.parent is None and screen.log.ids.lines.children == []

"""The virtual table's drawer: each place's title reads on one line across the drawer, and
every card of the deck can be reached (wrapped rows, not one row running off the screen)."""

from __future__ import annotations

from tests.ui.apphelp import frames, press, walk
from tests.ui.test_app_flow import start_game
from ui.widgets.card import CardView


def test_titles_span_the_drawer_and_every_card_is_on_screen(app):
    screen = start_game(app, names=("Anastasia", "Benedict"))
    press(screen.ids.virtual)
    frames(3)
    drawer = screen.drawer
    sections = list(reversed(drawer.ids.sections.children))
    titles = [s.ids.title for s in sections]
    assert [t.text for t in titles][-1] == "Benedict's collection (0)"
    for title in titles:
        lines = title._label._cached_lines
        assert len(lines) == 1, f"{title.text!r} wraps into {len(lines)} lines"
        assert title.width >= drawer.width * 0.9
    cards = [w for w in walk(drawer) if isinstance(w, CardView)]
    assert len(cards) == len(app.table.components)
    for card in cards:
        left, right = card.to_window(card.x, card.y)[0], card.to_window(card.right, card.y)[0]
        assert drawer.x <= left and right <= drawer.right, f"{card.text} is off the drawer"

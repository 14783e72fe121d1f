"""The virtual table's drawer: each place's title reads on one line across the drawer, and
every card of the deck can be reached (wrapped rows, not one row running off the screen)."""

from __future__ import annotations

import time

from tests.ui.apphelp import frames, press, until, walk
from tests.ui.test_app_flow import start_game, tap_virtual, virtual_card
from ui.screens.table import VIRTUAL_LIFT_S
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


def window_pos(widget):
    return tuple(round(v) for v in widget.to_window(widget.x, widget.y))


def test_the_prompt_and_options_stay_in_sight_and_tapped_cards_stay_put(app):
    screen = start_game(app)
    press(screen.ids.virtual)
    frames(3)
    drawer, prompt = screen.drawer, screen.ids.prompt_box
    assert window_pos(prompt)[0] + prompt.width <= window_pos(drawer)[0], "covers the prompt"
    cards = {c.tag: c for c in walk(drawer) if isinstance(c, CardView)}
    first, second = sorted(app.table.state.deck)[:2]
    places = {uid: window_pos(cards[uid]) for uid in (first, second)}
    tap_virtual(app, screen, first)
    frames(3)
    assert first in app.table.state.draft and "1 of 5 dealt" in screen.ids.prompt.text
    options = screen.ids.options
    assert window_pos(options)[0] + options.width <= window_pos(drawer)[0]
    assert window_pos(cards[first]) == places[first], "the tapped card moved"
    assert window_pos(cards[second]) == places[second], "the card beside it slid under the finger"
    tap_virtual(app, screen, second)  # the same spot again is the same card
    assert second in app.table.state.draft
    drawer.ids.scroll.scroll_y = 0.5  # the player scrolls: now the drawer shows where they went
    frames(3)
    draft = next(s for s in drawer.sections if s.title.startswith("Draft area"))
    assert {c.tag for c in draft.ids.cards.children} == {first, second}


def test_a_tapped_card_stays_on_a_slow_reader_until_it_is_read(app):
    """On a busy Pi the reader's poll can come later than the tap's lift: the card must
    lie there until the reader reports it, or the tap is lost without a word."""
    screen = start_game(app)
    uid = next(iter(app.table.components))
    card = virtual_card(screen, uid)
    before = app.session.revision
    chip = app.sim.sim
    with chip.lock:  # the reader thread's SPI transfers wait: a reader that polls late
        press(card)
        deadline = time.monotonic() + VIRTUAL_LIFT_S * 4
        while time.monotonic() < deadline:
            frames()
        assert [t.uid_hex for t in chip.tags] == [uid], "lifted before the reader saw it"
        assert app.session.revision == before
    until(lambda: app.session.revision > before or bool(app.session.banner))
    until(lambda: chip.tags == [])  # and lifted once it was read

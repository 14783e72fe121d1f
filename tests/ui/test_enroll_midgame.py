"""A sticker the running game does not know, enrolled from the table's banner, joins the game."""

from __future__ import annotations

from companion.table import Table
from tests.ui.apphelp import press, until
from tests.ui.test_app_flow import lay, start_game
from ui.screens.enrolling import ChoiceButton

NEW = "04999999999999"


def tap_choice(decks, value):
    press(
        next(
            b
            for b in decks.ids.choices.children
            if isinstance(b, ChoiceButton) and b.value == value
        )
    )


def test_enroll_now_during_the_deal_then_the_card_deals(app):
    table_screen = start_game(app)
    app.sim.place(NEW)
    until(lambda: app.session.banner_kind == "unknown")
    app.sim.remove(NEW)
    until(lambda: NEW not in app.on_reader)
    press(table_screen.ids.enroll)
    decks = app.root.get_screen("decks")
    assert app.root.current == "decks" and decks.pane == "enroll"
    for value in ("cup", "wave", 1):  # three taps
        assert app.root.current == "decks"
        tap_choice(decks, value)
    assert app.root.current == "table"
    assert app.session.banner == "Enrolled the wave cup — scan it again"
    assert app.session.banner_kind == "info"  # news, not a refusal
    assert "Enrolled the wave cup" in table_screen.ids.banner_text.text
    assert NEW in app.table.components
    app.session.dismiss()
    lay(app, NEW)
    assert NEW in app.table.state.draft
    # the stored deck has it, and the saved game knows it after a restart
    assert any(c.uid == NEW for d in app.decks() for c in d)
    assert NEW in Table.resume(app.store, app.table.game_id).state.draft


def test_enrolling_outside_a_game_stays_on_the_decks_screen(app):
    app.enroll(NEW)
    decks = app.root.get_screen("decks")
    for value in ("cup", "wave", 1):
        tap_choice(decks, value)
    assert app.root.current == "decks" and app.session.banner == ""
    assert "Saved: the wave cup" in decks.ids.banner.message


def test_a_refusal_from_the_game_is_a_banner_at_the_table(app):
    start_game(app)
    known = next(iter(app.table.components.values()))
    app.goto("decks")
    app.join_game(known)
    assert app.root.current == "table"
    assert f"already the {known.label}" in app.session.banner

"""A second Broken Vase enrolled through Decks in the middle of a Who Broke It? game is
refused with the game's own message before its deck is saved, whether the sticker came from
the table's banner or was scanned on the Decks screen into the deck being played (the deck
was saved first, and only the game then refused it)."""

from __future__ import annotations

from tests.ui.apphelp import frames, press, until
from tests.ui.test_enroll_midgame import tap_choice
from tests.ui.test_sticker_authority import start
from tests.ui.test_sticker_records import lay

NEW = "04C0FFEE00B001"
REFUSAL = "This game already has its Broken Vase"


def party_deck(app):
    return next(d for d in app.decks() if d.name == "Party deck")


def refused_and_unchanged(app, decks, before: str) -> None:
    assert app.root.current == "decks" and decks.pane == "enroll"
    assert decks.ids.banner.message.startswith(REFUSAL) and decks.ids.banner.kind == "error"
    assert party_deck(app).to_toml() == before  # stored deck as it was
    assert decks.deck.get(NEW) is None  # and the one the screen holds
    assert NEW not in app.table.components and not app.table.finished


def test_from_the_tables_banner(app):
    table_screen = start(app)
    before = party_deck(app).to_toml()
    lay(app, NEW)
    assert app.session.banner_kind == "unknown"
    app.sim.remove(NEW)
    until(lambda: NEW not in app.on_reader)
    press(table_screen.ids.enroll)
    decks = app.root.get_screen("decks")
    tap_choice(decks, "broken-vase")
    frames(2)
    refused_and_unchanged(app, decks, before)
    tap_choice(decks, "alibi")  # enrolled as the card it is, it joins the game
    assert app.root.current == "table" and app.table.components[NEW].kind == "alibi"
    assert party_deck(app).get(NEW).kind == "alibi"


def test_scanned_on_the_decks_screen_into_the_deck_in_play(app):
    start(app)
    before = party_deck(app).to_toml()
    app.goto("decks")
    decks = app.root.get_screen("decks")
    decks.open_deck(party_deck(app))
    frames(2)
    app.sim.place(NEW)  # scanned on the Decks screen, not at the table
    until(lambda: decks.pane == "enroll")
    tap_choice(decks, "broken-vase")
    frames(2)
    refused_and_unchanged(app, decks, before)

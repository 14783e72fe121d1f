"""A ruling chosen in Settings is the one the engine plays with, and Setup shows it first."""

from __future__ import annotations

from tests.ui.apphelp import frames, press
from ui.screens.settings import RulingRow
from ui.screens.setup import deck_title, rulings_line


def choose_deck(app, game):
    app.import_demo_decks()
    app.goto("setup")
    setup = app.root.get_screen("setup")
    deck = next(d for d in setup.decks if d.game == game)
    setup.ids.deck.text = deck_title(deck)
    frames()
    return setup


def test_jug_tie_full_in_settings_is_played_by_a_mintsugi_game(app):
    app.goto("settings")
    settings = app.root.get_screen("settings")
    row = next(
        r
        for r in settings.ids.rulings.children
        if isinstance(r, RulingRow) and (r.game, r.key) == ("mintsugi", "jug_tie")
    )
    press(next(t for t in row.ids.choices.children if t.label == "full"))
    setup = choose_deck(app, "mintsugi")
    assert setup.rulings == "Rulings: jug tie: full"
    assert setup.ids.rulings.height > 0
    for seat, name in enumerate(["Ana", "Ben", "", ""]):
        setup.ids[f"seat{seat}"].ids.name.text = name
    frames()
    press(setup.ids.start)
    assert app.root.current == "table"
    assert app.table.game == "mintsugi"
    assert app.table.engine.settings["jug_tie"] == "full"


def test_setup_says_when_the_rulings_are_the_defaults(app):
    setup = choose_deck(app, "broken-and-beautiful")
    assert setup.rulings == "Rulings: the defaults (see Settings)"
    app.store.set_setting("rules.broken-and-beautiful", {"repair_after_pass": "no"})
    app.goto("home")
    setup = choose_deck(app, "broken-and-beautiful")
    assert setup.rulings == "Rulings: repair after pass: no"


def test_rulings_line_names_changes_and_is_silent_for_games_without_an_engine():
    assert rulings_line("mintsugi", {}) == "Rulings: the defaults (see Settings)"
    assert rulings_line("no-such-game", {"anything": 1}) == ""
    assert rulings_line("mintsugi", {"no_such_rule": 1}).endswith("(fix it in Settings)")

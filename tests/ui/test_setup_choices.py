"""A ruling a game's definition has chosen for each game (`Setting.at_setup`: Broken Planet's
printed or random map) is a row of toggles on Setup, at the ruling Settings stores; the game
starts with the one chosen there, keeps it when resumed, and Settings shows it from then on.
At 800x480 with 2 to 5 players, with the on-screen keyboard open on each name, Setup passes
the layout audit with the row on it (UI_SCREENSHOTS=folder keeps each state's picture)."""

from __future__ import annotations

import os
from pathlib import Path

from companion.table import Table
from tests.ui.apphelp import frames, touch
from tests.ui.audit import audit, report
from tests.ui.audit.driver import NAMES, settle
from tests.ui.bp_helpers import choose_deck, start
from tests.ui.test_setup_seats import choose, on_screen
from ui import keyboard
from ui.screens.settings import rules_key
from ui.theme import THEME

SHOTS = os.environ.get("UI_SCREENSHOTS")


def toggles(setup) -> dict[str, object]:
    (row,) = setup.choices
    return {toggle.label: toggle for toggle in row.children}


def tap(widget) -> None:
    touch(*widget.to_window(*widget.center))


def shoot(name: str) -> None:
    if SHOTS:
        from kivy.core.window import Window

        frames(3)  # drawn: the keyboard's keys are painted at draw time
        written = Path(Window.screenshot(name=str(Path(SHOTS) / f"{name}.png")))
        written.replace(Path(SHOTS) / f"{name}.png")


def test_the_row_is_at_the_stored_ruling_and_the_game_starts_with_the_one_tapped(app):
    app.store.set_setting(rules_key("broken-planet"), {"map_setup": "random", "move_range": "3"})
    setup = choose_deck(app)
    shown = toggles(setup)
    assert [shown[label].state for label in ("printed set-up", "random set-up")] == [
        "normal",
        "down",
    ]
    assert setup.rulings == "Rulings: move range: 3 routes"  # the row says the map's set-up
    tap(shown["printed set-up"])
    assert shown["printed set-up"].state == "down"
    start(app, setup=setup)
    assert app.table.engine.settings["map_setup"] == "printed"
    assert app.table.engine.settings["move_range"] == "3"  # Settings' other rulings still hold
    assert app.store.get_setting(rules_key("broken-planet")) == {
        "map_setup": "printed",
        "move_range": "3",
    }  # what Settings shows, and the next Setup's row
    assert Table.resume(app.store, app.table.game_id).setup.settings["map_setup"] == "printed"
    assert toggles(choose_deck(app))["printed set-up"].state == "down"


def test_a_game_without_such_a_ruling_has_no_row(app):
    app.import_demo_decks()
    setup = choose(app, "Demo deck")  # Broken and Beautiful's
    assert not setup.choices and not setup.ids.choices.children
    assert setup.ids.choices.height == 0


def test_setup_with_the_row_is_clean_at_each_player_count_with_the_keyboard_open(app):
    keyboard.apply("on", has_keyboard=False)
    setup = choose_deck(app)
    assert (app.root.width, app.root.height) == (800, 480)
    found = []
    for players in range(2, 6):
        for row, name in zip(setup.seats(), [*NAMES[:players], "", "", ""], strict=False):
            row.ids.name.text = name
        settle()
        for toggle in toggles(setup).values():
            assert on_screen(toggle, app.root), f"{toggle.label} is off the screen"
            assert min(toggle.size) >= THEME.touch, f"{toggle.label}: {toggle.size}"
        form = setup.ids.form
        low, high = form.to_window(*form.pos)[1], form.to_window(form.x, form.top)[1]
        for row in setup.seats():  # the deck's side holds the row: no seat scrolled away
            bottom, top = row.to_window(*row.pos)[1], row.to_window(row.x, row.top)[1]
            assert low <= bottom and top <= high, f"seat {row.seat + 1} is not all in sight"
        found += audit(f"Setup · {players} players")
        shoot(f"setup-choice-{players}p")
        for seat, row in enumerate(setup.seats()[:players], 1):
            row.ids.name.focus = True
            settle()
            found += audit(f"Setup · {players} players · keyboard on seat {seat}")
            if seat == players:
                shoot(f"setup-choice-{players}p-keyboard-{seat}")
            row.ids.name.focus = False
            settle()
    assert not found, report(found)

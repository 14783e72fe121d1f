"""Broken Planet's random set-up through the app (docs/rulings.md P16): chosen on Setup by a
touch, then entered on the table screen by touches (a temple's button per island, each
token's island tapped on the map, Undo on the way), and a whole game played from it to the
favor sheet the headless script reaches."""

from __future__ import annotations

import os
from pathlib import Path

from hardware.script import parse_script
from tests.companion.test_broken_planet_random_setup import DEMO_LAYOUT
from tests.ui.apphelp import frames, press, touch, until
from tests.ui.audit import audit, report
from tests.ui.audit.driver import table_context
from tests.ui.bp_helpers import choose_deck, cover, play_step, script_steps, start
from ui.screens.settings import rules_key

SHOTS = os.environ.get("UI_SCREENSHOTS")


def shoot(name: str) -> None:
    if SHOTS:
        from kivy.core.window import Window

        written = Path(Window.screenshot(name=str(Path(SHOTS) / f"{name}.png")))
        written.replace(Path(SHOTS) / f"{name}.png")


def set_up_row(setup):
    """Setup's row for the map's set-up: its toggles by label."""
    (row,) = [c for c in setup.choices if c.key == "map_setup"]
    return {toggle.label: toggle for toggle in row.children}


def test_a_random_set_up_entered_by_touch_plays_to_the_favor_sheet(app):
    setup = choose_deck(app)
    toggles = set_up_row(setup)
    assert set(toggles) == {"printed set-up", "random set-up"}
    assert toggles["printed set-up"].state == "down"  # Settings' stored ruling: the default
    assert all(t.height >= 48 for t in toggles.values())
    touch(*toggles["random set-up"].to_window(*toggles["random set-up"].center))  # a finger
    assert (toggles["random set-up"].state, toggles["printed set-up"].state) == ("down", "normal")
    assert "map setup" not in setup.rulings  # its row says it, not the rulings line
    screen = start(app, setup=setup)
    assert app.table.engine.settings["map_setup"] == "random"
    assert app.store.get_setting(rules_key("broken-planet"))["map_setup"] == "random"
    frames(2)
    assert app.table.prompt.text.startswith("Random set-up. Island 1: which temple")
    assert not any(b.offered for b in cover(screen).map.islands.values())  # buttons, not the map
    found = audit("random set-up: a temple", table_context(app))
    shoot("planet-random-temple")
    layout = parse_script("\n".join(DEMO_LAYOUT))
    for step in layout[:15]:  # the temples, then the first hazardous token (island 13)
        play_step(app, screen, step)
    assert app.table.state.hazard == {13: 1}
    assert {n for n, b in cover(screen).map.islands.items() if b.offered} == set(range(1, 15)) - {
        13
    }  # the island that has one is not offered again
    found += audit("random set-up: a token", table_context(app))
    shoot("planet-random-token")
    press(screen.ids.undo)
    until(lambda: app.table.state.hazard == {})
    for step in [*layout[14:], *script_steps()]:  # pawns and relics tapped on the virtual table
        play_step(app, screen, step)
    until(lambda: app.root.current == "scores")
    assert not found, report(found)
    sheet = app.table.scores()
    assert {p.name: p.total for p in sheet.players} == {"Ana": 7, "Ben": 2, "Cleo": 6}

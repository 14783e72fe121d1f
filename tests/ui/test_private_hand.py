"""A player sees their own hidden gems by holding their own name, and only while they hold
it; the shared view never shows them (Broken Planet: "You must always show how many cards
you are holding", never which)."""

from __future__ import annotations

from kivy.tests.common import UnitTestTouch

from companion.deck import load_deck
from companion.games.broken_planet.mapfile import load_map
from companion.table import Table
from hardware.script import ScanStep, load_script
from tests.companion.conftest import EXAMPLES
from tests.ui.apphelp import frames, texts, until
from ui.widgets.strip import HOLD_S

OPENING = 7  # pawns, the diamond, the first picks: Ben 2 emeralds + a sapphire, Ana a diamond


def planet(app) -> Table:
    deck = load_deck(EXAMPLES / "broken-planet-demo.toml")
    extra = {"map": load_map(EXAMPLES / "broken-planet-demo-map.toml")}
    table = Table.start(app.store, deck, ["Ana", "Ben", "Cleo"], extra=extra)
    for step in load_script(EXAMPLES / "broken-planet-3p.script")[:OPENING]:
        if isinstance(step, ScanStep):
            table.scan(step.uid)
        else:
            table.tap(step.option, step.arg)
    return table


def hold(strip):
    x, y = strip.ids.name.to_window(*strip.ids.name.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    return touch


def test_holding_your_name_shows_your_gems_to_you_alone_and_letting_go_hides_them(app):
    app.open_table(planet(app))
    frames(3)
    screen = app.root.get_screen("table")
    ben = next(s for s in screen.strips if s.player == "Ben")
    shared = " ".join(texts(screen))
    assert "2 emeralds · 1 sapphire" not in shared
    assert [c.text for c in app.table.view().players[1].counters][0] == "3 gems"
    touch = hold(ben)
    frames(2)
    assert ben.note.parent is None, "shown before the hold was long enough"
    until(lambda: ben.note.parent is not None, timeout=HOLD_S * 20)
    assert ben.note.text == "Ben holds: 2 emeralds · 1 sapphire"
    touch.touch_up()
    frames(2)
    assert ben.note.parent is None and "holds:" not in " ".join(texts(screen))


def test_a_game_with_nothing_hidden_shows_nothing_when_a_name_is_held(app):
    from tests.ui.test_app_flow import start_game

    screen = start_game(app)
    strip = screen.strips[0]
    touch = hold(strip)
    frames(int(HOLD_S * 60) + 10)
    assert strip.note.parent is None
    touch.touch_up()

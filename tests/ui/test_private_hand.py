"""A player sees their own hidden gems by holding their own name, and only while they hold
it (at most a few seconds), written too small to read from another seat; the shared view
never shows them (Broken Planet: "You must always show how many cards you are holding",
never which)."""

from __future__ import annotations

from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch

from companion.deck import load_deck
from companion.games.broken_planet.mapfile import load_map
from companion.table import Table
from hardware.script import ScanStep, load_script
from tests.companion.conftest import EXAMPLES
from tests.ui.apphelp import frames, texts, until, walk
from ui.widgets import secret
from ui.widgets.secret import HOLD_S, SHOW_S, HoldToReveal

OPENING = 7  # pawns, the diamond, the first picks: Ben 2 emeralds + a sapphire, Ana a diamond
# docs/ui.md: the official 7" display's pixels are 0.193 mm, Roboto's capitals 0.71 of the
# font size; a 20/20 eye resolves letters of 5 minutes of arc
PIXEL_MM, CAPITALS, ARCMIN_PER_RADIAN = 0.193, 0.71, 3437.75


def arcmin(font_px: float, metres: float) -> float:
    return font_px * CAPITALS * PIXEL_MM / (metres * 1000) * ARCMIN_PER_RADIAN


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


def cell_of(app, player: str):
    app.open_table(planet(app))
    frames(3)
    screen = app.root.get_screen("table")
    cell = next(w for w in walk(screen) if isinstance(w, HoldToReveal) and w.player == player)
    return screen, cell


def places(screen) -> list[tuple[float, float, float, float]]:
    return [(*w.to_window(*w.pos), *w.size) for w in walk(screen)]


def test_holding_your_name_shows_your_gems_small_to_you_alone_and_letting_go_hides_them(app):
    screen, ben = cell_of(app, "Ben")
    shared = " ".join(texts(screen))
    assert "2 emeralds · 1 sapphire" not in shared
    assert [c.text for c in app.table.view().players[1].counters][0] == "3 gems"
    before = places(screen)
    tap = hold(ben)
    tap.touch_up()  # a tap is not a hold
    frames(int(HOLD_S * 60) + 10)
    assert ben.note.parent is None, "a tap showed the hand"
    touch = hold(ben)
    until(lambda: ben.note.parent is not None, timeout=HOLD_S * 20)
    note = ben.note
    assert note.text == "Ben holds: 2 emeralds · 1 sapphire"
    assert note.parent is Window and places(screen) == before, "the table moved under it"
    # over Ben's own place, under his name (or just above his place when it is one line
    # at the window's foot), never under the finger on the name, whole on the window
    x, y = ben.to_window(*ben.pos)
    name_bottom = ben.ids.name.to_window(0, ben.ids.name.y)[1]
    name_top = ben.ids.name.to_window(0, ben.ids.name.top)[1]
    assert x <= note.x and note.right <= x + ben.width + 1
    assert note.top <= name_bottom + 1 or note.y >= max(name_top, y + ben.height) - 1
    assert 0 <= note.x and note.right <= Window.width and 0 <= note.y and note.top <= Window.height
    assert note.texture_size[0] <= note.width and note.texture_size[1] <= note.height
    # read leaning over one's name (35 cm), not from a seat a metre away
    assert arcmin(note.font_size, 1.0) < 5 <= 10 < arcmin(note.font_size, 0.35)
    touch.touch_up()
    frames(2)
    assert ben.note.parent is None and ben.note.text == ""
    assert not any("holds:" in w.text for w in Window.children if hasattr(w, "text"))


def test_a_hand_hides_itself_after_a_few_seconds_though_the_name_is_still_held(app, monkeypatch):
    assert 2 <= SHOW_S <= 6
    monkeypatch.setattr(secret, "SHOW_S", 0.3)  # the wall clock of a test, not of a table
    _screen, ana = cell_of(app, "Ana")
    touch = hold(ana)
    until(lambda: ana.note.parent is not None, timeout=HOLD_S * 20)
    assert ana.note.text == "Ana holds: 1 diamond"
    until(lambda: ana.note.parent is None, timeout=20)
    frames(int(HOLD_S * 60) + 10)
    assert ana.note.parent is None, "shown again while the same hold goes on"
    touch.touch_up()
    frames(2)
    touch = hold(ana)  # a new hold shows it again
    until(lambda: ana.note.parent is not None, timeout=HOLD_S * 20)
    touch.touch_up()


def test_a_finger_that_slides_off_the_name_shows_nothing(app):
    _screen, ben = cell_of(app, "Ben")
    touch = hold(ben)
    frames(2)
    touch.touch_move(touch.x, touch.y + ben.ids.name.height * 2)  # a swipe, not a hold
    frames(int(HOLD_S * 60) + 10)
    assert ben.note.parent is None
    touch.touch_up()


def test_a_game_with_nothing_hidden_shows_nothing_when_a_name_is_held(app):
    from tests.ui.test_app_flow import start_game

    screen = start_game(app)
    strip = screen.strips[0]
    touch = hold(strip)
    frames(int(HOLD_S * 60) + 10)
    assert strip.note.parent is None
    touch.touch_up()

"""The map maker driven by touch at window points, as a finger would: a whole copy entered
from an empty one (the demo map's values, read as if off a printed board and tablet) saves
a file `map check` accepts and the 3-player example game plays on, and how long entering
it takes is estimated from the taps it took."""

from __future__ import annotations

import tomllib
from dataclasses import replace

from kivy.metrics import dp
from kivy.tests.common import UnitTestTouch
from kivy.uix.widget import Widget

from companion.cli import main
from companion.games.broken_planet.mapfile import load_map, parse_map, read_map
from companion.store import Store
from companion.table import Table
from hardware.script import ScanStep, load_script
from tests.ui import bp_helpers
from tests.ui.apphelp import button, frames, walk
from ui.paths import setup_file_dir
from ui.screens.map_maker import MakerChoice
from ui.widgets.clip import Scroller

DEMO = bp_helpers.ROOT / "examples" / "broken-planet-demo-map.toml"
# The Keystroke-Level Model (Card, Moran & Newell, "The Keystroke-Level Model for User
# Performance Time with Interactive Systems", CACM 23(7), 1980): P, pointing at a target
# and pressing it, 1.1 s; M, the mental act of finding what to do next, 1.35 s. A tap is a
# P; each value looked up on the printed board or tablet is an M.
POINT_S = 1.1
LOOK_S = 1.35


class Finger:
    """Taps at the centre of what it aims at, in window coordinates, and counts: a tap per
    touch (a swipe to scroll a target into sight is one too), a look per value read."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.taps = 0
        self.looks = 0

    def at(self, x: float, y: float) -> None:
        finger = UnitTestTouch(x, y)
        finger.touch_down()
        finger.touch_up()
        frames()
        self.taps += 1

    def on(self, widget) -> None:
        self.reveal(widget)
        self.at(*widget.to_window(*widget.center))

    def reveal(self, widget) -> None:
        """Swipe the widget's scrolling view until it is wholly in sight."""
        view = widget.parent
        while isinstance(view, Widget) and not isinstance(view, Scroller):
            view = view.parent  # up to the window, which is no widget
        if not isinstance(view, Scroller):
            return
        _, bottom = widget.to_window(*widget.pos)
        _, low = view.to_window(*view.pos)
        if bottom < low or bottom + widget.height > low + view.height:
            view.scroll_to(widget, padding=dp(8), animate=False)
            frames(2)
            self.taps += 1

    def choose(self, key: str, value, looked: bool = True) -> None:
        """Tap the value `value` of the field `key` unless it is chosen already."""
        self.looks += looked
        found = [
            b
            for b in walk(self.screen.ids.fields)
            if isinstance(b, MakerChoice) and b.key == key and b.value == value
        ]
        assert found, (key, value)
        if not found[0].chosen:
            self.on(found[0])

    def cost(self, key: str, gems: dict[str, int]) -> None:
        """Tap each gem icon once per gem of the printed cost."""
        self.looks += 1
        for gem, count in gems.items():
            for _ in range(count):
                self.on(self.button(key, gem))

    def button(self, key: str, value):
        return next(
            b
            for b in walk(self.screen.ids.fields)
            if isinstance(b, MakerChoice) and b.key == key and b.value == value
        )

    def item(self, item: str) -> None:
        self.on(next(b for b in walk(self.screen.ids.item_grid) if getattr(b, "item", "") == item))

    def seconds(self) -> float:
        return self.taps * POINT_S + self.looks * LOOK_S


def open_maker(app, finger: Finger):
    """Setup with the Broken Planet deck (its spinner: two taps), then Make."""
    setup = bp_helpers.choose_deck(app)
    finger.taps += 2
    finger.on(button(setup, "Make"))
    assert app.root.current == "map_maker"
    return app.root.get_screen("map_maker")


def board_point(screen, at) -> tuple[float, float]:
    board = screen.ids.board_box
    return board.to_window(*board.to_pos(at))


def enter_copy(screen, finger: Finger, copy: dict) -> None:
    """Every value of `copy` (a map file's data) by taps, the board then the tablet."""
    finger.on(screen.ids.name)  # the name on the keyboard: a tap a letter, then Enter
    screen.ids.name.insert_text(copy["name"])
    finger.taps += len(copy["name"]) + 1
    screen.ids.name.focus = False
    frames(3)
    finger.on(button(screen, "Start from scratch: every value from your board and tablet"))
    assert screen.draft.name == copy["name"]
    for island in copy["island"]:
        finger.looks += 1
        finger.at(*board_point(screen, island["at"]))
        assert screen.island == island["number"], screen.words
        for key in ("slots", "locked", "temple", "token"):
            finger.choose(key, island[key])
    finger.on(button(screen, "Routes"))
    routes = {tuple(sorted(r)) for r in copy["routes"]}
    for hub in sorted({a for a, _ in routes}):
        finger.on(screen.ids.board_box.tiles[hub])
        for a, b in sorted(routes):
            if a == hub:
                finger.looks += 1
                finger.on(screen.ids.board_box.tiles[b])
        finger.on(screen.ids.board_box.tiles[hub])  # let go
    finger.on(button(screen, "Tablet"))
    for temple in copy["temple"]:
        finger.item(f"temple:{temple['key']}")
        finger.choose("tier", temple["tier"])
        finger.choose("after", temple["after"])
        finger.cost("cost", temple["cost"])
        finger.choose("favor", temple["favor"])
        finger.choose("gives", temple["gives"])
    for relic in copy["relic"]:
        finger.item(f"relic:{relic['kind']}")
        finger.cost("cost", relic["cost"])
        finger.choose("favor", relic["favor"])
        if relic["cost_5"] != relic["cost"]:
            finger.cost("cost_5", relic["cost_5"])
        finger.choose("favor_5", relic["favor_5"] if relic["favor_5"] != relic["favor"] else None)
    finger.item("tablet")
    for players, rounds in copy["tablet"]["rounds"].items():
        finger.choose(f"rounds:{players}", rounds)
    finger.choose("made_up", copy["made_up"])


def test_a_whole_copy_entered_by_touch_plays_the_three_player_example(app, capsys):
    copy = tomllib.loads(DEMO.read_text(encoding="utf-8"))  # as printed on "our" board
    copy["name"] = "Our copy"
    finger = Finger(app.root.get_screen("map_maker"))
    screen = open_maker(app, finger)
    enter_copy(screen, finger, copy)
    assert screen.words == "Map check accepts this map: save it to play on it"
    finger.on(button(screen, "Save"))
    saved = setup_file_dir("map") / "our-copy.toml"
    assert screen.ids.banner.message.startswith(f"Saved as maps/{saved.name}")
    assert main(["map", "check", str(saved)]) == 0
    ours, printed = read_map(load_map(saved)), read_map(parse_map(DEMO.read_text()))
    unplaced = {n: replace(i, at=None) for n, i in ours.islands.items()}
    assert unplaced == {n: replace(i, at=None) for n, i in printed.islands.items()}
    for n, island in ours.islands.items():  # placed by finger: within a few pixels
        assert all(abs(a - b) < 0.01 for a, b in zip(island.at, printed.islands[n].at, strict=True))
    assert sorted(ours.routes) == sorted(printed.routes)
    assert (ours.temples, ours.relics, ours.rounds) == (
        printed.temples, printed.relics, printed.rounds
    )  # fmt: skip

    players = list(bp_helpers.SCRIPT_NAMES)
    deck = next(d for d in app.decks() if d.game == "broken-planet")
    table = Table.start(Store(), deck, players, extra={"map": load_map(saved)})
    for step in load_script(bp_helpers.SCRIPT):
        if isinstance(step, ScanStep):
            table.scan(step.uid, step.reader)
        else:
            table.tap(step.option, step.arg, seat=players.index(step.seat) if step.seat else None)
    assert table.finished
    assert [(p.name, p.total) for p in table.scores().players] == [
        ("Ana", 7), ("Ben", 2), ("Cleo", 6)
    ]  # fmt: skip

    minutes = finger.seconds() / 60
    with capsys.disabled():
        print(f"\nmap maker: {finger.taps} taps, {finger.looks} looks, about {minutes:.1f} min")
    assert finger.taps < 300 and minutes < 10  # "well under 15 minutes of taps"


def test_an_island_dragged_moves_and_a_second_tap_on_remove_removes_it(app):
    finger = Finger(app.root.get_screen("map_maker"))
    screen = open_maker(app, finger)
    finger.on(button(screen, "Start from the demo map (made up)"))
    tile = screen.ids.board_box.tiles[14]
    x, y = tile.to_window(*tile.center)
    drag = UnitTestTouch(x, y)
    drag.touch_down()
    drag.touch_move(x + 20, y + 10)
    drag.touch_move(x + 40, y + 20)
    drag.touch_up()
    frames()
    moved = screen.draft.islands[14].at
    assert moved[0] > 0.05 + 0.05 and moved[1] < 0.58
    assert screen.island == 0  # a drag is no tap: nothing chosen
    finger.on(screen.ids.board_box.tiles[14])
    remove = button(screen, "Remove island 14")
    finger.on(remove)
    assert 14 in screen.draft.islands
    finger.on(remove)
    assert 14 not in screen.draft.islands and 14 not in screen.ids.board_box.tiles
    assert all(14 not in r for r in screen.draft.routes)


def test_a_saved_map_is_offered_on_setup_and_opens_again_in_the_maker(app):
    finger = Finger(app.root.get_screen("map_maker"))
    screen = open_maker(app, finger)
    finger.on(
        button(screen, "Start from the rulebook's printed set-up: islands 1-8 and the relics")
    )
    assert screen.words.startswith("Type the map's name")
    screen.ids.name.text = "Half done"
    finger.at(*board_point(screen, (0.5, 0.5)))
    assert screen.island == 1 and "island 2 lies" in screen.draft.board_hint(False)
    finger.on(button(screen, "Save"))
    assert "Saved as maps/half-done.toml" in screen.ids.banner.message
    finger.on(button(screen, "< Back"))
    setup = app.root.get_screen("setup")
    assert "half-done.toml" in setup.files[0].labels
    assert setup.files[0].read is not None
    finger.on(button(setup, "Make"))
    assert screen.ours == ["half-done.toml"] and button(screen, "Go on with Half done")
    screen.start_from("half-done.toml")  # the spinner's choice
    assert screen.draft.name == "Half done" and screen.draft.islands[1].at == (0.5, 0.5)
    assert screen.ids.name.text == "Half done"


def test_a_tap_on_a_value_no_longer_offered_is_said_not_raised(app):
    finger = Finger(app.root.get_screen("map_maker"))
    screen = open_maker(app, finger)
    finger.on(button(screen, "Start from the demo map (made up)"))
    finger.on(screen.ids.board_box.tiles[3])  # two slots: padlocks 0-2
    stale = MakerChoice(key="locked", value=3)  # as if left from island 7's three slots
    screen.chosen(stale)
    assert screen.ids.banner.message == "Island 3: locked cannot be 3"
    assert screen.draft.islands[3].locked == 0

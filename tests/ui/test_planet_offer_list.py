"""Broken Planet's offer options as players touch them (issue 26 item 3): grouped in the
tablet's order under the engine's headings, the disabled temples folded into one line that
unfolds with the engine's reasons, "End offers" kept in sight below the list, the list
keeping its place across a refresh, a swipe never pressing an option, and the virtual
table lying beside the prompt and its options, never over them. Touches are real ones,
dispatched through the window at drawn positions."""

from __future__ import annotations

import time

from kivy.tests.common import UnitTestTouch

from hardware.script import ScanStep
from tests.ui.apphelp import frames, touch, walk
from tests.ui.bp_helpers import SCRIPT_NAMES, cover, option_button, script_steps, start
from ui.boards.broken_planet import FoldToggle
from ui.widgets.options import OptionButton

BRONZE = "04B00301010000"  # a bronze relic card: Ben crafts it for his two emeralds


def play_until(app, steps: list, player: str) -> None:
    """The example's lines, by the table's session, until `player` offers."""
    while not (app.table.prompt.phase == "offer" and app.table.prompt.player == player):
        play(app, steps.pop(0))
    frames(3)


def play(app, step) -> None:
    """One line of the example, by the table's session (no touch: the list is what is tested)."""
    if isinstance(step, ScanStep):
        app.session.scan(step.uid, step.reader)
    else:
        seat = SCRIPT_NAMES.index(step.seat) if step.seat else None
        app.session.tap(step.option, step.arg, seat=seat)


def to_offer(app, steps: list | None = None):
    """Round 1, Ben offers (the 3-player example up to there)."""
    screen = start(app)
    play_until(app, script_steps() if steps is None else steps, "Ben")
    return screen


def listed(screen) -> list:
    """The list's rows, top to bottom."""
    return list(reversed(cover(screen).ids.options.children))


def groups(app) -> dict[str, dict]:
    return {g["key"]: g for g in app.table.view().board["option_groups"]}


def window_centre(widget) -> tuple[float, float]:
    return widget.to_window(*widget.center)


def unfold(screen, key: str) -> None:
    planet = cover(screen)
    fold = planet.folds[key]
    planet.ids.scroll.scroll_to(fold, padding=0, animate=False)
    frames(3)
    touch(*window_centre(fold))
    frames(3)


def test_the_offer_is_grouped_with_disabled_temples_folded_and_end_offers_in_sight(app):
    screen = to_offer(app)
    planet = cover(screen)
    rows = listed(screen)
    headings = [r.text for r in rows if not isinstance(r, OptionButton | FoldToggle)]
    assert headings == ["Build a temple", "Craft a relic", "Attack"]  # the tablet's order
    assert not any(r.disabled for r in rows), "a disabled option lies in the list unfolded"
    end = option_button(screen, "done", None)
    assert end.parent == planet.ids.kept and end.text == "End offers"
    scroll = planet.ids.scroll
    assert end.top <= scroll.y + 1, "End offers is not below the list"

    disabled = [o for o in app.table.view().prompt.options if o.word == "build" and not o.enabled]
    assert disabled, "the example's first offer has temples that cannot be built yet"
    fold = planet.folds["build"]
    assert fold.label == groups(app)["build"]["folded"]
    assert fold.label == f"{len(disabled)} more not possible now (?)"

    unfold(screen, "build")  # a real touch: the reasons, as the engine gives them
    shown = [r for r in listed(screen) if isinstance(r, OptionButton) and r.disabled]
    assert [b.arg for b in shown] == [o.arg for o in disabled]
    assert all(b.text == f"{o.label}\n{o.reason}" for b, o in zip(shown, disabled, strict=True))
    assert fold.state == "down"
    unfold(screen, "build")  # and folded again
    assert not any(isinstance(r, OptionButton) and r.disabled for r in listed(screen))


def offset(screen) -> float:
    """How far the list is scrolled from its top, px."""
    ids = cover(screen).ids
    return (ids.options.height - ids.scroll.height) * (1 - ids.scroll.scroll_y)


def scrolled(screen) -> float:
    """The offer's temples unfolded and the list scrolled part way: how far, px."""
    unfold(screen, "build")
    cover(screen).ids.scroll.scroll_y = 0.4
    frames(3)
    assert offset(screen) > 50
    return offset(screen)


def test_the_list_keeps_its_place_after_an_action_and_a_new_list_starts_at_its_top(app):
    steps = script_steps()
    screen = to_offer(app, steps)
    before = scrolled(screen)
    app.session.scan(BRONZE)  # Ben crafts: the list is refreshed (the temples fold anew)
    frames(4)
    assert "crafted a bronze relic" in app.table.narration
    assert abs(offset(screen) - before) < 2, "the list jumped after the craft"

    play_until(app, steps, "Cleo")  # another player's offer: a new list, at its top
    assert offset(screen) == 0 and cover(screen).folds["build"].state == "normal"
    before = scrolled(screen)
    app.session.tap("attack", None, seat=2)  # which island? then she changes her mind
    frames(3)
    assert app.table.prompt.options[-1].word == "cancel"
    app.session.tap("cancel", None, seat=2)
    frames(4)
    assert abs(offset(screen) - before) < 2, "back from the attack, the list jumped"


def rest(seconds: float) -> None:
    """A finger resting: frames tick as on the Pi (the list's scroll timeout runs)."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        frames()


def finger_on(button, moves: list[tuple[float, float, float]]) -> None:
    """A finger down at the button's drawn centre, moved to each (dx, dy) in turn and
    resting there the given seconds (a frame at least), then lifted."""
    x, y = window_centre(button)
    finger = UnitTestTouch(x, y)
    finger.touch_down()
    for dx, dy, seconds in moves:
        finger.touch_move(x + dx, y + dy)
        rest(seconds)
        frames()
    finger.touch_up()
    frames(3)


def bronze_button(screen):
    button = option_button(screen, "craft", "bronze")
    cover(screen).ids.scroll.scroll_to(button, padding=0, animate=False)
    frames(3)
    return button


def test_a_swipe_on_an_option_never_presses_it_and_a_tap_does(app):
    """A finger that rests past the list's scroll timeout, then swipes, once pressed the
    option wherever it lifted inside it; a quick swipe scrolls. Neither may press."""
    screen = to_offer(app)
    unfold(screen, "build")  # a list long enough to scroll
    before = app.session.revision
    swipes = {  # each ends inside the button: only the swipe may keep it unpressed
        "rests, then swipes": [(0, 0, 0.4), (0, 10, 0), (0, 22, 0)],
        "creeps, rests, swipes": [(0, 12, 0.4), (0, 22, 0)],  # handed the touch mid-way
        "swipes at once": [(0, 10, 0), (0, 22, 0)],
    }
    for how, moves in swipes.items():
        button = bronze_button(screen)
        assert button.height > 44
        finger_on(button, moves)
        pressed = app.session.revision != before or app.session.banner
        assert not pressed, f"a swipe pressed ({how}): {app.table.narration}"
        assert button.state == "normal"
    finger_on(bronze_button(screen), [(0, 3, 0.4)])  # a resting tap, a finger's tremble
    assert app.session.revision == before + 1
    assert "crafted a bronze relic" in app.table.narration


def test_the_virtual_table_lies_beside_the_offer_and_its_options_take_touches(app):
    screen = to_offer(app)
    screen.toggle_drawer()
    frames(4)
    planet, drawer = cover(screen), screen.drawer
    left_of_drawer = drawer.to_window(drawer.x, 0)[0]
    prompt = planet.ids.prompt
    assert prompt.to_window(prompt.right, 0)[0] <= left_of_drawer + 1
    options = [w for w in walk(planet) if isinstance(w, OptionButton) and w.opacity > 0]
    assert options
    for button in options:
        right = button.to_window(button.right, 0)[0]
        assert right <= left_of_drawer + 1, f"{button.text!r} lies under the virtual table"
    end = option_button(screen, "done", None)
    touch(*window_centre(end))  # a real touch where End offers is drawn
    frames(3)
    assert app.table.prompt.phase != "offer" or app.table.prompt.player != "Ben"


def test_a_swipe_along_the_compasses_changes_nobody_and_a_tap_chooses(app):
    """Kivy's toggles turn on touch down: a finger swiping along the row of names (it
    scrolls sideways when they are long) chose whoever it started on."""
    screen = start(app)
    steps = script_steps()
    for step in steps[:9]:  # Ben ended his offers: Cleo and Ana enter their compasses
        play(app, step)
    frames(3)
    planet = cover(screen)
    toggles = {t.label: t for t in planet.ids.compasses.children}
    assert set(toggles) == {"Cleo", "Ana"}
    chosen = planet.compass
    other = toggles["Ana" if chosen == "Cleo" else "Cleo"]
    finger_on(other, [(0, 0, 0.4), (12, 0, 0), (30, 0, 0)])
    assert planet.compass == chosen and other.state == "normal", "a swipe chose a compass"
    finger_on(other, [(2, 0, 0.1)])
    assert planet.compass == other.label and other.state == "down"
    assert toggles[chosen].state == "normal"

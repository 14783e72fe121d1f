"""The GC's full collections wait for a quiet table (ui/quiet.py): never while inputs keep
coming, once when they stop, and what was frozen still goes when it becomes garbage."""

from __future__ import annotations

import gc
import weakref

import pytest

from ui.quiet import QUIET_S, QuietCollector


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def frozen_state():
    yield
    gc.unfreeze()  # the rest of the suite runs with nothing frozen, as before this test


def collected(quiet: QuietCollector) -> bool:
    """Whether this tick collected."""
    before = quiet.collections
    quiet.tick()
    return quiet.collections > before


def test_a_collection_waits_for_a_quiet_moment_and_runs_once_per_quiet_moment(frozen_state):
    clock = Clock()
    quiet = QuietCollector(clock)
    quiet.input()
    clock.now += QUIET_S - 0.1
    assert not collected(quiet)
    clock.now += 0.1
    assert collected(quiet)
    clock.now += 10
    assert not collected(quiet)  # nothing was played since: nothing new to collect
    quiet.input()
    clock.now += QUIET_S / 2
    quiet.input()  # inputs keep coming: the quiet moment starts again from the last
    clock.now += QUIET_S / 2 + 0.1
    assert not collected(quiet)
    clock.now += QUIET_S
    assert collected(quiet)


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_a_cycle_frozen_while_alive_is_collected_at_the_next_quiet_moment(frozen_state):
    clock = Clock()
    quiet = QuietCollector(clock)
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle, as every Kivy widget is with its parent
    gone = weakref.ref(a)
    clock.now += QUIET_S
    assert collected(quiet)  # frozen while alive, as the table's cards are mid-game
    assert gc.get_freeze_count() > 0
    del a, b
    gc.collect()
    assert gone() is not None  # an ordinary collection passes frozen objects by
    quiet.input()
    clock.now += QUIET_S
    assert collected(quiet)
    assert gone() is None


def test_while_inputs_come_a_collection_walks_only_what_the_last_input_made(frozen_state):
    """What each input finds alive is set aside (frozen), so a collection an input trips
    never walks the cards and widgets of the game so far; its garbage still goes at the
    next quiet moment."""
    clock = Clock()
    quiet = QuietCollector(clock)
    game = [Node() for _ in range(1000)]  # what the game so far built, alive
    for a, b in zip(game, game[1:] + game[:1], strict=True):
        a.other = b
    garbage = Node()
    garbage.other = garbage
    gone = weakref.ref(garbage)
    del garbage
    walked: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            walked.append(sum(len(gc.get_objects(g)) for g in range(info["generation"] + 1)))

    quiet.input()
    gc.callbacks.append(count)
    try:
        gc.collect(2)  # the oldest generation's collection, tripped mid-game
    finally:
        gc.callbacks.remove(count)
    assert walked and walked[0] < 100, "the game's objects were walked"
    assert gone() is not None  # frozen with the rest: not collected mid-game
    clock.now += QUIET_S
    assert collected(quiet)
    assert gone() is None and all(n.other is not None for n in game)


def test_scans_touches_and_refusals_put_off_the_collection(app):
    from tests.ui.apphelp import button, frames

    quiet, uid = app.quiet, sorted(app.decks()[0].components)[0]
    quiet.pending = False
    app.session.refuse("Nothing to do")  # a refusal's banner
    assert quiet.pending
    quiet.pending = False
    from kivy.tests.common import UnitTestTouch

    finger = UnitTestTouch(*button(app.root.current_screen, "New game").center)
    finger.touch_down()  # a touch, anywhere: a finger on the glass
    finger.touch_up()
    frames()
    assert quiet.pending
    quiet.pending = False
    app.session.scan(uid)  # a scan, here with no game: refused, and counted all the same
    assert quiet.pending


def test_the_app_collects_when_the_table_goes_quiet(app):
    from tests.ui.apphelp import until

    before = app.quiet.collections
    app.quiet.last_input -= QUIET_S  # as if the last input were long ago
    until(lambda: app.quiet.collections > before)  # the app's own clock asked, and again
    app.quiet.input()
    app.quiet.last_input -= QUIET_S
    until(lambda: app.quiet.collections > before + 1)


def resident_mb() -> float:
    status = open("/proc/self/status").read().splitlines()
    return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024


def test_a_quiet_moment_gives_the_c_heaps_free_pages_back(frozen_state):
    """Memory freed below memory still in use stays in RSS until it is trimmed."""
    freed = [bytes(100_000) for _ in range(300)]  # below glibc's mmap threshold: the heap
    kept = [bytes(100_000) for _ in range(3)]  # above them: the heap's top cannot shrink
    del freed
    before = resident_mb()
    clock = Clock()
    quiet = QuietCollector(clock)
    clock.now += QUIET_S
    assert collected(quiet)
    assert before - resident_mb() > 20, "30 MB freed in the middle of the heap went back"
    assert kept[0] == bytes(100_000)

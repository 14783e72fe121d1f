"""The presence tracker alone, and a property: random place/remove sequences on the
simulator produce exactly the events that presence implies."""

from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.rc522 import PresenceTracker, Rc522Reader
from hardware.sim import SimChip, VirtualClock
from hardware.sim.reader import tag_for

from .conftest import run


def test_placed_once_removed_after_clean_misses_only():
    tracker = PresenceTracker("r", misses=3)
    assert [e.kind for e in tracker.update(["A"], True, 0)] == ["placed"]
    assert tracker.update(["A"], True, 1) == []
    assert tracker.update([], False, 2) == []  # noise: not a miss
    assert tracker.update([], True, 3) == []
    assert tracker.update([], False, 4) == []
    assert tracker.update([], True, 5) == []
    (event,) = tracker.update([], True, 6)
    assert (event.kind, event.uid, event.at) == ("removed", "A", 6)
    assert tracker.present == []


UIDS = ["04A1B2C3D4E5F6", "04A1B2C3D4E5F7", "DEADBEEF", "0102030405060708090A", "08123456"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(UIDS), st.integers(1, 6)), max_size=12))
def test_events_follow_presence(steps):
    clock = VirtualClock()
    chip = SimChip(clock=clock)
    reader = Rc522Reader(chip, clock=clock)
    on_reader: set[str] = set()
    announced: set[str] = set()
    for uid, polls in steps:
        if uid in on_reader:
            chip.remove(uid)
            on_reader.discard(uid)
        else:
            chip.place(tag_for(uid))
            on_reader.add(uid)
        for event in run(reader, clock, polls):
            if event.kind == "placed":
                assert event.uid not in announced
                announced.add(event.uid)
            else:
                assert event.uid in announced
                announced.discard(event.uid)
    # Settle: placed tags show on the next poll, absent ones after three clean misses.
    for event in run(reader, clock, 5):
        announced.add(event.uid) if event.kind == "placed" else announced.discard(event.uid)
    assert announced == on_reader

"""The presence tracker's limits (issue 13): how many clean misses remove a tag by default,
and which counts it accepts."""

import pytest

from hardware.rc522 import PresenceTracker


def misses_until_removed(tracker: PresenceTracker) -> int:
    tracker.update(["A"], True, 0)
    for poll in range(1, 10):
        if tracker.update([], True, poll):
            return poll
    raise AssertionError("never removed")


def test_by_default_a_tag_is_removed_on_the_third_clean_miss() -> None:
    assert misses_until_removed(PresenceTracker("r")) == 3


def test_one_miss_is_the_least_and_removes_at_once() -> None:
    assert misses_until_removed(PresenceTracker("r", misses=1)) == 1
    for bad in (0, -1):
        with pytest.raises(ValueError, match="misses must be at least 1"):
            PresenceTracker("r", misses=bad)

"""The rescan guard: a card placed again within a moment of its own accepted scan."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.rescan import RescanGuard

UID = "04A1B2C3D4E5F6"


def test_a_card_placed_again_within_the_window_is_a_repeat_and_after_it_is_new() -> None:
    guard = RescanGuard(2.0)
    assert not guard.repeated(UID, "default", 10.0)
    guard.accepted(UID, "default", 10.0)
    assert guard.repeated(UID, "default", 11.9)
    assert not guard.repeated(UID, "default", 12.0)
    assert not guard.repeated(UID, "seat2", 10.5)  # another reader: another player's scan
    assert not guard.repeated("04000000000001", "default", 10.5)


def test_undo_and_a_zero_window_let_every_placement_through() -> None:
    guard = RescanGuard(2.0)
    guard.accepted(UID, "default", 10.0)
    guard.forget()
    assert not guard.repeated(UID, "default", 10.1)
    off = RescanGuard(0.0)
    off.accepted(UID, "default", 10.0)
    assert not off.repeated(UID, "default", 10.0)


@given(st.lists(st.floats(min_value=0, max_value=1e6), min_size=1, max_size=50))
def test_the_guard_remembers_only_recent_scans(times) -> None:
    guard = RescanGuard(2.0)
    for n, at in enumerate(sorted(times)):
        guard.accepted(f"04{n:012X}", "default", at)
    assert len(guard._last) <= sum(1 for t in times if max(times) - t < 2.0)

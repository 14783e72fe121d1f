"""Fixtures: a simulated chip on a virtual clock, and our driver on it."""

from __future__ import annotations

import pytest

from hardware.rc522 import Rc522Reader
from hardware.sim import SimChip, VirtualClock

POLL = 0.05


@pytest.fixture
def clock() -> VirtualClock:
    return VirtualClock(1000.0)


@pytest.fixture
def chip(clock: VirtualClock) -> SimChip:
    return SimChip(clock=clock, seed=1)


@pytest.fixture
def reader(chip: SimChip, clock: VirtualClock) -> Rc522Reader:
    return Rc522Reader(chip, name="seat1", clock=clock)


def run(reader: Rc522Reader, clock: VirtualClock, polls: int) -> list:
    """Poll `polls` times, one default interval apart; all events in order."""
    events = []
    for _ in range(polls):
        events += reader.poll()
        clock.advance(POLL)
    return events


def kinds(events: list) -> list[tuple[str, str]]:
    return [(event.kind, event.uid) for event in events]

"""Our driver under every reading of the datasheet the simulator can take (tests/hardware/quirks.py)."""

import pytest

from hardware.rc522 import Rc522Reader
from hardware.sim import Classic1K, Ntag213, SimChip

from .conftest import kinds, run
from .quirks import CLAIMED

NTAG, CLASSIC = "04A1B2C3D4E5F6", "DEADBEEF"
# Three 4-byte uids that collide in the middle of a byte after an earlier collision, so the
# two readings of CollPos point at different bits.
OVERLAPPING = ("DEADBEEF", "DEADBE6F", "DEADBE2B")


@pytest.fixture(params=CLAIMED)
def quirky(request, clock):
    chip = SimChip(clock=clock, seed=3, quirks=request.param)
    return chip, Rc522Reader(chip, name="seat1", clock=clock)


def test_a_resting_ntag_and_classic_are_placed_once_and_removed_once(quirky, clock):
    chip, reader = quirky
    chip.place(Ntag213(NTAG))
    chip.place(Classic1K(CLASSIC))
    assert sorted(kinds(run(reader, clock, 60))) == [("placed", NTAG), ("placed", CLASSIC)]
    chip.remove(NTAG)
    assert kinds(run(reader, clock, 10)) == [("removed", NTAG)]
    chip.remove(CLASSIC)
    assert kinds(run(reader, clock, 10)) == [("removed", CLASSIC)]
    assert run(reader, clock, 20) == []


def test_three_overlapping_tags_are_each_found(quirky, clock):
    chip, reader = quirky
    for uid in OVERLAPPING:
        chip.place(Classic1K(uid))
    assert sorted(kinds(run(reader, clock, 60))) == sorted(("placed", u) for u in OVERLAPPING)
    chip.remove(OVERLAPPING[1])
    assert kinds(run(reader, clock, 20)) == [("removed", OVERLAPPING[1])]

"""Our driver on the simulated chip: uids of every size, presence over many polls, pacing."""

import pytest

from hardware.rc522 import Iso14443a, Mfrc522, Rc522Reader
from hardware.reader import RESTING_SLOWER
from hardware.sim import Classic1K, LongUidTag, Ntag213, SimChip, State, VirtualClock

from .conftest import kinds, run


@pytest.mark.parametrize(
    ("tag_type", "uid"),
    [(Classic1K, "DEADBEEF"), (Ntag213, "04A1B2C3D4E5F6"), (LongUidTag, "0102030405060708090A")],
)
def test_reads_4_7_and_10_byte_uids(reader, chip, clock, tag_type, uid):
    chip.place(tag_type(uid))
    events = reader.poll()
    assert kinds(events) == [("placed", uid)]
    assert events[0].reader == "seat1" and events[0].at == pytest.approx(clock(), abs=0.01)


def test_uid_is_in_transmission_order_and_not_the_cascade_tag(reader, chip):
    chip.place(Ntag213("04112233445566"))
    (event,) = reader.poll()
    assert event.uid == "04112233445566"


def test_a_resting_tag_is_placed_once_and_removed_once(reader, chip, clock):
    tag = chip.place(Ntag213("04A1B2C3D4E5F6"))
    events = run(reader, clock, 500)
    assert kinds(events) == [("placed", tag.uid_hex)]
    assert tag.state is State.HALT  # each poll leaves it halted, each WUPA wakes it
    chip.remove(tag)
    events = run(reader, clock, 3)
    assert kinds(events) == [("removed", tag.uid_hex)]
    assert run(reader, clock, 50) == []


def test_removal_waits_for_three_clean_misses(reader, chip, clock):
    tag = chip.place(Classic1K("DEADBEEF"))
    run(reader, clock, 2)
    chip.remove(tag)
    assert run(reader, clock, 2) == []
    chip.place(tag)  # back before the third miss: nothing happened
    assert run(reader, clock, 20) == []


def test_field_is_off_briefly_after_a_removal(reader, chip, clock):
    tag = chip.place(Classic1K("DEADBEEF"))
    run(reader, clock, 1)
    chip.remove(tag)
    run(reader, clock, 3)
    assert not chip.field_on
    run(reader, clock, 1)
    assert chip.field_on


@pytest.mark.parametrize("count", [2, 3, 5])
def test_several_tags_at_once_are_each_placed_once_and_stay(reader, chip, clock, count):
    uids = [f"04{i:02X}{i * 37 % 256:02X}A1B2C3D4" for i in range(count - 1)] + ["DEADBEEF"]
    for uid in uids:
        chip.place(Ntag213(uid) if len(uid) == 14 else Classic1K(uid))
    events = run(reader, clock, 200)
    assert sorted(kinds(events)) == sorted(("placed", uid) for uid in uids)


def test_a_second_tag_arriving_next_to_a_resting_one(reader, chip, clock):
    chip.place(Ntag213("04A1B2C3D4E5F6"))
    run(reader, clock, 10)
    chip.place(Ntag213("04A1B2C3D4E5F7"))  # differs in the very last bit
    assert kinds(run(reader, clock, 100)) == [("placed", "04A1B2C3D4E5F7")]


def test_inventory_costs_few_transactions_when_empty(chip, clock):
    reader = Rc522Reader(chip, clock=clock)
    reader.poll()  # initialises
    clock.advance(0.05)
    before = chip.counters.transactions
    reader.poll()
    assert chip.counters.transactions - before <= 8


def test_inventory_of_colliding_tags_walks_the_tree_once(chip, clock):
    reader = Rc522Reader(chip, clock=clock)
    reader.poll()
    chip.place(Classic1K("DEADBEEF"))
    chip.place(Classic1K("DEADBEEE"))  # collide in the last uid bit only
    inventory = Iso14443a(reader.chip).inventory()
    assert inventory.clean and sorted(card.hex for card in inventory.cards) == [
        "DEADBEEE",
        "DEADBEEF",
    ]
    assert chip.counters.exchanges < 120


def test_timer_comes_from_the_chip_not_a_loop_count(chip, clock):
    mfrc = Mfrc522(chip, clock=clock)
    mfrc.init()
    before = chip.counters.transactions
    frame = mfrc.transceive(b"\x52", tx_last_bits=7)
    assert frame.status.value == "timeout" and chip.counters.transactions - before <= 8


def test_events_polls_at_the_interval_while_empty_and_slower_while_a_tag_rests(monkeypatch):
    """A tag placed is what players wait for; a resting tag is selected again each poll, at
    5-7 times an empty poll's SPI transfers, and only its removal waits on that."""
    import hardware.reader as base

    reader = Rc522Reader(SimChip(), interval=0.04)
    tag = reader.spi.place(Classic1K("DEADBEEF"))
    naps = []

    def nap(seconds):
        naps.append(seconds)
        if len(naps) == 2:
            reader.spi.remove(tag)  # lifted after two polls
        if len(naps) == 7:
            reader.close()

    monkeypatch.setattr(base.time, "sleep", nap)
    events = list(reader.events())
    assert [(event.kind, event.uid) for event in events] == [
        ("placed", "DEADBEEF"),
        ("removed", "DEADBEEF"),  # after three polls without it
    ]
    resting, empty = naps[:4], naps[5:]  # the fifth poll took it off the reader
    assert all(0.04 < nap <= 0.04 * RESTING_SLOWER for nap in resting), naps
    assert all(0 < nap <= 0.04 for nap in empty), naps


def test_close_turns_the_field_off(reader, chip, clock):
    run(reader, clock, 1)
    assert chip.field_on
    reader.close()
    assert not chip.field_on and reader.closed


def test_virtual_clock_moves_with_spi_traffic():
    clock = VirtualClock()
    chip = SimChip(clock=clock, spi_hz=1_000_000)
    chip.xfer2([0x80 | (0x37 << 1), 0])
    assert clock() == pytest.approx(16e-6 + 2e-6)

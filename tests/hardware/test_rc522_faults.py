"""Every injected fault: no phantom events, faults reported, and recovery afterwards."""

import logging

import pytest

from hardware.rc522 import Rc522Reader
from hardware.rc522.registers import Reg
from hardware.sim import Classic1K, LongUidTag, Ntag213, SimChip

from .conftest import kinds, run

UIDS = ("04A1B2C3D4E5F6", "DEADBEEF", "0102030405060708090A")


def place_all(chip):
    chip.place(Ntag213(UIDS[0]))
    chip.place(Classic1K(UIDS[1]))
    chip.place(LongUidTag(UIDS[2]))


@pytest.mark.parametrize("fault", ["miss_rate", "noise_rate", "garble_rate"])
def test_no_phantom_events_under_lost_replies_or_noise(reader, chip, clock, fault):
    place_all(chip)
    setattr(chip.faults, fault, 0.1)
    events = run(reader, clock, 400)
    assert sorted(kinds(events)) == sorted(("placed", uid) for uid in UIDS)
    chip.remove(UIDS[1])
    events = run(reader, clock, 100)
    assert kinds(events) == [("removed", UIDS[1])]


def test_heavy_noise_delays_but_never_invents(reader, chip, clock):
    chip.place(Ntag213(UIDS[0]))
    chip.faults.noise_rate = 0.5
    events = run(reader, clock, 300)
    assert kinds(events) == [("placed", UIDS[0])]
    chip.remove(UIDS[0])
    assert kinds(run(reader, clock, 300)) == [("removed", UIDS[0])]


def test_a_lost_wupa_reply_is_retried_rather_than_counted(reader, chip, clock):
    chip.place(Classic1K(UIDS[1]))
    run(reader, clock, 2)
    for _ in range(10):
        chip.faults.miss_next = 1
        assert reader.poll() == []
        clock.advance(0.05)


@pytest.mark.parametrize("stuck", [0x00, 0xFF])
def test_dead_bus_is_reported_and_recovered_without_phantoms(reader, chip, clock, caplog, stuck):
    chip.place(Classic1K(UIDS[1]))
    assert kinds(run(reader, clock, 3)) == [("placed", UIDS[1])]
    chip.faults.dead_bus = stuck
    with caplog.at_level(logging.WARNING, logger="hardware.rc522"):
        assert run(reader, clock, 60) == []
    assert reader.fault and f"0x{stuck:02X}" in reader.fault
    assert f"VersionReg reads 0x{stuck:02X}" in caplog.text
    assert caplog.text.count("seat1:") <= 3  # reported once, not every poll
    chip.faults.dead_bus = None
    assert run(reader, clock, 40) == []  # back, and the resting tag is not announced again
    assert reader.fault is None and chip.field_on


def test_tag_removed_while_the_bus_was_dead_is_removed_after_recovery(reader, chip, clock):
    chip.place(Classic1K(UIDS[1]))
    run(reader, clock, 3)
    chip.faults.dead_bus = 0x00
    run(reader, clock, 10)
    chip.remove(UIDS[1])
    chip.faults.dead_bus = None
    assert kinds(run(reader, clock, 40)) == [("removed", UIDS[1])]


def test_no_chip_at_start_is_reported_then_found(chip, clock):
    chip.faults.dead_bus = 0xFF
    reader = Rc522Reader(chip, clock=clock)
    assert run(reader, clock, 5) == []
    assert "no chip answering" in reader.fault and "3.3 V" in reader.fault
    chip.faults.dead_bus = None
    chip.place(Classic1K(UIDS[1]))
    assert kinds(run(reader, clock, 30)) == [("placed", UIDS[1])]


def test_a_chip_that_stops_answering_is_reset_by_the_watchdog(reader, chip, clock):
    chip.place(Ntag213(UIDS[0]))
    run(reader, clock, 3)
    chip.faults.hung = True
    assert run(reader, clock, 3) == []
    assert not chip.faults.hung  # the watchdog's SoftReset cleared it
    chip.remove(UIDS[0])
    assert kinds(run(reader, clock, 10)) == [("removed", UIDS[0])]
    chip.place(Classic1K(UIDS[1]))
    assert kinds(run(reader, clock, 3)) == [("placed", UIDS[1])]


def test_the_hung_wait_ends_on_the_wall_clock_deadline(reader, chip, clock):
    run(reader, clock, 1)
    chip.faults.hung = True
    started = clock()
    reader.poll()
    assert 0.010 < clock() - started < 0.05


def test_a_chip_that_reset_itself_is_reconfigured(reader, chip, clock):
    chip.place(Classic1K(UIDS[1]))
    run(reader, clock, 3)
    chip.soft_reset()  # a brown-out: antenna off, timer settings gone
    events = run(reader, clock, 60)
    assert events == [] and chip.field_on
    assert chip.xfer2([0x80 | (Reg.TMode << 1), 0])[1] == 0x80


def test_reset_pin_is_pulsed_on_reinitialisation(chip, clock):
    class Pin:
        def __init__(self):
            self.calls = []

        def off(self):
            self.calls.append("off")

        def on(self):
            self.calls.append("on")

    pin = Pin()
    reader = Rc522Reader(chip, clock=clock, reset=pin)
    run(reader, clock, 1)
    chip.faults.hung = True
    run(reader, clock, 3)
    assert pin.calls == ["off", "on", "off", "on"]


@pytest.mark.parametrize("version", [0x91, 0x88, 0x12])
def test_clone_version_registers_work(clock, version):
    chip = SimChip(version=version, clock=clock)
    chip.place(Ntag213(UIDS[0]))
    reader = Rc522Reader(chip, clock=clock)
    assert kinds(run(reader, clock, 2)) == [("placed", UIDS[0])]
    assert reader.version == version and reader.fault is None


def test_status_reports_a_dead_bus_and_its_recovery(reader, chip, clock):
    run(reader, clock, 3)
    assert reader.status == "ok"
    chip.faults.dead_bus = 0xFF
    run(reader, clock, 20)
    assert reader.status.startswith("chip: VersionReg reads 0xFF")
    chip.faults.dead_bus = None
    run(reader, clock, 40)
    assert reader.status == "ok"

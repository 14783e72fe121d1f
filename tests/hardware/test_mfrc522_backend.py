"""The `mfrc522` package, unmodified, on the simulated chip through stand-in Pi modules."""

import logging
import sys

import pytest

from hardware.mfrc522_backend import open_mfrc522
from hardware.sim import Classic1K, Ntag213, SimChip, VirtualClock
from hardware.sim.pimodules import PACKAGE_MODULES, fake_pi_modules

from .conftest import kinds, run


@pytest.fixture
def sim(monkeypatch):
    clock = VirtualClock()
    chip = SimChip(clock=clock)
    for name in PACKAGE_MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    for name, module in fake_pi_modules(chip).items():
        monkeypatch.setitem(sys.modules, name, module)
    reader = open_mfrc522("legacy", "spi0.0", {})
    reader.clock = clock
    return reader, chip, clock


def test_reads_a_classic_1k_uid_through_the_package(sim):
    reader, chip, clock = sim
    chip.place(Classic1K("DEADBEEF"))
    assert kinds(run(reader, clock, 30)) == [("placed", "DEADBEEF")]
    chip.remove("DEADBEEF")
    assert kinds(run(reader, clock, 3)) == [("removed", "DEADBEEF")]


def test_package_resets_through_fake_gpio_pin_22(sim):
    assert sys.modules["RPi.GPIO"].pins == {22: 1}


def test_ntag_uid_is_reported_unsupported_not_misread(sim, caplog):
    reader, chip, clock = sim
    chip.place(Ntag213("04A1B2C3D4E5F6"))
    with caplog.at_level(logging.WARNING, logger="hardware.mfrc522"):
        assert run(reader, clock, 10) == []
    assert "4-byte uids only" in reader.unsupported and "starts 04A1B2" in reader.unsupported
    assert caplog.text.count("4-byte uids only") == 1


def test_an_empty_poll_costs_the_package_about_two_thousand_transfers(sim):
    reader, chip, clock = sim
    before = chip.counters.transactions
    reader.poll()
    assert 1900 < chip.counters.transactions - before < 2200


def test_rejects_unknown_options():
    with pytest.raises(ValueError, match="does not take"):
        open_mfrc522("m", "spi0.0", {"cs": "8"})

"""`open_rc522()` from URL parts: spidev device, speed, gpiozero reset and chip select."""

import sys

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from hardware.rc522 import open_rc522
from hardware.sim import Classic1K, SimChip
from hardware.sim.pimodules import fake_pi_modules


@pytest.fixture
def pins(monkeypatch):
    factory = MockFactory()
    monkeypatch.setattr(Device, "pin_factory", factory)
    yield factory
    factory.reset()


@pytest.fixture
def chip(monkeypatch):
    chip = SimChip()
    monkeypatch.setitem(sys.modules, "spidev", fake_pi_modules(chip)["spidev"])
    return chip


def test_opens_the_bus_device_and_pins(pins, chip):
    reader = open_rc522("center", "spi0.1", {"rst": "25", "cs": "8", "speed": "2000000"})
    chip.place(Classic1K("DEADBEEF"))
    assert [event.uid for event in reader.poll()] == ["DEADBEEF"]
    spi = reader.spi.spi
    assert (spi.bus, spi.device, spi.max_speed_hz, spi.mode, spi.no_cs) == (
        0,
        1,
        2_000_000,
        0,
        True,
    )
    assert pins.pin(25).state == 1  # out of reset
    assert pins.pin(8).state == 1  # chip select idles high, pulled low only per transfer
    assert reader.name == "center"
    during = []
    transfer = chip.xfer2
    chip.xfer2 = lambda data: during.append(pins.pin(8).state) or transfer(data)
    reader.poll()
    assert during and set(during) == {0}
    reader.close()


def test_bad_urls_fail_before_touching_hardware(pins, chip):
    with pytest.raises(ValueError, match="does not take"):
        open_rc522("r", "spi0.0", {"irq": "24"})
    with pytest.raises(ValueError, match="spi<bus>.<device>"):
        open_rc522("r", "spi0", {})
    with pytest.raises(ValueError, match="numbers"):
        open_rc522("r", "spi0.0", {"rst": "GPIO25"})


@pytest.mark.parametrize("pin", ["rst", "cs"])
def test_a_pin_in_use_is_an_oserror_and_the_spi_device_is_closed(pins, chip, monkeypatch, pin):
    from gpiozero import OutputDevice

    closed = []
    monkeypatch.setattr(sys.modules["spidev"].SpiDev, "close", lambda self: closed.append(1))
    taken = OutputDevice(25)
    try:
        with pytest.raises(OSError, match="GPIO25"):
            open_rc522("r", "spi0.0", {pin: "25"})
    finally:
        taken.close()
    assert closed == [1]

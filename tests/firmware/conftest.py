"""Run the MicroPython firmware on CPython: a stand-in `machine` module whose SPI bus is
wired to simulated MFRC522 chips (hardware.sim), and MicroPython's `time.ticks_*`."""

import importlib
import sys
import time
import types
from pathlib import Path

import pytest

from hardware.sim import SimChip, VirtualClock

FIRMWARE = Path(__file__).parents[2] / "firmware"
MODULES = ("bridge_protocol", "rc522", "iso14443a", "presence", "bridge", "main")


class Pin:
    OUT = 1
    IN = 0

    def __init__(self, board, pin_id, mode=-1, value=None):
        self.id = pin_id
        self.level = 1 if value else 0
        board.pins[pin_id] = self

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = 1 if level else 0
        return None


class Board:
    """The stand-in `machine` module: pins, and one SPI bus with a chip per CS pin."""

    def __init__(self, clock):
        self.clock = clock
        self.pins = {}
        self.chips = {}  # chip-select pin id -> SimChip

    def add_chip(self, cs, **kwargs):
        self.chips[cs] = SimChip(clock=self.clock, **kwargs)
        return self.chips[cs]

    def module(self):
        board = self
        machine = types.ModuleType("machine")

        class BoardPin(Pin):
            def __init__(self, pin_id, mode=-1, value=None):
                super().__init__(board, pin_id, mode, value)

        class SPI:
            def __init__(self, spi_id, baudrate=1000000, polarity=0, phase=0, **pins):
                assert (polarity, phase) == (0, 0), "the MFRC522 needs SPI mode 0"

            def write_readinto(self, out, into):
                selected = [cs for cs in board.chips if board.pins[cs].level == 0]
                assert len(selected) == 1, f"chip selects low: {selected}"
                into[:] = bytes(board.chips[selected[0]].xfer2(list(out)))

        machine.Pin = BoardPin
        machine.SPI = SPI
        return machine


@pytest.fixture
def clock():
    return VirtualClock(1000.0)


@pytest.fixture
def board(clock):
    return Board(clock)


@pytest.fixture
def firmware(board, clock, monkeypatch):
    """The firmware's modules, imported fresh against the stand-in board."""
    monkeypatch.setitem(sys.modules, "machine", board.module())
    monkeypatch.setattr(time, "ticks_ms", lambda: int(clock() * 1000), raising=False)
    monkeypatch.setattr(time, "ticks_add", lambda ticks, delta: ticks + delta, raising=False)
    monkeypatch.setattr(time, "ticks_diff", lambda end, start: end - start, raising=False)
    monkeypatch.setattr(time, "sleep_ms", lambda ms: clock.advance(ms / 1000), raising=False)
    monkeypatch.syspath_prepend(str(FIRMWARE))
    for name in MODULES:
        sys.modules.pop(name, None)
    loaded = types.SimpleNamespace(**{name: importlib.import_module(name) for name in MODULES})
    yield loaded
    for name in MODULES:
        sys.modules.pop(name, None)

"""Stand-in `spidev` and `RPi.GPIO` modules wired to a SimChip.

The `mfrc522` package imports both at module level and opens its own SpiDev, so the only
way to run it unmodified off a Pi is to put these in `sys.modules` before importing it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

from hardware.sim.chip import SimChip

PACKAGE_MODULES = ("mfrc522", "mfrc522.MFRC522", "mfrc522.SimpleMFRC522")


def fake_pi_modules(chip: SimChip) -> dict[str, ModuleType]:
    """`{"spidev": ..., "RPi": ..., "RPi.GPIO": ...}` for `sys.modules`."""

    class SpiDev:
        def __init__(self) -> None:
            self.max_speed_hz = 0
            self.mode = 0

        def open(self, bus: int, device: int) -> None:
            self.bus, self.device = bus, device

        def xfer2(self, data: list[int]) -> list[int]:
            return chip.xfer2(list(data))

        xfer = xfer2

        def close(self) -> None:
            pass

    spidev = ModuleType("spidev")
    spidev.SpiDev = SpiDev  # type: ignore[attr-defined]

    gpio = ModuleType("RPi.GPIO")
    pins: dict[int, int] = {}
    mode: list[int | None] = [None]
    gpio.BOARD, gpio.BCM, gpio.OUT, gpio.IN = 10, 11, 0, 1  # type: ignore[attr-defined]
    gpio.pins = pins  # type: ignore[attr-defined]
    gpio.getmode = lambda: mode[0]  # type: ignore[attr-defined]
    gpio.setmode = lambda value: mode.__setitem__(0, value)  # type: ignore[attr-defined]
    gpio.setup = lambda pin, direction: pins.setdefault(pin, 0)  # type: ignore[attr-defined]
    gpio.output = lambda pin, value: pins.__setitem__(pin, value)  # type: ignore[attr-defined]
    gpio.cleanup = pins.clear  # type: ignore[attr-defined]

    rpi = ModuleType("RPi")
    rpi.GPIO = gpio  # type: ignore[attr-defined]
    return {"spidev": spidev, "RPi": rpi, "RPi.GPIO": gpio}


@contextmanager
def pi_modules_on(chip: SimChip) -> Iterator[None]:
    """Install the stand-ins (and forget any imported `mfrc522`) for the block."""
    names = (*fake_pi_modules(chip), *PACKAGE_MODULES)
    saved = {name: sys.modules.get(name) for name in names}
    for name in PACKAGE_MODULES:
        sys.modules.pop(name, None)
    sys.modules.update(fake_pi_modules(chip))
    try:
        yield
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module

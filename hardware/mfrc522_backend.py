"""`mfrc522://`: the PyPI `mfrc522` 0.0.7 package behind our Reader interface.

For builds already wired for that package (reset on BOARD pin 22). Its limits, which this
wrapper cannot fix (see docs/driver.md): 4-byte uids only (a 7-byte NTAG uid comes back
as the 0x88 cascade tag plus 3 bytes, reported here as unsupported, never as a uid); one
tag at a time (two tags collide and read as none); noise and absence look alike; every
silent exchange costs ~2,000 SPI reads because its wait loop never sees the timer flag;
RPi.GPIO does not work on a Pi 5. Use `rc522://` where you can.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from hardware.errors import ConfigError, Unsupported
from hardware.events import TagEvent
from hardware.rc522.presence import PresenceTracker
from hardware.rc522.transport import parse_spi_target
from hardware.reader import Reader

log = logging.getLogger("hardware.mfrc522")

# 20 Hz: the package's empty poll is ~2,000 SPI transfers and 6 ms of CPU here
# (bench/readers.py), where ours (hardware.reader.POLL_INTERVAL, 50 Hz) is 8.
PACKAGE_INTERVAL = 0.05
CASCADE_TAG = 0x88
HLTA = [0x50, 0x00]


class Mfrc522PackageReader(Reader):
    """Polls with the package's own calls: WUPA, anticollision, select, then HLTA so a
    resting card answers the next WUPA instead of flickering."""

    cannot_write = (
        "the mfrc522 package reads only 4-byte uids and cannot write NTAG memory; "
        "use rc522:// to write stickers"
    )

    def __init__(
        self,
        device: Any,
        *,
        name: str = "mfrc522",
        clock: Callable[[], float] = time.monotonic,
        interval: float = PACKAGE_INTERVAL,
        misses: int = 3,
    ) -> None:
        self.device = device
        self.name = name
        self.clock = clock
        self.interval = interval
        self.tracker = PresenceTracker(name, misses=misses)
        self.unsupported: str | None = None

    def poll(self) -> list[TagEvent]:
        device = self.device
        now = self.clock()
        seen: list[str] = []
        clean = True
        status, _ = device.MFRC522_Request(device.PICC_REQALL)
        if status == device.MI_OK:
            status, raw = device.MFRC522_Anticoll()
            if status != device.MI_OK:
                clean = False
            elif raw[0] == CASCADE_TAG:
                clean = False  # a tag is there; we just cannot say which
                self._unsupported(raw)
            elif device.MFRC522_SelectTag(raw):
                seen.append(bytes(raw[:4]).hex().upper())
                device.MFRC522_ToCard(device.PCD_TRANSCEIVE, HLTA + device.CalulateCRC(HLTA))
            else:
                clean = False
        return self.tracker.update(seen, clean, now)

    def _unsupported(self, raw: list[int]) -> None:
        message = (
            f"{self.name}: a tag with a 7- or 10-byte uid (starts {bytes(raw[1:4]).hex().upper()}"
            ", e.g. an NTAG sticker) is on the reader; the mfrc522 package reads 4-byte uids"
            " only: use rc522:// for it"
        )
        if message != self.unsupported:
            log.warning(message)
        self.unsupported = message

    def close(self) -> None:
        super().close()
        self.device.Close_MFRC522()


_OPTIONS = {"rst", "speed", "interval"}


def open_mfrc522(name: str, netloc: str, query: dict[str, str]) -> Mfrc522PackageReader:
    """`mfrc522://spi0.0?rst=22&speed=1000000`; `rst` is a BOARD pin number, as the
    package numbers them."""
    unknown = set(query) - _OPTIONS
    if unknown:
        raise ConfigError(
            f"mfrc522:// does not take {', '.join(sorted(unknown))} (use {', '.join(sorted(_OPTIONS))})"
        )
    bus, device = parse_spi_target(netloc)
    try:
        rst = int(query.get("rst", 22))
        speed = int(query.get("speed", 1_000_000))
        interval = float(query.get("interval", PACKAGE_INTERVAL))
    except ValueError:
        raise ConfigError(f"mfrc522:// options must be numbers, got {query}") from None
    try:
        from mfrc522 import MFRC522
    except RuntimeError as err:  # RPi.GPIO refuses to load off a Pi, and on a Pi 5
        raise Unsupported(f"mfrc522:// cannot run here ({err}): use rc522://") from None

    chip = MFRC522(bus=bus, device=device, spd=speed, pin_rst=rst)
    return Mfrc522PackageReader(chip, name=name, interval=interval)

"""Layer 5: `Rc522Reader`, our driver for `rc522://`: one poll is WUPA, select, HLTA for
every tag in the field, fed to the presence tracker, under the watchdog's eye."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from hardware.errors import ChipFault, ConfigError, Noise, TagError, TornWrite
from hardware.events import TagEvent
from hardware.rc522.chip import Mfrc522, SpiDevice
from hardware.rc522.iso14443a import RETRY_WAKES, Iso14443a
from hardware.rc522.ndef import (
    IDENTITY_MIME,
    TNF_MIME,
    Record,
    decode_message,
    encode_message,
    mime_record,
    unwrap_tlv,
    wrap_tlv,
)
from hardware.rc522.ntag import Ntag, NtagError
from hardware.rc522.presence import PresenceTracker
from hardware.rc522.registers import GENUINE, NO_CHIP, VERSIONS
from hardware.rc522.transport import gpio_output, open_spi, parse_spi_target
from hardware.rc522.watchdog import Watchdog
from hardware.reader import POLL_INTERVAL, RESTING_SLOWER, Reader

log = logging.getLogger("hardware.rc522")
IDENTITY_MIME_B = IDENTITY_MIME.encode("ascii")


class Rc522Reader(Reader):
    """An MFRC522 on any object with spidev's `xfer2()`; thread-safe.

    `fault` is None while the chip answers, else what is wrong with it (also logged once).
    `reset`: a gpiozero OutputDevice on the RST pin, pulsed before each re-initialisation.
    """

    can_write = True

    def __init__(
        self,
        spi: SpiDevice,
        *,
        name: str = "rc522",
        reset: Any = None,
        clock: Callable[[], float] = time.monotonic,
        interval: float = POLL_INTERVAL,
        misses: int = 3,
        max_tags: int = 8,
    ) -> None:
        self.name = name
        self.interval = interval
        self.spi = spi
        self.reset = reset
        self.clock = clock
        self.max_tags = max_tags
        self.chip = Mfrc522(spi, clock=clock)
        self.iso = Iso14443a(self.chip)
        self.tracker = PresenceTracker(name, misses=misses)
        self.watchdog = Watchdog()
        self.fault: str | None = None
        self.version: int | None = None
        self._lock = threading.RLock()
        self._ready = False
        self._field_off = False
        self._settling = True

    def pace(self) -> float:
        """`interval` while the reader is empty, RESTING_SLOWER times it while a tag rests."""
        return self.interval * RESTING_SLOWER if self.tracker.present else self.interval

    def poll(self) -> list[TagEvent]:
        with self._lock:
            now = self.clock()
            if not self._ready and not self._initialise(now):
                return []
            try:
                problem = self.chip.health() if self.watchdog.check_due(now) else None
                if problem is None:
                    return self._scan(now)
            except ChipFault as err:
                if not self.watchdog.fault():
                    return []
                problem = str(err)
            self._report(problem)
            self._ready = False
            self._initialise(now)
            return []

    def _scan(self, now: float) -> list[TagEvent]:
        if self._field_off:
            self.chip.antenna(True)
            self._field_off = False
            self._settling = True
        inventory = self.iso.inventory(max_tags=self.max_tags)
        seen = {card.hex for card in inventory.cards}
        if inventory.clean and set(self.tracker.present) - seen:
            # Before counting a miss, look again, harder: a lost WUPA or HLTA frame leaves
            # a tag silent for one round, and the next WUPA wakes it.
            inventory = self.iso.inventory(max_tags=self.max_tags, wake_attempts=RETRY_WAKES)
            seen |= {card.hex for card in inventory.cards}
        self.watchdog.ok()
        clean = inventory.clean and not self._settling  # tags just powered may miss a WUPA
        self._settling = False
        events = self.tracker.update(sorted(seen), clean, now)
        if any(event.kind == "removed" for event in events):
            # Field off until the next poll: a tag half out of the field restarts cleanly.
            self.chip.antenna(False)
            self._field_off = True
        return events

    def _initialise(self, now: float) -> bool:
        if not self.watchdog.may_init(now):
            return False
        if self.reset is not None:
            self.reset.off()
            self.reset.on()
        try:
            self.version = self.chip.init()
        except ChipFault as err:
            self._report(str(err))
            return False
        if self.fault is not None:
            log.warning("%s: chip answering again (VersionReg 0x%02X)", self.name, self.version)
        if self.version not in GENUINE:
            log.info(
                "%s: VersionReg 0x%02X (%s)",
                self.name,
                self.version,
                VERSIONS.get(self.version, "unknown"),
            )
        self.fault = None
        self._ready = True
        self._settling = True
        self._field_off = False
        self.watchdog.initialised(now)
        return True

    @property
    def status(self) -> str:
        """What the hub shows for this reader: "ok", or the chip's fault in one line."""
        return "ok" if self.fault is None else f"chip: {self.fault}"

    def describe(self) -> str:
        return describe_chip(self.version, self.fault)

    def _report(self, problem: str) -> None:
        if problem != self.fault:
            log.warning("%s: %s", self.name, problem)
        self.fault = problem

    # --- NTAG memory -----------------------------------------------------------------

    def _open_ntag(self, uid: str) -> Ntag:
        try:
            if not self._ready and not self._initialise(self.clock()):
                raise NtagError(f"{self.name}: {self.fault}")
            if self._field_off:
                self.chip.antenna(True)
                self._field_off = False
            if not self.iso.wake() and not self.iso.wake():
                raise NtagError(f"tag {uid} is not on reader {self.name}")
            card = self.iso.select_uid(bytes.fromhex(uid))
        except Noise as err:
            raise NtagError(f"tag {uid}: {err}") from None
        if not card.is_ntag:
            raise NtagError(
                f"tag {uid} answers SAK 0x{card.sak:02X}: not an NTAG "
                "(MIFARE Classic memory needs keys; only its uid is used)"
            )
        return Ntag(self.chip)

    def read_ndef(self, uid: str) -> list[Record]:
        """The NDEF records stored on the NTAG with this uid (it must be on the reader)."""
        with self._lock:
            try:
                message = unwrap_tlv(self._open_ntag(uid).read_user())
            finally:
                self.iso.halt()
        return decode_message(message) if message else []

    def write_ndef(self, uid: str, records: list[Record]) -> None:
        data = wrap_tlv(encode_message(records))
        with self._lock:
            try:
                self._open_ntag(uid).write_user(data)
            finally:
                self.iso.halt()

    def read_identity(self, uid: str) -> bytes | None:
        """The payload of the first identity record on the NTAG `uid`; None without one."""
        records = self.read_ndef(uid)
        found = (r.payload for r in records if r.tnf == TNF_MIME and r.type == IDENTITY_MIME_B)
        return next(found, None)

    def write_identity(self, uid: str, payload: bytes) -> None:
        """Write the identity record as the tag's only NDEF record (nothing is locked),
        then read it back: the read-back, not the write's acknowledgements, decides."""
        try:
            self.write_ndef(uid, [mime_record(IDENTITY_MIME, payload)])
            stopped = ""
        except TornWrite as torn:  # a lost ACK may still have written: read back and see
            stopped = f" ({torn})"
        try:
            back = self.read_identity(uid)
        except TagError:
            raise TornWrite(
                f"tag {uid} left the reader before its record was checked{stopped}: "
                "place it again to write it"
            ) from None
        if back != payload:
            raise TornWrite(
                f"tag {uid}: the record read back is not the one written{stopped}: "
                "place it again to write it"
            )

    def close(self) -> None:
        with self._lock:
            super().close()
            if self._ready:
                self.chip.antenna(False)
            for device in (self.spi, self.reset):
                if device is not None and hasattr(device, "close"):
                    device.close()


def describe_chip(version: int | None, fault: str | None) -> str:
    """An RC522 in one line: its fault, or its VersionReg and what that means."""
    if fault:
        return f"not answering: {fault}"
    if version is None:
        return "RC522, not read yet"
    if version in NO_CHIP:
        return (
            f"VersionReg 0x{version:02X}: no chip answering: check the wiring, "
            "and that it is on 3.3 V, not 5 V"
        )
    return f"RC522 VersionReg 0x{version:02X}"


_OPTIONS = {"rst", "cs", "speed", "interval"}


def open_rc522(name: str, netloc: str, query: dict[str, str]) -> Rc522Reader:
    """`rc522://spi0.0?rst=25&speed=1000000&cs=8&interval=0.01` (pins are BCM numbers)."""
    unknown = set(query) - _OPTIONS
    if unknown:
        raise ConfigError(
            f"rc522:// does not take {', '.join(sorted(unknown))} (use {', '.join(sorted(_OPTIONS))})"
        )
    bus, device = parse_spi_target(netloc)
    try:
        speed = int(query.get("speed", 1_000_000))
        cs = int(query["cs"]) if "cs" in query else None
        rst = int(query["rst"]) if "rst" in query else None
        interval = float(query.get("interval", POLL_INTERVAL))
    except ValueError:
        raise ConfigError(f"rc522:// options must be numbers, got {query}") from None
    transport = open_spi(bus, device, speed=speed, cs=cs)
    reset = None
    if rst is not None:
        try:
            reset = gpio_output(rst, initial_value=True)
        except BaseException:  # not left holding the SPI device
            transport.close()
            raise
    return Rc522Reader(transport, name=name, reset=reset, interval=interval)

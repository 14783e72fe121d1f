"""`sim://`: our real driver (Rc522Reader) on a simulated chip with virtual tags.

A UI's virtual table or a test puts tags on it with `place()` / `remove()` / `toggle()`
from any thread; the chip's lock keeps them from landing in the middle of an SPI call.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from hardware.errors import ConfigError
from hardware.events import TagEvent, normalise_uid
from hardware.rc522.reader import Rc522Reader
from hardware.reader import POLL_INTERVAL
from hardware.sim.chip import SimChip
from hardware.sim.tags import Classic1K, LongUidTag, Ntag213, Tag

DEMO_UID = "04D3E70A6B5C80"


def tag_for(uid: str) -> Tag:
    """The virtual tag a uid suggests: 4 bytes Classic 1K, 7 NTAG213, 10 a triple-size tag."""
    uid = normalise_uid(uid)
    return {8: Classic1K, 14: Ntag213, 20: LongUidTag}[len(uid)](uid)


class SimReader(Rc522Reader):
    """`demo`: if set, a demo NTAG213 is placed and removed every `demo` seconds, so a
    reader test shows events with nobody at the keyboard."""

    can_place = True

    def __init__(
        self,
        *,
        name: str = "sim",
        chip: SimChip | None = None,
        clock: Callable[[], float] = time.monotonic,
        interval: float = POLL_INTERVAL,
        demo: float | None = None,
    ) -> None:
        self.sim = chip if chip is not None else SimChip()
        super().__init__(self.sim, name=name, clock=clock, interval=interval)
        self.demo = demo
        self._next_demo = clock() + demo if demo else None
        # every virtual sticker ever placed, so one lifted and laid again is the same sticker,
        # with what was written on it (an identity record), as a real one would be
        self.box: dict[str, Tag] = {}

    def place(self, uid: str) -> Tag:
        """Put the virtual tag with this uid on the reader (no-op if it is there); the first
        time, a new one."""
        uid = normalise_uid(uid)
        with self.sim.lock:
            present = next((tag for tag in self.sim.tags if tag.uid_hex == uid), None)
            if present is not None:
                return present
            tag = self.box.setdefault(uid, tag_for(uid))
            return self.sim.place(tag)

    def remove(self, uid: str) -> bool:
        return self.sim.remove(normalise_uid(uid)) is not None

    def toggle(self, uid: str) -> bool:
        """Place the tag if absent, else remove it; True if it is now on the reader."""
        with self.sim.lock:
            if self.remove(uid):
                return False
            self.place(uid)
            return True

    def poll(self) -> list[TagEvent]:
        if self._next_demo is not None and self.clock() >= self._next_demo:
            self.toggle(DEMO_UID)
            self._next_demo = self.clock() + (self.demo or 0)
        return super().poll()


_OPTIONS = {"tags", "demo", "version", "interval", "seed"}


def open_sim(name: str, netloc: str, query: dict[str, str]) -> SimReader:
    """`sim://?tags=2&demo=1&version=0x12`: `tags` virtual NTAG213s placed from the start,
    `demo` seconds between demo tag toggles, `version` the chip's VersionReg."""
    if netloc:
        raise ConfigError(f"sim:// takes no target, got {netloc!r}")
    unknown = set(query) - _OPTIONS
    if unknown:
        raise ConfigError(
            f"sim:// does not take {', '.join(sorted(unknown))} (use {', '.join(sorted(_OPTIONS))})"
        )
    try:
        chip = SimChip(version=int(query.get("version", "0x92"), 0), seed=int(query.get("seed", 0)))
        demo = float(query["demo"]) if "demo" in query else None
        reader = SimReader(
            name=name, chip=chip, demo=demo, interval=float(query.get("interval", POLL_INTERVAL))
        )
        for number in range(int(query.get("tags", 0))):
            reader.place(f"04{number + 1:02X}5A1E7C3B90")
    except ValueError as err:
        raise ConfigError(f"bad sim:// option in {query}: {err}") from None
    return reader

"""The small interface every reader backend shares (the gpiozero device shape)."""

from __future__ import annotations

import time
from collections.abc import Iterator

from hardware.errors import CannotWrite
from hardware.events import TagEvent

# Seconds between polls while nothing lies on the reader: a tag placed is seen within 10 ms,
# half of DESIGN.md's 50 ms from tag to prompt at most (an empty poll is 8 SPI transfers,
# ~2.3 % of a core at this pace: bench/readers.py). While a tag rests, each poll selects it
# again, 5-7 times the transfers, and only its removal waits on them: 5 times slower (50 ms).
POLL_INTERVAL = 0.01
RESTING_SLOWER = 5


class Reader:
    """A source of TagEvents. Backends implement `poll()`; `events()` paces it.

    `poll()` runs exactly one cycle and never sleeps, so tests and benchmarks drive it
    directly; `events()` polls forever, `pace()` seconds apart (`interval` unless a backend
    says otherwise), and sleeps between cycles.

    What callers may ask of any reader, declared here rather than probed for: `closed`;
    `status` ("ok" or what is wrong, one line); `describe()`; `can_place`, True for a
    virtual reader whose `place(uid)` and `remove(uid)` put tags on it (sim://);
    `can_write`, True for a reader that stores a component's identity on its sticker
    (`write_identity`, `read_identity`); otherwise `cannot_write` says why, in words.
    """

    name: str = "reader"
    interval: float = POLL_INTERVAL
    closed: bool = False
    status: str = "ok"
    can_place: bool = False
    can_write: bool = False
    cannot_write: str = "this reader only reports the uids of stickers; it cannot write to them"

    def describe(self) -> str:
        """What this reader is, in one line (`companion reader test`, the Settings screen)."""
        return type(self).__name__

    def poll(self) -> list[TagEvent]:
        raise NotImplementedError

    def write_identity(self, uid: str, payload: bytes) -> None:
        """Store an identity record's payload on the sticker `uid` lying on this reader and
        read it back: TornWrite if the read-back does not match, TagError if the tag cannot
        take it, CannotWrite from readers that only report uids."""
        raise CannotWrite(f"{self.name}: {self.cannot_write}")

    def read_identity(self, uid: str) -> bytes | None:
        """The identity payload on the sticker `uid` (None if it carries none)."""
        raise CannotWrite(f"{self.name}: {self.cannot_write}")

    def pace(self) -> float:
        """Seconds from the start of one poll to the start of the next."""
        return self.interval

    def events(self) -> Iterator[TagEvent]:
        while not self.closed:
            started = time.monotonic()
            yield from self.poll()
            time.sleep(max(0.0, self.pace() - (time.monotonic() - started)))

    def close(self) -> None:
        self.closed = True

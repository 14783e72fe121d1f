"""The small interface every reader backend shares (the gpiozero device shape)."""

from __future__ import annotations

import time
from collections.abc import Iterator

from hardware.events import TagEvent

POLL_INTERVAL = 0.05  # seconds: 20 Hz, a tag placed is seen within 50 ms at < 1 % of a core


class Reader:
    """A source of TagEvents. Backends implement `poll()`; `events()` paces it.

    `poll()` runs exactly one cycle and never sleeps, so tests and benchmarks drive it
    directly; `events()` polls forever at `interval` seconds and sleeps between cycles.

    What callers may ask of any reader, declared here rather than probed for: `closed`;
    `status` ("ok" or what is wrong, one line); `describe()`; `can_place`, True for a
    virtual reader whose `place(uid)` and `remove(uid)` put tags on it (sim://).
    """

    name: str = "reader"
    interval: float = POLL_INTERVAL
    closed: bool = False
    status: str = "ok"
    can_place: bool = False

    def describe(self) -> str:
        """What this reader is, in one line (`companion reader test`, the Settings screen)."""
        return type(self).__name__

    def poll(self) -> list[TagEvent]:
        raise NotImplementedError

    def events(self) -> Iterator[TagEvent]:
        while not self.closed:
            started = time.monotonic()
            yield from self.poll()
            time.sleep(max(0.0, self.interval - (time.monotonic() - started)))

    def close(self) -> None:
        self.closed = True

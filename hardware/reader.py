"""The small interface every reader backend shares (the gpiozero device shape)."""

from __future__ import annotations

import time
from collections.abc import Iterator

from hardware.events import TagEvent


class Reader:
    """A source of TagEvents. Backends implement `poll()`; `events()` paces it.

    `poll()` runs exactly one cycle and never sleeps, so tests and benchmarks drive it
    directly; `events()` polls forever at `interval` seconds and sleeps between cycles.
    """

    name: str = "reader"
    interval: float = 0.05

    def poll(self) -> list[TagEvent]:
        raise NotImplementedError

    def events(self) -> Iterator[TagEvent]:
        while not getattr(self, "closed", False):
            started = time.monotonic()
            yield from self.poll()
            time.sleep(max(0.0, self.interval - (time.monotonic() - started)))

    def close(self) -> None:
        self.closed = True

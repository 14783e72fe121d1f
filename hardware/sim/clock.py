"""A clock that moves only when told, so timing-dependent tests are exact and instant."""

from __future__ import annotations


class VirtualClock:
    """Callable like `time.monotonic`; `advance()` (or `sleep()`) moves it forward.

    The simulated chip advances it by each SPI transfer's duration, so a driver waiting on
    a wall-clock deadline against a silent chip still reaches that deadline.
    """

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self.now += seconds

    sleep = advance

"""When to look at the chip's health and when to re-initialise it.

Readers "that stop answering after hours" are chips that reset themselves (brown-out,
ESD) or lock up: a periodic burst read of VersionReg and the timer setup catches the first,
repeated exchange failures the second; either way the reader re-initialises, and retries
at most once per `retry_after` seconds while the chip stays unreachable.
"""

from __future__ import annotations


class Watchdog:
    def __init__(
        self, *, check_every: float = 1.0, max_faults: int = 2, retry_after: float = 1.0
    ) -> None:
        self.check_every = check_every
        self.max_faults = max_faults
        self.retry_after = retry_after
        self.faults = 0
        self._next_check = float("-inf")
        self._next_init = float("-inf")

    def check_due(self, now: float) -> bool:
        if now < self._next_check:
            return False
        self._next_check = now + self.check_every
        return True

    def fault(self) -> bool:
        """Count a failed exchange; True when it is time to re-initialise."""
        self.faults += 1
        return self.faults >= self.max_faults

    def ok(self) -> None:
        self.faults = 0

    def may_init(self, now: float) -> bool:
        if now < self._next_init:
            return False
        self._next_init = now + self.retry_after
        return True

    def initialised(self, now: float) -> None:
        self.faults = 0
        self._next_init = float("-inf")
        self._next_check = now + self.check_every

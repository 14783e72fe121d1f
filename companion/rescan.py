"""Telling a card laid down again by accident (or by radio noise) from a new scan.

Every `placed` event is a scan, so a card that drops off the reader's field for a moment
and comes back, or a bridge that reports a phantom remove-and-place, would play the same
card twice. Within `window` seconds of its own accepted scan, a card placed again on the
same reader is ignored; a card whose scan was refused may be scanned again at once.
"""

from __future__ import annotations

# Seconds. A phantom remove-and-place comes within a poll or a heartbeat; a card dealt and
# then drafted by a hand across the table takes longer than a second to move and be scanned.
DEFAULT_WINDOW = 1.0
CHOICES = (0.0, 1.0, 2.0, 3.0)  # 0 turns the guard off


class RescanGuard:
    def __init__(self, window: float = DEFAULT_WINDOW) -> None:
        self.window = window
        self._last: dict[tuple[str, str], float] = {}

    def repeated(self, uid: str, reader: str, at: float) -> bool:
        """True when this placement is the same card again within the window."""
        last = self._last.get((uid, reader))
        return last is not None and 0 <= at - last < self.window

    def accepted(self, uid: str, reader: str, at: float) -> None:
        """Remember an accepted scan (and forget ones too old to matter)."""
        self._last = {k: t for k, t in self._last.items() if at - t < self.window}
        self._last[(uid, reader)] = at

    def forget(self) -> None:
        """After an undo: the card's scan was taken back, so scanning it again is meant."""
        self._last.clear()

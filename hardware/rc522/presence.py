"""Layer 4: turns each poll's findings into placed/removed events.

A tag is placed on its first clean read and removed only after `misses` consecutive clean
polls without it. A noisy poll (CRC error, collision left unresolved, a chip fault) says
nothing about absence, so it neither counts as a miss nor resets the count; a tag resting
on the reader is never announced twice.
"""

from __future__ import annotations

from collections.abc import Iterable

from hardware.events import TagEvent


class PresenceTracker:
    def __init__(self, reader: str, *, misses: int = 3) -> None:
        if misses < 1:
            raise ValueError("misses must be at least 1")
        self.reader = reader
        self.misses = misses
        self._missed: dict[str, int] = {}

    @property
    def present(self) -> list[str]:
        return list(self._missed)

    def update(self, seen: Iterable[str], clean: bool, at: float) -> list[TagEvent]:
        seen = list(dict.fromkeys(seen))
        events = [
            TagEvent(self.reader, "placed", uid, at) for uid in seen if uid not in self._missed
        ]
        for uid in seen:
            self._missed[uid] = 0
        if clean:
            for uid in [uid for uid in self._missed if uid not in seen]:
                self._missed[uid] += 1
                if self._missed[uid] >= self.misses:
                    del self._missed[uid]
                    events.append(TagEvent(self.reader, "removed", uid, at))
        return events

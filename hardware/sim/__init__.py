"""A register-level simulated MFRC522 with virtual tags: runs the real drivers without hardware."""

from hardware.sim.chip import Counters, Faults, Quirks, SimChip
from hardware.sim.clock import VirtualClock
from hardware.sim.tags import Classic1K, LongUidTag, Ntag21x, Ntag213, Ntag215, Ntag216, State, Tag

__all__ = [
    "Classic1K",
    "Counters",
    "Faults",
    "LongUidTag",
    "Ntag21x",
    "Ntag213",
    "Ntag215",
    "Ntag216",
    "Quirks",
    "SimChip",
    "State",
    "Tag",
    "VirtualClock",
]

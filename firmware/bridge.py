"""The bridge: polls every RC522, speaks the line protocol, and watches the chips.

Kept free of `machine` and of the console so it runs on CPython in our tests; main.py
wires it to the board. A line can be lost on the wire, so each heartbeat carries the count
and a digest of the tags present (`c=`, `s=`) and each ADD its placement number (`k=`):
the host compares and sends LIST when they disagree. The first heartbeat after a start
waits for a settled first cycle, since the host removes what it has not heard again by then.
"""

import random
import time

import iso14443a
import presence
from bridge_protocol import digest, format_line, parse_command

FW_VERSION = "1.1"
HEARTBEAT_MS = 1000
FAULTS_BEFORE_REINIT = 3
BAD_VERSIONS = (0x00, 0xFF)  # MISO stuck low, or nothing on the bus
WAKES_WHEN_PRESENT = 3  # WUPAs before a tag we hold counts as missed (as the Pi driver)


class Bridge:
    def __init__(self, chips, write, misses_to_remove=3):
        self.chips = chips
        self.write = write
        self.trackers = [presence.Presence(misses_to_remove) for _ in chips]
        self.faults = [0] * len(chips)
        self.beats = 0
        self.next_beat = None
        self.polls = 0
        self.boot = f"{random.getrandbits(16):04X}"  # tells the host a reset from a re-placement
        self.settle_polls = misses_to_remove  # polls before the first heartbeat

    def start(self):
        for chip in self.chips:
            chip.init()
        self.hello()

    def hello(self):
        versions = ",".join(f"{chip.version():02X}" for chip in self.chips)
        self.write(format_line("HELLO", (("fw", FW_VERSION), ("pcd", versions))))

    def announce(self):
        """LIST: HELLO, then an ADD for every tag present."""
        self.hello()
        for number, tracker in enumerate(self.trackers):
            if tracker.uid:
                self._send(number, ("ADD", tracker.uid, tracker.sak))

    def command(self, line):
        if parse_command(line) == "LIST":
            self.announce()

    def step(self):
        """One poll of every reader, then a heartbeat when one is due."""
        for number, chip in enumerate(self.chips):
            result = self._poll(number, chip)
            for event in self.trackers[number].update(result):
                self._send(number, event)
        self.polls += 1
        if self.polls < self.settle_polls:
            return
        now = time.ticks_ms()
        if self.next_beat is None or time.ticks_diff(now, self.next_beat) >= 0:
            self.heartbeat()
            self.beats += 1
            self.next_beat = time.ticks_add(now, HEARTBEAT_MS)

    def heartbeat(self):
        present = [
            f"{number}:{tracker.uid}:{self._placement(tracker)}"
            for number, tracker in enumerate(self.trackers)
            if tracker.uid
        ]
        fields = (("n", self.beats), ("c", len(present)), ("s", digest(present)))
        self.write(format_line("HB", fields))

    def _poll(self, number, chip):
        version = chip.version()
        settled = self.polls >= self.settle_polls
        wakes = WAKES_WHEN_PRESENT if self.trackers[number].uid or not settled else 1
        result = ("fault",) if version in BAD_VERSIONS else iso14443a.read_tag(chip, wakes)
        if result[0] != "fault":
            self.faults[number] = 0
            return result
        self.faults[number] += 1
        if self.faults[number] >= FAULTS_BEFORE_REINIT:
            if version in BAD_VERSIONS:
                text = "reader {} not answering (VersionReg 0x{:02X}), re-initialising"
            else:
                text = "reader {} stopped finishing commands (VersionReg 0x{:02X}), re-initialising"
            self.write(format_line("ERR", (text.format(number, version),)))
            self.faults[number] = 0
            chip.init()
        return result

    def _send(self, number, event):
        if event[0] == "ADD":
            tracker = self.trackers[number]
            fields = (
                ("r", number),
                ("uid", event[1]),
                ("sak", f"{event[2]:02X}"),
                ("k", self._placement(tracker)),
            )
        else:
            fields = (("r", number), ("uid", event[1]))
        self.write(format_line(event[0], fields))

    def _placement(self, tracker):
        """`k`: this boot and the placement's number on its reader, e.g. `3FA1.2`."""
        return f"{self.boot}.{tracker.placements}"

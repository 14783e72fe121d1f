"""Issue 11, the bridge part: lost radio frames and lost or corrupted serial lines must
neither invent events nor lose them for good. The real firmware on the simulated chip,
wired to the real host reader through a cable that can drop or garble lines."""

import random

import pytest

from hardware.bridge_protocol import format_line, parse_line, seal
from hardware.serial_bridge import MAX_PRESENT, SerialBridgeReader
from hardware.sim import Ntag213

NTAG = "04A1B2C3D4E5F6"
POLL = 0.02  # firmware/main.py POLL_MS (the rig checks)


class Cable:
    """Device lines to the host (some dropped, garbled or glued to noise on the way) and
    host commands back; the host reads it as its serial port."""

    def __init__(self, rng=None, corrupt=0.0, glue=0.0):
        self.rng = rng or random.Random(0)
        self.corrupt, self.glue = corrupt, glue
        self.to_host = b""
        self.to_device = []
        self.spoil = {}  # kind -> "drop" | "garble", for the next line of that kind

    def send(self, text):
        for line in text.splitlines(keepends=True):
            parsed = parse_line(line)
            action = self.spoil.pop(parsed[0], None) if parsed else None
            if action == "drop":
                continue
            if action == "garble" or self.rng.random() < self.corrupt:
                i = self.rng.randrange(len(line) - 1)
                line = line[:i] + chr(ord(line[i]) ^ 0x01) + line[i + 1 :]
            if self.rng.random() < self.glue:
                line = ">>> \x1b[K" + line
            self.to_host += line.encode()

    def read(self, size):
        data, self.to_host = self.to_host, b""
        return data

    def write(self, data):
        self.to_device.append(data.decode())

    def close(self):
        pass


class Rig:
    def __init__(self, firmware, chip, clock, cable):
        self.firmware, self.chip, self.clock, self.cable = firmware, chip, clock, cable
        self.host = SerialBridgeReader("bridge", open_port=lambda url: cable, clock=clock)
        self.boot()
        self.host.poll()  # opens the port

    def boot(self):
        self.bridge = self.firmware.main.build(self.cable.send)
        self.bridge.start()

    def tick(self, polls=1):
        events = []
        for _ in range(polls):
            self.bridge.step()
            while self.cable.to_device:  # as main.run: commands after each poll
                self.bridge.command(self.cable.to_device.pop(0))
            events += [(e.kind, e.uid) for e in self.host.poll()]
            self.clock.advance(POLL)
        return events


@pytest.fixture
def rig(firmware, board, clock):
    assert firmware.main.POLL_MS == round(POLL * 1000)
    return Rig(firmware, board.add_chip(17, seed=5), clock, Cable())


BEAT = 50  # polls per heartbeat


def test_lost_wake_up_frames_are_retried_not_counted(rig):
    rig.chip.place(Ntag213(NTAG))
    assert rig.tick(5) == [("placed", NTAG)]
    for _ in range(30):
        rig.chip.faults.miss_next = 2  # two WUPAs lost in a row, every poll
        assert rig.tick() == []


def test_the_first_heartbeat_after_a_reset_waits_for_a_settled_cycle(rig):
    rig.chip.place(Ntag213(NTAG))
    assert rig.tick(5) == [("placed", NTAG)]
    rig.boot()  # the board resets; its first WUPA is lost
    rig.chip.faults.miss_next = 1
    assert rig.tick(3 * BEAT) == []


def test_a_lost_add_is_recovered_within_two_heartbeats(rig):
    rig.tick(BEAT)
    rig.cable.spoil["ADD"] = "drop"
    rig.chip.place(Ntag213(NTAG))
    assert rig.tick(2 * BEAT) == [("placed", NTAG)]


def test_a_lost_del_does_not_swallow_the_next_placement(rig):
    tag = rig.chip.place(Ntag213(NTAG))
    rig.tick(BEAT)
    rig.cable.spoil["DEL"] = "drop"
    rig.chip.remove(tag)
    rig.tick(4)  # the DEL is sent (and lost) before the next heartbeat
    rig.chip.place(Ntag213(NTAG))
    assert rig.tick(2 * BEAT) == [("removed", NTAG), ("placed", NTAG)]


def test_a_lost_del_alone_is_recovered_within_two_heartbeats(rig):
    tag = rig.chip.place(Ntag213(NTAG))
    rig.tick(BEAT)
    rig.cable.spoil["DEL"] = "drop"
    rig.chip.remove(tag)
    assert rig.tick(2 * BEAT + 4) == [("removed", NTAG)]


def test_a_garbled_hello_after_a_reset_still_removes_a_lifted_tag(rig):
    tag = rig.chip.place(Ntag213(NTAG))
    rig.tick(2 * BEAT)
    rig.chip.remove(tag)
    rig.cable.spoil["HELLO"] = "garble"
    rig.boot()
    assert rig.tick(2 * BEAT) == [("removed", NTAG)]


def test_noise_glued_before_an_add_loses_nothing(firmware, board, clock):
    rig = Rig(firmware, board.add_chip(17), clock, Cable(glue=1.0))
    rig.chip.place(Ntag213(NTAG))
    assert rig.tick(3) == [("placed", NTAG)]


def test_old_firmware_heartbeats_ask_for_nothing(rig):
    host, cable = rig.host, rig.cable
    cable.to_device.clear()
    cable.to_host += format_line("ADD", (("r", 0), ("uid", NTAG), ("sak", "00"))).encode()
    cable.to_host += format_line("HB", (("n", 5),)).encode()
    assert [(e.kind, e.uid) for e in host.poll()] == [("placed", NTAG)]
    assert cable.to_device == []


def test_a_heartbeat_counter_going_back_asks_for_list(rig):
    rig.tick(3 * BEAT)
    rig.cable.to_device.clear()
    rig.cable.to_host += format_line("HB", (("n", 0), ("c", 0), ("s", "0000"))).encode()
    rig.host.poll()
    assert rig.cable.to_device == [seal("LIST")]


def test_a_flood_of_distinct_adds_is_bounded(rig):
    flood = b"".join(
        format_line("ADD", (("r", 0), ("uid", f"04{n:012X}"), ("sak", "00"))).encode()
        for n in range(20_000)
    )
    rig.cable.to_host += flood
    events = rig.host.poll()
    assert len(events) == MAX_PRESENT == len(rig.host._present)
    assert rig.host.status.startswith(f"error: bridge says more than {MAX_PRESENT} tags")


@pytest.mark.parametrize("enter", ["\r", "\n", "\r\n"])
def test_console_commands_end_with_cr_lf_or_both(firmware, board, enter):
    board.add_chip(17)
    lines = []
    typed = iter(["LI", "ST" + enter, ""])
    firmware.main.run(firmware.main.build(lines.append), lambda: next(typed, ""), steps=3)
    assert [parse_line(line)[0] for line in lines].count("HELLO") == 2


def test_soak_lost_frames_and_corrupted_lines(firmware, board, clock):
    """Seeded: 5 % of radio frames lost, 3 % of lines garbled and 2 % glued to noise. A tag
    is placed and lifted every 4 s; the host must report exactly those moves, each within
    two heartbeats."""
    chip = board.add_chip(17, seed=11)
    chip.faults.miss_rate = 0.05
    rig = Rig(firmware, chip, clock, Cable(random.Random(11), corrupt=0.03, glue=0.02))
    expected, seen, late = [], [], []
    for cycle in range(60):
        uid = f"04{cycle:02X}B2C3D4E5F6"
        if cycle % 2 == 0:
            chip.place(Ntag213(uid))
            move = ("placed", uid)
        else:
            chip.remove(f"04{cycle - 1:02X}B2C3D4E5F6")
            move = ("removed", f"04{cycle - 1:02X}B2C3D4E5F6")
        expected.append(move)
        for poll in range(4 * BEAT):
            events = rig.tick()
            seen += events
            if move in events and poll > 2 * BEAT + 3:
                late.append(move)
    assert seen == expected and late == []

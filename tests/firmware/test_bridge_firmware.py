import ast

import pytest

from hardware.bridge_protocol import digest, parse_line, seal
from hardware.serial_bridge import SerialBridgeReader
from hardware.sim import Classic1K, LongUidTag, Ntag213

from .conftest import FIRMWARE, MODULES

NTAG = "04A1B2C3D4E5F6"
CLASSIC = "DEADBEEF"


class Wire:
    """Collects the bridge's output lines, parsed with the host's parser."""

    def __init__(self):
        self.text = ""

    def write(self, text):
        self.text += text

    def take(self):
        lines, self.text = self.text.splitlines(), ""
        parsed = [parse_line(line) for line in lines]
        assert None not in parsed, lines  # every line the firmware writes is valid
        return parsed

    def moves(self):
        return [(k, f["r"], f["uid"]) for k, f in self.take() if k in ("ADD", "DEL")]


@pytest.fixture
def wire():
    return Wire()


@pytest.fixture
def chip(board):
    return board.add_chip(17)


@pytest.fixture
def bridge(firmware, chip, wire):
    made = firmware.main.build(wire.write)
    made.start()
    return made


def test_hello_on_boot_carries_firmware_and_chip_version(firmware, board, wire):
    board.add_chip(17, version=0x91)
    firmware.main.build(wire.write).start()
    assert wire.take() == [("HELLO", {"fw": firmware.bridge.FW_VERSION, "pcd": "91"})]


def test_a_7_byte_ntag_is_added_once_and_deleted_after_clean_misses(bridge, chip, wire):
    wire.take()
    tag = chip.place(Ntag213(NTAG))
    for _ in range(3):  # the first heartbeat waits for a settled first cycle
        bridge.step()
    k = f"{bridge.boot}.1"
    assert wire.take() == [
        ("ADD", {"r": "0", "uid": NTAG, "sak": "00", "k": k}),
        ("HB", {"n": "0", "c": "1", "s": digest([f"0:{NTAG}:{k}"])}),
    ]
    for _ in range(20):  # resting on the reader: never announced again
        bridge.step()
    assert wire.moves() == []
    chip.remove(tag)
    bridge.step()
    bridge.step()
    assert wire.moves() == []
    bridge.step()
    assert wire.moves() == [("DEL", "0", NTAG)]


def test_noise_is_not_a_miss(bridge, chip, wire):
    chip.place(Ntag213(NTAG))
    bridge.step()
    wire.take()
    chip.faults.noise_rate = 1.0  # every reply garbled: the tag is unreadable, not gone
    for _ in range(10):
        bridge.step()
    assert wire.moves() == []
    chip.faults.noise_rate = 0.0
    bridge.step()
    assert wire.moves() == []


def test_a_garbled_reply_is_noise_not_a_chip_fault(bridge, chip, wire):
    """A reply broken beyond framing raises ErrIRq alone: it ends the wait at once."""
    chip.place(Ntag213(NTAG))
    bridge.step()
    wire.take()
    chip.faults.garble_rate = 1.0
    for _ in range(5):
        bridge.step()
    assert [k for k, _ in wire.take() if k != "HB"] == []  # no ERR, no DEL
    chip.faults.garble_rate = 0.0
    chip.remove(NTAG)
    for _ in range(3):
        bridge.step()
    assert wire.moves() == [("DEL", "0", NTAG)]


def test_list_reannounces_hello_and_every_tag(bridge, chip, wire):
    chip.place(Classic1K(CLASSIC))
    bridge.step()
    wire.take()
    bridge.command(seal("LIST"))
    assert wire.take() == [
        ("HELLO", {"fw": "1.1", "pcd": "92"}),
        ("ADD", {"r": "0", "uid": CLASSIC, "sak": "08", "k": f"{bridge.boot}.1"}),
    ]
    bridge.command("LIST*00")  # bad checksum: ignored
    bridge.command("HELP")
    assert wire.take() == []


def test_heartbeat_every_second(bridge, firmware, clock, wire):
    wire.take()
    beats = []
    for _ in range(150):  # 150 polls of 20 ms: 3 s
        bridge.step()
        beats += [f["n"] for k, f in wire.take() if k == "HB"]
        clock.advance(firmware.main.POLL_MS / 1000)
    assert beats == ["0", "1", "2"]


def test_two_readers_on_one_bus(firmware, board, wire, monkeypatch):
    monkeypatch.setattr(firmware.main, "READERS", ((17, 20), (21, 22)))
    first, second = board.add_chip(17), board.add_chip(21, version=0x88)
    bridge = firmware.main.build(wire.write)
    bridge.start()
    assert wire.take()[0] == ("HELLO", {"fw": "1.1", "pcd": "92,88"})
    second.place(Ntag213(NTAG))
    first.place(Classic1K(CLASSIC))
    bridge.step()
    assert wire.moves() == [("ADD", "0", CLASSIC), ("ADD", "1", NTAG)]


def test_a_10_byte_uid_goes_through_three_cascade_levels(bridge, chip, wire):
    chip.place(LongUidTag("0411223344556677889A"))
    bridge.step()
    assert wire.moves() == [("ADD", "0", "0411223344556677889A")]


def test_a_hung_chip_is_reported_and_reinitialised(bridge, chip, wire):
    chip.place(Ntag213(NTAG))
    bridge.step()
    wire.take()
    chip.faults.hung = True  # commands never finish until a soft reset
    for _ in range(3):
        bridge.step()
    lines = wire.take()
    assert [k for k, _ in lines if k != "HB"] == ["ERR"]
    # VersionReg reads fine: the chip answers the bus, it just never finishes a command
    assert [f["text"] for k, f in lines if k == "ERR"] == [
        "reader 0 stopped finishing commands (VersionReg 0x92), re-initialising"
    ]
    assert not chip.faults.hung  # the re-init's soft reset revived it
    bridge.step()
    assert wire.moves() == []  # the tag was never reported gone


def test_a_dead_bus_is_reported(bridge, chip, wire):
    chip.faults.dead_bus = 0xFF
    for _ in range(3):
        bridge.step()
    errors = [f["text"] for k, f in wire.take() if k == "ERR"]
    assert errors == ["reader 0 not answering (VersionReg 0xFF), re-initialising"]


def test_main_loop_reads_commands_and_paces_polls(firmware, chip, wire, clock):
    chip.place(Ntag213(NTAG))
    typed = iter(["LI", "ST\n", ""])
    bridge = firmware.main.build(wire.write)
    steps, step = [], bridge.step

    def timed_step():
        steps.append(clock())
        step()

    bridge.step = timed_step
    firmware.main.run(bridge, lambda: next(typed, ""), steps=3)
    kinds = [k for k, _ in wire.take()]
    assert kinds == ["HELLO", "ADD", "HELLO", "ADD", "HB"]
    apart = [later - earlier for earlier, later in zip(steps, steps[1:], strict=False)]
    assert apart == pytest.approx([firmware.main.POLL_MS / 1000] * 2, abs=0.002)


def test_end_to_end_through_the_host_reader(bridge, chip, wire):
    """Firmware output fed to the real host reader: a 7-byte tag placed, then removed."""

    class Port:
        def read(self, size):
            data, wire.text = wire.text.encode(), ""
            return data

        def write(self, data):
            bridge.command(data.decode())

        def close(self):
            pass

    now = [0.0]
    host = SerialBridgeReader("bridge", open_port=lambda url: Port(), clock=lambda: now[0])
    host.poll()  # opens; the HELLO from boot is already waiting
    assert host.poll() == []
    tag = chip.place(Ntag213(NTAG))
    bridge.step()
    assert [(e.kind, e.uid) for e in host.poll()] == [("placed", NTAG)]
    chip.remove(tag)
    for _ in range(3):
        bridge.step()
    assert [(e.kind, e.uid) for e in host.poll()] == [("removed", NTAG)]
    assert host.describe().endswith("firmware 1.1, RC522 VersionReg 0x92")


@pytest.mark.parametrize("name", MODULES)
def test_firmware_stays_micropython(name):
    """No CPython-only constructs that MicroPython lacks on a Pico."""
    tree = ast.parse((FIRMWARE / f"{name}.py").read_text())
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in (node.names if isinstance(node, ast.Import) else [ast.alias(node.module)])
    }
    assert imported <= {"time", "sys", "select", "random", "machine", *MODULES}
    for node in ast.walk(tree):
        assert not isinstance(node, ast.AnnAssign), f"{name}: variable annotation"
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "time":
                assert node.attr in {"ticks_ms", "ticks_add", "ticks_diff", "sleep_ms"}

import fcntl
import os
import struct
import termios
import time
from functools import reduce
from pathlib import Path

import pytest
import serial

from hardware import bridge_protocol
from hardware.bridge_protocol import checksum, format_line, parse_command, parse_line, seal
from hardware.factory import open_readers
from hardware.serial_bridge import MAX_PARTIAL, SerialBridgeReader

NTAG = "04A1B2C3D4E5F6"
CLASSIC = "DEADBEEF"
FIRMWARE_COPY = Path(__file__).parents[2] / "firmware" / "bridge_protocol.py"


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def hello():
    return format_line("HELLO", (("fw", "1.0"), ("pcd", "92")))


def add(uid, r=0):
    return format_line("ADD", (("r", r), ("uid", uid), ("sak", "00")))


def delete(uid, r=0):
    return format_line("DEL", (("r", r), ("uid", uid)))


def hb(n):
    return format_line("HB", (("n", n),))


class PtyBridge:
    """The device end of a pty pair; the host opens the other end like a USB port."""

    def __init__(self):
        self.master, slave = os.openpty()
        self.path = os.ttyname(slave)
        self.slave = slave

    def open(self, url):
        assert url == "/dev/fake-bridge"
        return serial.Serial(self.path, timeout=0)

    def send(self, *chunks):
        """Write, then wait until the kernel has moved the bytes to the host's side.

        A pty hands data over on a kernel work queue, so without this wait a poll right
        after a write may see nothing on a busy machine.
        """
        data = b"".join(c.encode("latin-1") if isinstance(c, str) else c for c in chunks)
        expected = self.waiting() + len(data)
        os.write(self.master, data)
        deadline = time.monotonic() + 2.0
        while self.waiting() < expected:
            assert time.monotonic() < deadline, "pty did not deliver"
            time.sleep(0.0005)

    def waiting(self):
        return struct.unpack("i", fcntl.ioctl(self.slave, termios.FIONREAD, b"\0\0\0\0"))[0]

    def received(self):
        os.set_blocking(self.master, False)
        try:
            return os.read(self.master, 4096)
        except BlockingIOError:
            return b""

    def unplug(self):
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def bridge():
    device = PtyBridge()
    yield device
    for fd in (device.master, device.slave):
        try:
            os.close(fd)
        except OSError:
            pass


@pytest.fixture
def host(bridge, clock):
    reader = SerialBridgeReader(
        "/dev/fake-bridge", name="bridge", open_port=lambda url: bridge.open(url), clock=clock
    )
    yield reader
    reader.close()


def moves(events):
    return [(e.reader, e.kind, e.uid) for e in events]


def connected(host, bridge, *lines):
    assert host.poll() == []  # opens the port
    bridge.send(hello(), *lines)
    return host.poll()


# protocol vectors: the host module and the firmware's copy must agree on all of them

VECTORS = [
    ("RFID1 HB n=1*" + checksum("RFID1 HB n=1") + "\n", ("HB", {"n": "1"})),
    (add(NTAG), ("ADD", {"r": "0", "uid": NTAG, "sak": "00"})),
    (delete(NTAG, 1), ("DEL", {"r": "1", "uid": NTAG})),
    (hello(), ("HELLO", {"fw": "1.0", "pcd": "92"})),
    (format_line("ERR", ("reader 1 not answering",)), ("ERR", {"text": "reader 1 not answering"})),
    ("RFID1 HB n=1*00\n", None),  # bad checksum
    ("RFID1 HB n=1\n", None),  # no checksum
    ("HB n=1*" + checksum("HB n=1") + "\n", None),  # no prefix
    (seal("RFID1 ADD r=0 uid=" + NTAG), None),  # missing sak
    (seal("RFID1 WAT x=1"), None),  # unknown kind
    (seal("RFID1 HB n"), None),  # field without =
    (">>> print('RFID1 HB')\r\n", None),  # a REPL echo
]


def load_firmware_protocol():
    namespace = {}
    exec(compile(FIRMWARE_COPY.read_text(), str(FIRMWARE_COPY), "exec"), namespace)
    return namespace


def test_firmware_copy_is_identical():
    assert FIRMWARE_COPY.read_bytes() == Path(bridge_protocol.__file__).read_bytes()


@pytest.mark.parametrize("protocol", ["host", "firmware"])
@pytest.mark.parametrize(("line", "expected"), VECTORS)
def test_protocol_vectors(protocol, line, expected):
    parse = parse_line if protocol == "host" else load_firmware_protocol()["parse_line"]
    assert parse(line) == expected


def test_checksum_is_xor_of_the_body_bytes():
    body = "RFID1 ADD r=0 uid=04A1B2C3D4E5F6 sak=00"
    assert checksum(body) == f"{reduce(lambda a, b: a ^ b, body.encode()):02X}" == "13"
    assert format_line("HB", (("n", 7),)) == "RFID1 HB n=7*" + checksum("RFID1 HB n=7") + "\n"


def test_commands_accept_a_checksum_or_none_but_never_a_wrong_one():
    assert parse_command(seal("LIST")) == "LIST"
    assert parse_command("list\r\n") == "LIST"
    assert parse_command("LIST*00") is None
    assert parse_command("REBOOT") is None


# the host reader


def test_waits_for_hello_then_reports_a_7_byte_tag(host, bridge, clock):
    assert host.poll() == []
    assert host.status.startswith("waiting for HELLO")
    bridge.send(add(CLASSIC))  # left over from an earlier session: before HELLO, ignored
    assert host.poll() == []
    bridge.send(hello(), add(NTAG))
    events = host.poll()
    assert moves(events) == [("bridge", "placed", NTAG)]
    assert events[0].at == clock.now
    assert host.status == "ok"
    assert host.describe() == (
        "serial bridge on /dev/fake-bridge: firmware 1.0, RC522 VersionReg 0x92"
    )


def test_garbage_partial_lines_and_bad_checksums_are_ignored(host, bridge):
    connected(host, bridge)
    line = add(NTAG)
    bridge.send(b"\xff\x00\xfe garbage\r\nMicroPython v1.22.2 on 2024-02-22; Raspberry Pi Pico\r\n")
    bridge.send("RFID1 ADD r=0 uid=DEADBEEF sak=08*00\n")  # bad checksum
    bridge.send(line[:11])
    assert host.poll() == []
    bridge.send(line[11:-1])
    assert host.poll() == []
    bridge.send("\n")
    assert moves(host.poll()) == [("bridge", "placed", NTAG)]
    for _ in range(3):  # a flood without newlines does not grow the buffer forever
        bridge.send(b"x" * 1000)
        host.poll()
    assert len(host._partial) <= MAX_PARTIAL
    bridge.send("\n", delete(NTAG))
    assert moves(host.poll()) == [("bridge", "removed", NTAG)]


def test_a_resting_tag_is_announced_once_and_unknown_removals_are_ignored(host, bridge):
    assert moves(connected(host, bridge, add(NTAG), add(NTAG))) == [("bridge", "placed", NTAG)]
    bridge.send(add(NTAG), hb(1), delete(CLASSIC), delete(NTAG), delete(NTAG))
    assert moves(host.poll()) == [("bridge", "removed", NTAG)]


def test_bridge_reader_numbers_become_reader_names(bridge, clock):
    host = SerialBridgeReader(
        "/dev/fake-bridge",
        name="bridge",
        open_port=bridge.open,
        clock=clock,
        reader_names={"1": "center"},
    )
    connected(host, bridge)
    bridge.send(add(NTAG, 0), add(CLASSIC, 1), add(NTAG, 2))
    assert moves(host.poll()) == [
        ("bridge", "placed", NTAG),
        ("center", "placed", CLASSIC),
        ("bridge-2", "placed", NTAG),
    ]
    host.close()


def test_heartbeat_loss_removes_everything_then_reconnects_and_resyncs(host, bridge, clock):
    connected(host, bridge, add(NTAG), add(CLASSIC, 1))
    clock.now += 2.9
    bridge.send(hb(1))
    assert host.poll() == []
    clock.now += 3.1
    assert sorted(moves(host.poll())) == [
        ("bridge", "removed", NTAG),
        ("bridge-1", "removed", CLASSIC),
    ]
    assert host.status == "disconnected: no heartbeat for 3 s"
    assert host.poll() == []  # too early to reconnect
    clock.now += 1.0
    assert host.poll() == []  # port reopened; the board did not reset, so it is silent
    bridge.received()  # drop anything the host sent before
    clock.now += 1.0
    assert host.poll() == []
    assert parse_command(bridge.received().decode()) == "LIST"
    bridge.send(hello(), add(NTAG))
    assert moves(host.poll()) == [("bridge", "placed", NTAG)]


def test_unplug_removes_everything_and_replug_resyncs(host, bridge, clock):
    connected(host, bridge, add(NTAG))
    bridge.unplug()
    events = host.poll()
    assert moves(events) == [("bridge", "removed", NTAG)]
    assert host.status.startswith("disconnected: SerialException: ")

    def unplugged(url):
        raise serial.SerialException(f"could not open port {url}: No such file or directory")

    host._open_port = unplugged
    clock.now += 1.0
    assert host.poll() == []
    assert host.status == (
        "disconnected: SerialException: could not open port /dev/fake-bridge: "
        "No such file or directory"
    )
    replugged = PtyBridge()
    host._open_port = replugged.open
    clock.now += 1.0
    assert host.poll() == []
    replugged.send(hello(), add(NTAG), add(CLASSIC))  # a board that resets on open
    assert moves(host.poll()) == [("bridge", "placed", NTAG), ("bridge", "placed", CLASSIC)]
    replugged.unplug()


def test_board_restart_keeps_resting_tags_and_drops_only_the_missing(host, bridge, clock):
    connected(host, bridge, add(NTAG), add(CLASSIC))
    bridge.send(hello(), add(NTAG))  # rebooted: only NTAG is still there
    assert host.poll() == []
    bridge.send(hb(0))
    assert moves(host.poll()) == [("bridge", "removed", CLASSIC)]


def test_bridge_errors_show_in_status_for_a_while(host, bridge, clock):
    connected(host, bridge)
    bridge.send(format_line("ERR", ("reader 1 not answering",)), hb(1))
    host.poll()
    assert host.status == "error: bridge says reader 1 not answering"
    for _ in range(11):
        clock.now += 2.9
        bridge.send(hb(2))
        host.poll()
    assert host.status == "ok"


def test_loop_url_works_as_a_port(clock):
    port = serial.serial_for_url("loop://", timeout=0)
    host = SerialBridgeReader("loop://", open_port=lambda url: port, clock=clock)
    host.poll()
    clock.now += 1.0
    host.poll()  # sends LIST into the loop, reads it back next poll and ignores it
    port.write((hello() + add(NTAG)).encode())
    assert moves(host.poll()) == [("serial", "placed", NTAG)]


def test_urls_configure_the_bridge():
    (reader,) = open_readers("seat=serial:///dev/ttyACM0?baud=9600&r1=center")
    assert (reader.name, reader.port_url, reader._reader_names) == (
        "seat",
        "/dev/ttyACM0",
        {"1": "center"},
    )
    with pytest.raises(ValueError, match="unknown serial:// option 'speed'"):
        open_readers("serial:///dev/ttyACM0?speed=9600")
    with pytest.raises(ValueError, match="baud='fast' is not a number"):
        open_readers("serial:///dev/ttyACM0?baud=fast")


def test_a_missing_device_is_a_status_not_an_exception(clock):
    host = SerialBridgeReader("/dev/does-not-exist", clock=clock)
    assert host.poll() == []
    assert host.status.startswith("disconnected: SerialException: [Errno 2]")

"""A checksum-valid line can still be absurd (issue 25 item 5): a heartbeat counter of 4,400
digits, a field of a kilobyte, a line longer than any bridge sends. Each is dropped like a
malformed line, and nothing that arrived in the same read is lost. The port is a byte pipe
that hands the host everything written in one read, as a fast sender's burst would
(pyserial's `loop://` blocks a writer past 4 KB, too small for the 4,400-digit line)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware.bridge_protocol import PREFIX, format_line, parse_line, seal
from hardware.serial_bridge import SerialBridgeReader

NTAG = "04A1B2C3D4E5F6"
ADD = format_line("ADD", (("r", 0), ("uid", NTAG), ("sak", "00")))


class Clock:
    now = 100.0

    def __call__(self) -> float:
        return self.now


class Pipe:
    """Bytes written (by the test, or the host's own LIST: noise to it), read all at once."""

    def __init__(self) -> None:
        self.buffer = b""

    def write(self, data: bytes) -> int:
        self.buffer += data
        return len(data)

    def read(self, _size: int) -> bytes:
        data, self.buffer = self.buffer, b""
        return data

    def close(self) -> None:
        pass


def loop_host() -> tuple[SerialBridgeReader, Pipe]:
    """A host past its HELLO, and the pipe to write device lines into."""
    port = Pipe()
    host = SerialBridgeReader("loop://", name="bridge", open_port=lambda _url: port, clock=Clock())
    assert host.poll() == []  # opens the port
    port.write(format_line("HELLO", (("fw", "1.1"), ("pcd", "92"))).encode())
    assert host.poll() == []
    return host, port


def placed(events) -> list[str]:
    return [e.uid for e in events if e.kind == "placed"]


ABSURD = [
    seal(PREFIX + "HB n=" + "9" * 4400),  # int() refuses past 4,300 digits
    seal(PREFIX + "HB n=" + "7" * 40),  # a number, but not a counter a bridge reaches
    seal(PREFIX + "HB n=12 c=1 s=" + "F" * 500),
    seal(PREFIX + "ADD r=0 uid=" + NTAG + " sak=00 k=" + "1" * 1000),
    seal(PREFIX + "ERR " + "x" * 3000),
    seal(PREFIX + "HELLO fw=1.1 pcd=92 pad=" + "y" * 400),
]


def test_absurd_lines_are_dropped_and_the_add_beside_them_arrives():
    for line in ABSURD:
        host, port = loop_host()
        port.write((line + ADD).encode())  # one read holds both
        assert placed(host.poll()) == [NTAG], line[:40]
        assert host.status == "ok"


def test_a_bounded_heartbeat_still_counts():
    host, port = loop_host()
    port.write((ADD + format_line("HB", (("n", "4294967295"),))).encode())
    assert placed(host.poll()) == [NTAG]
    host._clock.now += 2.5
    port.write(format_line("HB", (("n", "4294967296"),)).encode())
    assert host.poll() == [] and host.status == "ok"  # heard: no timeout at 3 s
    host._clock.now += 2.5
    assert host.poll() == []


# the bytes a stranger could send: sealed lines of any kind with any fields, and raw noise
words = st.text(alphabet=st.characters(codec="ascii", exclude_characters="*\n\r "), max_size=60)
field = st.tuples(st.sampled_from(["n", "c", "s", "r", "uid", "sak", "k", "fw", "pcd", "x"]), words)
sealed = st.builds(
    lambda kind, fields, digits: seal(
        " ".join([PREFIX + kind, *(f"{k}={v}" for k, v in fields)]) + digits
    ),
    st.sampled_from(["HB", "ADD", "DEL", "HELLO", "ERR", "LIST", "hb"]),
    st.lists(field, max_size=6),
    st.sampled_from(["", " n=" + "9" * 5000, " uid=" + "A" * 300]),
)
chunk = st.one_of(sealed, st.binary(max_size=300).map(lambda b: b.decode("latin-1")))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(chunk, max_size=6))
def test_fuzz_no_line_raises_and_an_add_after_them_always_arrives(chunks):
    for text in chunks:
        parse_line(text)  # never raises
    host, port = loop_host()
    port.write(("".join(chunks) + "\n" + ADD).encode("latin-1"))
    events = host.poll()  # never raises
    port.write(ADD.encode())  # a lying DEL in the fuzz may have lifted it: placed again
    assert NTAG in {e.uid for e in events + host.poll() if e.kind == "placed"} or (
        NTAG in {uid for _r, uid in host._present}
    )

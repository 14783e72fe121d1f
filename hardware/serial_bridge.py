"""`serial://`: the host side of the RC522 -> USB-serial bridge (firmware/).

The port can vanish at any moment (a cable pulled, a board reset), so every failure ends
in the same place: all tags of the bridge reported removed, then reconnect and resync.
The bridge never makes a resting tag look placed twice: after a HELLO the tags it had
announced are re-confirmed by its ADD lines, and only those it no longer reports by
the next heartbeat are removed.

A line lost on the wire must not lose its event for good. Firmware 1.1 puts the count and
a digest of the tags present on every heartbeat (`HB n=7 c=1 s=3FA0`) and a placement
number on every ADD (`k=<boot>.<n>`); the host sends LIST when they disagree with what it
holds, or when the heartbeat counter goes back (a reset whose HELLO was lost), and reads
an ADD with a new placement number for a tag it holds as a lift it missed the DEL of.
Older firmware sends neither and is read as before.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from hardware.bridge_protocol import digest, parse_line, seal
from hardware.errors import ConfigError
from hardware.events import EventKind, TagEvent, normalise_uid
from hardware.hub import one_line
from hardware.reader import Reader

BAUDRATE = 115200
READ_SIZE = 4096
MAX_PARTIAL = 512  # longer than any protocol line: a run of garbage without newline
MAX_PRESENT = 64  # tags one bridge may hold (a few readers, one tag each): a bound on a flood
# A line a bridge really sends is under 80 characters. Longer ones, and fields past these
# bounds, are dropped like any malformed line, checksum or not: a stranger's (or a broken
# board's) `HB n=<4,400 digits>` must cost one line, never the read it arrived in.
MAX_LINE = 160
MAX_FIELD = 32  # r, uid, sak, k, fw, pcd, c, s
MAX_ERROR_TEXT = 120
MAX_COUNTER_DIGITS = 10  # a heartbeat a second for a century is 10 digits


def open_pyserial(url: str, baudrate: int = BAUDRATE) -> Any:
    """Open a port (or a pyserial URL such as loop://) for non-blocking reads."""
    import serial

    return serial.serial_for_url(url, baudrate=baudrate, timeout=0, write_timeout=0.5)


class SerialBridgeReader(Reader):
    """Reads bridge lines; `poll()` handles whatever bytes have arrived, never waits.

    `open_port(url)` returns a pyserial-like object opened with timeout=0 (`read`,
    `write`, `close`); `reader_names` maps the bridge's reader number to an event reader name
    (default: `0` -> `name`, `N` -> `name-N`).
    """

    cannot_write = "the serial bridge's firmware reports uids only; it cannot write to stickers"

    def __init__(
        self,
        port: str,
        *,
        name: str = "serial",
        open_port: Callable[[str], Any] = open_pyserial,
        clock: Callable[[], float] = time.monotonic,
        reader_names: dict[str, str] | None = None,
        heartbeat_timeout: float = 3.0,
        hello_wait: float = 1.0,
        reconnect_interval: float = 1.0,
    ) -> None:
        self.name = name
        self.port_url = port
        self._open_port = open_port
        self._clock = clock
        self._reader_names = reader_names or {}
        self.heartbeat_timeout = heartbeat_timeout
        self.hello_wait = hello_wait
        self.reconnect_interval = reconnect_interval
        self.device: dict[str, str] = {}  # the last HELLO's fields: fw, pcd
        self._port: Any = None
        self._problem = "disconnected: not opened yet"
        self._next_attempt = float("-inf")
        self._partial = b""
        self._hello_seen = False
        self._next_list = 0.0
        self._last_heard = 0.0
        self._present: dict[tuple[str, str], str] = {}  # (bridge reader, uid) -> event reader
        self._unconfirmed: set[tuple[str, str]] = set()
        self._placements: dict[tuple[str, str], str] = {}  # ADD's k, where the firmware sends it
        self._last_beat: int | None = None
        self._error = ""
        self._error_until = 0.0

    @property
    def status(self) -> str:
        if self._port is None:
            return self._problem
        if not self._hello_seen:
            return "waiting for HELLO (is the bridge firmware flashed?)"
        if self._error and self._clock() < self._error_until:
            return f"error: bridge says {self._error}"
        return "ok"

    def describe(self) -> str:
        if not self.device:
            return f"serial bridge on {self.port_url}: {self.status}"
        versions = ", ".join(f"0x{version}" for version in self.device["pcd"].split(","))
        return f"serial bridge on {self.port_url}: firmware {self.device['fw']}, RC522 VersionReg {versions}"

    def poll(self) -> list[TagEvent]:
        now = self._clock()
        if self._port is None:
            if now >= self._next_attempt:
                self._connect(now)
            return []
        try:
            data = self._port.read(READ_SIZE)  # timeout=0: whatever has arrived
        except OSError as err:  # pyserial's SerialException is an OSError
            return self._drop(f"disconnected: {one_line(err)}", now)
        events: list[TagEvent] = []
        for line in self._complete_lines(data):
            events.extend(self._handle(line, now))
        if self._hello_seen and now - self._last_heard > self.heartbeat_timeout:
            return events + self._drop(
                f"disconnected: no heartbeat for {self.heartbeat_timeout:g} s", now
            )
        if not self._hello_seen and now >= self._next_list:
            # A board that does not reset on open stays silent: ask it to announce itself.
            self._next_list = now + self.hello_wait
            try:
                self._port.write(seal("LIST").encode())
            except OSError as err:
                return events + self._drop(f"disconnected: {one_line(err)}", now)
        return events

    def close(self) -> None:
        self._close_port()
        super().close()

    def _connect(self, now: float) -> None:
        try:
            self._port = self._open_port(self.port_url)
        except (OSError, ValueError) as err:
            self._problem = f"disconnected: {one_line(err)}"
            self._next_attempt = now + self.reconnect_interval
            return
        self._partial = b""
        self._hello_seen = False
        self._next_list = now + self.hello_wait  # a board that resets on open says HELLO

    def _drop(self, problem: str, now: float) -> list[TagEvent]:
        self._close_port()
        self._problem = problem
        self._next_attempt = now + self.reconnect_interval
        gone = [self._event("removed", key, now) for key in self._present]
        self._present.clear()
        self._unconfirmed.clear()
        self._placements.clear()
        return gone

    def _close_port(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except OSError:
                pass  # already gone: that is why we are closing it

    def _complete_lines(self, data: bytes) -> list[str]:
        *lines, self._partial = (self._partial + data).replace(b"\r", b"\n").split(b"\n")
        if len(self._partial) > MAX_PARTIAL:
            self._partial = b""
        return [line.decode("ascii", "replace") for line in lines]

    def _handle(self, line: str, now: float) -> list[TagEvent]:
        parsed = parse_line(line) if len(line) <= MAX_LINE else None
        if parsed is None or not _bounded(*parsed):
            return []
        kind, fields = parsed
        if kind != "HELLO" and not self._hello_seen:
            return []  # left over from before the board (re)started
        self._last_heard = now
        if kind == "HELLO":
            self._hello_seen = True
            self.device = fields
            self._unconfirmed = set(self._present)
            self._last_beat = None
            return []
        if kind == "HB":
            gone = [self._forget(key, now) for key in sorted(self._unconfirmed)]
            if self._diverged(fields):
                self._request_list()
            return [event for event in gone if event]
        if kind == "ERR":
            self._error = fields["text"]
            self._error_until = now + 10 * self.heartbeat_timeout
            return []
        try:
            key = (fields["r"], normalise_uid(fields["uid"]))
        except ValueError:
            return []
        if kind == "DEL":
            event = self._forget(key, now)
            return [event] if event else []
        return self._add(key, fields.get("k", ""), now)

    def _add(self, key: tuple[str, str], placement: str, now: float) -> list[TagEvent]:
        events = []
        known = self._placements.get(key, "")
        if key in self._present and known and placement and known != placement:
            if known.split(".")[0] == placement.split(".")[0]:
                events.append(self._forget(key, now))  # lifted and placed again; DEL lost
            elif key not in self._unconfirmed:
                self._request_list()  # another boot: a reset whose HELLO was lost
        self._unconfirmed.discard(key)
        if placement:
            self._placements[key] = placement
        if key in self._present:
            return [event for event in events if event]
        if len(self._present) >= MAX_PRESENT:
            self._placements.pop(key, None)
            self._error = f"more than {MAX_PRESENT} tags announced; ignoring the rest"
            self._error_until = now + 10 * self.heartbeat_timeout
            return []
        self._present[key] = self._reader_names.get(key[0]) or self._default_reader(key[0])
        return [event for event in events if event] + [self._event("placed", key, now)]

    def _diverged(self, fields: dict[str, str]) -> bool:
        """Does a heartbeat disagree with what we hold (or count backwards)?"""
        beat = int(fields["n"]) if _counter(fields["n"]) else None
        went_back = beat is not None and self._last_beat is not None and beat < self._last_beat
        self._last_beat = beat
        if went_back:
            return True
        if "c" not in fields or "s" not in fields:
            return False  # firmware 1.0
        held = [f"{r}:{uid}:{self._placements.get((r, uid), '')}" for r, uid in self._present]
        return fields["c"] != str(len(held)) or fields["s"] != digest(held)

    def _request_list(self) -> None:
        try:
            self._port.write(seal("LIST").encode())
        except OSError:
            pass  # the next read fails the same way and drops the port

    def _forget(self, key: tuple[str, str], now: float) -> TagEvent | None:
        self._unconfirmed.discard(key)
        self._placements.pop(key, None)
        if key not in self._present:
            return None
        event = self._event("removed", key, now)
        del self._present[key]
        return event

    def _event(self, kind: EventKind, key: tuple[str, str], now: float) -> TagEvent:
        return TagEvent(self._present[key], kind, key[1], now)

    def _default_reader(self, number: str) -> str:
        return self.name if number == "0" else f"{self.name}-{number}"


def _counter(text: str) -> bool:
    """A heartbeat counter that can be read as a number: ASCII digits, and few of them."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_COUNTER_DIGITS


def _bounded(kind: str, fields: dict[str, str]) -> bool:
    """Is every field of a parsed line within what a bridge can send? (A field out of
    bounds drops the line, as a bad checksum would.)"""
    if kind == "ERR":
        return len(fields["text"]) <= MAX_ERROR_TEXT
    if kind == "HB" and not _counter(fields["n"]):
        return False
    return all(len(value) <= MAX_FIELD for value in fields.values())


def open_serial(name: str, target: str, query: dict[str, str]) -> SerialBridgeReader:
    """`serial:///dev/ttyACM0?baud=115200&r1=center`: `rN=name` names bridge reader N."""
    options = dict(query)
    baud_text = options.pop("baud", str(BAUDRATE))
    if not baud_text.isdigit():
        raise ConfigError(f"serial:// option baud={baud_text!r} is not a number")
    names: dict[str, str] = {}
    for key, value in options.items():
        if not (key.startswith("r") and key[1:].isdigit() and value):
            raise ConfigError(f"unknown serial:// option {key!r} (use baud=N or rN=name)")
        names[key[1:]] = value
    baudrate = int(baud_text)
    import serial  # noqa: F401  (missing pyserial fails here, as one clear line)

    return SerialBridgeReader(
        target,
        name=name,
        open_port=lambda url: open_pyserial(url, baudrate),
        reader_names=names,
    )

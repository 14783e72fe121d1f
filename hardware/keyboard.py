"""`keyboard://`: USB keyboard-wedge readers that type a tag's uid and press Enter.

Such a reader only says "this uid was just read", never when the tag leaves, so each
line becomes a `placed` immediately followed by a `removed`.

`keyboard://` reads standard input; `keyboard:///dev/input/by-id/...-event-kbd` reads
that input device through evdev (Linux, optional) and grabs it, so the typed digits do
not also land in whatever window has the focus.
"""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from hardware.errors import ConfigError
from hardware.events import TagEvent, normalise_uid
from hardware.reader import Reader

TextSource = Callable[[], str | None]
"""Returns the text typed since the last call ("" if none), or None at end of input."""

# Linux input key codes (linux/input-event-codes.h, a stable kernel ABI) for what a
# wedge reader types; hardcoded so the mapping is testable without evdev installed.
EV_KEY = 1
KEY_DOWN = 1
KEY_CHARS = {
    2: "1", 3: "2", 4: "3", 5: "4", 6: "5", 7: "6", 8: "7", 9: "8", 10: "9", 11: "0",
    30: "A", 48: "B", 46: "C", 32: "D", 18: "E", 33: "F",
    71: "7", 72: "8", 73: "9", 75: "4", 76: "5", 77: "6", 79: "1", 80: "2", 81: "3", 82: "0",
    28: "\n", 96: "\n",
}  # fmt: skip


def stream_text(stream: TextIO) -> TextSource:
    """Read what is available on a stream without blocking (stdin, a pipe, a StringIO)."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        fd = None  # an in-memory stream: everything in it is available

    def read() -> str | None:
        if fd is None:
            return stream.read() or ""
        if not select.select([fd], [], [], 0)[0]:
            return ""
        data = os.read(fd, 4096)
        return data.decode("utf-8", "replace") if data else None

    return read


def keys_to_text(events: Iterable[Any]) -> str:
    """Key-down events (objects with type, code, value) as the characters they type."""
    return "".join(
        KEY_CHARS.get(event.code, "?")
        for event in events
        if event.type == EV_KEY and event.value == KEY_DOWN
    )


def evdev_text(device: Any) -> TextSource:
    """Read an evdev InputDevice's pending key presses without blocking."""

    def read() -> str | None:
        try:
            return keys_to_text(device.read())
        except BlockingIOError:
            return ""

    return read


class KeyboardReader(Reader):
    """Turns typed lines into placed/removed pairs; other lines only change `status`."""

    cannot_write = "a keyboard-wedge reader only types uids; it cannot write to stickers"

    def __init__(
        self,
        read_text: TextSource,
        *,
        name: str = "keyboard",
        clock: Callable[[], float] = time.monotonic,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        self.name = name
        self.status = "ok"
        self._read_text = read_text
        self._clock = clock
        self._on_close = on_close
        self._partial = ""
        self._ended = False

    def poll(self) -> list[TagEvent]:
        if self._ended:
            return []
        text = self._read_text()
        if text is None:
            self._ended = True
            self.status = "end of input"
            text = "\n"  # a last line typed without Enter still counts
        *lines, self._partial = (self._partial + text.replace("\r", "\n")).split("\n")
        events: list[TagEvent] = []
        for line in filter(None, (line.strip() for line in lines)):
            try:
                uid = normalise_uid(line)
            except ValueError:
                self.status = f"ignored {line[:40]!r}: not a tag uid in hex"
                continue
            now = self._clock()
            events += [TagEvent(self.name, "placed", uid, now)]
            events += [TagEvent(self.name, "removed", uid, now)]
        return events

    def describe(self) -> str:
        return "keyboard-wedge reader (type or scan a uid, then Enter)"

    def close(self) -> None:
        if self._on_close is not None:
            self._on_close()
            self._on_close = None
        super().close()


def open_keyboard(name: str, target: str, query: dict[str, str]) -> KeyboardReader:
    """`keyboard://` (stdin) or `keyboard:///dev/input/...` (evdev, grabbed)."""
    if query:
        raise ConfigError(f"keyboard:// takes no options, got {', '.join(query)}")
    if not target:
        return KeyboardReader(stream_text(sys.stdin), name=name)
    import evdev

    device = evdev.InputDevice(target)
    device.grab()
    return KeyboardReader(evdev_text(device), name=name, on_close=device.close)

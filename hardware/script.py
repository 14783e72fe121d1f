"""Scan scripts (DESIGN.md): a whole game as text, replayed through the same event path.

A script is a list of steps. `scan` lines become TagEvents on the named reader (placed,
then removed); `tap` lines (optionally ending `@player`) are touches on the screen, which
no reader can see, so they stay steps that the caller hands to its session.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from hardware.errors import ConfigError
from hardware.events import TagEvent, normalise_uid
from hardware.reader import Reader

DEFAULT_READER = "default"


@dataclass(frozen=True)
class ScanStep:
    uid: str
    reader: str
    line: int


@dataclass(frozen=True)
class TapStep:
    """`tap <option> [arg] [@player]`: `seat` names the player the tap is for, when a
    prompt waits on several players at once (a collect player's compass)."""

    option: str
    arg: str | None
    line: int
    seat: str | None = None


Step = ScanStep | TapStep


class ScriptError(ConfigError):
    """A script line that cannot be read; the message names the file and line, never quotes
    it (`script:///etc/passwd` must not show a line of any file it is pointed at)."""


MAX_BYTES = 4 * 1024 * 1024  # a 2,000-input game is about 60 KB; /dev/zero never ends


def parse_script(text: str, source: str = "script") -> list[Step]:
    steps: list[Step] = []
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{source}:{number}"
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        if word == "scan":
            uid_text, _, reader = rest.partition(" ")
            reader = reader.strip()
            if reader and not reader.startswith("@"):
                raise ScriptError(f"{where}: reader must be written @name, e.g. @seat2")
            try:
                uid = normalise_uid(uid_text)
            except ValueError:
                raise ScriptError(f"{where}: not a tag uid (want 8, 14 or 20 hex digits)") from None
            steps.append(ScanStep(uid, reader[1:] or DEFAULT_READER, number))
        elif word == "tap":
            option, _, arg = rest.partition(" ")
            if not option:
                raise ScriptError(f"{where}: 'tap' needs an option, e.g. 'tap keep'")
            words = arg.split()
            seat = words.pop()[1:] if words and words[-1].startswith("@") else None
            steps.append(TapStep(option, " ".join(words) or None, number, seat or None))
        else:
            raise ScriptError(f"{where}: unknown command (lines start with scan or tap)")
    return steps


def load_script(path: str | Path) -> list[Step]:
    """Read a script file: at most MAX_BYTES, UTF-8 with or without a byte-order mark."""
    path = Path(path)
    try:
        # Looked at first, opened without blocking: a FIFO must not wait forever for a writer
        # (the same checks as companion/textfile.py, which hardware may not import).
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ScriptError(f"{path} is a device, a pipe or a folder, not a script")
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as err:
        raise ScriptError(f"cannot read script {path}: {err.strerror}") from None
    if len(data) > MAX_BYTES:
        raise ScriptError(f"{path} is larger than {MAX_BYTES // (1024 * 1024)} MB: not a script")
    try:
        return parse_script(data.decode("utf-8"), str(path))
    except UnicodeDecodeError:
        raise ScriptError(f"{path} is not a text file") from None


class ScriptReader(Reader):
    """`script://path`: replays a script's scans as placed/removed events, one per poll."""

    cannot_write = "a scan script replays uids; there is no sticker to write to"

    def __init__(
        self,
        path: str | Path,
        *,
        name: str = DEFAULT_READER,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.name = name
        self.steps = load_script(path)
        self._clock = clock
        self._pending: Iterator[TagEvent] = self._all_events()

    def _all_events(self) -> Iterator[TagEvent]:
        for step in self.steps:
            if isinstance(step, ScanStep):
                yield TagEvent(step.reader, "placed", step.uid, self._clock())
                yield TagEvent(step.reader, "removed", step.uid, self._clock())

    def poll(self) -> list[TagEvent]:
        return [event] if (event := next(self._pending, None)) else []

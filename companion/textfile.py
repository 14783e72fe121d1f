"""Reading the text files people hand the companion (decks, maps, scripts, score JSON),
bounded and BOM-proof: the one place the CLI and the games read an untrusted file.

A deck or a score file is a few kilobytes; `/dev/zero`, a FIFO, a log file or a disk image
given by mistake must end in one line, not in reading forever or waiting for a writer: the
file is looked at (stat) before it is read, opened without blocking, and must be a regular
file no larger than MAX_BYTES. Editors on some systems start UTF-8 files with a byte-order
mark, which is not part of the text.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import IO

MAX_BYTES = 4 * 1024 * 1024
CLIP = 300  # characters of an error message: it quotes input, never all of it


def read_text(path: str | Path, what: str, limit: int = MAX_BYTES) -> str:
    """The file's text; ValueError (one line) for a file that is not a regular one, larger
    than `limit` bytes or not UTF-8, OSError for one that cannot be opened."""
    named = f"{what} {path}"
    _regular(os.stat(path), named, limit)  # a FIFO would block open() itself
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as handle:
        _regular(os.fstat(fd), named, limit)  # the same file that was looked at
        return read_stream(handle, named, limit)


def _too_large(what: str, limit: int) -> ValueError:
    size = f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"
    return ValueError(f"{what} is larger than {size}")


def _regular(info: os.stat_result, what: str, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a device or a pipe"
        raise ValueError(f"{what} is {kind}, not a file")
    if info.st_size > limit:
        raise _too_large(what, limit)


def read_stream(handle: IO[bytes] | IO[str], what: str, limit: int = MAX_BYTES) -> str:
    """Bytes are decoded here; a text stream (stdin replaced in tests) is taken as it is."""
    data = handle.read(limit + 1)
    if len(data) > limit:
        raise _too_large(what, limit)
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError(f"{what} is not UTF-8 text") from None


def clip(text: str) -> str:
    """One line of at most CLIP characters: error messages quote input, never all of it."""
    line = " ".join(text.split())
    return line if len(line) <= CLIP else line[: CLIP - 1] + "…"

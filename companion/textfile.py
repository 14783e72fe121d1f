"""Reading the text files people hand the companion (decks, score JSON), bounded and BOM-proof.

A deck or a score file is a few kilobytes; `/dev/zero`, a log file or a disk image given by
mistake must end in one line, not in reading forever. Editors on some systems start UTF-8
files with a byte-order mark, which is not part of the text.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

MAX_BYTES = 4 * 1024 * 1024
CLIP = 300  # characters of an error message: it quotes input, never all of it


def read_text(path: str | Path, what: str) -> str:
    with open(path, "rb") as handle:
        return read_stream(handle, f"{what} {path}")


def read_stream(handle: IO[bytes] | IO[str], what: str) -> str:
    """Bytes are decoded here; a text stream (stdin replaced in tests) is taken as it is."""
    data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"{what} is larger than {MAX_BYTES // (1024 * 1024)} MB")
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

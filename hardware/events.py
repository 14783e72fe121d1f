"""The one event type every reader backend emits, and the canonical uid form."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

EventKind = Literal["placed", "removed"]

_HEX = re.compile(r"^[0-9A-F]+$")


@dataclass(frozen=True)
class TagEvent:
    """A tag arrived on (`placed`) or left (`removed`) the reader named `reader`."""

    reader: str
    kind: EventKind
    uid: str
    at: float


def normalise_uid(raw: str | bytes | bytearray | list[int]) -> str:
    """Return a uid as uppercase hex without separators (8, 14 or 20 characters).

    Accepts raw bytes or text such as `04:a1:b2 ...`; raises ValueError for anything else,
    so a mistyped uid is caught where it enters.
    """
    if isinstance(raw, bytes | bytearray | list):
        text = bytes(raw).hex()
    else:
        text = re.sub(r"[\s:\-]", "", raw)
    text = text.upper()
    if not _HEX.match(text) or len(text) not in (8, 14, 20):
        raise ValueError(f"not a tag uid: {raw!r} (want 4, 7 or 10 bytes of hex)")
    return text

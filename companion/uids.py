"""The canonical tag uid form of DESIGN.md: uppercase hex, 8, 14 or 20 characters.

`hardware` normalises what readers see; this is the same rule for what people type
(deck files, scripts, JSON), kept here because `companion` may not import `hardware`.
"""

from __future__ import annotations

import re

_SEPARATORS = re.compile(r"[\s:\-]")
_HEX = re.compile(r"^[0-9A-F]+$")


def canonical_uid(text: str) -> str:
    uid = _SEPARATORS.sub("", str(text)).upper()
    if not _HEX.match(uid) or len(uid) not in (8, 14, 20):
        raise ValueError(
            f"{text!r} is not a tag uid (want 8, 14 or 20 hex characters: a 4-, 7- or 10-byte uid)"
        )
    return uid

"""Player names: typed by anyone, printed everywhere (the screen, a terminal, JSON, BG Stats).

At entry (`player_names`) control and invisible characters are removed: C0 and C1 controls
(ESC, BEL, ...), format characters (zero-width spaces and joiners, bidi overrides and
isolates, the BOM) and line or paragraph separators; runs of white space become one space.
A name left empty is refused, and so are two names that differ only by case ("Ana" and
"ana" would be one player to BG Stats and to the players at the table).

On output (`printable`) the same characters are shown escaped (`\\u001b`, `\\u202e`), since a
save written before this check may still hold them: nothing we print moves a terminal's
cursor or turns text around.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import TextIO

MAX_NAME = 40  # characters: longer than any name a table needs, short enough for a strip

_HIDDEN = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"))


def _hidden(char: str) -> bool:
    return unicodedata.category(char) in _HIDDEN


def clean_name(text: str) -> str:
    """`text` without control or invisible characters, white space collapsed and trimmed."""
    kept = "".join(
        " " if char in "\t\n\r\v\f" else char
        for char in text
        if not _hidden(char) or char in "\t\n\r\v\f"
    )
    return re.sub(r"\s+", " ", kept).strip()


def player_names(names: Sequence[str]) -> list[str]:
    """The names as players will see them (`clean_name`); ValueError, in one line, for a
    name left empty, one over `MAX_NAME` characters, or two that differ only by case."""
    cleaned: list[str] = []
    seen: dict[str, str] = {}
    for raw in names:
        name = clean_name(raw)
        if not name:
            raise ValueError(f"player name {printable(raw)!r} has no visible characters")
        if len(name) > MAX_NAME:
            raise ValueError(f"player name {name[:20]!r}... is over {MAX_NAME} characters")
        twin = seen.get(name.casefold())
        if twin is not None:
            raise ValueError(
                f"{twin} and {name} are the same name to the table: give every player a "
                "different name"
            )
        seen[name.casefold()] = name
        cleaned.append(name)
    return cleaned


def printable(text: str) -> str:
    """`text` with every control or invisible character but the newline escaped as JSON
    escapes it (`\\u001b`, `\\u202e`), so it is safe in a terminal, and JSON stays JSON
    (our JSON is ASCII outside its strings): what `play`, `history` and `export` print."""
    return "".join(_escape(char) if _hidden(char) and char != "\n" else char for char in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code > 0xFFFF:  # as JSON writes it: a surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


class PrintableOut:
    """A text stream that writes through `printable`: wrap a command's output in it."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def write(self, text: str) -> int:
        return self.out.write(printable(text))

    def flush(self) -> None:
        self.out.flush()

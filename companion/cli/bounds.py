"""Numbers on the command line, range-checked before use (argparse types).

A game number SQLite cannot hold raised OverflowError; `--seconds inf` waited forever. Each
is refused in words by argparse, as "argument GAME_ID: there is no game number ...".
"""

from __future__ import annotations

import argparse
import math

from companion.textfile import clip

MAX_SECONDS = 24 * 3600.0  # a reader test or a tag-writing session longer than a day is a typo


def game_id(text: str) -> int:
    """A game number SQLite can hold (1 .. 2**63 - 1)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{clip(text)!r} is not a game number") from None
    if not 1 <= number < 2**63:
        raise argparse.ArgumentTypeError(f"there is no game number {clip(text)}")
    return number


def seconds(text: str) -> float:
    """A duration from 0 to MAX_SECONDS (not nan, not inf)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{clip(text)!r} is not a number of seconds") from None
    if not (math.isfinite(value) and 0 <= value <= MAX_SECONDS):
        raise argparse.ArgumentTypeError(f"seconds must be 0-{MAX_SECONDS:.0f}, not {clip(text)}")
    return value

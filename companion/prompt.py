"""What a game asks of the table now: the prompt and its options (the buttons).

Kept apart from the engine contract so the view, which renders a prompt, needs nothing
else of the engine (no import circle between them)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Option:
    """A button on the prompt: `tap <word> [arg]`. A disabled option is shown with the
    reason it cannot be chosen now (a repair the player cannot afford). `group` gathers
    options a screen may show together (a key the game's view names, e.g. Broken Planet's
    "build": its board heads and folds each group); "" is none."""

    word: str
    label: str
    arg: str | None = None
    enabled: bool = True
    reason: str = ""
    group: str = ""


@dataclass(frozen=True)
class Prompt:
    """Who must act now, and what they may do. `detail` carries phase data for the board.

    `player` is the one player asked; `waiting` lists everyone asked when several may act
    at once (each names themselves: a seat's reader, or a tap's seat). A `private` prompt
    asks for scans whose contents the shared screen must never show."""

    phase: str
    player: str | None
    text: str
    options: tuple[Option, ...] = ()
    expects_scan: bool = False
    detail: Mapping[str, Any] = field(default_factory=dict)
    waiting: tuple[str, ...] = ()
    private: bool = False

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def actors(self) -> tuple[str, ...]:
        return self.waiting or ((self.player,) if self.player else ())

"""What players do at the table: scan a tag or tap an option. Nothing else reaches an engine.

A chance result (a die face) is a tap like any other, so the log replays it exactly."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_READER = "default"


@dataclass(frozen=True)
class Scan:
    """A tag seen by a reader. `seat` is the player whose own reader saw it (a reader bound
    to a seat), None for a shared reader."""

    uid: str
    reader: str = DEFAULT_READER
    seat: int | None = None


@dataclass(frozen=True)
class Tap:
    """A touch on a prompt option: a short stable word plus an optional argument, and the
    seat it was made for when a prompt waits on several players at once."""

    option: str
    arg: str | None = None
    seat: int | None = None


Input = Scan | Tap


class IllegalInput(Exception):
    """An input the rules refuse right now. The message is shown to players as is; `rule`
    names the refusal in the game's map of rulebook passages (companion.rules_at_hand)."""

    def __init__(self, message: str, *, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


class UnknownTag(IllegalInput):
    """A tag no deck knows: the table offers to enroll it rather than just refusing."""

    def __init__(self, uid: str) -> None:
        super().__init__(f"unknown tag {uid} — enroll it first")
        self.uid = uid


class Unchanged(Exception):
    """An input that is fine but changes nothing (a sell tap after a gold card sold itself):
    the table says so and stores nothing, so Undo never has to take back a no-op."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

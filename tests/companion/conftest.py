from __future__ import annotations

from pathlib import Path

import pytest

from companion.deck import Deck, make_component
from companion.store import Store
from companion.table import Table

DATA = Path(__file__).resolve().parents[1] / "data"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def make_deck(
    game: str, cards: list[tuple[str, str | None, int]], prefix: str = "04EE00000000"
) -> Deck:
    """A deck whose card N (1-based) has uid prefix + two hex digits of N."""
    deck = Deck(game, "test")
    for n, (kind, pattern, ingots) in enumerate(cards, start=1):
        uid = f"{prefix}{n:02X}"
        fields = {"uid": uid, "kind": kind, "ingots": ingots}
        deck.components[uid] = make_component(
            game, fields | ({"pattern": pattern} if pattern else {})
        )
    return deck


def uid(n: int, prefix: str = "04EE00000000") -> str:
    return f"{prefix}{n:02X}"


@pytest.fixture
def store() -> Store:
    return Store()


def play(table: Table, *steps: str) -> None:
    """Feed steps written like script lines: 'scan 3' (card 3 of the deck), 'tap keep'."""
    for step in steps:
        word, _, rest = step.partition(" ")
        if word == "scan":
            table.scan(uid(int(rest)))
        else:
            option, _, arg = rest.partition(" ")
            table.tap(option, uid(int(arg)) if arg else None)


def keep_all(table: Table, *cards: int) -> None:
    """Each drafter in snake order takes the next of `cards` and keeps it."""
    play(table, *(step for n in cards for step in (f"scan {n}", "tap keep")))

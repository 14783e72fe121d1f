"""A refused scan says where the card is (issue 13), so players can put it right: still in
the draft area, in someone's collection, or sold and out of the game."""

from __future__ import annotations

import pytest

from companion.inputs import IllegalInput
from companion.table import Table
from tests.companion.conftest import make_deck, play, uid

CARDS = [("cup", "wave", 1), ("plate", "crane", 2), ("bowl", "wave", 1)] * 4


def test_a_card_scanned_out_of_place_is_refused_with_where_it_is(store) -> None:
    table = Table.start(store, make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    play(table, "scan 1")
    with pytest.raises(IllegalInput, match=r"^The wave cup is in the draft area: deal cards"):
        table.scan(uid(1))
    play(table, "scan 2", "scan 3", "scan 4", "scan 5")
    play(table, "scan 1", "tap sell", "scan 2", "tap keep")  # Ana sells, Ben keeps
    with pytest.raises(IllegalInput, match=r"^The wave cup is out of the game: Ben takes"):
        table.scan(uid(1))
    with pytest.raises(IllegalInput, match=r"^The crane plate is in Ben's collection: Ben"):
        table.scan(uid(2))
    with pytest.raises(IllegalInput, match=r"^The crane plate is still in the deck: Ben takes"):
        table.scan(uid(11))

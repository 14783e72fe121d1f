"""What the table answers each input with, and what it keeps (issue 13): the sentence the
screen shows, the undo it names, a sale that was already made, and the seat each scan came
from, which a resumed game must replay the same."""

from __future__ import annotations

from companion.deck import load_deck, make_component
from companion.store import Store
from companion.table import Table, seat_readers
from hardware.script import ScanStep, load_script
from tests.companion.conftest import EXAMPLES, make_deck, play, uid

CARDS = [("cup", "wave", 1), ("gold", None, 3), ("bowl", "crane", 1)] * 4


def test_each_input_is_answered_with_what_happened(store) -> None:
    table = Table.start(store, make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    assert table.players == ["Ana", "Ben"]
    assert table.scan(uid(1)) == "Dealt the wave cup"
    assert table.undo() == "Undone: Dealt the wave cup"
    sticker = make_component(
        "broken-and-beautiful", {"uid": "04ABCDEF012345", "kind": "vase", "ingots": 2}
    )
    assert table.enroll(sticker) == "Enrolled the vase"
    assert table.secret("Ana") == ()  # every Kintsugi collection is open: nothing private


def test_tapping_sell_after_a_gold_card_sold_itself_changes_nothing(store) -> None:
    table = Table.start(store, make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    play(table, *(f"scan {n}" for n in (1, 2, 3, 4, 5)))
    table.scan(uid(2))  # gold cards must be sold: Ana is paid at once
    logged = len(store.log(table.game_id))
    assert table.tap("sell") == "Nothing to do: the gold card was already sold"
    assert len(store.log(table.game_id)) == logged and table.state.ingots == [3, 0]


def test_a_game_in_play_is_not_recorded_as_finished(store) -> None:
    table = Table.start(store, make_deck("broken-and-beautiful", CARDS), ["Ana", "Ben"])
    play(table, "scan 1", "scan 2")
    assert store.games(finished=True) == []
    assert store.game(table.game_id).result is None


def test_a_resumed_game_replays_each_scan_from_the_reader_it_came_from(tmp_path) -> None:
    names = ["Ana", "Ben", "Cleo", "Dev"]
    steps = load_script(str(EXAMPLES / "who-broke-it-4p.script"))
    readers = [s.reader for s in steps if isinstance(s, ScanStep)]
    path = tmp_path / "save.db"
    deck = load_deck(str(EXAMPLES / "who-broke-it-demo.toml"))
    table = Table.start(Store(path), deck, names, seats=seat_readers(readers, len(names)))
    for step in steps:
        if isinstance(step, ScanStep):
            table.scan(step.uid, step.reader)
        else:
            table.tap(step.option, step.arg)
    resumed = Table.resume(Store(path), table.game_id)
    assert resumed.view() == table.view() and resumed.scores() == table.scores()

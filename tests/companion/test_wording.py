"""What players read after the rulebook audit: each sentence says what happened or what to
do, and each Mintsugi default follows the prototype's own text (docs/rulings.md)."""

from __future__ import annotations

import json
import re
import sqlite3

from companion.cli.play import format_sheet
from companion.store import Store
from companion.table import Table
from tests.companion.conftest import keep_all, make_deck, play, uid

CUPS = [("cup", "wave", 1)] * 3 + [("plate", None, 1)] * 2 + [("cup", "crane", 1)] * 4


def broken_cups(store, **settings) -> Table:
    """Ana and Ben each keep a cup; the leftover cup and the top card (a cup) break them."""
    table = Table.start(store, make_deck("broken-and-beautiful", CUPS), ["Ana", "Ben"], **settings)
    play(table, *(f"scan {n}" for n in (1, 2, 3, 4, 5)))
    keep_all(table, 1, 2, 4, 5)
    assert "lift the top card of the deck, scan it alone and put it back" in table.prompt.text
    assert "the card left in the draft area is discarded" in table.prompt.text
    play(table, "scan 6")
    return table


def test_a_player_who_chose_to_pass_is_not_told_they_cannot_repair(store) -> None:
    table = broken_cups(store, settings={"repair_after_pass": "no"})
    table.state.ingots[:] = [5, 5]
    play(table, "tap done", "tap pass", "scan 2")  # Ana passes, Ben repairs, Ana's pass stands
    assert table.prompt.phase != "repair"  # the round ended: nobody else is asked
    said = " ".join(table.view().log)
    assert re.findall(r"; ([^;]*) cannot repair", said) == ["Ben"]  # Ana is not among them


def test_a_repair_says_to_flip_the_card(store) -> None:
    table = broken_cups(store)
    table.state.ingots[:] = [1, 0]
    play(table, "tap done", "scan 1")
    assert table.narration.startswith("Ana repaired the wave cup for 1 ingot: flip it")


def test_nothing_breaks_is_a_sentence(store) -> None:
    cards = [("cup", "wave", 1), ("bowl", "wave", 1), ("plate", None, 1)] * 3
    table = Table.start(store, make_deck("broken-and-beautiful", cards), ["Ana", "Ben"])
    play(table, *(f"scan {n}" for n in (1, 2, 4, 5, 3)))
    keep_all(table, 1, 2, 4, 5)
    play(table, "scan 9")  # leftover plate, top card plate: nobody has a plate
    assert table.prompt.text.endswith(". Nothing breaks.")


def test_an_empty_supply_says_so(store) -> None:
    table = Table.start(store, make_deck("broken-and-beautiful", CUPS), ["Ana", "Ben"])
    table.state.supply = 0
    play(table, *(f"scan {n}" for n in (1, 2, 3, 4, 5)), "scan 1")
    assert table.prompt.options[1].label == "Sell for 0 ingots"
    play(table, "tap sell")
    assert table.narration == "Ana sold the wave cup for 0 ingots (the supply is empty)"


def test_mintsugis_bank_never_runs_out_unless_the_published_supply_is_chosen(store) -> None:
    cards = [("cup", "wave", 3)] * 9 + [("jug", "wave", 1)] * 9
    players = ["Ana", "Ben", "Cleo", "Dan"]
    table = Table.start(store, make_deck("mintsugi", cards), players)
    play(table, *(f"scan {n}" for n in range(1, 10)))
    for n in range(1, 9):  # eight sales of 3 ingots: 24, more than 14
        play(table, f"scan {n}", "tap sell")
    assert sum(table.state.ingots) == 24 and table.state.supply is None
    assert "bank: unlimited" in table.view().status
    capped = Table.start(store, make_deck("mintsugi", cards), players, settings={"supply": "14"})
    play(capped, *(f"scan {n}" for n in range(1, 10)))
    for n in range(1, 9):
        play(capped, f"scan {n}", "tap sell")
    assert sum(capped.state.ingots) == 14 and capped.state.supply == 0


def test_a_mintsugi_game_saved_before_version_2_keeps_its_old_defaults(tmp_path) -> None:
    path = tmp_path / "save.db"
    cards = [("cup", "wave", 1)] * 9
    table = Table.start(Store(path), make_deck("mintsugi", cards), ["Ana", "Ben"])
    db = sqlite3.connect(path)
    (text,) = db.execute("SELECT setup FROM games").fetchone()
    old = json.loads(text)
    del old["ruleset"]  # a version 1 save stored only what the players chose
    old["settings"] = {"vase_repair_bonus": "yes"}
    with db:
        db.execute("UPDATE games SET setup = ?", (json.dumps(old),))
    again = Table.resume(Store(path), table.game_id)
    played = again.engine.settings
    assert (played["saucer"], played["tiebreak"], played["supply"]) == ("published",) * 2 + ("14",)
    assert played["jug_tie"] == "split" and played["vase_repair_bonus"] == "yes"
    assert again.state.supply == 14


def test_a_game_in_progress_names_who_leads_not_a_winner(store) -> None:
    table = Table.start(store, make_deck("broken-and-beautiful", CUPS), ["Ana", "Ben"])
    play(table, *(f"scan {n}" for n in (1, 2, 3, 4, 5)), "scan 1", "tap keep")
    text = format_sheet(table.scores(), table.finished)
    assert "Leading: Ana" in text and "Winner" not in text
    assert uid(1) in table.state.collections[0]

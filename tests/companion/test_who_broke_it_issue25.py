"""Who Broke It? around the referee (issue 25 item 7): seat readers bound at set-up, unknown
seat readers refused, names matched without regard to case, prompts that name their players
in one person, Hide the Evidence into an empty deck, and the defaults that follow the
printed text (W2, W10, W13; docs/rulings.md)."""

from __future__ import annotations

from companion.cli import main
from companion.games import definition
from tests.companion.conftest import EXAMPLES
from tests.companion.test_who_broke_it import Game, down_to_one_card

DECK = str(EXAMPLES / "who-broke-it-demo.toml")


def play(tmp_path, script: str, players: str = "Ana,Ben,Cleo", *extra: str) -> tuple[int, str]:
    path = tmp_path / "game.script"
    path.write_text(script)
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["play", "--game", "who-broke-it", "--deck", DECK, "--players", players,
                     "--script", str(path), *extra])  # fmt: skip
    return code, out.getvalue() + err.getvalue()


def test_a_resumed_run_with_a_longer_script_treats_seat3_as_cleos(tmp_path) -> None:
    db = str(tmp_path / "save.db")
    assert play(tmp_path, "tap dealt\n", "Ana,Ben,Cleo", "--db", db)[0] == 0
    # the script grows: Cleo's own reader is used for the first time, on Ana's turn
    code, out = play(tmp_path, "tap dealt\nscan 04B10000000011 @seat3\n", "Ana,Ben,Cleo",
                     "--db", db)  # fmt: skip
    assert "Resuming saved game" in out
    assert "REFUSED: That was Cleo's reader: Ana scans now" in out, out


def test_a_seat_reader_past_the_players_is_refused_in_one_line(tmp_path) -> None:
    code, out = play(tmp_path, "tap dealt\nscan 04B10000000011 @seat7\n")
    assert code == 2
    assert "script line 2: there is no reader @seat7 at a table of 3 (seat1 to seat3" in out
    assert "Traceback" not in out


def test_names_match_without_regard_to_case(tmp_path) -> None:
    g = Game(3, 16, "false")
    g.play("false")
    assert g.tap("PLAYER", "cLEO").startswith("Ana accuses Cleo")  # 'PLAYER' was refused
    code, out = play(tmp_path, "tap dealt @ANA\n")
    assert code == 0 and "Dealt 4 cards" in out, out


def test_a_choice_names_the_players_in_one_person() -> None:
    g = Game(3, 16, "fault")
    said = g.play("fault")
    assert said == "Ana played It's Their Fault: Ana must choose the player who takes their hand."
    assert g.text == "Ana: choose the player who takes your hand (Ben or Cleo)"
    refused = g.refused(g.table.scan, g.card("spare"))
    # was "tap player, tap player"; names, in players' words (no script word on the screen)
    assert refused == "A scan is not possible now (you can: choose Ben or Cleo, undo)"


def test_hide_the_evidence_into_an_empty_deck_says_the_card_comes_back() -> None:
    g = Game(3, 12, "spare", "spare", "hide")  # 12 cards, 3 players: the deck is empty
    said = g.play("hide")
    assert "the deck's only card, so Ana draws it back" in said


def test_defaults_follow_the_printed_text() -> None:
    wbi = definition("who-broke-it")
    defaults = wbi.resolve({})
    assert defaults["false_accused_vase"] == "safe"  # W2 "One player's next card does nothing"
    assert defaults["vase_set_aside"] == "nobody"  # W13 "is removed from the round"
    assert defaults["call_mum_self"] == "yes"  # W10 "Choose a player"
    assert wbi.saved_settings(1, {})["call_mum_self"] == "no"  # version 1 games resume as played
    g = Game(2, 16, "false")
    g.play("false")
    g.tap("player", "Ben")
    said = g.play("vase")
    assert "nobody is blamed" in said and g.table.scores().losers == ()
    g = down_to_one_card(2)
    g.table.scan(g.card("spare"))
    assert g.table.scan(g.card("spare")).endswith("Nobody holds the Broken Vase: it was set aside.")
    assert g.table.finished and g.table.scores().losers == ()

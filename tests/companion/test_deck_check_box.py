"""`companion deck check` measures a deck against a whole copy (issue 14): a 2-card Broken
and Beautiful deck is not "ok", and the rulebook's component list says what is short."""

from __future__ import annotations

from pathlib import Path

from companion.cli import main
from companion.games import definition

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TWO = """game = "broken-and-beautiful"
name = "Ours"

[[component]]
uid = "04AA0000000001"
kind = "cup"
pattern = "wave"
ingots = 1

[[component]]
uid = "04AA0000000002"
kind = "gold"
"""


def check(capsys, path):
    status = main(["deck", "check", str(path)])
    return status, capsys.readouterr().out.splitlines()


def test_the_box_list_adds_up_to_a_whole_copy():
    game = definition("broken-and-beautiful")
    assert game.cards_in_box == 46 == sum(share.count for share in game.box)
    assert {k for share in game.box for k in share.kinds} == set(game.kind_names())


def test_a_two_card_deck_is_incomplete_and_says_what_is_short(tmp_path, capsys):
    deck = tmp_path / "ours.toml"
    deck.write_text(TWO)
    status, lines = check(capsys, deck)
    assert status == 0  # the file itself is good: enrolling goes on
    assert lines[0].startswith(f"incomplete: {deck}: Ours (broken-and-beautiful), 2 of the 46")
    assert lines[1] == (
        "short: pottery cards 1 of 39, gold cards 1 of 3, serving trays 0 of 2, storage boxes 0 of 2"
    )


def test_a_whole_copy_is_ok_and_a_game_with_no_known_count_too(capsys):
    status, lines = check(capsys, EXAMPLES / "broken-and-beautiful-demo.toml")
    assert status == 0 and lines[0].startswith("ok: ") and len(lines) == 1
    status, lines = check(capsys, EXAMPLES / "mintsugi-demo.toml")
    assert status == 0 and lines[0].startswith("ok: ")

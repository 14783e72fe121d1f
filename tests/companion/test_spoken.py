"""What the table says aloud after an input: the narration and each new prompt's first
sentence, and nothing at all of a private prompt or of what a hidden hand showed."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from companion.engine import Prompt
from companion.spoken import first_sentence, spoken
from tests.companion.test_who_broke_it import Game


def prompt(text: str, private: bool = False) -> Prompt:
    return Prompt("play", "Ana", text, private=private)


def test_the_first_sentence_stops_at_a_full_stop_and_keeps_a_sentence_without_one() -> None:
    assert first_sentence("Ana: keep or sell. The cup costs 2.") == "Ana: keep or sell."
    assert first_sentence("Why? Because.") == "Why?"
    assert first_sentence("  Ben: choose the player Mum checks (Cleo or Ben)  ") == (
        "Ben: choose the player Mum checks (Cleo or Ben)"
    )
    assert first_sentence("Pay 2.5 ingots") == "Pay 2.5 ingots"  # no space after the stop


def test_the_narration_then_the_new_prompts_first_sentence_each_ending_a_sentence() -> None:
    said = spoken(
        prompt("Ben: play a card and scan it. Ben holds 4."),
        "Ana played Alibi",
        prompt("Ana: play a card and scan it"),
    )
    assert said == "Ana played Alibi. Ben: play a card and scan it."


def test_a_prompt_that_stays_is_not_said_again_but_the_narration_is() -> None:
    same = prompt("Everyone scans their last card. To go: Ana, Ben")
    after = prompt("Everyone scans their last card. To go: Ben")
    assert spoken(after, "Ana showed her last card.", same) == "Ana showed her last card."
    assert spoken(same, "", same) == ""


def test_the_first_prompt_of_a_game_is_said_when_nothing_was_answered_yet() -> None:
    assert spoken(prompt("Deal 4 cards each."), "", None) == "Deal 4 cards each."


def test_a_private_prompt_says_nothing_not_even_the_public_narration_before_it() -> None:
    secret = prompt("Cleo, scan every card in your hand, privately", private=True)
    assert spoken(secret, "Ben played Call Mum.", prompt("Ben: choose")) == ""


def test_what_a_hidden_hand_showed_is_never_said_when_the_check_ends() -> None:
    secret = prompt("Cleo, scan every card in your hand, privately", private=True)
    said = spoken(prompt("Ben: play a card"), "Cleo showed 3 of 3 cards. Not the vase.", secret)
    assert said == "Ben: play a card."


def test_a_whole_call_mum_check_is_silent_from_the_first_private_scan_to_the_last() -> None:
    g = Game(3, 20, "alibi", "mum", "hide", "excuses", "distraction")
    g.play("alibi")
    before = g.table.prompt
    g.play("mum")
    assert spoken(g.table.prompt, g.table.narration, before) == (
        "Ben played Call Mum: Ben must choose the player Mum checks."
        " Ben: choose the player Mum checks (Cleo or Ben)."
    )
    said = []
    for action in (
        lambda: g.tap("player", "Cleo"),
        lambda: g.play("hide"),
        lambda: g.play("excuses"),
        lambda: g.play("distraction"),
    ):
        before = g.table.prompt
        action()
        said.append(spoken(g.table.prompt, g.table.narration, before))
    assert said[:3] == ["", "", ""]
    assert "showed" in g.table.narration and "showed" not in said[3]
    assert said[3] == first_sentence(g.table.prompt.text) + "."
    before = g.table.prompt
    undone = g.table.undo()  # "Undone: Cleo showed 3 of 3 cards...": back under the check
    assert "showed" in undone and spoken(g.table.prompt, undone, before) == ""


words = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=60)


@given(words, words, words, st.booleans())
def test_a_private_prompt_is_silence_whatever_the_words(text, narration, earlier, was_private):
    before = prompt(earlier, private=was_private)
    assert spoken(prompt(text, private=True), narration, before) == ""


@given(words, words, words)
def test_nothing_said_after_a_private_prompt_comes_from_its_narration(text, narration, earlier):
    assume("HIDDEN" not in text)
    said = spoken(prompt(text), f"HIDDEN {narration}", prompt(earlier, private=True))
    assert "HIDDEN" not in said

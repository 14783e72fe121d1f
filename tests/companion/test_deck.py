"""Deck files: the DESIGN.md format, line-precise errors, and a lossless round trip."""

from __future__ import annotations

import pytest

from companion.deck import DeckError, load_deck, parse_deck
from tests.companion.conftest import EXAMPLES

HEAD = 'game = "broken-and-beautiful"\nname = "Ours"\n'


def component(uid: str = "04A1B2C3D4E5F6", **fields: object) -> str:
    body = {
        "kind": '"cup"',
        "pattern": '"wave"',
        "ingots": "2",
        **{k: str(v) for k, v in fields.items()},
    }
    lines = [f'uid = "{uid}"'] + [f"{k} = {v}" for k, v in body.items() if v != "None"]
    return "\n[[component]]\n" + "\n".join(lines) + "\n"


def test_the_design_example_parses() -> None:
    deck = parse_deck(HEAD + component())
    card = deck.get("04A1B2C3D4E5F6")
    assert (card.kind, card.get("pattern"), card.get("ingots"), card.label) == (
        "cup",
        "wave",
        2,
        "wave cup",
    )
    assert deck.name == "Ours" and len(deck) == 1


def test_uids_are_normalised_and_gold_defaults_to_three_ingots() -> None:
    deck = parse_deck(
        HEAD
        + component("04:a1:b2:c3:d4:e5:f6")
        + component("A1B2C3D4", kind='"gold"', pattern=None, ingots=None)
    )
    assert set(deck.components) == {"04A1B2C3D4E5F6", "A1B2C3D4"}
    assert deck.get("A1B2C3D4").get("ingots") == 3 and deck.get("A1B2C3D4").label == "gold card"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            HEAD + component(kind='"mug"'),
            "deck:4: component 1: kind 'mug' is not a Broken and Beautiful kind",
        ),
        (
            HEAD + component() + component(),
            "deck:10: tag 04A1B2C3D4E5F6 is listed twice (first at line 4)",
        ),
        (HEAD + component(ingots=None), "deck:4: component 1: missing 'ingots'"),
        (HEAD + component(ingots='"two"'), "'ingots' must be a whole number 0-9"),
        (HEAD + component(uid="XYZ"), "deck:4: component 1: 'XYZ' is not a tag uid"),
        ('game = "chess"\n', "deck: unknown game 'chess'"),
        ("name = 'x'\n", "deck:1: missing game"),
        (HEAD + "[[component]\n", "deck: not valid TOML"),
    ],
)
def test_bad_deck_files_name_the_line(text: str, message: str) -> None:
    with pytest.raises(DeckError) as err:
        parse_deck(text)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_round_trip_through_toml() -> None:
    deck = load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")
    again = parse_deck(deck.to_toml())
    assert (
        again.components == deck.components and again.game == deck.game and again.name == deck.name
    )


def test_enrolling_a_tag_twice_says_what_it_is() -> None:
    deck = parse_deck(HEAD + component())
    other = parse_deck(HEAD + component(kind='"bowl"')).get("04A1B2C3D4E5F6")
    with pytest.raises(DeckError, match="already enrolled as the wave cup"):
        deck.add(other)

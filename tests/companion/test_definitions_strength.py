"""The games' definitions (issue "mutation score at least 90 %"): each game's player count,
from its rulebook, is what a table may start with (one fewer or one more is refused, naming
the range), and saved games keep the ruleset version they began under."""

from __future__ import annotations

import re

import pytest

from companion.deck import load_deck, make_component
from companion.games import definition
from companion.store import Store
from companion.table import Table
from tests.companion.conftest import EXAMPLES

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus"]


@pytest.mark.parametrize(
    ("deck", "title", "low", "high"),
    [
        ("broken-and-beautiful-demo.toml", "Broken and Beautiful", 2, 4),
        ("mintsugi-demo.toml", "Mintsugi", 2, 4),
        ("who-broke-it-demo.toml", "Who Broke It?", 2, 6),  # "2-6 players"
        ("broken-planet-demo.toml", "Broken Planet", 2, 5),  # a 5-player relic side
    ],
)
def test_a_table_starts_with_the_rulebooks_player_count_only(deck, title, low, high) -> None:
    cards = load_deck(EXAMPLES / deck)
    for count in (low - 1, high + 1):
        with pytest.raises(
            ValueError, match=f"^{re.escape(title)} is for {low}-{high} players, not {count}$"
        ):
            Table.start(Store(), cards, NAMES[:count])


def test_mintsugi_saves_of_both_ruleset_versions_play_the_settings_they_began_with() -> None:
    """Saves written under the prototype-text defaults (ruleset 2, docs/rulings.md) keep their
    stored settings; older ones (ruleset 1) fill what they did not store with version 1's."""
    mintsugi = definition("mintsugi")
    stored = {"tiebreak": "shared", "supply": "unlimited"}
    assert mintsugi.saved_settings(2, stored) == stored
    assert mintsugi.saved_settings(1, {"tiebreak": "shared"}) == {
        "jug_tie": "split", "saucer": "published", "vase_repair_bonus": "no",
        "tiebreak": "shared", "supply": "14",
    }  # fmt: skip
    with pytest.raises(ValueError, match="plays version 2$"):
        mintsugi.saved_settings(3, stored)


def test_a_broken_planet_pawn_or_token_may_be_any_colour_word() -> None:
    """The five colours are suggested, not imposed: a copy with other pieces (or a stand-in
    pawn) is enrolled by the word its owner uses."""
    pawn = make_component("broken-planet", {"uid": "04B0FF01000000", "kind": "pawn",
                                            "colour": " Orange "})  # fmt: skip
    assert pawn.get("colour") == "orange"
    with pytest.raises(ValueError, match="'colour' must be a word"):
        make_component("broken-planet", {"uid": "04B0FF02000000", "kind": "pawn", "colour": " "})


def test_only_broken_planets_map_is_chosen_at_setup_and_such_a_choice_needs_its_labels() -> None:
    """Setup shows a ruling chosen for each game as its labels alone (no question beside
    them), so a definition cannot mark one that has none, or fewer than its choices."""
    from companion.definition import Setting
    from companion.games import playable

    chosen = {game.name: [s.key for s in game.at_setup()] for game in playable()}
    assert chosen.pop("broken-planet") == ["map_setup"]
    assert not any(chosen.values()), chosen
    for labels in ((), ("a",)):
        with pytest.raises(ValueError, match="^setting x is chosen at Setup: it needs a label"):
            Setting("x", "a", ("a", "b"), "?", labels=labels, at_setup=True)
    assert Setting("x", "a", ("a", "b"), "?").labels == ()  # in Settings alone: no label needed

"""Broken Planet as the core sees it: stickered components, 2-5 players, the rulings players
may disagree on, and the map file it reads at set-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.definition import (
    Attribute,
    ComponentKind,
    GameDefinition,
    NextStart,
    Setting,
    imported,
)
from companion.games.broken_planet.mapfile import load_map
from companion.games.broken_planet.tablet import GEMS, RELICS, TEMPLES

if TYPE_CHECKING:
    from companion.engine import ScoreSheet, Setup

COLOUR = Attribute(
    "colour",
    "Which player colour is it?",
    choices=("red", "blue", "green", "yellow", "purple"),
    word=True,
)
KINDS = (
    ComponentKind("pawn", "pawn", (COLOUR,), label_with="colour"),
    ComponentKind(
        "temple",
        "temple token",
        (Attribute("temple", "Which temple is it?", choices=tuple(TEMPLES)), COLOUR),
        label_with="colour",
    ),
    ComponentKind(
        "relic", "relic", (Attribute("relic", "Which relic?", choices=RELICS),), label_with="relic"
    ),
    ComponentKind(
        "gem", "gem card", (Attribute("gem", "Which gemstone?", choices=GEMS),), label_with="gem"
    ),
)

SETTINGS = (
    Setting(  # docs/rulings.md P16
        "map_setup",
        "printed",
        ("printed", "random"),
        "The standard temples and island tokens: where the map file puts them (the printed "
        "set-up), or laid at random and entered at the table island by island.",
        labels=("printed set-up", "random set-up"),
        at_setup=True,  # the table lays its map afresh each game: asked on Setup
    ),
    Setting(
        "move_range",
        "2",
        ("2", "3"),
        "How far a pawn travels: 2 routes (the Round Overview), or 3 (two islands between).",
        labels=("2 routes", "3 routes"),
    ),
    Setting(
        "attack_own_island",
        "yes",
        ("yes", "no"),
        "May the offer player attack the island their own pawn stands on?",
    ),
    Setting(
        "free_ruby_empty_pile",
        "no",
        ("no", "yes"),
        "With the ruby pile empty, do the Bloodstone Altar and Crystal Crypt still attack?",
    ),
    Setting(  # docs/rulings.md P2
        "stay_collects",
        "yes",
        ("yes", "no"),
        "A pawn that stays (its compass shows its own island, or one out of reach): collects "
        "where it stands, or collects nothing.",
        labels=("collects", "collects nothing"),
    ),
    Setting(  # docs/rulings.md P15
        "crypt_attack",
        "must",
        ("must", "may"),
        "The Crystal Crypt's free attack: made in each of its builder's offer phases, as "
        "printed, or only when they choose.",
        labels=("every offer", "when chosen"),
    ),
    Setting(
        "golem_counts_itself",
        "yes",
        ("yes", "no"),
        "Does the Gold Golem's extra favor per temple count the Gold Golem itself?",
    ),
    Setting(
        "shared_victory",
        "all",
        ("all", "two-player"),
        "A tie shares the victory at every player count, or only in the 2-player game.",
    ),
)

# Games saved under version 1 played these (they stored the settings they had then).
V1 = {"crypt_attack": "may"}


def draw_again(setup: Setup, _sheet: ScoreSheet) -> NextStart:
    """Every game of Broken Planet opens with the diamond draw for the starting player
    ("First we decide which player will start"), the next one too (docs/rulings.md N4)."""
    return NextStart(setup.players, setup.first, "The diamond draw decides who starts")


BROKEN_PLANET = GameDefinition(
    name="broken-planet",
    title="Broken Planet",
    kinds=KINDS,
    min_players=2,
    max_players=5,
    settings=SETTINGS,
    version=2,  # 2: the Crystal Crypt's attack is owed (P15)
    legacy={1: V1},
    engine=imported("companion.games.broken_planet.engine:BrokenPlanetEngine"),
    score_json=imported("companion.games.broken_planet.score_input:score_table"),
    board="broken-planet",
    passages=f"{__package__}:passages/broken-planet.toml",
    setup_files={"map": load_map},
    next_start=draw_again,
)

"""Where the published game and its prototype differ, as data. See docs/rulings.md."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.definition import Setting

UNBREAKABLE = frozenset({"serving-tray", "storage-box", "gold"})
LABELS = {"tea-jar": "tea jar", "serving-tray": "serving tray", "storage-box": "storage box"}

# How the published game plays the points Mintsugi leaves open: the value every ruleset
# resolves for a setting it does not offer, so scoring reads one dict and never a game name.
PUBLISHED = {
    "repair_after_pass": "yes",
    "jug_tie": "full",
    "saucer": "published",
    "vase_repair_bonus": "yes",
    "tiebreak": "published",
    "supply": "14",
}
SUPPLY = 14  # ingots in the published game's supply (setting supply = "14")


@dataclass(frozen=True)
class Ruleset:
    """What the engine and scoring read of a game's rules: the parts the two games differ in.
    Settings and components are the game's definition (kintsugi/game.py)."""

    game: str
    title: str
    kinds: tuple[str, ...]  # in the order score sheets list them
    majority_kind: str
    escalating_repairs: bool  # B&B: many repairs a round, each costing more; Mintsugi: one each
    gold_cards: bool
    new_player_ingot: bool
    settings: tuple[Setting, ...] = field(default=())
    # the next game with the same players: whoever came last chooses who goes first (B&B
    # setup 4); else the next player clockwise (docs/rulings.md N2, N3)
    last_chooses_first: bool = False


BROKEN_AND_BEAUTIFUL = Ruleset(
    game="broken-and-beautiful",
    title="Broken and Beautiful",
    kinds=(
        "cup",
        "saucer",
        "plate",
        "bowl",
        "tea-jar",
        "vase",
        "teapot",
        "serving-tray",
        "storage-box",
        "gold",
    ),  # fmt: skip
    majority_kind="tea-jar",
    escalating_repairs=True,
    gold_cards=True,
    new_player_ingot=True,
    last_chooses_first=True,
    settings=(
        Setting(
            "repair_after_pass",
            "yes",
            ("yes", "no"),
            "May a player who passed repair later in the same round, if others kept repairing?",
        ),
    ),
)

MINTSUGI = Ruleset(
    game="mintsugi",
    title="Mintsugi",
    kinds=("cup", "saucer", "plate", "bowl", "jug", "vase", "teapot"),
    majority_kind="jug",
    escalating_repairs=False,
    gold_cards=False,
    new_player_ingot=False,
    # Defaults read the prototype's own text; each published-game answer stays a choice
    # (docs/rulings.md, M1-M8).
    settings=(
        Setting(
            "jug_tie",
            "even",
            ("even", "split", "full"),
            "Tied for most jugs: share the 6 evenly, a 4-way tie rounding up to 2 (even), "
            "rounded down (split), or each scores 6 as in the published game (full).",
        ),
        Setting(
            "saucer",
            "double",
            ("double", "published"),
            "Saucer multiplier: always x2 (double), or x2 and x3 when fixed as in the "
            "published game (published).",
        ),
        Setting(
            "vase_repair_bonus",
            "no",
            ("no", "yes"),
            "Does a fixed vase score 1 extra, as in the published game?",
        ),
        Setting(
            "tiebreak",
            "shared",
            ("shared", "published"),
            "Tied totals: a shared win (shared), or most repaired, then most items as in the "
            "published game (published).",
        ),
        Setting(
            "supply",
            "unlimited",
            ("unlimited", "14"),
            "The bank of ingots: never runs out (unlimited), or 14 ingots as in the published "
            "game (14).",
        ),
    ),
)

# What a Mintsugi game saved before version 2 played for settings it did not store.
MINTSUGI_V1 = {
    "jug_tie": "split",
    "saucer": "published",
    "vase_repair_bonus": "no",
    "tiebreak": "published",
    "supply": "14",
}

RULESETS = {r.game: r for r in (BROKEN_AND_BEAUTIFUL, MINTSUGI)}

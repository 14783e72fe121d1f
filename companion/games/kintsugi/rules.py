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
}


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
    supply: int = 14
    settings: tuple[Setting, ...] = field(default=())


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
    settings=(
        Setting(
            "jug_tie",
            "split",
            ("split", "full"),
            "Tied for most jugs: split the 6 evenly, rounded down (split) or each scores 6 (full).",
        ),
        Setting(
            "saucer",
            "published",
            ("published", "double"),
            "Saucer multiplier: x2, x3 when fixed (published) or always x2 (double).",
        ),
        Setting(
            "vase_repair_bonus",
            "no",
            ("no", "yes"),
            "Does a fixed vase score 1 extra, as in the published game?",
        ),
        Setting(
            "tiebreak",
            "published",
            ("published", "shared"),
            "Tied totals: most repaired, then most items (published) or a shared win.",
        ),
    ),
)

RULESETS = {r.game: r for r in (BROKEN_AND_BEAUTIFUL, MINTSUGI)}

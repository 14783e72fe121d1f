"""Where the published game and its prototype differ, as data. See docs/rulings.md."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

UNBREAKABLE = frozenset({"serving-tray", "storage-box", "gold"})

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
class Setting:
    """A ruling players may reasonably disagree on; `choices` are the accepted values."""

    key: str
    default: Any
    choices: tuple[Any, ...]
    help: str


@dataclass(frozen=True)
class Ruleset:
    game: str
    title: str
    majority_kind: str
    escalating_repairs: bool  # B&B: many repairs a round, each costing more; Mintsugi: one each
    gold_cards: bool
    new_player_ingot: bool
    supply: int = 14
    settings: tuple[Setting, ...] = field(default=())

    def resolve(self, chosen: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with the players' choices; unknown keys or values are refused."""
        values = {**PUBLISHED, **{s.key: s.default for s in self.settings}}
        known = {s.key: s for s in self.settings}
        for key, value in (chosen or {}).items():
            if key not in known and PUBLISHED.get(key) == value:
                continue  # asking for what this game always plays is not an error
            if key not in known:
                names = ", ".join(known) or "none"
                raise ValueError(f"unknown setting {key!r} for {self.title} (settings: {names})")
            if value not in known[key].choices:
                choices = ", ".join(str(c) for c in known[key].choices)
                raise ValueError(f"setting {key} must be one of {choices}, got {value!r}")
            values[key] = value
        return values


BROKEN_AND_BEAUTIFUL = Ruleset(
    game="broken-and-beautiful",
    title="Broken and Beautiful",
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

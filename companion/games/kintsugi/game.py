"""Broken and Beautiful and Mintsugi as the core sees them: components, seats, settings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.definition import (
    Attribute,
    BoxShare,
    ComponentKind,
    GameDefinition,
    NextStart,
    Setting,
)
from companion.engine import Engine, ScoreSheet, Setup
from companion.games.kintsugi.rules import (
    BROKEN_AND_BEAUTIFUL,
    LABELS,
    MINTSUGI,
    MINTSUGI_V1,
    PUBLISHED,
    Ruleset,
)

PATTERN = Attribute(
    "pattern",
    "Which pattern does it show?",
    choices=("blossom", "crane", "lattice", "wave"),
    word=True,
)
INGOTS = Attribute(
    "ingots", "How many ingots does it show (its sale value)?", low=0, high=9, unit="ingot"
)
NEW_PLAYER = Setting(
    "new_player",
    False,
    (False, True),
    "New to the game: starts with 1 ingot from the supply.",
    labels=("", "new player"),
)


def _pottery(name: str) -> ComponentKind:
    return ComponentKind(name, LABELS.get(name, name), (PATTERN, INGOTS), label_with="pattern")


def last_chooses(setup: Setup, sheet: ScoreSheet) -> NextStart:
    """The next game of Broken and Beautiful: "Unless the group just finished a game. In that
    case, the player who was last in that game chooses the first player." Players sharing
    the last rank choose together (all of them, after a tie for first). Everyone has played
    now, so nobody is new (B12)."""
    players = tuple(
        replace(p, options={k: v for k, v in p.options.items() if k != NEW_PLAYER.key})
        for p in setup.players
    )
    worst = max(p.rank for p in sheet.players)
    last = tuple(p.name for p in sheet.players if p.rank == worst)
    who = " and ".join(last)
    names = [p.name for p in players]
    return NextStart(
        players,
        names.index(last[0]) if last[0] in names else setup.first,
        f"{who} {'tied' if len(last) == len(players) else 'came last'}, so {who} "
        f"{'choose' if len(last) > 1 else 'chooses'} who goes first",
        choosers=last,
        chose=f"{{first}} goes first, chosen by {who} (last in the game before)",
    )


def _definition(
    rules: Ruleset,
    box: tuple[BoxShare, ...] = (),
    version: int = 1,
    legacy: Mapping[int, Any] | None = None,
) -> GameDefinition:
    components = tuple(
        ComponentKind("gold", "gold card", (INGOTS,), fixed={"ingots": 3})
        if kind == "gold"
        else _pottery(kind)
        for kind in rules.kinds
    )

    def engine(settings: Mapping[str, Any]) -> Engine:
        from companion.games.kintsugi.engine import KintsugiEngine

        return KintsugiEngine(rules, settings)

    def score(data: Mapping[str, Any], settings: Mapping[str, Any]) -> ScoreSheet:
        from companion.games.kintsugi.score_input import score_table

        return score_table(rules, data, settings)

    return GameDefinition(
        name=rules.game,
        title=rules.title,
        kinds=components,
        min_players=2,
        max_players=4,
        settings=rules.settings,
        player_options=(NEW_PLAYER,) if rules.new_player_ingot else (),
        engine=engine,
        score_json=score,
        board="kintsugi",
        fixed_settings=dict(PUBLISHED),
        cards_in_box=sum(share.count for share in box) or None,
        box=box,
        version=version,
        legacy=legacy or {},
        passages=f"{__package__}:passages/{rules.game}.toml",
        next_start=last_chooses if rules.last_chooses_first else None,
    )


# The rulebook's components: "46 game cards: 39 pottery cards, 3 gold cards, 2 serving tray
# cards, 2 storage box cards" (no count per kind of pottery).
NOT_POTTERY = ("gold", "serving-tray", "storage-box")
BNB_BOX = (
    BoxShare(
        "pottery cards", tuple(k for k in BROKEN_AND_BEAUTIFUL.kinds if k not in NOT_POTTERY), 39
    ),
    BoxShare("gold cards", ("gold",), 3),
    BoxShare("serving trays", ("serving-tray",), 2),
    BoxShare("storage boxes", ("storage-box",), 2),
)
BROKEN_AND_BEAUTIFUL_GAME = _definition(BROKEN_AND_BEAUTIFUL, BNB_BOX)
# the prototype names no card count; version 2: defaults read from the prototype's text
MINTSUGI_GAME = _definition(MINTSUGI, version=2, legacy={1: MINTSUGI_V1})

"""Who Broke It? as the core sees it: thirteen kinds of card, 2-6 players, the settings
players may disagree on (docs/rulings.md, W rulings)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.definition import (
    ComponentKind,
    GameDefinition,
    NextStart,
    Setting,
    imported,
    next_clockwise,
)

if TYPE_CHECKING:
    from companion.engine import ScoreSheet, Setup

CARDS = (
    ("broken-vase", "Broken Vase"),
    ("spare-vase", "Spare Vase"),
    ("hide-the-evidence", "Hide the Evidence"),
    ("blind-accusation", "Blind Accusation"),
    ("false-accusation", "False Accusation"),
    ("its-their-fault", "It's Their Fault"),
    ("evil-twin", "It was my Evil Twin"),
    ("alibi", "Alibi"),
    ("excuses-excuses", "Excuses, Excuses"),
    ("distraction", "Distraction"),
    ("share-the-blame", "Share the Blame"),
    ("shouting-match", "Shouting Match"),
    ("call-mum", "Call Mum"),
)

SETTINGS = (
    Setting(  # docs/rulings.md W2 (the code stays off the screen)
        "false_accused_vase",
        "safe",
        ("loses", "safe"),
        "A Broken Vase played under a False Accusation: does nothing, as the card says, so "
        "nobody is blamed, or still loses.",
        labels=("still loses", "does nothing"),
    ),
    Setting(  # docs/rulings.md W8 (the code stays off the screen)
        "shouting_match_alibi",
        "keep",
        ("keep", "join"),
        "Shouting Match and a player under Alibi: they keep their hand out of it, or their "
        "hand is shuffled in too.",
        labels=("keeps hand", "joins in"),
    ),
    Setting(  # docs/rulings.md W13 (the code stays off the screen)
        "vase_set_aside",
        "nobody",
        ("setter-loses", "nobody"),
        "Nobody holds the Broken Vase at the reveal: it was removed from the round, so nobody "
        "loses, or the set-aside cards are scanned and whoever set it aside loses.",
        labels=("setter loses", "nobody loses"),
    ),
    Setting(  # docs/rulings.md W10 (the code stays off the screen)
        "call_mum_self",
        "yes",
        ("yes", "no"),
        'Call Mum may name its own player, as "Choose a player" allows, or only another player.',
        labels=("yourself too", "others only"),
    ),
)

# Games saved under version 1 played these (they stored the settings they had then).
V1 = {"call_mum_self": "no"}


def loser_starts(setup: Setup, sheet: ScoreSheet) -> NextStart:
    """The loser starts the next game ("Play begins with the youngest player (or whoever
    lost the previous game)"). A game nobody lost (W13) goes to the next player clockwise:
    the table cannot know who is youngest (docs/rulings.md N1)."""
    names = [p.name for p in setup.players]
    loser = next((name for name in sheet.losers if name in names), None)
    if loser is None:
        after = next_clockwise(setup, sheet)
        return NextStart(after.players, after.first, f"Nobody lost: {after.why}")
    return NextStart(
        setup.players,
        names.index(loser),
        f'{loser} lost the last game, so {loser} starts ("whoever lost the previous game")',
    )


WHO_BROKE_IT = GameDefinition(
    name="who-broke-it",
    title="Who Broke It?",
    kinds=tuple(ComponentKind(name, label) for name, label in CARDS),
    min_players=2,
    max_players=6,
    settings=SETTINGS,
    version=2,  # 2: defaults follow the printed text (W2, W13) and W10's call_mum_self
    legacy={1: V1},
    engine=imported("companion.games.who_broke_it.engine:WhoBrokeItEngine"),
    score_json=imported("companion.games.who_broke_it.score_input:score_table"),
    board="who-broke-it",
    passages=f"{__package__}:passages/who-broke-it.toml",
    next_start=loser_starts,
)

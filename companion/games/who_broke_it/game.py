"""Who Broke It? as the core sees it: thirteen kinds of card, 2-6 players."""

from __future__ import annotations

from companion.definition import ComponentKind, GameDefinition

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

WHO_BROKE_IT = GameDefinition(
    name="who-broke-it",
    title="Who Broke It?",
    kinds=tuple(ComponentKind(name, label) for name, label in CARDS),
    min_players=2,
    max_players=6,
    board="who-broke-it",
)

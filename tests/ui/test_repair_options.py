"""The table shows the engine's repair labels for every broken card (unaffordable ones
disabled) and adds only table hints, never a rule of its own."""

from __future__ import annotations

from companion.engine import Option, Prompt
from ui.screens.table import TableScreen, option_keys

LABELS = {
    "04000000000001": "Repair wave cup: 0 ingots (card value)",
    "04000000000002": "Repair crane bowl: 3 ingots (2 +1)",
}


def repair_prompt() -> Prompt:
    offered = Option("repair", LABELS["04000000000001"], "04000000000001")
    return Prompt(
        "repair",
        "Ana",
        "Ana: repair a broken card or pass (1 ingots)",
        (offered, Option("pass", "Pass")),
        expects_scan=True,
        detail={"costs": {"04000000000001": 0, "04000000000002": 3}, "labels": LABELS},
    )


def test_every_broken_card_is_shown_with_the_engines_label_and_only_offers_enabled():
    assert option_keys(repair_prompt()) == [
        (LABELS["04000000000001"], "repair", "04000000000001", True),
        (LABELS["04000000000002"], "repair", "04000000000002", False),
        ("Pass", "pass", None, True),
    ]


def test_the_detail_line_is_a_table_hint_not_the_rules_again():
    assert TableScreen._detail(repair_prompt()) == "Scanning a broken card repairs it too"
    assert TableScreen._detail(Prompt("draft", "Ana", "Ana: take a card")) == ""

"""The table screen shows the engine's options exactly as given, disabled ones included."""

from __future__ import annotations

from companion.engine import Option
from ui.widgets.options import option_keys


def test_options_are_shown_as_the_engine_gives_them():
    options = (
        Option("repair", "Repair wave cup: 0 ingots (card value)", "04000000000001"),
        Option("repair", "Repair crane bowl: 3 ingots", "04000000000002", enabled=False),
        Option("pass", "Pass"),
    )
    assert option_keys(options) == [
        ("Repair wave cup: 0 ingots (card value)", "repair", "04000000000001", True),
        ("Repair crane bowl: 3 ingots", "repair", "04000000000002", False),
        ("Pass", "pass", None, True),
    ]

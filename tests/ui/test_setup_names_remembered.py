"""Setup remembers the names as the table seated them (companion.names cleans them), not as
typed: a BEL, an ESC or a zero-width space typed into a seat was stored in the save's
defaults and came back into the next game's seats."""

from __future__ import annotations

from tests.ui.apphelp import press
from tests.ui.test_setup_seats import choose
from ui.screens.setup import DEFAULTS_KEY

TYPED = ["A\u200bna\x07", "\x1bBen  \u202e", "", ""]


def test_the_defaults_hold_the_cleaned_names(app):
    setup = choose(app, "Test deck")
    for row, name in zip(setup.seats(), TYPED, strict=True):
        row.ids.name.text = name
    setup.choose_first(0)
    press(setup.ids.start)
    assert app.table is not None
    assert [p.name for p in app.table.setup.players] == ["Ana", "Ben"]
    assert app.store.get_setting(DEFAULTS_KEY)["names"][:4] == ["Ana", "Ben", "", ""]
    setup = choose(app, "Test deck")
    assert [row.name for row in setup.seats()[:2]] == ["Ana", "Ben"]


def test_an_older_versions_raw_defaults_come_back_cleaned(app):
    app.store.set_setting(DEFAULTS_KEY, {"names": TYPED[:2] + [7]})
    setup = choose(app, "Test deck")
    assert [row.name for row in setup.seats()] == ["Ana", "Ben", "", ""]

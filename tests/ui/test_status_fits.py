"""The table's status line (the engine's round, phase and counts, then the reader's state)
is read whole at body size: at its longest, for every game, the bar grows to hold it."""

from __future__ import annotations

import pytest
from kivy.core.text import Label as CoreLabel
from kivy.metrics import sp

from companion.table import STILL_SAVING, Table
from tests.ui.apphelp import frames, small_deck
from tests.ui.bp_helpers import play_step, script_steps
from tests.ui.bp_helpers import start as start_planet


def height_needed(label) -> int:
    """How tall the label's whole text is at its width."""

    def height(text: str) -> int:
        core = CoreLabel(
            text=text, font_size=label.font_size, font_name=label.font_name,
            text_size=(label.width, None), halign="left",
        )  # fmt: skip
        core.refresh()
        return core.content_height

    return height(label.text)


def assert_fits(status) -> None:
    """Whole inside the bar (which grows to hold it) and at body size, never cut."""
    assert status.text.endswith("reader ok"), status.text
    assert not status.max_lines
    assert height_needed(status) <= status.height + 1, (status.text, status.width)
    assert status.font_size >= sp(20)
    bar = status.parent
    assert status.y >= bar.y and status.top <= bar.top + 1


@pytest.mark.parametrize("saving", [False, True], ids=["saved", "a save taking long"])
def test_broken_planets_status_fits_at_its_longest(app, saving):
    """Also with "Saving…" before it, as while an SD card is slow to save (ui/session.py)."""
    screen = start_planet(app)
    for step in script_steps():  # to the longest phase's name
        if app.table.state.phase in ("choose", "collect"):
            break
        play_step(app, screen, step)
    state = app.table.state
    state.supply.update({gem: 16 for gem in state.supply})  # two figures each
    screen.refresh()
    app.session.saving_note = STILL_SAVING if saving else ""
    frames(2)
    status = screen.ids.status
    start = f"{STILL_SAVING} · Round 1 of 4 · Collect" if saving else "Round 1 of 4 · Collect"
    assert status.text.startswith(start) and "16 sapphire" in status.text
    assert_fits(status)


@pytest.mark.parametrize("game", ["broken-and-beautiful", "who-broke-it"])
def test_the_other_games_status_fits(app, game):
    from tests.ui.test_who_broke_it_app import party_deck

    deck = small_deck() if game == "broken-and-beautiful" else party_deck()
    names = ["Maximiliana", "Bartholomew", "Cleopatra"]  # the longest first
    app.open_table(Table.start(app.store, deck, names))
    frames(2)
    status = app.root.get_screen("table").ids.status
    assert names[0] in status.text or "deck" in status.text, status.text
    assert_fits(status)

"""Words players should never see stay off the screens: game slugs, ruling codes, command-line
flags and register names (driven in the real app, read from what is drawn)."""

from __future__ import annotations

import re

from companion.games import definitions
from tests.ui.apphelp import frames, texts, touch, until
from ui.reader_words import chip_words, status_words

INTERNAL = re.compile(r"\bW\d+\.|--[a-z]|VersionReg|\$[A-Z_]+")
SLUGS = {info.name for info in definitions()}


def internal(text: str) -> bool:
    return bool(INTERNAL.search(text)) or any(slug in text for slug in SLUGS)


def tap(widget) -> None:
    touch(*widget.to_window(*widget.center))
    frames(2)


def test_the_decks_picker_names_games_by_their_titles_and_makes_that_game(app):
    decks = app.root.get_screen("decks")
    app.goto("decks")
    frames(2)
    picker = decks.ids.new_game
    titles = {info.title for info in definitions()}
    assert picker.values and set(picker.values) <= titles, picker.values
    assert not any(internal(v) for v in picker.values), picker.values
    picker.text = "Broken and Beautiful"
    decks.ids.new_name.text = "Ours"
    tap(next(w for w in decks.ids.panes.walk() if getattr(w, "text", "") == "New deck"))
    assert decks.deck is not None and decks.deck.game == "broken-and-beautiful"


def test_settings_shows_no_ruling_code_flag_or_register_name(app):
    screen = app.root.get_screen("settings")
    app.goto("settings")
    frames(2)
    screen.start_test("sim://")
    until(lambda: "genuine" in screen.chip)
    shown = [t for t in texts(screen) if internal(t) and "://" not in t]
    screen.stop_test()
    assert not shown, shown
    assert "genuine" in screen.chip


def test_a_chips_register_reads_as_what_the_chip_is():
    assert chip_words("seat1: RC522 VersionReg 0x88") == (
        "seat1: the reader answered as a FM17522 clone chip"
    )
    line = status_words(None, "seat1", "chip: VersionReg reads 0xFF: the chip is not answering")
    assert "VersionReg" not in line and "no chip answered" in line

"""Broken Planet in the app, shared by its UI tests and the kill-and-resume driver: the demo
deck in the store, and a game started through the Setup screen with the demo map."""

from __future__ import annotations

from pathlib import Path

from tests.ui.apphelp import button, frames, press

ROOT = Path(__file__).resolve().parents[2]
DECK_FILE = ROOT / "examples" / "broken-planet-demo.toml"
DECK_NAME = "Demo planet pieces (made up)"
COLOURS = ("red", "blue", "green", "yellow", "purple")


def pawn(colour: str) -> str:
    """The demo deck's pawn sticker of `colour` (examples/broken-planet-demo.toml)."""
    return f"04B001{COLOURS.index(colour) + 1:02X}000000"


def add_deck(app) -> None:
    app.store.save_deck("broken-planet", DECK_NAME, DECK_FILE.read_text(encoding="utf-8"))


def choose_deck(app):
    """The Setup screen with the Broken Planet deck chosen."""
    add_deck(app)
    setup = app.root.get_screen("setup")
    app.goto("setup")
    frames(2)
    setup.deck_title = next(t for t in setup.deck_titles if t.startswith(DECK_NAME))
    frames(2)
    return setup


def start(app, names=("Ana", "Ben", "Cleo")):
    """A game started by touches on Setup, with the map the Setup screen offers first."""
    setup = choose_deck(app)
    for row, name in zip(setup.seats(), [*names, "", "", ""], strict=False):
        row.ids.name.text = name
    setup.choose_first(0)
    frames()
    press(button(setup, "Start the game"))
    assert app.root.current == "table", setup.ids.banner.message
    return app.root.get_screen("table")

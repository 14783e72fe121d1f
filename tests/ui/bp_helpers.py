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
    from tests.ui.test_setup_seats import choose

    add_deck(app)
    return choose(app, DECK_NAME)


def start(app, names=("Ana", "Ben", "Cleo"), setup=None):
    """A game started by touches on Setup, with the map the Setup screen offers first; on
    `setup` as it stands when given (the deck chosen there, a ruling chosen on it)."""
    setup = setup or choose_deck(app)
    for row, name in zip(setup.seats(), [*names, "", "", ""], strict=False):
        row.ids.name.text = name
    setup.choose_first(0)
    frames()
    press(button(setup, "Start the game"))
    assert app.root.current == "table", setup.ids.banner.message
    return app.root.get_screen("table")


SCRIPT = ROOT / "examples" / "broken-planet-3p.script"
SCRIPT_NAMES = ("Ana", "Ben", "Cleo")


def script_steps():
    from hardware.script import load_script

    return load_script(SCRIPT)


def cover(screen):
    """The Broken Planet board's table, laid over the table area."""
    return screen.board.table


def option_buttons(screen) -> list:
    """The option buttons on show: the list's (headings and folds aside), then those kept
    in sight below it ("End offers")."""
    ids = cover(screen).ids
    return [b for box in (ids.options, ids.kept) for b in box.children if hasattr(b, "word")]


def option_button(screen, word: str, arg: str | None):
    found = [b for b in option_buttons(screen) if (b.word, b.arg) == (word, arg)]
    assert len(found) == 1, [(b.word, b.arg) for b in option_buttons(screen)]
    return found[0]


def island(screen, number: int):
    return cover(screen).map.islands[number]


def play_step(app, screen, step) -> None:
    """One script line as players do it: a scan on the simulated reader, a touch on an
    option, or a touch on the map (after choosing whose compass it is)."""
    from hardware.script import ScanStep
    from tests.ui.test_app_flow import advance
    from tests.ui.test_who_broke_it_app import virtual

    if isinstance(step, ScanStep):  # pawns, tokens, relic cards: tapped on the virtual table
        virtual(app, screen, step.uid)
        if screen.drawer_open:
            press(screen.ids.virtual)
        return
    args = (step.arg or "").split()
    if step.seat:  # the collect players' compasses: choose whose, then the island
        toggles = {t.label: t for t in cover(screen).ids.compasses.children}
        if toggles:
            press(toggles[step.seat])
    if step.option == "island":
        advance(app, lambda: press(island(screen, int(args[0]))))
    elif step.option == "attack" and args:  # the option, then its island on the map
        advance(app, lambda: press(option_button(screen, "attack", None)))
        advance(app, lambda: press(island(screen, int(args[0]))))
    elif step.option in ("take", "discard") and len(args) > 1:
        for gem in args:
            advance(app, lambda gem=gem: press(option_button(screen, step.option, gem)))
    else:
        advance(app, lambda: press(option_button(screen, step.option, step.arg)))
    frames()

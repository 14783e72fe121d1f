"""Write a PNG of every app screen, driving a demo game to reach the table, breakage, repair
and scores screens: `python tools/screenshots.py [FOLDER]` (default docs/screenshots/).

Runs offscreen at 800x480 (the official Pi display) with a throwaway data directory, so it
works on CI and never touches a player's database.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = "broken-and-beautiful"
SCRIPT = ROOT / "examples" / f"{GAME}-3p.script"
PLAYERS = ["Anastasia", "Benedict", "Cleopatra"]  # long-ish names: do they fit?
FOUR = [*PLAYERS, "Dimitrios"]
NEW_TAG = "04C0FFEE000001"
ENROLLED = "Enrolled the wave cup — scan it again"
SETTLE_FRAMES = 4
QR_WAIT_S = 10.0

Shot = tuple[str, Callable[[], None]]
PLANET = ROOT / "examples" / "broken-planet-3p.script"
PLANET_NAMES = ["Ana", "Ben", "Cleo"]  # the script's @names, in seat order
# the script line after which each Broken Planet screen is photographed
PLANET_SHOTS = {
    34: "planet-build",  # a temple token scanned: which island? (free slots lit)
    35: "planet-offer",  # the offer's options with costs; a player temple on the map
    50: "planet-collect",  # the compasses entered, island 9 attacked this turn
    65: "planet-relic",  # the attack's outcome: the attacker takes a relic
}


def _prepare_environment(work: Path) -> None:
    """Kivy reads these at import, so they are set before anything imports it."""
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
    os.environ.update(
        KIVY_NO_ARGS="1",
        KIVY_NO_CONSOLELOG="1",
        KIVY_LOG_MODE="MIXED",  # stderr stays stderr: a crash shows its traceback
        KIVY_NO_FILELOG="1",
        KIVY_WINDOW="sdl2",
        KIVY_HOME=str(work / "kivy"),
        COMPANION_DATA=str(work / "data"),
        KCFG_GRAPHICS_WIDTH="800",
        KCFG_GRAPHICS_HEIGHT="480",
    )
    sys.path.insert(0, str(ROOT))


def deal(app: object, deck: object, players: list[str], picks: int = 0) -> None:
    """A new table with the first round dealt from the deck, then `picks` cards drafted."""
    from companion.table import Table

    app.open_table(Table.start(app.store, deck, players))
    table = app.table
    while table.prompt.phase == "deal":
        app.session.scan(table.view().zone("deck").pieces[0].uid)
    for _ in range(picks):
        app.session.scan(table.view().zone("draft").pieces[-1].uid)


def settled(app: object) -> bool:
    """Nothing on screen still on its way: a BG Stats link's QR code is drawn once its
    modules come back from the child Python (ui/widgets/qr.py), in the sheet's BG Stats button."""
    share = app.root.current_screen.ids.get("share")
    return share is None or not share.url or share.ids.code.texture is not None


def shots(app: object) -> Iterator[Shot]:
    """(file name, action) in order; each action leaves the screen worth photographing."""
    from companion.table import Table
    from hardware.script import ScanStep, load_script

    session = app.session
    yield "home", lambda: app.goto("home")
    yield "setup", lambda: app.goto("setup")
    yield "decks", lambda: app.goto("decks")
    yield "settings", lambda: app.goto("settings")
    yield "history-empty", lambda: app.goto("history")

    deck = next(d for d in app.decks() if d.game == GAME)
    yield "table", lambda: app.open_table(Table.start(app.store, deck, PLAYERS))
    yield "home-resume", lambda: app.goto("home")  # the unfinished game, Abandon beside it
    yield "table-unknown-tag", lambda: (app.goto("table"), session.scan(NEW_TAG))
    yield "decks-enroll", lambda: app.enroll(NEW_TAG)  # the banner's "Enroll now"
    # what the table says after enrolling (the sticker itself is not added: the script's
    # game must deal the demo deck as written)
    yield "table-enrolled", lambda: (app.goto("table"), session.inform(ENROLLED))
    screen = app.root.get_screen("table")
    yield "table-virtual-table", lambda: (session.dismiss(), screen.toggle_drawer())
    screen.toggle_drawer()
    seen: set[str] = set()
    for step in load_script(SCRIPT):
        if isinstance(step, ScanStep):
            session.scan(step.uid, step.reader)
        else:
            session.tap(step.option, step.arg)
        phase = "over" if app.table.finished else app.table.prompt.phase
        wanted = {"broke": "breakage", "repair": "repair", "over": "scores"}.get(phase)
        if wanted and wanted not in seen:
            seen.add(wanted)
            yield wanted, (lambda: app.goto("scores")) if phase == "over" else (lambda: None)
    yield "history", lambda: app.goto("history")
    # the game's sheet again from History, with its BG Stats code for a scan missed at the end
    yield (
        "history-sheet",
        lambda: app.root.get_screen("history").open(app.store.games(finished=True)[0]),
    )
    # every seat count the games allow at this size: the whole table on one screen
    yield "table-2p", lambda: deal(app, deck, PLAYERS[:2], picks=1)
    yield "table-3p", lambda: deal(app, deck, PLAYERS, picks=3)
    yield "table-4p", lambda: deal(app, deck, FOUR)  # all 9 draft cards, all 4 players
    yield "table-4p-keep", lambda: deal(app, deck, FOUR, picks=1)
    yield "table-log", lambda: screen.toggle_log()
    screen.toggle_log()
    yield from planet_shots(app)


def planet_shots(app: object) -> Iterator[Shot]:
    """Broken Planet: Setup with its map choice, then the demo script's game at the table."""
    from hardware.script import ScanStep, load_script

    setup = app.root.get_screen("setup")

    def choose() -> None:
        app.goto("setup")
        setup.deck_title = next(t for t in setup.deck_titles if "planet" in t.lower())
        for row, name in zip(setup.seats(), [*PLANET_NAMES, "", ""], strict=False):
            row.ids.name.text = name
        setup.choose_first(0)

    yield "planet-setup", choose
    yield from maker_shots(app)
    choose()
    setup.start()
    for step in load_script(PLANET):
        if isinstance(step, ScanStep):
            app.session.scan(step.uid, step.reader)
        else:
            seat = PLANET_NAMES.index(step.seat) if step.seat else None
            app.session.tap(step.option, step.arg, seat=seat)
        if step.line in PLANET_SHOTS:
            yield PLANET_SHOTS[step.line], lambda: None
    yield "planet-favor", lambda: app.goto("scores")
    yield from planet_random_shots(app, choose)


def planet_random_shots(app: object, choose: Callable[[], None]) -> Iterator[Shot]:
    """Broken Planet's random set-up (docs/rulings.md P16), chosen on Setup: a temple asked
    island by island, then a token's island tapped on the map."""
    choose()
    setup = app.root.get_screen("setup")
    (row,) = setup.choices
    next(t for t in row.children if t.label == "random set-up").trigger_action(0)
    yield "planet-setup-random", lambda: None
    setup.start()
    for face in ("none", "diamond", "emerald"):
        app.session.tap("temple", face)
    yield "planet-random-temple", lambda: None
    for face in "sapphire diamond ruby sapphire ruby emerald die ruby die emerald sapphire".split():
        app.session.tap("temple", face)
    app.session.tap("island", "13")
    yield "planet-random-token", lambda: None


def maker_shots(app: object) -> Iterator[Shot]:
    """The map maker (docs/broken-planet-map.md): where a map starts, an island being
    entered, the routes from one island, a temple of the tablet."""
    maker = app.root.get_screen("map_maker")
    yield "map-maker-start", lambda: app.goto("map_maker")
    yield "map-maker-island", lambda: (maker.start_from("demo"), maker.island_tapped(7))
    yield "map-maker-routes", lambda: (setattr(maker, "view", "routes"), maker.island_tapped(2))
    yield (
        "map-maker-tablet",
        lambda: (setattr(maker, "view", "tablet"), maker.choose_item("temple:gold-golem")),
    )


def run(folder: Path, only: str = "") -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="screenshots-") as work:
        _prepare_environment(Path(work))
        from kivy.clock import Clock
        from kivy.core.window import Window

        from ui.app import CompanionApp

        written: list[Path] = []
        app = CompanionApp(reader="sim://", demo=True)

        def drive(plan: Iterator[Shot]) -> None:
            try:
                name, action = next(plan)
            except StopIteration:
                app.stop()
                return
            action()
            if not name.startswith(only):  # played through (a frame for it), not photographed
                Clock.schedule_once(lambda _dt: drive(plan), 0)
                return

            def take(_dt: float, waited: float = 0.0) -> None:
                if not settled(app) and waited < QR_WAIT_S:  # the QR code comes a moment later
                    Clock.schedule_once(lambda dt: take(dt, waited + dt), 0.05)
                    return
                path = Path(Window.screenshot(name=str(Path(work) / f"{name}.png")))
                written.append(path.replace(folder / f"{name}.png"))
                drive(plan)

            Clock.schedule_once(lambda _dt: Clock.schedule_once(take, 0), SETTLE_FRAMES / 60)

        app.bind(on_start=lambda _app: drive(shots(app)))
        app.run()
        return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--only", default="", help="photograph only screens named so (planet-)")
    args = parser.parse_args(argv)
    written = run(Path(args.folder), args.only)
    for path in written:
        print(path)
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())

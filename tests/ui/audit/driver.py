"""Walk the real app through its screen states and audit each distinct one.

A table scenario is one game at one player count, with long names: the game's example
script when there is one for that count, else generated play (the first input the table
accepts). It audits at each distinct state (the screen, the prompt's phase and kind, the
banner, which panel is open) and, at the fewest and the most players, the first time each
phase is seen, with the log open, the virtual table open and an unknown sticker's banner
(UI_AUDIT_EXHAUSTIVE=1: at every count and state, and generated play to the end); then the rule at hand, the score sheet, History, and Play again (its chooser where
the game has one, and the next game's table).
The screens scenario visits Home, Setup for every game, Decks, a deck, enrollment,
Settings and its reader test, and History, and every text field on them with the
on-screen keyboard open; then an evening of three games: the score sheet, Home and History
with its standings. UI_AUDIT_SHEET=folder also keeps each state's screenshot.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.textinput import TextInput

from companion.games import definition, playable
from companion.table import Table, seat_readers
from hardware.script import ScanStep, load_script
from tests.ui.apphelp import frames, until, walk
from tests.ui.audit import Context, Finding, audit
from tests.ui.audit.tree import ident, path, shown
from ui import keyboard
from ui.app import EXAMPLES

NAMES = ["Anne-Sophie", "Bartholomew", "Maximiliana", "Konstantin", "Dorothea", "Wilhelmina"]
SCRIPT_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]  # the examples' seats, in order
UNKNOWN_TAG = "04C0FFEE000001"
KINTSUGI = ("broken-and-beautiful", "mintsugi")  # their moves module lists legal inputs
EXHAUSTIVE = os.environ.get("UI_AUDIT_EXHAUSTIVE") == "1"  # every state with each panel too
MAX_INPUTS = 400  # more than a whole game of any example takes
GENERATED_INPUTS = MAX_INPUTS if EXHAUSTIVE else 60  # no script, no move list: a game's start


def table_scenarios() -> list[tuple[str, int]]:
    return [(d.name, n) for d in playable() for n in range(d.min_players, d.max_players + 1)]


@dataclass
class Walk:
    """One scenario's run: the findings, the states audited, and their screenshots."""

    app: object
    findings: list[Finding] = field(default_factory=list)
    states: list[str] = field(default_factory=list)
    seen: set[tuple] = field(default_factory=set)
    shots: Path | None = None

    def visit(self, name: str, key: tuple, context: Context | None = None) -> bool:
        if key in self.seen:
            return False
        self.seen.add(key)
        settle()
        self.states.append(name)
        self.findings += audit(name, context)
        if self.shots is not None:
            frames(3)  # drawn: the keyboard's keys are painted at draw time
            self.shots.mkdir(parents=True, exist_ok=True)
            slug = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")
            taken = Path(
                Window.screenshot(name=str(self.shots / f"{len(self.states):03d}-{slug}.png"))
            )
            taken.replace(self.shots / f"{len(self.states):03d}-{slug}.png")
        return True

    def with_keyboard(self, name: str, key: tuple, context: Context | None = None) -> None:
        """Each shown text field of the screen, focused with the on-screen keyboard open."""
        screen = self.app.root.current_screen
        fields = [
            w for w in walk(screen) if isinstance(w, TextInput) and shown(w) and not w.disabled
        ]
        for number, text_field in enumerate(fields, 1):
            text_field.focus = True
            settle()
            where = " > ".join(path(text_field).split(" > ")[-2:]) or f"field {number}"
            self.visit(
                f"{name} · keyboard on {where}", (*key, "keyboard", path(text_field)), context
            )
            text_field.focus = False
            settle()


def settle(ticks: int = 3) -> None:
    """Kivy's frames without drawing them: layouts, label textures and bindings settle
    (a drawn frame costs ~0.2 s under llvmpipe, and the audit reads no pixel)."""
    for _ in range(ticks):
        Clock.tick()
        EventLoop.dispatch_input()
        Builder.sync()
        Clock.tick_draw()
        Builder.sync()


def sheet_folder(scenario: str) -> Path | None:
    folder = os.environ.get("UI_AUDIT_SHEET")
    return Path(folder) / scenario if folder else None


# -- the table -------------------------------------------------------------------------
def demo_deck(app, game: str):
    app.import_demo_decks()
    return next(d for d in app.decks() if d.game == game and d.name != "Test deck")


def table_context(app) -> Context:
    screen = app.root.get_screen("table")
    ids = screen.ids
    prompts = tuple(w for w in walk(screen) if w is ids.prompt or ident(w) == "prompt")
    bar = (ids.undo, ids.log, ids.rules, ids.virtual)
    options = tuple(w for w in walk(ids.options) if isinstance(w, ButtonBehavior))
    names = frozenset(app.table.players) if app.table else frozenset()
    return Context(names=names, prompt=prompts, must_show=bar + options)


def table_key(app) -> tuple:
    screen = app.root.get_screen("table")
    prompt = app.table.prompt
    kind = ("scan" if prompt.expects_scan else "") + ("options" if prompt.options else "")
    kind += "waiting" if len(prompt.waiting) > 1 else ""
    return (prompt.phase, kind, app.session.banner_kind, screen.log_open, screen.drawer_open)


def state_name(app, game: str, players: int) -> str:
    screen = app.root.get_screen("table")
    prompt = app.table.prompt
    parts = [f"{definition(game).title} {players}p", f"table: {prompt.phase}"]
    if app.session.banner:
        parts.append(f"banner {app.session.banner_kind}")
    if screen.log_open:
        parts.append("log open")
    if screen.drawer_open:
        parts.append("virtual table open")
    return " · ".join(parts)


def script_for(game: str, players: int) -> list | None:
    script = EXAMPLES / f"{game}-{players}p.script"
    return load_script(script) if script.exists() else None


def play_scripted(app, step) -> bool:
    if isinstance(step, ScanStep):
        return app.session.scan(step.uid, step.reader)
    seat = SCRIPT_NAMES.index(step.seat) if step.seat else None
    return app.session.tap(step.option, seated(step.arg), seat=seat)


def seated(arg: str | None) -> str | None:
    """A script's player ('tap player Eli') by the long name in that seat: the table knows
    no 'Eli', and a refusal there ended the script at its first choice of a player."""
    return NAMES[SCRIPT_NAMES.index(arg)] if arg in SCRIPT_NAMES else arg


def play_generated(app) -> bool:
    """The first input the table accepts: an enabled option, else a component's scan on
    the reader of the player asked."""
    table = app.table
    if table.game in KINTSUGI:
        from companion.games.kintsugi.moves import legal_inputs
        from companion.inputs import Scan

        move = legal_inputs(table.state)[0]
        if isinstance(move, Scan):
            return app.session.scan(move.uid)
        return app.session.tap(move.option, move.arg)
    prompt = table.prompt
    seat = table.players.index(prompt.actors[0]) if prompt.actors else None
    for option in prompt.options:
        if option.enabled and app.session.tap(option.word, option.arg, seat=seat):
            return True
    reader = f"seat{seat + 1}" if seat is not None else "reader"
    return any(app.session.scan(uid, reader) for uid in sorted(table.components))


def walk_table(app, game: str, players: int) -> Walk:
    run = Walk(app, shots=sheet_folder(f"{game}-{players}p"))
    extra = {}
    if game == "broken-planet":
        from companion.games.broken_planet.mapfile import load_map

        extra = {"map": load_map(EXAMPLES / "broken-planet-demo-map.toml")}
    names = NAMES[:players]
    readers = seat_readers([f"seat{i}" for i in range(1, players + 1)], players)
    app.open_table(Table.start(app.store, demo_deck(app, game), names, seats=readers, extra=extra))
    screen = app.root.get_screen("table")
    steps = script_for(game, players)
    limit = MAX_INPUTS if steps or game in KINTSUGI else GENERATED_INPUTS
    phases: set[str] = set()
    rules = definition(game)  # panels and banners at the fewest and the most players
    extras = EXHAUSTIVE or players in (rules.min_players, rules.max_players)

    def here() -> None:
        key = table_key(app)
        if run.visit(state_name(app, game, players), key, table_context(app)):
            if extras and (EXHAUSTIVE or app.table.prompt.phase not in phases):
                phases.add(app.table.prompt.phase)
                for toggle in (screen.toggle_log, screen.toggle_drawer):
                    toggle()
                    run.visit(state_name(app, game, players), table_key(app), table_context(app))
                    toggle()
                app.session.scan(UNKNOWN_TAG)  # a sticker not in the deck: a banner, Enroll now
                run.visit(state_name(app, game, players), table_key(app), table_context(app))
        if app.session.banner:
            app.session.dismiss()

    here()
    screen.show_rules()  # "?": the rule at hand, over the table
    run.visit(f"{state_name(app, game, players)} · rule at hand", ("rules",))
    screen.rules_popup.dismiss(animation=False)
    for _ in range(limit):
        if app.table.finished:
            break
        played = play_scripted(app, steps.pop(0)) if steps else play_generated(app)
        if not played and steps is None:
            break  # generated play found nothing the table accepts
        if not played:
            steps = None  # the script no longer fits (a refusal): generated play from here
        here()
    if app.table.finished:
        title = f"{definition(game).title} {players}p"
        app.goto("scores")
        run.visit(f"{title} · score sheet", ("scores",))
        app.goto("history")
        run.visit(f"{title} · History with the game", ("history",))
        history = app.root.get_screen("history")
        history.open(app.store.games(finished=True)[0])
        run.visit(f"{title} · score sheet from History", ("scores", "history"))
        play_again(app, run, title)
    return run


def play_again(app, run: Walk, title: str) -> None:
    """Play again from the finished game's sheet: the chooser where the game lets players
    choose who goes first, then the next game's table with its line on who starts."""
    app.goto("history")  # off the sheet from History, back to the game on the table's
    app.goto("scores")
    settle()
    scores = app.root.get_screen("scores")
    scores.play_again()
    if scores.chooser is not None:
        run.visit(f"{title} · Play again: who goes first", ("scores", "chooser"))
        scores.start_again(len(app.table.players) - 1)
    run.visit(f"{title} · table after Play again", ("again",), table_context(app))


# -- the other screens -------------------------------------------------------------------
def walk_screens(app) -> Walk:
    """Home, Setup for each game, Decks and a deck, enrollment, Settings, History."""
    run = Walk(app, shots=sheet_folder("screens"))
    keyboard.apply("on", has_keyboard=False)
    app.import_demo_decks()

    def at(name: str, go: Callable[[], None], keyboard_too: bool = True) -> None:
        go()
        settle()
        run.visit(name, (name,))
        if keyboard_too:
            run.with_keyboard(name, (name,))

    at("Home", lambda: app.goto("home"), keyboard_too=False)
    deck = demo_deck(app, "broken-and-beautiful")
    app.open_table(Table.start(app.store, deck, NAMES[:4]))
    at("Home · a game to resume", lambda: app.goto("home"), keyboard_too=False)
    setup = app.root.get_screen("setup")
    for game in playable():
        deck = demo_deck(app, game.name)

        def choose(deck=deck, game=game) -> None:
            app.goto("setup")
            settle()
            setup.deck_title = next(t for t in setup.deck_titles if t.startswith(deck.name))
            settle()
            for row, name in zip(setup.seats(), NAMES, strict=False):
                row.ids.name.text = name

        # the keyboard over the most seats, and over a game's rulings chosen at Setup
        keyboard_too = game.max_players == 6 or bool(game.at_setup())
        at(f"Setup · {game.title}", choose, keyboard_too=keyboard_too)
    for row in setup.seats()[1:]:
        row.ids.name.text = ""
    setup.start()  # one player for a game of two or more: the refusal in the banner
    run.visit("Setup · refused", ("setup-refused",))
    decks = app.root.get_screen("decks")
    at("Decks", lambda: app.goto("decks"))
    at("Decks · a deck", lambda: decks.open_deck(demo_deck(app, "broken-and-beautiful")))
    at("Decks · enrollment", lambda: app.enroll(UNKNOWN_TAG))
    at("Settings", lambda: app.goto("settings"))
    settings = app.root.get_screen("settings")
    settings.start_test(settings.ids.readers.text)  # Test reader, a virtual tag laid on it
    settings.place_virtual_tag()
    until(lambda: "placed" in settings.test_log and settings.chip)
    run.visit("Settings · reader test", ("reader-test",))
    settings.stop_test()
    at("History", lambda: app.goto("history"), keyboard_too=False)
    walk_evening(app, run)
    maker = app.root.get_screen("map_maker")
    at("Map maker", lambda: app.goto("map_maker"), keyboard_too=False)
    at("Map maker · an island", lambda: (maker.start_from("demo"), maker.island_tapped(7)))
    at("Map maker · routes", lambda: (setattr(maker, "view", "routes"), maker.island_tapped(2)))
    at(
        "Map maker · a temple",
        lambda: (setattr(maker, "view", "tablet"), maker.choose_item("temple:gold-golem")),
        keyboard_too=False,
    )
    return run


def walk_evening(app, run: Walk) -> None:
    """An evening of three games with six long names (the standings' widest rows): the
    third played on the table to its sheet with the evening's standings under it, then
    Home with tonight's, History grouped by evening, and the first game's sheet from it."""
    from tests.companion.evenings import play_example

    play_example(app.store, "who-broke-it", 6, NAMES)
    play_example(app.store, "who-broke-it", 4, NAMES[2:])
    play_example(app.store, "who-broke-it", 6, NAMES, app=app)

    def context() -> Context:
        """The players' names, and the standings' figures (their numbers are key figures)."""
        figures = tuple(
            w for w in walk(app.root.current_screen) if type(w).__name__ == "StandingFigures"
        )
        return Context(names=frozenset(NAMES), figures=figures)

    app.goto("scores")
    settle()
    run.visit("Evening · score sheet with tonight's standings", ("evening-scores",), context())
    app.goto("home")
    settle()
    run.visit("Evening · Home with tonight's standings", ("evening-home",), context())
    app.goto("history")
    settle()
    run.visit("Evening · History by evening", ("evening-history",), context())
    history = app.root.get_screen("history")
    history.open(app.store.games(finished=True)[1])  # newest first: the second game
    settle()
    run.visit("Evening · the second game's sheet from History", ("evening-second",), context())

"""Taps anywhere, scans of anything: a seeded monkey plays the real app with every game's
deck (touches at random points of the window and on random shown buttons, the decks' tags
and unknown ones laid on the simulated reader and lifted). Nothing may escape the app, and
the save must still hold what was played. Long runs found nothing: 8 seeds of 2,500 steps,
reaching every screen but the score sheet and playing up to 82 inputs of a game; so a
second monkey starts on a finished game's score sheet (Play again, its chooser, Undo). Both
start after an evening of three finished games: Home shows tonight's standings, History its
evening, and the score sheet the standings under the sheet."""

from __future__ import annotations

import os
import random

import pytest
from kivy.core.window import Window
from kivy.uix.behaviors import ButtonBehavior

from companion.table import Table
from tests.companion.evenings import play_evening
from tests.ui.apphelp import frames, play_to_the_end, touch, walk
from tests.ui.bp_helpers import add_deck as add_planet_deck
from tests.ui.test_who_broke_it_app import party_deck

STEPS = int(os.environ.get("MONKEY_STEPS", "250"))  # MONKEY_STEPS=2500 MONKEY_SEEDS=1,2,...
SEEDS = [int(s) for s in os.environ.get("MONKEY_SEEDS", "1,2").split(",")]  # for a long run


def targets() -> list:
    """What a finger would aim at: every button shown anywhere in the window."""
    return [
        w
        for root in Window.children
        for w in walk(root)
        if isinstance(w, ButtonBehavior) and not w.disabled and w.width > 0 and w.opacity > 0
    ]


def romp(app, rng: random.Random, steps: int) -> None:
    """Touches anywhere and on shown buttons, the decks' tags and unknown ones laid on the
    reader and lifted, then: what is played is what is saved."""
    tags = sorted({uid for deck in app.decks() for uid in deck.components})
    on = []
    for _ in range(steps):
        roll = rng.random()
        if roll < 0.4:
            touch(rng.uniform(0, Window.width), rng.uniform(0, Window.height))
        elif roll < 0.8 and (aims := targets()):
            aim = rng.choice(aims)
            touch(*aim.to_window(*aim.center))
        elif on and roll < 0.9:
            app.sim.remove(on.pop())
            frames(2)
        else:
            uid = rng.choice(tags) if rng.random() < 0.9 else f"04DEAD{rng.randrange(16**8):08X}"
            app.sim.place(uid)
            on.append(uid)
            frames(2)
    if app.table is not None and not app.table.finished:  # what is played is what is saved
        saved = Table.resume(app.store, app.table.game_id)
        assert saved.view() == app.table.view()


@pytest.mark.parametrize("seed", SEEDS)
def test_a_monkey_at_the_table_breaks_nothing(app, seed):
    add_planet_deck(app)  # every game's deck to choose from on Setup
    app.store.save_deck("who-broke-it", "Party deck", party_deck().to_toml())
    play_evening(app.store)  # tonight's standings on Home, History and its sheets
    app.goto("history")
    app.goto("home")
    romp(app, random.Random(seed), STEPS)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_monkey_after_a_game_breaks_nothing(app, seed):
    """From a finished game's score sheet, which the monkey above seldom reaches: Play
    again and its chooser, Undo, the BG Stats code, History."""
    play_evening(app.store)  # this game is the evening's fourth: standings under its sheet
    deck = next(d for d in app.decks() if d.name == "Test deck")
    app.open_table(Table.start(app.store, deck, ["Ana", "Ben", "Cleo"]))
    play_to_the_end(app)
    frames(3)
    assert app.root.current == "scores"
    assert any(getattr(w, "text", "") == "Play again" for w in targets())
    assert app.root.get_screen("scores").ids.standings.heading.startswith("Tonight: 4 games")
    romp(app, random.Random(seed), STEPS // 2)

"""The table screen draws any game from its view alone: an engine whose state has nothing
to read plays there, six players fit, and a private prompt shows nothing of the hand."""

from __future__ import annotations

import re
from pathlib import Path

from tests.ui.apphelp import button, frames, press, texts, walk
from tests.ui.fake_game import SECRET_WORDS, fake_table
from tests.ui.test_table_layout import fully_on_screen
from ui.boards import board_for
from ui.boards.generic import GenericBoard
from ui.widgets.card import CardView

UI = Path(__file__).resolve().parents[2] / "ui"
STATE_READ = re.compile(r"\btable\.state\b|\bstate\.(status|draft|deck|supply|round|phase|names)\b")


def test_no_ui_module_reads_the_engine_state():
    offenders = [
        f"{path.relative_to(UI)}:{n}: {line.strip()}"
        for path in sorted(UI.rglob("*.py")) + sorted(UI.rglob("*.kv"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if STATE_READ.search(line)
    ]
    assert offenders == []


def open_fake(app, names, private=False):
    app.open_table(fake_table(app.store, names, private))
    frames(3)
    return app.root.get_screen("table")


def test_a_game_with_an_opaque_state_plays_from_its_view(app):
    screen = open_fake(app, ["Ana", "Ben", "Cleo"])
    assert isinstance(screen.board, GenericBoard) and board_for("no-such-game") is GenericBoard
    assert screen.ids.prompt.text == "Ana: play a card"
    shown = texts(screen)
    assert "Deck 20 · Set aside 3" in shown  # hidden zones as their size
    assert "Discard pile (2):" in shown
    assert "Broken Vase · Alibi" in shown  # the pile by name, the newest last
    strips = list(reversed(screen.ids.strips.children))
    assert [s.player for s in strips] == ["Ana", "Ben", "Cleo"]
    assert [s.key_figure for s in strips] == ["3 cards"] * 3
    assert [s.active for s in strips] == [True, False, False]
    assert "Hand\u00a03" in texts(strips[0])  # the count kept with its word
    assert any("immune" in t for t in texts(strips[1]))
    press(button(screen.ids.options, "Next"))
    assert screen.ids.prompt.text == "Ben: play a card"
    assert screen.ids.narration.text == "Turn 1 passed to the left"
    assert [s.active for s in strips] == [False, True, False]


def test_six_players_fit_the_screen(app):
    names = ["Anastasia", "Benedict", "Cleopatra", "Dimitrios", "Evangeline", "Fitzgerald"]
    screen = open_fake(app, names)
    strips = list(reversed(screen.ids.strips.children))
    assert len(strips) == 6
    for strip in strips:
        fully_on_screen(strip, below=screen.ids.board)
        fully_on_screen(strip.ids.key_figure, inside=strip)


def test_a_private_prompt_shows_nothing_of_the_hand(app):
    screen = open_fake(app, ["Ana", "Ben"], private=True)
    assert app.table.prompt.private
    if screen.has_sim:
        press(screen.ids.virtual)
    frames(2)
    drawn = texts(screen) + texts(screen.drawer)
    tags = {w.tag for w in walk(screen) if isinstance(w, CardView)}
    tags |= {w.tag for w in walk(screen.drawer) if isinstance(w, CardView)}
    press(screen.ids.log)
    frames(2)
    drawn += texts(screen.log)
    assert screen.ids.prompt.text == "Ana: scan your hand on your own reader"
    for secret in SECRET_WORDS:
        assert not any(secret in t for t in drawn), f"{secret!r} is on the shared screen"
        assert secret not in tags
    assert tags >= {"04AA0000000000", "04AA0000000001"}, "the public pile is drawn"

"""The score sheet of a finished game shows its BG Stats link as a QR code (a thumbnail in a
button beside History and Home; a tap shows it large) that decodes back to the link
`companion export bgstats` prints, worked out by a child Python so the app never imports
segno; a game's sheet opened from History has its code too; with no child to ask, the
sheet shows no code and says nothing wrong."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import zxingcpp
from kivy.core.window import Window
from kivy.graphics.opengl import GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels

from companion.bgstats import installation_id, play_payload, push_url
from companion.engine import PlayerScore, ScoreSheet
from tests.ui.apphelp import button, frames, press, touch, until, walk
from tests.ui.test_app_flow import start_game
from ui.widgets.qr import SCALE, Enlarged, QrImage, module_rows_apart

ROOT = Path(__file__).resolve().parents[2]


def decoded(rgba: bytes, width: int, height: int) -> list[str]:
    """What a maintained decoder reads off RGBA pixels, bottom row first as GL gives them
    (their first channel)."""
    rows = [rgba[y * width * 4 : (y + 1) * width * 4 : 4] for y in range(height)]
    image = memoryview(b"".join(reversed(rows))).cast("B", (height, width))
    return [code.text for code in zxingcpp.read_barcodes(image)]


def texture_decoded(texture) -> list[str]:
    return decoded(texture.pixels, *texture.size)


def finish(app) -> None:
    """Play the game on the table to its end through the session, as the readers would."""
    session = app.session
    for _ in range(400):
        table = app.table
        if table.finished:
            return
        phase, state = table.prompt.phase, table.state
        if phase in ("deal", "breakage"):
            assert session.scan(sorted(state.deck)[0])
        elif phase == "draft":
            assert session.scan(state.draft[-1])
        else:
            assert session.tap({"keep": "keep", "broke": "done", "repair": "pass"}[phase])
    raise AssertionError("the game did not end")


def test_a_finished_games_sheet_shows_a_qr_code_of_its_bgstats_link(app):
    start_game(app, ("Ana", "Ben", "Cleo"))
    finish(app)
    frames(3)
    assert app.root.current == "scores"
    screen = app.root.get_screen("scores")
    url = push_url(play_payload(app.store.game(app.table.game_id), installation_id(app.store)))
    assert screen.bgstats_url == url
    share, code = screen.ids.share, screen.ids.share.ids.code
    assert share in screen.ids.bar.children, "in the row of buttons"
    grid, room = screen.ids.grid.top, share.pos
    until(lambda: code.texture is not None)
    frames()
    assert (screen.ids.grid.top, share.pos) == (grid, room), "nothing moves when the code comes"
    assert share.opacity == 1 and code.opacity == 1
    assert share.height >= 48 and share.ids.words.font_size >= 20
    assert texture_decoded(code.texture) == [url]


def test_a_game_from_history_shows_its_code_too(app):
    """A scan missed at the end of the game can be made from History."""
    start_game(app, ("Ana", "Ben"))
    finish(app)
    game = app.table.game_id
    url = push_url(play_payload(app.store.game(game), installation_id(app.store)))
    press(button(app.root.get_screen("scores"), "Home"))
    app.session.table = None  # the evening goes on: another game, or the app restarted
    app.goto("history")
    frames(2)
    history = app.root.get_screen("history")
    [entry] = [b for b in walk(history.ids.games) if type(b).__name__ == "HistoryEntry"]
    touch(*entry.to_window(*entry.center))
    frames(2)
    screen = app.root.get_screen("scores")
    assert app.root.current == "scores" and screen.context.startswith("Played ")
    assert screen.bgstats_url == url
    assert screen.ids.reopen not in screen.ids.bar.children, "no Undo off the table"
    code = screen.ids.share.ids.code
    until(lambda: code.texture is not None)
    frames()
    assert screen.ids.share.opacity == 1 and texture_decoded(code.texture) == [url]
    share = screen.ids.share
    touch(*share.to_window(*share.center))
    frames(3)
    [large] = [w for w in Window.children if isinstance(w, Enlarged)]
    large.dismiss()


def test_a_sheet_with_no_saved_game_shows_no_code(app):
    app.goto("scores")
    screen = app.root.get_screen("scores")
    screen.bgstats_url = "x"
    sheet = ScoreSheet("mintsugi", (PlayerScore("Ana", 3, {}, 1),), ("Ana",), "most")
    screen.show_saved(sheet, "Played today · Mintsugi")
    frames()
    assert screen.bgstats_url == "" and screen.ids.share.parent is None


def test_with_no_child_python_the_sheet_shows_no_code_and_no_error(app, monkeypatch):
    monkeypatch.setattr(QrImage, "python", "/nonexistent/python")
    start_game(app, ("Ana", "Ben"))
    finish(app)
    frames(3)
    screen = app.root.get_screen("scores")
    assert screen.bgstats_url.startswith("https://")
    grid = screen.ids.grid.top
    frames(10)
    share = screen.ids.share
    assert share.ids.code.texture is None and share.opacity == 0
    assert screen.ids.grid.top == grid
    touch(*share.to_window(*share.center))  # where the code would be: nothing opens
    frames(3)
    assert not [w for w in Window.children if isinstance(w, Enlarged)]


def test_a_link_asked_for_after_another_shows_only_the_newest(app):
    qr = QrImage()
    qr.url = "https://example.com/first"
    qr.url = "https://example.com/second"
    until(lambda: qr.texture is not None)
    frames(10)  # the first child's answer, if it comes late, is not drawn over it
    assert texture_decoded(qr.texture) == ["https://example.com/second"]


def test_the_child_finds_the_package_whatever_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a service started elsewhere, or a test that moved
    monkeypatch.delenv("PYTHONPATH", raising=False)
    rows = module_rows_apart("https://example.com/x")
    assert len(rows) == len(rows[0]) >= 21 + 8 and set("".join(rows)) == {"0", "1"}


def test_the_app_never_imports_segno():
    """segno's writers import urllib.request, http.client and email: 2.7 MB all evening."""
    script = (
        "import sys, ui.app, ui.screens.scores, ui.widgets.qr, companion.bgstats\n"
        "print('segno' in sys.modules)"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", KIVY_NO_ARGS="1")
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.stdout.split() == ["False"], out.stderr[-2000:]


def test_a_tap_shows_the_code_large_enough_to_scan_from_a_seat_and_a_tap_closes_it(app):
    start_game(app, ("Ana", "Ben", "Cleo"))
    finish(app)
    screen = app.root.get_screen("scores")
    share = screen.ids.share
    code = share.ids.code
    until(lambda: code.texture is not None)
    frames()
    touch(*share.to_window(*share.center))
    frames(3)
    [large] = [w for w in Window.children if isinstance(w, Enlarged)]
    modules = code.texture.width // SCALE
    side = large.code.width
    assert side % modules == 0 and side // modules >= 3, "a whole number of pixels a module"
    assert side > 5 * code.width
    width, height = Window.system_size
    frame = glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE)
    assert decoded(frame, width, height) == [screen.bgstats_url]
    touch(width / 2, height / 2)
    until(lambda: not [w for w in Window.children if isinstance(w, Enlarged)])

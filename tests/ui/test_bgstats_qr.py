"""The score sheet of a finished game shows its BG Stats link as a QR code that decodes
back to the link `companion export bgstats` prints, worked out by a child Python so the app
never imports segno; with no child to ask, the sheet shows no code and says nothing wrong."""

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
from tests.ui.apphelp import frames, touch, until
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
    standings = screen.ids.standings.top
    until(lambda: screen.ids.bgstats.texture is not None)
    frames()
    assert screen.ids.standings.top == standings, "nothing moves when the code comes"
    assert screen.ids.bgstats.opacity == 1 and screen.ids.bgstats_hint.opacity == 1
    assert texture_decoded(screen.ids.bgstats.texture) == [url]


def test_a_game_from_history_shows_no_link(app):
    app.goto("scores")
    screen = app.root.get_screen("scores")
    screen.bgstats_url = "x"
    sheet = ScoreSheet("mintsugi", (PlayerScore("Ana", 3, {}, 1),), ("Ana",), "most")
    screen.show_saved(sheet, "Played today · Mintsugi")
    assert screen.bgstats_url == "" and screen.ids.bgstats.opacity == 0


def test_with_no_child_python_the_sheet_shows_no_code_and_no_error(app, monkeypatch):
    monkeypatch.setattr(QrImage, "python", "/nonexistent/python")
    start_game(app, ("Ana", "Ben"))
    finish(app)
    frames(3)
    screen = app.root.get_screen("scores")
    assert screen.bgstats_url.startswith("https://")
    standings = screen.ids.standings.top
    frames(10)
    assert screen.ids.bgstats.texture is None and screen.ids.bgstats.opacity == 0
    assert screen.ids.bgstats_hint.opacity == 0, "no words beside a code that is not there"
    assert screen.ids.standings.top == standings
    code = screen.ids.bgstats
    touch(*code.to_window(*code.center))  # where the code would be: nothing opens
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
    code = screen.ids.bgstats
    until(lambda: code.texture is not None)
    frames()
    touch(*code.to_window(*code.center))
    frames(3)
    [large] = [w for w in Window.children if isinstance(w, Enlarged)]
    modules = code.texture.width // SCALE
    side = large.code.width
    assert side % modules == 0 and side // modules >= 3, "a whole number of pixels a module"
    assert side > 2.5 * code.width
    width, height = Window.system_size
    frame = glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE)
    assert decoded(frame, width, height) == [screen.bgstats_url]
    touch(width / 2, height / 2)
    until(lambda: not [w for w in Window.children if isinstance(w, Enlarged)])

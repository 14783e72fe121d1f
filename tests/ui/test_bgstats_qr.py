"""The score sheet of a finished game shows its BG Stats link as a QR code that decodes
back to the link `companion export bgstats` prints."""

from __future__ import annotations

import zxingcpp

from companion.bgstats import installation_id, play_payload, push_url
from companion.engine import PlayerScore, ScoreSheet
from tests.ui.apphelp import frames
from tests.ui.test_app_flow import start_game


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
    assert screen.bgstats_url == url and screen.ids.bgstats.opacity == 1
    texture = screen.ids.bgstats.texture
    width, height = texture.size
    rgba = texture.pixels
    rows = [rgba[y * width * 4 : (y + 1) * width * 4 : 4] for y in range(height)]
    image = memoryview(b"".join(reversed(rows))).cast("B", (height, width))
    assert [code.text for code in zxingcpp.read_barcodes(image)] == [url]


def test_a_game_from_history_shows_no_link(app):
    app.goto("scores")
    screen = app.root.get_screen("scores")
    screen.bgstats_url = "x"
    sheet = ScoreSheet("mintsugi", (PlayerScore("Ana", 3, {}, 1),), ("Ana",), "most")
    screen.show_saved(sheet, "Played today · Mintsugi")
    assert screen.bgstats_url == "" and screen.ids.bgstats.opacity == 0

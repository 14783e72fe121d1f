"""An evening of three games on Home, the score sheet and History: tonight's standings a
row a player (names at 28 px, the numbers at 28, a mark per game in order), the score
sheet's once the evening holds two games, and History grouped by evening with a heading
each. With UI_SCREENSHOTS set, the pictures docs/user-guide.md shows."""

from __future__ import annotations

import os
import time
from pathlib import Path

from kivy.core.window import Window

from companion.evening import GAP, LOST, PLAYED, WON
from tests.companion.evenings import SCRIPT_NAMES, move, play_example
from tests.ui.apphelp import frames, until
from ui.theme import THEME
from ui.widgets.standings import MarkChip

SHOTS = os.environ.get("UI_SCREENSHOTS")  # the user guide's pictures: docs/screenshots


def shoot(name: str) -> None:
    if SHOTS:
        frames(3)
        written = Path(Window.screenshot(name=str(Path(SHOTS) / f"{name}.png")))
        written.replace(Path(SHOTS) / f"{name}.png")


def rows_of(standings) -> list[list]:
    """The standings' rows: [name label, figures label, marks row] each."""
    cells = list(reversed(standings.ids.rows.children))
    return [cells[i : i + 3] for i in range(0, len(cells), 3)]


def outcomes(row) -> list[str]:
    return [c.outcome for c in reversed(row[2].children) if isinstance(c, MarkChip)]


def test_three_games_in_a_row_show_on_home_the_sheet_and_history(app):
    home = app.root.get_screen("home")
    app.goto("history")
    app.goto("home")
    frames(2)
    assert home.ids.standings.height == 0 and not home.ids.standings.heading, "no games yet"
    yesterday = play_example(app.store, "who-broke-it", 2)  # an evening of its own
    move(app.store, yesterday, time.time() - 26 * 3600, time.time() - 25 * 3600)

    play_example(app.store, "broken-and-beautiful", 3)
    play_example(app.store, "mintsugi", 4)
    app.goto("history")
    app.goto("home")
    frames(3)
    standings = home.ids.standings
    assert standings.heading.startswith("Tonight: 2 games since ")
    assert [r[0].text for r in rows_of(standings)] == ["Ana", "Cleo", "Ben", "Dev"]
    shoot("evening-home-2")

    play_example(app.store, "who-broke-it", 4, app=app)  # the third, on the table
    app.goto("scores")
    frames(3)
    sheet = app.root.get_screen("scores")
    tonight = sheet.ids.standings
    assert tonight.heading.startswith("Tonight: 3 games")
    rows = rows_of(tonight)
    assert [r[0].text for r in rows] == ["Ana", "Cleo", "Dev", "Ben"]
    ana, cleo, dev, ben = rows
    assert outcomes(ana) == [PLAYED, WON, WON] and outcomes(cleo) == [WON, PLAYED, WON]
    assert outcomes(dev) == ["", PLAYED, WON] and outcomes(ben) == [PLAYED, PLAYED, LOST]
    assert ben[1].text.endswith("lost  [b][size=28]3[/size][/b] played")
    for name, figures, marks in rows:
        assert name.font_size >= THEME.min_key and name.bold
        assert figures.font_size >= THEME.min_body and "[size=28]" in figures.text
        assert all(c.font_size >= THEME.min_body for c in marks.children)
        assert name.texture_size[0] <= name.width and figures.texture_size[0] <= figures.width
    assert sheet.more == "", "the sheet first: it needs no scrolling"
    assert tonight.height >= tonight.wanted, "and under a sheet of four rows, every player"
    assert tonight.y >= sheet.ids.more.top, "under the sheet, over the buttons"
    if SHOTS:  # the BG Stats button's code is drawn when its child process answers
        share = sheet.ids.share
        until(lambda: not share.url or share.ids.code.texture is not None)
    shoot("evening-scores")

    app.goto("home")
    frames(3)
    assert home.ids.standings.heading.startswith("Tonight: 3 games")
    shoot("evening-home")
    app.goto("history")
    frames(3)
    headings = [
        w.text
        for w in reversed(app.root.get_screen("history").ids.games.children)
        if type(w).__name__ == "EveningHeading"
    ]
    assert len(headings) == 2 and headings[0].endswith(" · most wins: Ana and Cleo (2)")
    shoot("evening-history")


def test_a_tall_sheet_keeps_its_room_and_the_standings_scroll_under_it(app):
    play_example(app.store, "who-broke-it", 4)
    play_example(app.store, "mintsugi", 4)
    play_example(app.store, "broken-and-beautiful", 3, app=app)  # seven categories
    app.goto("scores")
    frames(3)
    sheet = app.root.get_screen("scores")
    tonight = sheet.ids.standings
    assert sheet.more == "" and sheet.ids.grid.height <= sheet.ids.scroll.height
    assert tonight.least <= tonight.height < tonight.wanted, "the leader's row at least"
    scroll = tonight.ids.scroll
    assert scroll.height % scroll.step < 1, "whole rows, never half of one"
    assert tonight.y >= sheet.ids.more.top - 1 and tonight.top <= sheet.ids.scroll.y + 1


def test_history_groups_games_by_evening_newest_first(app):
    ids = [play_example(app.store, "who-broke-it", 4), play_example(app.store, "mintsugi", 4)]
    now = time.time()
    move(app.store, ids[0], now - 2 * GAP - 3600, now - 2 * GAP)  # an evening of its own
    app.goto("history")
    frames(3)
    history = app.root.get_screen("history")
    shown = [(type(w).__name__, w.text) for w in reversed(history.ids.games.children)]
    assert [kind for kind, _ in shown] == ["EveningHeading", "HistoryEntry"] * 2
    assert shown[0][1].startswith("Tonight: 1 game since ") and "most wins: Ana (1)" in shown[0][1]
    assert " to " in shown[2][1] and "most wins: Ana, Cleo and Dev (1)" in shown[2][1]
    assert "Mintsugi" in shown[1][1] and "Who Broke It?" in shown[3][1]
    assert all(w.font_size >= THEME.min_body for w in history.ids.games.children)


def test_a_damaged_result_on_home_is_a_game_nobody_won(app):
    gid = play_example(app.store, "who-broke-it", 4)
    with app.store._transaction() as db:
        db.execute("UPDATE games SET result = ? WHERE id = ?", ('{"winners": 5}', gid))
    app.goto("history")
    app.goto("home")
    frames(3)
    standings = app.root.get_screen("home").ids.standings
    assert standings.heading.startswith("Tonight: 1 game")
    assert [r[0].text for r in rows_of(standings)] == SCRIPT_NAMES[:4]  # from its setup
    assert all(outcomes(r) == [PLAYED] for r in rows_of(standings))
    app.goto("history")
    frames(2)
    heading = next(reversed(app.root.get_screen("history").ids.games.children))
    assert heading.text.endswith("no winner yet")


def test_a_long_evening_shows_the_latest_marks_and_a_long_name_keeps_the_row_on_screen(app):
    from companion.evening import Evening, Played

    long_name = "Maximiliana-Konstantina von Wilhelmsburg"  # 40 letters, the most a name has
    games = tuple(
        Played(n, "who-broke-it", 1000.0 * n, 1000.0 * n + 900, ("Ana", long_name),
               ("Ana",) if n % 2 else (long_name,), ())
        for n in range(1, 13)
    )  # fmt: skip
    app.goto("home")
    frames(2)
    standings = app.root.get_screen("home").ids.standings
    standings.show(Evening(1, games))
    frames(3)
    for name, figures, marks in rows_of(standings):
        shown = [c for c in marks.children if isinstance(c, MarkChip)]
        assert 0 < len(shown) < 12 and marks.right <= standings.right + 1, "the latest that fit"
        assert shown[0].outcome == (PLAYED if name.text == "Ana" else WON), "the 12th game last"
        assert name.width <= standings.width * 0.4 + 1 and figures.right <= marks.x + 1
    long_row = next(r for r in rows_of(standings) if r[0].text == long_name)
    assert long_row[0].text_size[0] is not None, "shortened at its end, not breaking the row"

"""The score sheet at 800x480: standings (names, totals, ranks) first and whole for 2-6
players, points by category that add up to the total with the tie-break counts apart, a
tap on a cell saying how it was scored, and a game with no points reading as well."""

from __future__ import annotations

import pytest
from kivy.core.text import Label as CoreLabel
from kivy.tests.common import UnitTestTouch

from companion.engine import PlayerScore, ScoreSheet
from companion.games.who_broke_it.result import result_sheet
from tests.ui.apphelp import frames, press, texts, walk
from tests.ui.test_reopen_finished_game import finish
from ui.screens.scores import details, standings

NAMES = ("Cleopatra", "Maximilian", "Guinevere", "Ferdinand", "Anastasia", "Bartholomew")
BREAKDOWN = {"cup": 4, "bowl": 9, "tea-jar": 8, "serving-tray": 6}
NOTES = {"bowl": "3 bowls: 3 × 3 = 9"}


def sheet(players: int = 4) -> ScoreSheet:
    scores = tuple(
        PlayerScore(name, 27, BREAKDOWN, i + 1, {"repaired": 3, "items": 9}, NOTES)
        for i, name in enumerate(NAMES[:players])
    )
    return ScoreSheet(
        "broken-and-beautiful",
        scores,
        (NAMES[0],),
        "Cleopatra and Maximilian tie on 27 points; Cleopatra wins with most repaired items",
        categories=tuple((k, k.replace("-", " ")) for k in BREAKDOWN),
        tiebreak_labels=(("repaired", "repaired items"), ("items", "items")),
    )


def widest_word(cell):
    """The widest word, before any shortening; wrapping between words is fine."""
    bold, _colour, size = cell.style
    core = CoreLabel(font_size=size, bold=bold)
    return max(core.get_extents(word)[0] for word in cell.text.split())


def overflowing(grid):
    """Cells whose words do not fit them: a word wider than its column, or lines taller
    than its row, or words drawn wider than the column they were wrapped to."""
    return [
        (cell.text, widest_word(cell), (cell.width, cell.height))
        for cell in grid.cells
        if cell.text
        and (
            widest_word(cell) > cell.width + 1
            or cell.texture.height > cell.height + 1
            or cell.texture.width > cell.width + 1
        )
    ]


def window_centre(grid, cell):
    return grid.to_window(grid.x + cell.x + cell.width / 2, grid.y + cell.y + cell.height / 2)


def shown(app, the_sheet):
    app.goto("scores")
    screen = app.root.get_screen("scores")
    screen.show_saved(the_sheet, "Played 01 Dec 2026 · Broken and Beautiful · deck Ours")
    frames(3)
    return screen


@pytest.mark.parametrize("players", range(2, 7))
def test_names_totals_and_ranks_are_whole_on_screen_first(app, players):
    screen = shown(app, sheet(players))
    grid = screen.ids.standings
    left, bottom = grid.to_window(grid.x, grid.y)
    assert bottom >= 0 and grid.top <= app.root.height and grid.right <= app.root.width
    rows = [[c.text for c in row] for row in grid.rows]
    assert rows[0][1:] == list(NAMES[:players])
    assert rows[1][1:] == ["27"] * players
    assert rows[2][1:3] == ["#1 WINNER", "#2"]
    assert overflowing(grid) == [], "a name or total does not fit its column"
    assert screen.ids.title.top <= app.root.height and grid.top <= screen.ids.tiebreak.y + 1


def test_points_add_up_to_the_total_and_tiebreaks_stand_apart(app):
    rows = details(sheet(2))
    kinds = [kind for kind, _ in rows]
    assert kinds == ["points"] * len(BREAKDOWN) + ["sum", "apart", "count", "count"]
    for column in (1, 2):
        points = [int(row[column][0]) for kind, row in rows if kind == "points"]
        total = next(int(row[column][0]) for kind, row in rows if kind == "sum")
        assert sum(points) == total == 27


def test_a_tap_on_a_cell_says_how_it_was_scored(app):
    screen = shown(app, sheet(2))
    assert screen.ids.explanation.text.startswith("Tap a number")
    grid = screen.ids.grid
    bowl = next(c for c in grid.cells if c.about == "Maximilian, bowl")
    assert bowl.height >= 48, "a cell that explains itself is a touch target"
    x, y = window_centre(grid, bowl)
    finger = UnitTestTouch(x, y)
    finger.touch_down()
    finger.touch_up()
    frames()
    assert screen.ids.explanation.text == "Maximilian, bowl: 3 bowls: 3 × 3 = 9"


def test_a_game_with_a_loser_and_no_points_reads_well(app):
    screen = shown(app, result_sheet(["Ana", "Ben", "Cleo"], 1, "Ben broke the last vase"))
    assert screen.ids.title.text == "Ben loses!"
    assert [r[0] for r in standings(result_sheet(["Ana", "Ben"], 1, "x"))] == ["head", "mark"]
    shown_texts = texts(screen.ids.standings)
    assert "LOSES" in shown_texts and "None" not in " ".join(texts(screen))
    assert screen.ids.explanation.text == ""


def test_history_names_the_deck_and_its_sheet_says_which_game_and_when(app):
    finish(app)
    press(
        next(b for b in walk(app.root.get_screen("scores")) if getattr(b, "text", "") == "History")
    )
    history = app.root.get_screen("history")
    entry = next(b for b in walk(history.ids.games) if "deck Test deck" in getattr(b, "text", ""))
    assert "Broken and Beautiful" in entry.text
    press(entry)
    context = app.root.get_screen("scores").ids.context.text
    assert context.startswith("Played ") and "deck Test deck" in context

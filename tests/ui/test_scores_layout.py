"""The score sheet at 800x480: a finished game's whole sheet on one screen at once (every
category, each player's column, totals and ranks, the winner and the reason) for 2-4
players of Broken and Beautiful with all nine categories, and six players of Who Broke It?;
text at 20 px and more, names and totals at 28; a tap in a player's column shows how their
points were reached; a sheet taller than the screen scrolls and says so."""

from __future__ import annotations

import pytest
from kivy.core.window import Window

from companion.engine import PlayerScore, ScoreSheet
from companion.games.kintsugi.rules import BROKEN_AND_BEAUTIFUL, PUBLISHED
from companion.games.kintsugi.scoring import Holding, score_holdings
from companion.games.who_broke_it.result import result_sheet
from tests.ui.apphelp import frames, press, texts, touch, until, walk
from tests.ui.test_reopen_finished_game import finish
from tests.ui.test_score_notes import ITEMS  # every kind, some fixed, one broken
from ui.screens.scores import ScoreNotes, columns
from ui.theme import THEME

README = ["Anastasia", "Benedict", "Cleopatra", "Dimitrios"]
LONG = ["Bartholomew", "Anne-Sophie", "Cleopatra", "Maximilian"]
SIX = ["Anastasia", "Bartholomew", "Cleopatra", "Anne-Sophie", "Maximilian", "Guinevere"]
CONTEXT = (
    "Played 01 Dec 2026 23:50 · Broken and Beautiful"
    " · deck Demo deck (made-up tags, not the publisher's card list)"
)


def whole_sheet(names: list[str]) -> ScoreSheet:
    """Every Broken and Beautiful category held by someone: nine rows, and two tie counts;
    no tie, so the reason is the usual one line."""
    holdings = [Holding(n, 3, ITEMS[: len(ITEMS) - 2 * i]) for i, n in enumerate(names)]
    sheet = score_holdings(BROKEN_AND_BEAUTIFUL, PUBLISHED, holdings)
    assert len(sheet.categories) == 9 and len(sheet.tiebreak_labels) == 2
    assert len({p.total for p in sheet.players}) == len(names)
    return sheet


def shown(app, sheet, context=""):
    app.goto("scores")
    screen = app.root.get_screen("scores")
    screen.show_saved(sheet, context)
    frames(3)
    return screen


def size_of(grid, cell) -> float:
    """The font size a cell's words were drawn at (a long name may have shrunk)."""
    looks = {id(texture): look for look, texture in grid.textures.items()}
    return looks[id(cell.texture)][2]


def on_screen(grid, cell) -> bool:
    """The cell lies inside the window and inside the scroller's visible part."""
    scroll = grid.parent
    x, y = grid.to_window(grid.x + cell.x, grid.y + cell.y)
    sx, sy = scroll.to_window(scroll.x, scroll.y)
    return (
        0 <= x
        and x + cell.width <= Window.width + 1
        and sy - 1 <= y
        and y + cell.height <= sy + scroll.height + 1
    )


@pytest.mark.parametrize(
    ("names", "context"),
    [(README[:2], ""), (README[:3], ""), (README, ""), (README, CONTEXT), (LONG, CONTEXT)],
)
def test_the_whole_sheet_is_on_screen_at_once(app, names, context):
    screen = shown(app, whole_sheet(names), context)
    grid = screen.ids.grid
    assert grid.height <= screen.ids.scroll.height, "no scrolling for the usual sheet"
    assert screen.more == "" and screen.ids.more.height == 0
    missing = [c.text for c in grid.cells if c.text and not on_screen(grid, c)]
    assert missing == [], "every row of every column is in sight"
    shown_rows = [row[0].text for row in grid.rows]
    assert shown_rows[2:] == [label for _k, label in whole_sheet(names).categories] + [
        "repaired items",
        "items",
    ]
    assert [c.text for c in grid.rows[0][1:]] == names
    assert screen.ids.title.text.endswith("wins!") and screen.ids.words.text.startswith(
        whole_sheet(names).reason
    )
    for widget in (screen.ids.title, screen.ids.words):
        assert widget.y >= grid.parent.top - 1 and widget.top <= Window.height


@pytest.mark.parametrize("names", [README[:2], README, LONG])
def test_names_and_totals_are_28_px_and_every_other_text_20(app, names):
    screen = shown(app, whole_sheet(names), CONTEXT)
    grid = screen.ids.grid
    head, totals = grid.rows[0], grid.rows[1]
    for cell in head[1:]:
        wanted = THEME.font_player if names is not LONG else THEME.font_body
        assert size_of(grid, cell) >= wanted, cell.text
        assert cell.texture.width <= cell.width and cell.texture.height < 1.5 * size_of(grid, cell)
    assert all(size_of(grid, c) >= THEME.font_player for c in totals[1:])
    assert all(size_of(grid, c) >= THEME.font_body for c in grid.cells if c.texture)
    assert "[size=" in totals[1].text and "#" in totals[1].text, "the rank beside the total"
    for label in (screen.ids.title, screen.ids.words):
        assert label.font_size >= THEME.font_body
    assert screen.ids.title.font_size >= THEME.font_player


def test_the_readme_names_at_four_players_keep_their_full_size(app):
    grid = shown(app, whole_sheet(README)).ids.grid
    assert [size_of(grid, c) for c in grid.rows[0][1:]] == [THEME.font_player] * 4


def test_six_players_of_who_broke_it_read_whole_a_row_each(app):
    sheet = result_sheet(SIX, 1, "Bartholomew discarded the Broken Vase: Bartholomew loses")
    screen = shown(app, sheet)
    grid = screen.ids.grid
    assert [row[0].text for row in grid.rows] == SIX
    assert [row[-1].text for row in grid.rows].count("LOSES") == 1
    for row in grid.rows:
        name = row[0]
        assert size_of(grid, name) == THEME.font_player
        assert name.texture.width <= name.width - 8 and name.texture.height < 40, name.text
        assert on_screen(grid, name) and on_screen(grid, row[-1])
    assert screen.ids.title.text == "Bartholomew loses!"
    assert "None" not in " ".join(texts(screen))


def test_each_column_adds_up_to_its_total(app):
    sheet = whole_sheet(README)
    rows, _rules = columns(sheet)
    for column, player in enumerate(sheet.players, 1):
        points = [int(row[column].text) for row in rows[2:11] if row[column].text != "-"]
        assert sum(points) == player.total
        assert rows[1][column].text.startswith(f"{player.total} ")


def test_a_tap_in_a_players_column_shows_how_each_point_was_reached(app):
    screen = shown(app, whole_sheet(README[:3]))
    grid = screen.ids.grid
    assert grid.rows[0][0].text == "tap a name", "the sheet says what a tap does"
    bowl = next(c for c in grid.cells if c.about == "Benedict, bowl")
    touch(*grid.to_window(grid.x + bowl.x + bowl.width / 2, grid.y + bowl.y + bowl.height / 2))
    frames(2)
    [notes] = [w for w in Window.children if isinstance(w, ScoreNotes)]
    benedict = whole_sheet(README[:3]).players[1]
    assert notes.who == f"Benedict · {benedict.total}"
    said = dict((label, words) for label, words, _tapped in notes.lines)
    assert said["bowl"] == benedict.notes["bowl"] and said["items"] == "14"
    assert [label for label, _w, tapped in notes.lines if tapped] == ["bowl"]
    labels = [w for w in walk(notes) if hasattr(w, "font_size") and getattr(w, "text", "")]
    assert labels and all(w.font_size >= THEME.font_body for w in labels)
    assert all(w.top <= Window.height and w.y >= 0 for w in labels), "the notes fit"
    touch(400, 240)
    until(lambda: not [w for w in Window.children if isinstance(w, ScoreNotes)])
    name = grid.rows[0][3]  # a tap on a name is that player's too
    touch(*grid.to_window(grid.x + name.x + name.width / 2, grid.y + name.y + name.height / 2))
    frames(2)
    [notes] = [w for w in Window.children if isinstance(w, ScoreNotes)]
    assert notes.who.startswith("Cleopatra")
    notes.dismiss()


def test_a_sheet_taller_than_the_screen_scrolls_and_says_so(app):
    many = tuple((f"kind{i}", f"category {i}") for i in range(16))
    players = tuple(
        PlayerScore(n, 16, {k: 1 for k, _ in many}, i + 1) for i, n in enumerate(README)
    )
    screen = shown(app, ScoreSheet("mintsugi", players, ("Anastasia",), "most", categories=many))
    frames(3)
    scroll = screen.ids.scroll
    assert screen.ids.grid.height > scroll.height
    assert screen.more == "More rows below: swipe up" and screen.ids.more.height > 0
    assert scroll.bar_inactive_color == scroll.bar_color, "its bar stays in sight"
    scroll.scroll_y = 0
    frames(3)
    assert screen.more == "More rows above: swipe down"


def test_history_names_the_deck_and_its_sheet_says_which_game_and_when(app):
    finish(app)
    press(
        next(b for b in walk(app.root.get_screen("scores")) if getattr(b, "text", "") == "History")
    )
    history = app.root.get_screen("history")
    entry = next(b for b in walk(history.ids.games) if "deck Test deck" in getattr(b, "text", ""))
    assert "Broken and Beautiful" in entry.text
    assert entry.font_size >= THEME.font_body and history.ids.empty.font_size >= THEME.font_body
    assert entry.texture_size[1] <= entry.height
    press(entry)
    scores = app.root.get_screen("scores")
    assert scores.context.startswith("Played ") and "deck Test deck" in scores.context
    assert scores.context in scores.ids.words.text

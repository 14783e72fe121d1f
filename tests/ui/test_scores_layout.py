"""The score screen fits four long-ish names, and the winner's WINNER, at 800x480."""

from __future__ import annotations

from kivy.core.text import Label as CoreLabel
from kivy.uix.label import Label

from companion.engine import PlayerScore, ScoreSheet
from tests.ui.apphelp import frames, walk
from ui.screens.scores import sheet_rows

NAMES = ("Cleopatra", "Maximilian", "Guinevere", "Ferdinand")


def sheet():
    breakdown = {"cup": 4, "repaired items": 3, "tea-jar": 8, "serving-tray": 6}
    players = tuple(
        PlayerScore(name, 30 - 7 * i, breakdown, i + 1, {"repaired": 3, "items": 9})
        for i, name in enumerate(NAMES)
    )
    categories = tuple((k, k.replace("-", " ")) for k in breakdown)
    return ScoreSheet(
        "broken-and-beautiful",
        players,
        (NAMES[0],),
        "Cleopatra has the most points",
        categories=categories,
        tiebreak_labels=(("repaired", "repaired items"), ("items", "items")),
    )


def natural_width(label):
    """The widest word, before any shortening ("Cle...NER"); wrapping between words is fine."""
    core = CoreLabel(font_size=label.font_size, bold=label.bold, font_name=label.font_name)
    return max(core.get_extents(word)[0] for word in label.text.split())


def overflowing(root):
    """Labels whose text does not fit whole: cut short, broken mid-word, or spilling over."""
    return [
        (w.text, natural_width(w), tuple(w.texture_size), tuple(w.size))
        for w in walk(root)
        if isinstance(w, Label)
        and w.text
        and (natural_width(w) > w.width + 1 or w.texture_size[1] > w.height + 1)
    ]


def test_four_long_names_and_the_winner_fit_the_bar_chart(app):
    app.goto("scores")
    screen = app.root.get_screen("scores")
    screen.show_saved(sheet())
    frames(3)
    chart = screen.ids.chart
    bars = list(reversed(chart.children))
    assert [b.ids.name.text for b in bars] == list(NAMES)
    assert [b.ids.mark.text for b in bars] == ["WINNER", "", "", ""]
    assert all(b.y >= chart.y and b.top <= chart.top for b in bars), "a bar is off the chart"
    assert overflowing(chart) == []
    assert overflowing(screen.ids.grid) == []


def test_the_winner_marks_follow_the_sheets_winners_not_rank_one():
    players = (
        PlayerScore("Ana", 20, {"cup": 1}, 1, {"repaired": 3, "items": 9}),
        PlayerScore("Ben", 20, {"cup": 1}, 1, {"repaired": 3, "items": 9}),
    )
    tied = ScoreSheet("broken-and-beautiful", players, ("Ben",), "Ben has more ingots")
    assert sheet_rows(tied)[-1] == ["rank", "#1", "#1 WINNER"]

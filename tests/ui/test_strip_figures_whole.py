"""A strip's figures never break mid-figure: Kivy's markup wraps wherever the size changes,
so "1 ingot   score now 0" in a quarter of the screen wrapped as "1 ingot score now" over
"0". The strip lays its figures out in lines itself, each figure whole on one line."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.table import Table, seat_readers
from companion.view import Piece, PlayerView, Zone
from tests.ui.apphelp import frames, walk
from tests.ui.audit.driver import NAMES, demo_deck, play_scripted, script_for, settle
from ui.widgets.strip import (
    SEPARATOR,
    PlayerStrip,
    StripText,
    big_numbers,
    drawn_width,
    lines_of,
    whole,
)


def drawn_lines(label) -> list[str]:
    """The lines Kivy laid the label out in, as plain words (no-break spaces as spaces)."""
    label.texture_update()
    lines = ["".join(w.text for w in line.words) for line in label._label._cached_lines]
    return [line.replace("\u00a0", " ").strip() for line in lines]


def check(strip: PlayerStrip, figures: list[str]) -> None:
    lines = drawn_lines(strip.ids.key_figure)
    for figure in figures:
        assert any(figure in line for line in lines), f"{figure!r} broke: {lines}"
    assert strip.ids.key_figure.width <= strip.width, f"{strip.player}'s figures run out"


def test_mintsugi_at_four_players_keeps_every_figure_whole_all_game(app):
    """The 4-player example played with long names; at every input each strip's figures
    (ingots, score now) lie whole on one line each, inside the strip."""
    readers = seat_readers([f"seat{i}" for i in range(1, 5)], 4)
    app.open_table(Table.start(app.store, demo_deck(app, "mintsugi"), NAMES[:4], seats=readers))
    app.goto("table")
    screen = app.root.get_screen("table")
    steps = script_for("mintsugi", 4)
    seen: set[str] = set()
    while steps and not app.table.finished:
        assert play_scripted(app, steps.pop(0)), app.session.banner
        settle()
        players = {p.name: p for p in app.table.view().players}
        for strip in (w for w in walk(screen) if isinstance(w, PlayerStrip)):
            counters = players[strip.player].counters
            figures = [c.text for c in counters if c.emphasis or c.value is not None]
            check(strip, figures)
            seen.update(figures)
    assert {"1 ingot", "score now 0"} <= seen, "the game never showed the figures that broke"


FIGURE = st.builds(
    lambda words, n: whole(f"{n} {words}"),
    st.sampled_from(["ingot", "ingots", "score now", "cards", "favor points", "gems"]),
    st.integers(0, 120),
)


@given(st.lists(FIGURE.map(big_numbers), min_size=1, max_size=5), st.integers(60, 800))
def test_lines_keep_figures_whole_in_order_and_within_room(figures, room):
    laid = lines_of(figures, room)
    lines = [line.split(SEPARATOR) for line in laid.split("\n")]
    assert [f for line in lines for f in line] == figures
    for line in lines:
        width = sum(drawn_width(f) for f in line) + drawn_width(SEPARATOR) * (len(line) - 1)
        assert len(line) == 1 or width <= room, "figures share a line wider than the room"


def test_a_hand_wrapped_in_a_narrow_strip_keeps_its_count_with_its_word(app):
    """A quarter of the screen: "Bartholomew's" over "hand 3", never "hand" over "3"."""
    strip = PlayerStrip(size_hint=(None, None), size=(195, 160))
    hand = Zone("b:hand", "Bartholomew's hand", (Piece(None, "card", "card"),) * 3, count=3)
    strip.show(PlayerView("Bartholomew"), [hand])
    frames(2)
    (words,) = [w for w in strip.ids.zones.children if isinstance(w, StripText) and w.text]
    assert drawn_lines(words) == ["Bartholomew's", "hand 3"]

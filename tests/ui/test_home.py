"""Home lists every unfinished game (scrolling past a screenful) and abandons one in two taps."""

from __future__ import annotations

from companion.table import Table
from tests.ui.apphelp import frames, press, small_deck
from ui.screens.home import ResumeRow


def show_home(app):
    """Enter home afresh (the app opens on it), as coming back from any screen does."""
    app.goto("history")
    app.goto("home")
    frames(2)
    return app.root.get_screen("home")


def rows(home):
    return [r for r in reversed(home.ids.resume.children) if isinstance(r, ResumeRow)]


def test_five_unfinished_games_are_all_listed_and_scroll(app):
    for names in (["Ana", "Ben"], ["Cy", "Di"], ["Ed", "Flo"], ["Gus", "Hal"], ["Ida", "Jo"]):
        Table.start(app.store, small_deck(), names)
    home = show_home(app)
    shown = rows(home)
    assert len(shown) == 5
    assert "Ida, Jo" in shown[0].text  # the most recent first, and brightest
    assert shown[0].first and not any(r.first for r in shown[1:])
    scroll = home.ids.scroll
    assert home.ids.resume.height > scroll.height, "five games should not fit without scrolling"
    assert all(r.height >= 48 and r.ids.abandon.height >= 48 for r in shown)


def test_abandoning_a_game_takes_two_taps_and_deletes_it(app):
    keep = Table.start(app.store, small_deck(), ["Ana", "Ben"])
    gone = Table.start(app.store, small_deck(), ["Cy", "Di"])
    gone.scan(sorted(gone.state.deck)[0])
    home = show_home(app)
    row = next(r for r in rows(home) if r.game_id == gone.game_id)
    press(row.ids.abandon)
    assert row.ids.abandon.text == "Tap again to delete"
    assert len(app.store.games(finished=False)) == 2  # one tap deletes nothing
    press(row.ids.abandon)
    assert [g.id for g in app.store.games(finished=False)] == [keep.game_id]
    assert app.store.log(gone.game_id) == []
    assert [r.game_id for r in rows(home)] == [keep.game_id]


def test_a_second_tap_much_later_only_arms_it_again(app):
    Table.start(app.store, small_deck(), ["Ana", "Ben"])
    button = rows(show_home(app))[0].ids.abandon
    press(button)
    button._disarm.cancel()
    button.armed = False  # as the timeout does
    press(button)
    assert len(app.store.games(finished=False)) == 1 and button.armed

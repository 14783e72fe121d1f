"""The table's banner tells news from refusals by words and colour, and shows a whole tag uid;
the breakage overlay's heading and button do not cry "Breakage!" when nothing breaks."""

from __future__ import annotations

from kivy.graphics import Color

from tests.ui.apphelp import frames, play_demo, until, walk
from tests.ui.test_app_flow import start_game
from ui.theme import THEME
from ui.widgets.card import CardView

UID = "04C0FFEE000001"


def tint(banner):
    """The banner's background colour, as drawn."""
    return next(tuple(i.rgba) for i in banner.canvas.before.children if isinstance(i, Color))


def test_an_enrolled_sticker_is_news_not_a_refusal(app):
    screen = start_game(app)
    app.session.refuse("The draft wants a card from the draft area")
    frames(2)
    refused = screen.ids.banner_text.text, tint(screen.ids.banner)
    assert refused[0].startswith("NOT ACCEPTED: ")
    app.session.inform("Enrolled the wave cup — scan it again")
    frames(2)
    text, colour = screen.ids.banner_text.text, tint(screen.ids.banner)
    assert app.session.banner_kind == "info"
    assert text == "NOTE: Enrolled the wave cup — scan it again"
    assert colour == tuple(THEME.banner_info) and colour != refused[1]


def test_an_unknown_tag_banner_wraps_and_shows_the_whole_uid(app):
    screen = start_game(app)
    app.sim.place(UID)
    until(lambda: app.session.banner_kind == "unknown")
    frames(3)
    label, banner = screen.ids.banner_text, screen.ids.banner
    assert UID in label.text and not label.shorten
    assert label.texture_size[0] <= label.width + 1, "the message runs past its label"
    assert label.texture_size[1] <= label.height + 1 and label.top <= banner.top
    assert label.y >= banner.y and screen.ids.enroll.height >= THEME.touch


def broke_view(table, causes, broke):
    """The engine's own view of a breakage with these cards showing and these broken."""
    state = table.state.clone()
    state.phase, state.causes = "broke", tuple(causes)
    state.broke = [list(broke.get(name, [])) for name in state.names]
    return table.engine.view(state)


def test_the_breakage_heading_says_when_nothing_breaks(app):
    start_game(app)
    screen = app.root.get_screen("table")
    causes = sorted(app.table.state.deck)[:2]
    overlay = screen.board.breakage
    overlay.show(broke_view(app.table, causes, {}))
    frames()
    assert overlay.ids.heading.text == "Nothing breaks this round"
    assert overlay.ids.done.text == "Continue", "no cards to turn: nothing is 'Done'"
    showing, row = overlay.ids.showing, overlay.ids.causes
    assert abs(showing.center_y - row.center_y) <= 2, "'Showing:' sits level with the cards"
    shown = {w.tag for w in walk(overlay.ids.causes) if isinstance(w, CardView)}
    assert shown == set(causes), "what showed is still listed"
    overlay.show(broke_view(app.table, causes, {"Ana": [causes[0]]}))
    frames()
    assert overlay.ids.heading.text.startswith("Breakage!")
    assert overlay.ids.done.text == "Done: the cards are turned"


def test_the_banner_is_in_the_layout_only_while_it_says_something(app):
    import gc

    screen = start_game(app)
    banner, area = screen.ids.banner, screen.ids.area
    assert banner.parent is None  # nothing to say: nothing of it is drawn
    app.session.refuse("The draft wants a card from the draft area")
    frames()
    top_down = banner.parent.children[::-1]
    assert top_down.index(banner) == top_down.index(area) - 1  # under the bar, over the table
    app.session.dismiss()
    frames()
    assert banner.parent is None
    gc.collect()  # out of the layout, it is held by the screen, not only by kv's weak id
    app.session.refuse("Nothing to undo yet")
    frames()
    assert screen.ids.banner_text.text == "NOT ACCEPTED: Nothing to undo yet"


def test_each_breakage_shows_a_player_in_the_same_row(app):
    """A row made for every breakage was dropped at the next: garbage for the GC to find."""
    screen = app.root.get_screen("table")
    rows: dict[str, set[int]] = {}

    def after_each() -> None:
        frames()
        if screen.board is not None and screen.board.breakage.parent is not None:
            for row in screen.board.breakage.ids.rows.children:
                rows.setdefault(row.player, set()).add(id(row))

    play_demo(app, ["Ana", "Ben", "Cleo"], after_each)
    assert len(rows) >= 2 and all(len(made) == 1 for made in rows.values()), rows

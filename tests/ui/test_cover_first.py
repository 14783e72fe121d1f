"""A cover (Broken and Beautiful's breakage, Broken Planet's whole game) hides the screen's own
prompt, options and strips: the input that lays it draws the cover alone, and what lies
under it is brought up to date a frame later, while the players read the cover and turn
their cards, so the cover's Done finds it current; it stays in place, hidden and out of the
drawing, so taking the cover off lays nothing out (docs/architecture.md, "Then (1b93c06 to
6f0793c)" and "Then (057db7c to d2f04c8)")."""

from __future__ import annotations

from kivy.clock import Clock

from companion.deck import load_deck
from companion.games.kintsugi.moves import legal_inputs
from companion.inputs import Scan
from companion.table import Table
from tests.ui.apphelp import count_layouts, frames, walk
from ui.app import EXAMPLES


def play(app, move) -> None:
    if isinstance(move, Scan):
        assert app.session.scan(move.uid)
    else:
        assert app.session.tap(move.option, move.arg)


def play_in_frame(app, move) -> None:
    """`move` made inside the next frame's clock, as the reader's events are handed over
    (ui.app's drain) and a touch is dispatched, then that frame drawn."""
    Clock.schedule_once(lambda _dt: play(app, move), -1)
    frames(1)


def at_the_start(app, names: list[str]):
    """The demo deck's table on screen, its first prompt drawn; its screen."""
    deck = load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")
    app.open_table(Table.start(app.store, deck, names))
    app.goto("table")
    frames(2)
    app.session.rescan.window = 0  # inputs come faster than hands here
    return app.root.get_screen("table")


def at_the_breakage(app, names: list[str]):
    """The demo deck's table on screen, played to its first breakage's scan; its screen."""
    screen = at_the_start(app, names)
    while app.table.state.phase != "breakage":
        play(app, legal_inputs(app.table.state)[0])
        frames(1)
    return screen


def under_cover(screen) -> bool:
    """The table's own side hidden and out of the drawing, or shown and drawn, never between."""
    side, stage = screen._side, screen.ids.stage
    drawn = side.canvas in stage.canvas.children
    assert side.parent is stage.__self__  # in place either way
    assert side.hidden != drawn and side.opacity == (0 if side.hidden else 1)
    return side.hidden


def test_a_breakage_draws_its_cover_first_and_the_table_under_it_a_frame_later(app):
    screen = at_the_breakage(app, ["Ana", "Ben", "Cleo"])
    before = screen.prompt_text, [b.text for b in screen.ids.options.children]

    play_in_frame(app, legal_inputs(app.table.state)[0])  # the top card: the breakage
    cover = screen.board.breakage
    assert cover.parent is screen.ids.stage.__self__ and under_cover(screen)
    assert cover.text == app.table.prompt.text  # the cover says what to do at once
    assert (screen.prompt_text, [b.text for b in screen.ids.options.children]) == before

    frames(1)  # the next frame: the table under the cover is current
    assert screen.prompt_text == app.table.prompt.text != before[0]
    assert [b.text for b in screen.ids.options.children][::-1] == [
        o.label for o in app.table.prompt.options
    ]

    play_in_frame(app, legal_inputs(app.table.state)[0])  # Done: the cards are turned
    assert cover.parent is None and not under_cover(screen)
    assert screen.prompt_text == app.table.prompt.text
    assert [b.text for b in screen.ids.options.children][::-1] == [
        o.label for o in app.table.prompt.options
    ]


def test_undo_of_the_breakage_shows_the_table_again_at_once(app):
    """Taken back before the next frame, the breakage leaves nothing stale behind."""
    screen = at_the_breakage(app, ["Ana", "Ben"])
    play(app, legal_inputs(app.table.state)[0])
    app.session.undo()  # in the same frame as the breakage
    frames(1)
    assert not under_cover(screen)
    assert screen.prompt_text == app.table.prompt.text
    frames(2)  # and the cover's pending refresh, if any, changes nothing
    assert screen.prompt_text == app.table.prompt.text


def test_the_cover_taken_off_finds_the_table_laid_out(app, monkeypatch):
    """Under the cover the table stays in place and is kept laid out, so taking the cover off
    lays nothing out again (it was taken out of the tree and put back: 30-odd layouts at
    every breakage's Done) and moves nothing; it comes back under any open panel."""
    screen = at_the_breakage(app, ["Ana", "Ben", "Cleo"])
    screen.toggle_log()  # a panel open over the table area
    play(app, legal_inputs(app.table.state)[0])
    frames(3)  # the cover, then the table under it brought up to date
    assert under_cover(screen)
    inside = {id(w) for w in walk(screen._side)}
    where = {id(w): (tuple(w.pos), tuple(w.size)) for w in walk(screen._side)}
    laid_out = count_layouts(monkeypatch, inside)
    screen._cover(None)
    frames(2)
    assert not under_cover(screen) and laid_out == []
    assert all((tuple(w.pos), tuple(w.size)) == where[id(w)] for w in walk(screen._side))
    drawing = screen.ids.area.canvas.children  # the stage first, the log drawn over it
    assert drawing.index(screen.ids.stage.canvas) < drawing.index(screen.log.canvas)

"""What a player reads first comes first: an input's own frame draws the prompt, what the
input did and the options; the board and the strips follow a frame later (on a Pi 4 the two
are each a few tens of milliseconds: docs/architecture.md, "Prompt first"). A scan is handed
over inside a frame's clock (ui.app's drain) and a touch at a frame's input, after the clock:
both wait for the next frame's clock for the board and strips."""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.tests.common import UnitTestTouch

from companion.games.kintsugi.moves import legal_inputs
from companion.inputs import Scan
from tests.ui.apphelp import count_layouts, frames, walk
from tests.ui.test_cover_first import at_the_start, play_in_frame


def board_and_strips(screen) -> tuple:
    """What the board and the strips show: the draft row's and the held card's tags, and
    each strip's turn, figures and zones."""
    board = screen.board
    cards = tuple(c.tag for box in (board.ids.held, board.ids.draft) for c in box.children)
    strips = tuple(
        (s.active, s.key_figure, s.words.text, tuple(getattr(s, "zones", ())))
        for s in screen.strips
    )
    return cards, strips


def options(screen) -> list[str]:
    return [b.text for b in screen.ids.options.children][::-1]


def test_a_scan_draws_the_prompt_first_and_the_board_and_strips_a_frame_later(app):
    screen = at_the_start(app, ["Ana", "Ben", "Cleo"])
    played, kinds = 0, set()
    while True:  # the first round's deals, picks and keeps, to its breakage's cover
        move = legal_inputs(app.table.state)[0]
        before = board_and_strips(screen)
        play_in_frame(app, move)
        if screen.board.breakage.parent is not None:
            break  # a cover: tests/ui/test_cover_first.py
        assert screen.prompt_text == app.table.prompt.text
        assert options(screen) == [o.label for o in app.table.prompt.options]
        assert screen.side_pending and board_and_strips(screen) == before, move
        frames(1)
        assert not screen.side_pending
        shown = board_and_strips(screen)
        if isinstance(move, Scan):
            assert shown != before, f"{move} changed nothing on the board or strips"
        played += 1
        kinds.add(type(move).__name__)
    assert played > 10 and kinds == {"Scan", "Tap"}


def test_a_touch_draws_the_prompt_first_and_the_board_and_strips_a_frame_later(app):
    """A finger lifted off Keep: the frame that reads it shows the next prompt, and the
    keeper's strip takes the card the frame after."""
    screen = at_the_start(app, ["Ana", "Ben"])
    while "keep" not in [o.word for o in app.table.prompt.options]:
        play_in_frame(app, legal_inputs(app.table.state)[0])
        frames(1)
    keep = next(b for b in screen.ids.options.children if b.word == "keep")
    before, asked = board_and_strips(screen), app.table.prompt.text
    finger = UnitTestTouch(*keep.to_window(*keep.center))
    EventLoop._dispatch_input("begin", finger)
    frames(1)
    EventLoop._dispatch_input("end", finger)
    frames(1)  # the frame whose input is the finger lifted
    assert screen.prompt_text == app.table.prompt.text != asked
    assert screen.side_pending and board_and_strips(screen) == before
    frames(1)
    assert not screen.side_pending and board_and_strips(screen) != before


def test_picks_and_keeps_leave_the_board_and_strips_where_they_are(app, monkeypatch):
    """A pick's prompt and a keep's alternate, one a line longer, the other with its two
    options: the prompt keeps the room the input before needed, so the board and strips do
    not move at each input, and the frame that shows the new prompt lays none of them out."""
    screen = at_the_start(app, ["Ana", "Ben", "Cleo", "Dimitrios"])
    while app.table.state.phase != "keep":  # the deal and the round's first pick
        play_in_frame(app, legal_inputs(app.table.state)[0])
        frames(1)
    ids = screen.ids
    below = {id(w) for box in (ids.board, ids.seats) for w in walk(box)}
    laid_out = count_layouts(monkeypatch, below)
    where = ids.board.y, ids.seats.y, ids.seats.height
    for _ in range(6):  # keep, pick, keep, pick...
        assert app.table.state.phase in ("keep", "draft")
        play_in_frame(app, legal_inputs(app.table.state)[0])
        assert laid_out == [] and screen.side_pending
        frames(1)
        laid_out.clear()
        assert (ids.board.y, ids.seats.y, ids.seats.height) == where

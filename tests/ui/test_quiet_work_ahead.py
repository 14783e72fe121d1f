"""Quiet moments do a little of what a later input would otherwise wait for (ui.app's
prepare_quietly, TableScreen.prepare): the score sheet's screen, spare option buttons, the
breakage's rows, spare cards, and every card's look at a strip's size and at its card's
size in each state, a few steps a tick."""

from __future__ import annotations

from companion.deck import load_deck
from companion.table import Table
from tests.ui.apphelp import frames
from ui.app import AHEAD_STEPS, EXAMPLES
from ui.theme import pattern_mark
from ui.widgets.card import DRAWN_STATES, CardShelf, CardView
from ui.widgets.icons import icon_texture
from ui.widgets.options import SPARE_AHEAD
from ui.widgets.strip import MINI


def quiet_tick(app) -> None:
    app.quiet.last_input = float("-inf")  # as if nobody had touched anything for long
    app.quiet.tick()


def test_quiet_ticks_build_the_breakage_rows_and_bake_the_strips_looks_a_few_at_a_time(app):
    deck = load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")
    app.open_table(Table.start(app.store, deck, ["Ana", "Ben", "Cleo"]))
    app.goto("table")
    frames(2)
    board = app.root.get_screen("table").board
    looks = {(c.kind, c.attrs.get("pattern") or "") for c in app.table.components.values()}
    quiet_tick(app)  # the first builds the score sheet's screen
    assert "scores" in app.root.screen_names and not board.breakage.rows
    buttons = app.root.get_screen("table")._buttons
    quiet_tick(app)
    assert len(buttons._spare) == min(SPARE_AHEAD, AHEAD_STEPS)  # a few steps a tick, no more
    assert not board.breakage.rows
    steps = SPARE_AHEAD + 3 + CardShelf.SPARE_MAX
    steps += 2 * len(app.table.components) * len(DRAWN_STATES)
    for _ in range(-(-steps // AHEAD_STEPS)):
        quiet_tick(app)
    assert len(buttons._spare) == SPARE_AHEAD  # the options of the prompts to come
    assert set(board.breakage.rows) == {"Ana", "Ben", "Cleo"}
    assert len(CardShelf.SPARE) == CardShelf.SPARE_MAX  # a draft's and a breakage's cards
    baked = icon_texture.cache_info().misses
    for kind, pattern in looks:
        for state in DRAWN_STATES:
            icon_texture(kind, pattern_mark(pattern), state, int(MINI))
    for thing in app.table.components.values():
        for state in DRAWN_STATES:
            CardView.of(thing, card_state=state)  # its icon drawn at the next frames
    frames(2)
    assert icon_texture.cache_info().misses == baked  # every one was made ahead


def test_no_work_ahead_while_inputs_keep_coming(app):
    deck = load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")
    app.open_table(Table.start(app.store, deck, ["Ana", "Ben"]))
    app.goto("table")
    frames(2)
    app.quiet.input()
    app.quiet.tick()
    assert "scores" not in app.root.screen_names
    assert not app.root.get_screen("table").board.breakage.rows


def test_the_first_pick_shows_its_options_on_buttons_made_ahead(app):
    from companion.games.kintsugi.moves import legal_inputs

    deck = load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")
    app.open_table(Table.start(app.store, deck, ["Ana", "Ben"]))
    app.goto("table")
    frames(2)
    for _ in range(-(-SPARE_AHEAD // AHEAD_STEPS) + 1):
        quiet_tick(app)
    buttons = app.root.get_screen("table")._buttons
    made: list[object] = []
    real = buttons._make
    buttons._make = lambda: made.append(1) or real()
    app.session.rescan.window = 0  # inputs come faster than hands here
    while app.table.state.phase != "keep":
        assert app.session.scan(legal_inputs(app.table.state)[0].uid)
        frames(2)
    assert [b.text for b in app.root.get_screen("table").ids.options.children]  # Keep, Sell
    assert made == []

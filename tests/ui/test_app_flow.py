"""A whole game of Broken and Beautiful played through the app, as players would.

Touches go through the real buttons and the virtual table; card scans go through the
simulated reader, the hub thread and the app's per-frame drain. The score sheet is then
checked against a fresh Table fed the same inputs, with no UI in between.
"""

from __future__ import annotations

from companion.store import Store
from companion.table import Table
from tests.ui.apphelp import (
    button,
    frames,
    press,
    small_deck,
    texts,
    until,
    walk,
)
from ui.widgets.card import CardView


def start_game(app, names=("Ana", "Ben")):
    press(button(app.root.get_screen("home"), "New game"))
    setup = app.root.get_screen("setup")
    assert app.root.current == "setup"
    for seat, name in enumerate([*names, "", ""][:4]):
        setup.ids[f"seat{seat}"].ids.name.text = name
    frames()
    press(setup.ids.start)
    assert app.root.current == "table"
    return app.root.get_screen("table")


def advance(app, action):
    """Do one thing and tick until the table took it (scans cross the reader thread)."""
    before = app.session.revision
    action()
    until(lambda: app.session.revision > before or app.session.banner)
    assert not app.session.banner, app.session.banner


def lay(app, uid):
    """Put a card on the reader by hand, once a virtual tap has lifted it (lifting it by hand
    raced the tap's pending lift, which could take the new placement off unseen)."""
    until(lambda: uid not in app.on_reader)
    advance(app, lambda: app.sim.place(uid))
    app.sim.remove(uid)


def tap_virtual(app, screen, uid):
    """Tap a card on the virtual table once the reader has seen it lifted since last time."""
    until(lambda: uid not in app.on_reader)
    advance(app, lambda: press(virtual_card(screen, uid)))


def virtual_card(screen, uid):
    if not screen.drawer_open:
        press(screen.ids.virtual)
    frames()
    return next(w for w in walk(screen.drawer) if isinstance(w, CardView) and w.tag == uid)


def play_one(app, screen, step, inputs):
    table = app.table
    prompt, state = table.prompt, table.state
    if prompt.phase in ("deal", "breakage"):
        uid = sorted(state.deck)[0]
        tap_virtual(app, screen, uid)
        inputs.append(("scan", uid))
    elif prompt.phase == "draft":
        uid = state.draft[-1]
        lay(app, uid)
        inputs.append(("scan", uid))
    elif prompt.phase == "keep":
        word = "keep" if step % 3 else "sell"
        advance(app, lambda: press(button(screen.ids.options, word.title())))
        inputs.append(("tap", word, None))
    elif prompt.phase == "broke":
        assert screen.board.breakage.parent is not None, "the breakage overlay is not showing"
        advance(app, lambda: press(screen.board.breakage.ids.done))  # "Done" or "Continue"
        inputs.append(("tap", "done", None))
    elif prompt.phase == "repair":
        repairs = [b for b in screen.ids.options.children if b.word == "repair" and not b.disabled]
        chosen = repairs[0] if repairs else button(screen.ids.options, "Pass")
        advance(app, lambda: press(chosen))
        inputs.append(("tap", chosen.word, chosen.arg))


def replay(inputs, names=("Ana", "Ben")):
    table = Table.start(Store(), small_deck(), list(names))
    for entry in inputs:
        if entry[0] == "scan":
            table.scan(entry[1])
        else:
            table.tap(entry[1], entry[2])
    return table


def test_a_whole_game_through_touches_and_the_simulated_reader(app):
    screen = start_game(app)
    inputs: list[tuple] = []
    for step in range(200):
        if app.table.finished:
            break
        play_one(app, screen, step, inputs)
        # what players read: the breakage's cover says it first, the table under it a frame on
        shown = screen.board.breakage.text if screen._covering else screen.ids.prompt.text
        assert shown == app.table.prompt.text or app.table.finished
    frames(2)
    assert app.root.current == "scores"
    expected = replay(inputs).scores()
    assert app.table.scores().to_json() == expected.to_json()
    shown = texts(app.root.get_screen("scores"))
    for player in expected.players:
        assert str(player.total) in shown
    assert any(expected.reason in t for t in shown)
    assert any(" and ".join(expected.winners) in t for t in shown)
    # the store holds it as a finished game, and history lists it
    assert [g.result for g in app.store.games(finished=True)] == [expected.to_json()]
    press(button(app.root.get_screen("scores"), "History"))
    history = app.root.get_screen("history")
    assert any("Ana" in t and str(expected.players[0].total) in t for t in texts(history))


def test_undo_takes_back_the_last_input_and_is_always_on_screen(app):
    screen = start_game(app)
    assert screen.ids.undo.disabled
    uid = sorted(app.table.state.deck)[0]
    tap_virtual(app, screen, uid)
    assert uid in app.table.state.draft
    assert "1 of 5 dealt" in screen.ids.prompt.text
    advance(app, lambda: press(screen.ids.undo))
    assert uid in app.table.state.deck
    assert "0 of 5 dealt" in screen.ids.prompt.text
    assert screen.ids.undo.disabled


def test_a_refused_scan_shows_why_and_changes_nothing(app):
    screen = start_game(app)
    table = app.table
    for uid in sorted(table.state.deck)[:5]:
        lay(app, uid)
    before_log = len(app.store.log(table.game_id))
    before = (table.prompt.text, sorted(table.state.deck), list(table.state.draft))
    app.sim.place(sorted(table.state.deck)[0])  # the draft wants a draft-area card
    until(lambda: app.session.banner != "")
    assert "draft area" in screen.ids.banner_text.text
    assert screen.ids.banner.height > 0
    assert (table.prompt.text, sorted(table.state.deck), list(table.state.draft)) == before
    assert len(app.store.log(table.game_id)) == before_log
    # an unknown tag offers enrollment, which opens the decks screen with that tag
    app.sim.place("04999999999999")
    until(lambda: app.session.banner_kind == "unknown")
    assert screen.ids.enroll.opacity == 1
    press(screen.ids.enroll)
    assert app.root.current == "decks"


def test_breakage_and_repair_prompts_show_the_cards_and_costs(app):
    screen = start_game(app)
    inputs: list[tuple] = []
    step = 0
    while app.table.prompt.phase != "broke":
        play_one(app, screen, step, inputs)
        step += 1
    prompt = app.table.prompt
    shown = texts(screen.board.breakage)
    for uid in prompt.detail["causes"]:
        assert app.table.components[uid].label in shown
    broken = [uid for uids in prompt.detail["broke"].values() for uid in uids]
    cards = [w for w in walk(screen.board.breakage) if isinstance(w, CardView)]
    assert {c.tag for c in cards if c.card_state == "broken"} == set(broken)
    press(screen.board.breakage.ids.done)
    if app.table.prompt.phase == "repair":
        prompt = app.table.prompt
        labels = texts(screen.ids.options)
        for uid, cost in prompt.detail["costs"].items():
            assert any(app.table.components[uid].label in t and str(cost) in t for t in labels)
        assert "Pass" in labels

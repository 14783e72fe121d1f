"""Who Broke It? in the app, by touch and the virtual table: the deal, a turn, Call Mum's
private check (nothing of it on the shared screen or in the log) and the loser's sheet.
Nothing in the app knows this game: its definition, engine and view are all it brings."""

from __future__ import annotations

import os
from pathlib import Path

from kivy.core.window import Window

from companion.deck import Deck, make_component
from tests.ui.apphelp import button, frames, press, texts, until, walk
from tests.ui.test_setup_seats import choose
from ui.widgets.card import CardView
from ui.widgets.strip import PlayerStrip

MIX = {"broken-vase": 1, "spare-vase": 6, "call-mum": 2, "alibi": 3}
SHOTS = os.environ.get("UI_SCREENSHOTS")  # tools/screenshots.py sets it for docs/screenshots


def party_deck() -> Deck:
    deck = Deck("who-broke-it", "Party deck")
    kinds = [kind for kind, n in MIX.items() for _ in range(n)]
    for i, kind in enumerate(kinds):
        deck.add(make_component(deck.game, {"uid": f"04000000CC{i:04X}", "kind": kind}))
    return deck


def uids(app, kind):
    return [u for u, c in app.table.components.items() if c.kind == kind]


def shoot(name, screen=None):
    """A picture of the shared screen (the virtual table closed) for docs/screenshots."""
    if SHOTS:
        if screen is not None and screen.drawer_open:
            press(screen.ids.virtual)
        frames(3)
        written = Path(Window.screenshot(name=str(Path(SHOTS) / f"{name}.png")))
        written.replace(Path(SHOTS) / f"{name}.png")  # Kivy numbers them: keep one name


def virtual(app, screen, uid):
    """Tap the card on the virtual table, as a tester without cards would."""
    if not screen.drawer_open:
        press(screen.ids.virtual)
    frames()
    card = next(w for w in walk(screen.drawer) if isinstance(w, CardView) and w.tag == uid)
    before = app.session.revision
    press(card)
    until(lambda: app.session.revision > before or app.session.banner)
    assert not app.session.banner, app.session.banner
    until(lambda: uid not in app.on_reader)  # lifted again before the next tap


def shared_screen(screen):
    """Every word on the table screen except the virtual table (the tester's own tool)."""
    if screen.drawer_open:
        press(screen.ids.virtual)
    frames(2)
    return " ".join(texts(screen))


def test_a_game_by_touch_with_a_private_call_mum(app):
    app.store.save_deck("who-broke-it", "Party deck", party_deck().to_toml())
    setup = choose(app, "Party deck")
    for row, name in zip(setup.seats(), ["Ana", "Ben", "", "", "", ""], strict=True):
        row.ids.name.text = name
    setup.choose_first(0)
    press(setup.ids.start)
    assert app.root.current == "table"
    screen = app.root.get_screen("table")
    shoot("wbi-deal", screen)
    press(button(screen.ids.options, "Dealt"))
    assert "Ana's turn" in app.table.view().status
    virtual(app, screen, uids(app, "spare-vase")[0])  # Ana plays a Spare Vase
    virtual(app, screen, uids(app, "call-mum")[0])  # Ben calls Mum...
    shoot("wbi-choose", screen)
    press(button(screen.ids.options, "Ana"))  # ...on Ana, who shows her hand privately
    assert app.table.prompt.private and app.table.prompt.player == "Ana"
    shoot("wbi-call-mum", screen)
    for uid in uids(app, "alibi"):
        virtual(app, screen, uid)
        shared = shared_screen(screen)
        assert "Alibi" not in shared and uid not in shared
    assert "Not the vase" in app.table.narration
    screen.toggle_log()
    frames(2)
    assert "Alibi" not in " ".join(texts(screen)), "the log shows what was shown to Mum"
    screen.toggle_log()
    virtual(app, screen, uids(app, "broken-vase")[0])  # Ana plays the Broken Vase
    until(lambda: app.root.current == "scores")
    scores = app.root.get_screen("scores")
    assert app.table.scores().losers == ("Ana",)
    assert any("Ana loses" in t for t in texts(scores))
    if SHOTS:  # the BG Stats button's code comes a moment later
        until(lambda: scores.ids.share.ids.code.texture is not None)
    shoot("wbi-scores")


SIX = ["Anastasia", "Benedict", "Cleopatra", "Dimitrios", "Eleanor", "Ferdinand"]


def test_six_players_with_long_names_fit_one_screen(app):
    app.import_demo_decks()
    setup = choose(app, "Who Broke It? demo deck (made-up)")
    for row, name in zip(setup.seats(), SIX, strict=True):
        row.ids.name.text = name
    setup.choose_first(0)
    press(setup.ids.start)
    screen = app.root.get_screen("table")
    press(button(screen.ids.options, "Dealt"))
    frames(3)
    strips = {s.player: s for s in walk(screen) if isinstance(s, PlayerStrip)}
    assert sorted(strips) == sorted(SIX)
    for name, strip in strips.items():
        left, bottom = strip.to_window(strip.x, strip.y)
        assert 0 <= left and left + strip.width <= Window.width, name
        assert 0 <= bottom and bottom + strip.height <= Window.height, name
    assert "Anastasia: play a card" in screen.ids.prompt.text
    shoot("wbi-6p", screen)

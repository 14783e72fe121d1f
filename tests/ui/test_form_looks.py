"""Setup, Decks, Settings and Home read from a seat: no text under the body size, and a
choice that stays chosen is a drawn checkbox (a tick, not "[x]" text) whose words are part of
its touch target."""

from __future__ import annotations

from kivy.graphics import Line
from kivy.uix.label import Label

from tests.ui.apphelp import frames, texts, touch, walk
from tests.ui.test_setup_seats import choose, wbi_deck
from ui.theme import THEME
from ui.widgets.controls import FormToggle


def small_texts(screen) -> list[tuple[str, float]]:
    return [
        (w.text, w.font_size)
        for w in walk(screen)
        if isinstance(w, Label) and w.text and w.opacity > 0 and w.font_size < THEME.font_body
    ]


def test_no_text_under_the_body_size_on_the_form_screens(app):
    app.store.save_deck("who-broke-it", "Party deck", wbi_deck().to_toml())
    choose(app, "Party deck")
    decks = app.root.get_screen("decks")
    for name in ("home", "setup", "settings", "decks"):
        app.goto(name)
        frames(3)
        assert not small_texts(app.root.get_screen(name)), (
            name,
            small_texts(app.root.current_screen),
        )
    decks.open_deck(next(d for d in app.decks() if d.name == "Test deck"))
    frames(3)
    assert not small_texts(decks)


def ticked(toggle: FormToggle) -> bool:
    """The tick is the last line drawn over the button (after its edge and its box)."""
    lines = [i for i in toggle.canvas.after.children if isinstance(i, Line)]
    return len(lines) >= 3 and bool(lines[-1].points)


def test_a_toggle_is_a_drawn_checkbox_and_a_tap_on_its_words_ticks_it(app):
    setup = choose(app, "Test deck")
    assert not any(t.startswith(("[x]", "[ ]")) for t in texts(setup))
    first = setup.ids.seat1.ids.first
    assert not ticked(first) and first.height >= THEME.touch
    touch(
        first.to_window(first.right - first.width / 4, first.center_y)[0],
        first.to_window(0, first.center_y)[1],
    )
    frames(2)
    assert setup.ids.seat1.first and ticked(first) and not ticked(setup.ids.seat0.ids.first)

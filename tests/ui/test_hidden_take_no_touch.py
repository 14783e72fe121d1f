"""What a screen hides takes no touch: a finger on a drawn control reaches that control, not
a hidden one laid over it (driven by touches at window coordinates in the real app)."""

from __future__ import annotations

from kivy.core.window import Window

from tests.ui.apphelp import frames, touch, walk
from tests.ui.test_setup_seats import choose, wbi_deck
from ui.widgets.controls import FormButton

NEW = "04000000000009"


def tap(widget) -> None:
    touch(*widget.to_window(*widget.center))
    frames(2)


def named(root, text: str):
    return next(w for w in walk(root) if isinstance(w, FormButton) and w.text == text)


def open_test_deck(app):
    decks = app.root.get_screen("decks")
    app.goto("decks")
    frames(2)
    decks.open_deck(next(d for d in app.decks() if d.name == "Test deck"))
    frames(3)
    return decks


def test_enroll_typed_uid_and_several_alike_answer_under_the_hidden_run_row(app):
    decks = open_test_deck(app)
    assert named(decks, "Undo last").get_root_window() is not None  # in the tree, hidden
    field = decks.ids.typed_uid
    tap(field)
    assert field.focus, "the uid field did not take the touch"
    field.focus = False
    field.text = NEW
    tap(named(decks, "Enroll"))
    assert decks.pane == "enroll" and decks.enrollment is not None, "Enroll did not answer"
    decks.cancel()
    frames(3)
    tap(decks.ids.several)
    assert decks.pane == "enroll" and decks.enrollment.uid == "", "Several alike did not answer"


def test_a_refusal_on_setup_shows_whole_inside_the_window(app):
    app.store.save_deck("who-broke-it", "Party deck", wbi_deck().to_toml())
    setup = choose(app, "Party deck")
    tap(setup.ids.seat2.ids.first)  # an empty seat marked first: refused
    tap(setup.ids.start)
    frames(3)
    banner = setup.ids.banner
    assert "Seat 3 is marked first" in banner.message
    bottom, top = banner.to_window(0, banner.y)[1], banner.to_window(0, banner.top)[1]
    assert 0 <= bottom and top <= Window.height, f"the refusal lies at {bottom}-{top}"
    assert banner.height >= banner.texture_size[1], "the refusal is cut"
    assert setup.ids.start.to_window(*setup.ids.start.pos)[1] >= 0, "Start ran off the screen"

"""Cards drawn for one game must not outlive it: the app freezes its start-up objects out of
the cyclic GC, so anything a frozen object still holds, or a cycle through one, would pile up
game after game on a Pi that stays on all evening."""

from __future__ import annotations

import gc
import time

from tests.ui.apphelp import button, frames, press, until
from tests.ui.test_app_flow import play_one, start_game
from tests.ui.test_bgstats_qr import finish
from ui.widgets.card import CardView

# A ScrollView fades its bar out 0.5 s after its last update (a Clock trigger, then a 0.5 s
# Animation that holds the view): cards inside it live that long after the table is left.
SETTLE_S = 1.2


def live_cards() -> int:
    gc.unfreeze()  # what a quiet moment froze is counted (and its garbage collected) too
    gc.collect()
    return sum(
        1 for o in gc.get_objects() if type(o) is CardView
    )  # isinstance trips on dead proxies


def settle() -> None:
    deadline = time.monotonic() + SETTLE_S
    while time.monotonic() < deadline:
        frames()


def test_no_cards_pile_up_game_after_game(app):
    left = []
    for game in range(3):
        screen = start_game(app)
        inputs: list[tuple] = []
        for step in range(200 if game == 0 else 12):  # one game to its end, two left midway
            if app.table.finished:
                break
            play_one(app, screen, step, inputs)
        if app.root.current == "scores":
            press(button(app.root.get_screen("scores"), "Home"))
        else:
            press(screen.ids.virtual)  # the virtual table open, as a player would leave it
            press(button(screen, "Menu"))
        assert app.root.current == "home"
        settle()
        left.append(live_cards())
    assert left == [0, 0, 0], f"card views alive after leaving each game's table: {left}"


def test_a_drawn_label_keeps_its_texture_not_a_second_copy_of_its_pixels(app):
    from kivy.core.window import Window
    from kivy.uix.label import Label

    label = Label(text="Ana broke the teapot")
    Window.add_widget(label)
    try:
        frames(2)  # a label's texture is filled when first drawn
        assert label._label.texture.pixels.strip(b"\0")  # its text is drawn
        assert getattr(label._label, "_surface", None) is None
    finally:
        Window.remove_widget(label)


def test_screens_left_keep_no_words_and_show_them_again_when_opened(app):
    """A label keeps its text as a texture as wide as the screen, shown or not: the table's
    and the sheet's words, and the QR code, go when they are left, and come back."""
    table = start_game(app, ("Ana", "Ben", "Cleo"))
    frames(2)
    prompt = table.ids.prompt.text
    assert prompt and table.status_text
    press(button(table, "Menu"))
    assert (table.ids.prompt.text, table.narration, table.status_text) == ("", "", "")
    assert table.ids.prompt._label.texture is None  # not the last words' texture
    press(button(app.root.get_screen("home"), "Resume"))
    frames(2)
    assert app.root.current == "table" and table.ids.prompt.text == prompt
    finish(app)
    frames(3)
    scores = app.root.get_screen("scores")
    assert app.root.current == "scores" and scores.title
    until(lambda: scores.ids.share.ids.code.texture is not None)
    press(button(scores, "Home"))
    assert (scores.title, scores.bgstats_url, scores.ids.share.ids.code.texture) == ("", "", None)
    app.goto("scores")  # the finished game is still the table's: its sheet comes back
    frames(2)
    assert scores.title and scores.bgstats_url
    until(lambda: scores.ids.share.ids.code.texture is not None)


def test_a_label_emptied_keeps_no_texture_of_its_last_words(app):
    from kivy.core.window import Window
    from kivy.uix.label import Label

    label = Label(text="Cleo: take a card from the draft area and scan it")
    Window.add_widget(label)
    try:
        frames(2)
        assert label._label.texture is not None and label.texture is not None
        label.text = ""
        frames(2)
        assert label.texture is None and label._label.texture is None
        label.text = "Ana wins!"
        frames(2)
        assert label.texture is not None and label.texture_size[0] > 0
    finally:
        Window.remove_widget(label)

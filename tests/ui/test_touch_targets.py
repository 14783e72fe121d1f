"""A finger on the middle of any control on the table screen works that control, and nothing
hidden takes a touch: the bar's Undo answered only at its top-left corner while the hidden
banner's disabled OK button lay over the rest of the bar and swallowed touches."""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.tests.common import UnitTestTouch
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput

from tests.ui.apphelp import frames, walk
from tests.ui.audit.tree import shown as drawn
from tests.ui.test_app_flow import start_game, tap_virtual

CONTROLS = (ButtonBehavior, TextInput)


def shown(widget) -> bool:
    """Drawn where a player can see it: no ancestor invisible, the centre inside every
    scrolling view that clips it and inside the window."""
    x, y = widget.to_window(*widget.center)
    node = widget
    while node is not None and node is not node.parent:
        if node.opacity == 0:
            return False
        if isinstance(node, ScrollView) and node is not widget:
            left, bottom = node.to_window(node.x, node.y)
            if not (left <= x <= left + node.width and bottom <= y <= bottom + node.height):
                return False
        node = node.parent
    window = EventLoop.window
    return 0 <= x < window.width and 0 <= y < window.height and widget.width * widget.height > 0


def controls(screen) -> list:
    return [w for w in walk(screen) if isinstance(w, CONTROLS) and not w.disabled and shown(w)]


def pressed_by_touch(widget, pressed: list) -> list:
    """Press the widget's centre with a finger (down, then off the widget and up, so
    nothing is released) and return who saw the press."""
    pressed.clear()
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_move(1, 1)
    touch.touch_up()
    frames()
    return list(pressed)


def test_the_middle_of_every_control_on_the_table_presses_that_control(app):
    screen = start_game(app)
    tap_virtual(app, screen, sorted(app.table.state.deck)[0])  # Undo enabled, banner hidden
    screen.toggle_drawer()
    frames(2)
    assert not app.session.banner
    pressed: list = []
    everything = controls(screen)
    for widget in everything:
        if isinstance(widget, ButtonBehavior):
            widget.fbind("on_press", lambda w: pressed.append(w))
        else:
            widget.fbind("focus", lambda w, on: on and pressed.append(w))
    assert screen.ids.undo in everything and screen.ids.log in everything
    for widget in everything:
        assert pressed_by_touch(widget, pressed) == [widget], f"a touch on {widget} missed it"
        widget.focus = False if isinstance(widget, TextInput) else None


def test_a_touch_on_the_word_undo_undoes(app):
    screen = start_game(app)
    uid = sorted(app.table.state.deck)[0]
    tap_virtual(app, screen, uid)
    undo = screen.ids.undo
    assert not undo.disabled and not app.session.banner
    x, y = undo.to_window(*undo.center)  # the middle of the word
    before = app.session.revision
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    frames(2)
    assert app.session.revision == before + 1 and uid in app.table.state.deck


def test_nothing_hidden_has_room_to_take_a_touch(app):
    """Any screen: a control that is not shown (opacity 0, or inside something that is not)
    has no area, so it cannot collide with a touch meant for what is drawn there."""
    start_game(app)
    for name in app.root.screen_names:
        app.goto(name)
        frames(2)
        screen = app.root.get_screen(name)
        hidden = [
            w
            for w in walk(screen)
            if isinstance(w, CONTROLS) and w.width * w.height > 0 and not drawn(w)
        ]
        assert hidden == [], f"{name}: hidden controls that can take a touch: {hidden}"

"""With the on-screen keyboard open, one tap on a button outside it both closes the keyboard
and does what the button says, where the button was drawn when the finger came down; a tap
on the field being typed in, or on the keyboard, keeps it open (touches at window points)."""

from __future__ import annotations

from tests.ui.apphelp import frames, touch, until
from tests.ui.test_onscreen_keyboard import on_screen_keyboard, open_on, tap_key
from tests.ui.test_setup_seats import choose
from ui import keyboard


def typed_seat_three(app):
    """Setup for the test deck, Ana and Ben seated, the keyboard open on seat 3 with a name
    typed by taps."""
    keyboard.apply("on")
    setup = choose(app, "Test deck")
    for row, name in zip(setup.seats(), ["Ana", "Ben", "", ""], strict=True):
        row.ids.name.text = name
    field = setup.seats()[2].ids.name
    board = open_on(field)
    for letter in "cy":
        tap_key(board, letter)
    assert field.text == "cy"
    return setup, field


def tap_where_drawn(widget) -> None:
    touch(*widget.to_window(*widget.center))


def test_one_tap_on_start_closes_the_keyboard_and_starts_the_game(app):
    setup, _field = typed_seat_three(app)
    setup.choose_first(0)
    frames(2)
    tap_where_drawn(setup.ids.start)
    frames(3)
    assert app.table is not None, "the tap only closed the keyboard"
    assert [p.name for p in app.table.setup.players] == ["Ana", "Ben", "cy"]
    assert on_screen_keyboard() is None
    until(lambda: app.root.y == 0 and app.root.height == app.root.get_root_window().height)


def test_one_tap_on_a_seats_first_toggle_in_the_scrolling_form_chooses_it(app):
    setup, field = typed_seat_three(app)
    first = setup.seats()[1].ids.first
    assert first.state == "normal"
    tap_where_drawn(first)
    until(lambda: setup.seats()[1].first)  # the form's scrolling view releases 0.2 s later
    assert not field.focus and on_screen_keyboard() is None
    assert [row.first for row in setup.seats()] == [False, True, False, False]
    until(lambda: app.root.y == 0)


def test_a_tap_on_the_field_or_the_keyboard_keeps_it_open(app):
    _setup, field = typed_seat_three(app)
    tap_where_drawn(field)
    frames(3)
    board = on_screen_keyboard()
    assert field.focus and board is not None, "a tap on the field itself closed the keyboard"
    x, y = board.to_window(board.x + 2, board.y + 2)  # the keyboard's margin, no key
    touch(x, y)
    frames(3)
    assert field.focus and on_screen_keyboard() is board
    assert app.root.y == board.top * board.scale, "the screens left the room above the keyboard"
    assert field.text == "cy"

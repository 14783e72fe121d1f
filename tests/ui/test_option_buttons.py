"""A prompt's options keep their buttons, and a new option restyles one a prompt let go:
dropped, a Kivy button is garbage that waits for a full collection, and a quick game left
about 2 MB of them (bench/app.py), spread over memory that then never went back."""

from __future__ import annotations

from companion.engine import Option
from tests.ui.apphelp import frames
from tests.ui.autoplay import play_to_the_end
from tests.ui.test_app_flow import start_game
from ui.widgets.options import OptionButton, OptionButtons


def buttons_made() -> tuple[OptionButtons, list[OptionButton]]:
    made: list[OptionButton] = []

    def make() -> OptionButton:
        made.append(OptionButton())
        return made[-1]

    return OptionButtons(make), made


KEEP, SELL = Option("keep", "Keep it"), Option("sell", "Sell it (2 ingots)")
PASS = Option("pass", "Pass")
REPAIR = Option("repair", "Repair the bowl", "04A1", enabled=False, reason="3 ingots short")


def test_an_unchanged_option_keeps_its_button_and_a_new_one_restyles_a_spare():
    shown, made = buttons_made()
    keep, sell = shown.show([KEEP, SELL])
    assert (keep.text, keep.word, keep.arg, keep.disabled) == ("Keep it", "keep", None, False)
    again, repair = shown.show([KEEP, REPAIR])
    assert again is keep and repair is sell and len(made) == 2
    assert repair.text == "Repair the bowl\n3 ingots short"
    assert (repair.word, repair.arg, repair.disabled, repair.state) == (
        "repair",
        "04A1",
        True,
        "normal",
    )
    [passed] = shown.show([PASS])
    assert passed in (keep, sell) and len(made) == 2
    assert (passed.text, passed.word, passed.arg, passed.disabled) == ("Pass", "pass", None, False)


def test_an_option_back_after_a_prompt_without_it_finds_the_button_that_said_it():
    """Each pick offers Keep and Sell again after a prompt with none: the spare that said
    "Keep it" says it again, so its label is not drawn anew (taken last-in first, the two
    swapped words and both were)."""
    shown, made = buttons_made()
    keep, sell = shown.show([KEEP, SELL])
    assert shown.show([]) == []
    again_keep, again_sell = shown.show([KEEP, SELL])
    assert (again_keep, again_sell) == (keep, sell) and len(made) == 2
    shown.show([PASS])
    keep_now, sell_now = shown.show([KEEP, Option("sell", "Sell it (3 ingots)")])
    assert keep_now is keep and keep_now.text == "Keep it"
    assert sell_now.text == "Sell it (3 ingots)" and len(made) == 2


def test_a_changed_reason_is_shown_on_the_same_option():
    shown, _made = buttons_made()
    [button] = shown.show([REPAIR])
    [button] = shown.show([Option("repair", "Repair the bowl", "04A1", False, "1 ingot short")])
    assert button.text == "Repair the bowl\n1 ingot short"


def test_spares_are_few_and_none_outlive_a_release():
    shown, made = buttons_made()
    many = [Option("repair", f"Repair card {n}", f"{n:02X}") for n in range(30)]
    shown.show(many)
    shown.show([PASS])
    assert len(shown._spare) == OptionButtons.SPARE_MAX
    shown.release()
    shown.show([KEEP])
    assert len(made) == 31


def test_a_whole_game_makes_no_more_buttons_than_its_largest_prompt(app):
    screen = start_game(app, ("Ana", "Ben", "Cleo"))
    made: list[OptionButton] = []
    make = screen._buttons._make
    screen._buttons._make = lambda: made.append(make()) or made[-1]
    widest = [0]

    def after_each() -> None:
        frames()
        widest[0] = max(widest[0], len(screen.ids.options.children))

    play_to_the_end(app, after_each)
    assert made and len(made) <= widest[0]


def test_options_in_a_row_stand_level(app):
    """A one-line option beside a two-line one (a disabled repair says why under its label)
    sat lower than it, at the foot of the taller row."""
    from types import SimpleNamespace

    app.goto("table")
    screen = app.root.get_screen("table")
    screen._show_options(SimpleNamespace(options=[REPAIR, PASS, KEEP]))
    frames(4)
    buttons = screen.ids.options.children
    assert screen.option_columns == 3
    assert len({round(b.height) for b in buttons}) == 1, [b.height for b in buttons]
    assert len({round(b.y) for b in buttons}) == 1
    assert min(b.height for b in buttons) >= 48

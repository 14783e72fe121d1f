"""A prompt's options as buttons, kept from one prompt to the next.

A button whose option did not change stays as it is (most prompts keep most of theirs); a
new option restyles a button an earlier prompt let go. Made anew and dropped, each prompt
left Kivy buttons that only a full collection frees, and the app's full collections wait
for a quiet table (ui/quiet.py): a quick game left about 2 MB of them waiting, spread over
Python's arenas among what the game kept, which then never went back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from kivy.config import Config
from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp, sp
from kivy.properties import ObjectProperty, StringProperty

from companion.engine import Option
from ui.widgets.controls import FormButton

OptionKey = tuple[str, str, str | None, bool]  # text, word, arg, enabled


def option_text(option: Option) -> str:
    """A disabled option says why under its label, in the engine's words."""
    return (
        f"{option.label}\n{option.reason}" if not option.enabled and option.reason else option.label
    )


def option_keys(options: Sequence[Option]) -> list[OptionKey]:
    """The options as the engine gives them, disabled ones included (shown so players see
    what each would cost)."""
    return [(option_text(o), o.word, o.arg, o.enabled) for o in options]


GAP = dp(6)  # between two options (the kv rules' spacing)


def needed_width(button: FormButton) -> float:
    """The width that breaks no word of a button's words and its label into two lines at
    most (a little more than half its width on one line, for the gaps between words)."""
    core = CoreLabel(font_size=button.font_size, font_name=button.font_name, bold=button.bold)
    label = button.text.split("\n")[0]
    words = [core.get_extents(word)[0] for word in button.text.split()]
    return max([core.get_extents(label)[0] * 0.6, *words]) + 2 * dp(10)


def option_columns(buttons: Sequence[FormButton], room: float) -> int:
    """As many equal columns as there are buttons when each label fits whole in one; else
    fewer, down to one: a name is never broken mid-word ("Bartholome/w")."""
    if not buttons:
        return 1
    widest = max(needed_width(b) for b in buttons)
    for cols in range(len(buttons), 1, -1):
        if widest * cols + GAP * (cols - 1) <= room:
            return cols
    return 1


def swipe_distance() -> float:
    """How far a finger travels before Kivy's scrolling views call it a scroll (20 sp)."""
    return float(sp(Config.getint("widgets", "scroll_distance")))


class SwipeSafe:
    """A button in a scrolling list that a swipe never presses. A Scroller hands a touch
    that has not moved its scroll distance within its timeout (250 ms) to the button under
    it, where the finger is by then: a finger that rested, or crept, then swiped to scroll
    (as a slow hand does), pressed the button wherever it lifted inside it ("Build Amber
    Anvil"). Here a finger that has travelled the scroll distance from where it first came
    down (`opos`, not where the button was handed the touch) lets the button go unpressed."""

    def _swiped(self, touch: Any) -> bool:
        far = swipe_distance()
        return abs(touch.x - touch.ox) > far or abs(touch.y - touch.oy) > far

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is self and self._swiped(touch):
            touch.ungrab(self)
            self._do_release()  # type: ignore[attr-defined]
            return True
        return super().on_touch_move(touch)  # type: ignore[misc]

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self and self._swiped(touch):
            touch.ungrab(self)
            self._do_release()  # type: ignore[attr-defined]
            return True
        return super().on_touch_up(touch)  # type: ignore[misc]


class OptionButton(SwipeSafe, FormButton):
    """A button for one option: the word and argument a press sends (kv rules style it)."""

    word = StringProperty("")
    arg = ObjectProperty(None, allownone=True)  # an option may have no argument


SPARE_AHEAD = 8  # a repair at four players lists a few broken cards; more are made when asked


class OptionButtons:
    """The buttons one place shows for a prompt's options; `make` builds an OptionButton
    already bound to what a press does."""

    SPARE_MAX = 16  # more than a prompt lets go at once (a repair lists every broken card)

    def __init__(self, make: Callable[[], OptionButton]) -> None:
        self._make = make
        self._shown: dict[OptionKey, OptionButton] = {}
        self._spare: list[OptionButton] = []

    def show(self, options: Sequence[Option]) -> list[OptionButton]:
        """The buttons for `options`, in order: the same button for an unchanged option."""
        keys = option_keys(options)
        old, self._shown = self._shown, {}
        self._spare.extend(button for key, button in old.items() if key not in keys)
        buttons: list[OptionButton] = []
        for key, option in zip(keys, options, strict=True):
            buttons.append(old.pop(key, None) or self._restyled(option))
            self._shown[key] = buttons[-1]
        del self._spare[self.SPARE_MAX :]
        return buttons

    def _restyled(self, option: Option) -> OptionButton:
        """A spare button, one that last said the same words if there is one (its label is
        not drawn again: "Keep" and "Sell for 2 ingots" come back at every pick)."""
        text = option_text(option)
        same = next((i for i, b in enumerate(self._spare) if b.text == text), -1)
        button = self._spare.pop(same) if self._spare else self._make()
        button.text, button.disabled = text, not option.enabled
        button.word, button.arg = option.word, option.arg
        button.state = "normal"
        return button

    def ahead(self, count: int = SPARE_AHEAD) -> Iterator[None]:
        """Spare buttons made before they are needed, one a step (a quiet moment's work):
        a game's first pick made Keep and Sell, and a repair listing more broken cards than
        any prompt before it made the rest, about a millisecond a button here."""
        while len(self._spare) + len(self._shown) < count:
            self._spare.append(self._make())
            yield

    def release(self) -> None:
        """Keep no button: the table is left, or shows another game."""
        self._shown.clear()
        self._spare.clear()

"""The rule at hand: the rulebook passages and rulings behind the prompt, quoted with their
sources, over the table until a player closes them. Shown as the map gives them, never
reworded (companion/rules_at_hand.py)."""

from __future__ import annotations

from collections.abc import Sequence

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.popup import Popup
from kivy.utils import escape_markup

from companion.rules_at_hand import Passage
from ui.theme import THEME
from ui.widgets.clip import Scroller
from ui.widgets.controls import FormButton


def rules_markup(passages: Sequence[Passage]) -> str:
    """Each source in bold, its quote under it in quotation marks."""
    if not passages:
        return "This game has no rulebook passages here yet."
    return "\n\n".join(
        f"[b]{escape_markup(p.heading)}[/b]\n\u201c{escape_markup(p.quote)}\u201d" for p in passages
    )


class RulesPopup(Popup):
    def __init__(self, passages: Sequence[Passage], **kwargs: object) -> None:
        text = Label(
            text=rules_markup(passages),
            markup=True,
            font_size=THEME.font_body,
            color=THEME.text,
            size_hint_y=None,
            halign="left",
            valign="top",
        )
        text.bind(
            width=lambda label, width: setattr(label, "text_size", (width, None)),
            texture_size=lambda label, size: setattr(label, "height", size[1]),
        )
        scroll = Scroller(do_scroll_x=False)
        scroll.add_widget(text)
        close = FormButton(text="Close", size_hint_y=None, height=THEME.touch)
        body = BoxLayout(orientation="vertical", spacing=dp(8))
        body.add_widget(scroll)
        body.add_widget(close)
        super().__init__(
            title="The rule at hand",
            title_size=THEME.font_title,
            content=body,
            size_hint=(0.94, 0.9),
            **kwargs,
        )
        self.text = text
        close.bind(on_release=lambda *_: self.dismiss())

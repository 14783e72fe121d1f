"""CardView: one physical card as the table shows it, tappable like a button.

A broken card's icon lies turned 90 degrees, as the rules ask players to turn the real one,
and carries KindIcon's crack; its name stays level to be read. A repaired one gets a gold
frame beside KindIcon's gold seam. Shape, not colour alone, tells the three states apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.lang import Builder
from kivy.properties import AliasProperty, NumericProperty, OptionProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.relativelayout import RelativeLayout
from kivy.uix.widget import Widget

from companion.component import Component
from companion.view import Piece
from ui.theme import THEME
from ui.widgets.icons import STATES, KindIcon, bake_ahead  # noqa: F401  (kv uses KindIcon)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

DRAWN_STATES = STATES  # the states a card's icon can draw


def drawn_state(state: str) -> str:
    """A display state the icon draws; any other word a game names (face-down...) draws plain."""
    return state if state in DRAWN_STATES else "unbroken"


def widest_word(text: str) -> float:
    """The longest word of a card's name as its label draws it (words never break)."""
    core = CoreLabel(font_size=THEME.font_body)
    return max((core.get_extents(word)[0] for word in text.split()), default=0)


class CardView(ButtonBehavior, RelativeLayout):
    tag = StringProperty("")  # the card's uid (Widget.uid is Kivy's own)
    kind = StringProperty("cup")
    pattern = StringProperty("", allownone=True)
    text = StringProperty("")
    # `state` is taken by ButtonBehavior (normal/down).
    card_state = OptionProperty("unbroken", options=list(DRAWN_STATES))
    widest_word = NumericProperty(0)  # the name's longest word at body size, in pixels

    def _lines(self) -> str:
        """The name with the pattern over the kind, the break a reader expects, so a narrow
        card shows "lattice / tea jar" whole rather than "lattice te..."."""
        if self.pattern and self.text.startswith(self.pattern + " "):
            return f"{self.pattern}\n{self.text[len(self.pattern) + 1 :]}"
        return self.text

    lines = AliasProperty(_lines, bind=("text", "pattern"), cache=True)

    @classmethod
    def of(
        cls, thing: Component | Piece, card_state: str | None = None, **kwargs: object
    ) -> CardView:
        """A card for an enrolled component or a view's piece (a hidden piece has no tag)."""
        view = cls(**kwargs)
        view.restyle(thing, card_state)
        return view

    def restyle(self, thing: Component | Piece, card_state: str | None = None) -> None:
        """Show another card: a view costs a kv rule to build, a restyle only its name."""
        self.tag, self.kind = thing.uid or "", thing.kind
        self.pattern, self.text = thing.attrs.get("pattern") or "", thing.label
        self.widest_word = widest_word(self.text)
        self.card_state = drawn_state(card_state or getattr(thing, "state", ""))
        self.state = "normal"
        # the name's height now, not at the frame's end: the icon takes what the name leaves,
        # and drawn before it knew, it made a look at a size no card shows
        name = self.ids.name
        name.texture_update()
        name._trigger_texture.cancel()


def card_looks_ahead(components: Iterable[Component]) -> Iterator[None]:
    """Every component's look in every drawn state at the size its card shows it (the
    icon takes what the card's name leaves), one a step (icons.bake_ahead). One scratch
    card lays out each name, as a card shows it."""
    distinct = {(t.kind, t.attrs.get("pattern") or "", t.label): t for t in components}

    def looks() -> Iterator[tuple[str, str, int]]:
        scratch = CardView()  # made when the first step is taken, not before
        for thing in distinct.values():
            scratch.restyle(thing)
            side = scratch.ids.icon.side()
            if side >= 2:
                yield thing.kind, scratch.pattern, side

    return bake_ahead(looks())


class CardRow(BoxLayout):
    """A row of cards as wide as its cards (card.kv). Moved whole (the board under a prompt
    that grew a line, the draft row beside a card being kept), it moves its cards by as much
    instead of laying them out again: each card draws in its own coordinates, so moving it
    is one translation, where a layout pass computes every card's place (two or three passes
    a frame, seven a pick, before)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.funbind("pos", self._trigger_layout)
        self.fbind("pos", self._shift)
        self._laid_at = (self.x, self.y)

    def do_layout(self, *args: object) -> None:
        super().do_layout(*args)
        self._laid_at = (self.x, self.y)

    def _shift(self, *_args: object) -> None:
        dx, dy = self.x - self._laid_at[0], self.y - self._laid_at[1]
        for card in self.children:
            card.pos = card.x + dx, card.y + dy
        self._laid_at = (self.x, self.y)


class CardShelf:
    """The cards one area of a screen shows, kept by uid from one refresh to the next
    (a hidden piece, with no uid, by its place in the list).

    Building a CardView costs a kv rule and a label texture, and under a software GL driver
    each drawn view holds a few hundred KB: a scan must restyle or move the
    few views that changed. Views an area no longer shows wait in `SPARE` for the next card
    any shelf shows (a card kept from the draft leaves one view as the next card needs
    one), so a scan neither builds a view nor leaves one for the cyclic GC.
    """

    SPARE: list[CardView] = []  # views no shelf shows, shared by every shelf
    SPARE_MAX = 12  # a round's draft: more are let go

    def __init__(self, on_press: Callable[[CardView], None] | None = None) -> None:
        self.on_press = on_press
        self.views: dict[str, CardView] = {}

    def take(self, pieces: Iterable[Piece]) -> list[CardView]:
        """Views for `pieces` in order, each in its piece's current display state."""
        kept: dict[str, CardView] = {}
        views = []
        for index, piece in enumerate(pieces):
            key = piece.uid or f"hidden:{index}"
            view = self.views.pop(key, None)
            if view is None:
                view = self._spare_view(piece)
            elif view.text != piece.label:
                view.restyle(piece)
            view.card_state = drawn_state(piece.state)
            kept[key] = view
            views.append(view)
        self.put_back(self.views.values())
        self.views = kept
        return views

    def _spare_view(self, piece: Piece) -> CardView:
        if self.SPARE:
            view = self.SPARE.pop()
            view.restyle(piece)
        else:
            view = CardView.of(piece)
        if self.on_press is not None and piece.uid:
            view.bind(on_release=self.on_press)
        return view

    def put_back(self, views: Iterable[CardView]) -> None:
        """Views this shelf no longer shows become spares (their old place lets them go
        when it is next filled, or when a shelf takes them)."""
        for view in list(views):
            if self.on_press is not None:
                view.unbind(on_release=self.on_press)
            if len(self.SPARE) < self.SPARE_MAX:
                self.SPARE.append(view)

    def release(self) -> None:
        """Show nothing for now: the views become spares."""
        self.put_back(self.views.values())
        self.views.clear()

    @classmethod
    def ahead(cls, things: Sequence[Component]) -> Iterator[None]:
        """Build spare views up to SPARE_MAX, one a step, at quiet moments (ui/quiet.py):
        a round's draft and a breakage take that many, and built while players waited, a
        game's first breakage built its cards (their kv rules) on the spot. Each shows one
        of `things` meanwhile, so its icon draws a look a card will show."""
        for n in range(cls.SPARE_MAX - len(cls.SPARE) if things else 0):
            cls.SPARE.append(CardView.of(things[n % len(things)]))
            yield

    @classmethod
    def let_go(cls) -> None:
        """Keep no spares: the table is left, and memory matters more than speed."""
        cls.SPARE.clear()


def fill(box: Widget, widgets: list[Widget]) -> None:
    """Make `widgets` the children of `box`, in order, touching nothing if they already are."""
    if box.children[::-1] == widgets:
        return
    box.clear_widgets()
    for widget in widgets:
        if widget.parent is not None:
            widget.parent.remove_widget(widget)
        box.add_widget(widget)


class Shown(dict):
    """What each part of a screen last drew, by key: a part redraws only when what it
    depends on (its signature) changed since."""

    def once(self, key: str, signature: Any, show: Callable[..., None], *args: Any) -> None:
        if self.get(key, ...) != signature:
            self[key] = signature
            show(*args)

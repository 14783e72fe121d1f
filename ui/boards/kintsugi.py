"""Broken and Beautiful / Mintsugi: the draft area with the card being kept or sold, and the
breakage laid over the table while players turn their broken cards sideways.

Fed from the view alone: the draft zone, `board` (focus card, phase, and the breakage's
causes, who broke what, gold) and the prompt, whose sentence says what to do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.view import Piece, View
from ui.boards.base import Board
from ui.widgets.card import CardShelf, fill

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


class BreakageRow(BoxLayout):
    player = StringProperty("")


class BreakageOverlay(BoxLayout):
    """Over the table after the top card: what shows, and who turns which cards sideways.

    The sentence (gold showing included) is the engine's prompt; the cards are the view's."""

    text = StringProperty("")
    title = StringProperty("")
    caption = StringProperty("")
    button = StringProperty("")

    def __init__(self, piece: Callable[[View, str], Piece], **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.piece = piece
        self.word = "done"
        self.causes, self.broken = CardShelf(), CardShelf()
        self.rows: dict[str, BreakageRow] = {}  # by player, kept: a dropped row waits for the GC

    def show(self, view: View) -> None:
        prompt = view.prompt
        self.text, self.title = prompt.text, prompt.detail.get("title", "")
        self.caption = prompt.detail.get("caption", "")
        option = next(iter(prompt.options), None)
        self.word, self.button = (option.word, option.label) if option else (self.word, "")
        causes = [self.piece(view, uid) for uid in view.board.get("causes", ())]
        fill(self.ids.causes, self.causes.take(causes))
        broke = {name: uids for name, uids in view.board.get("broke", {}).items() if uids}
        views = iter(self.broken.take([self.piece(view, u) for us in broke.values() for u in us]))
        rows = []
        for name, uids in broke.items():
            if name not in self.rows:
                self.rows[name] = BreakageRow(player=name)
            row = self.rows[name]
            fill(row.ids.cards, [next(views) for _ in uids])
            rows.append(row)
        fill(self.ids.rows, rows)

    def done(self) -> None:
        App.get_running_app().session.tap(self.word)

    def release(self) -> None:
        """Let the cards go while hidden: drawn cards are the heaviest thing on screen."""
        for shelf, box in ((self.causes, self.ids.causes), (self.broken, self.ids.rows)):
            shelf.release()
            fill(box, [])


class KintsugiBoard(Board):
    title = StringProperty("")
    holding = BooleanProperty(False)
    dealing = BooleanProperty(False)  # the draft row shown empty: its cards are coming

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.cards = CardShelf()
        self.breakage = BreakageOverlay(self.piece)

    @staticmethod
    def piece(view: View, uid: str) -> Piece:
        """The view's piece for `uid` (the held card and what shows at breakage have zones
        of their own)."""
        return next(p for zone in view.zones for p in zone.pieces if p.uid == uid)

    def show(self, view: View) -> None:
        draft = view.zone("draft")
        focus = view.board.get("focus")
        held = (self.piece(view, focus),) if focus else ()
        pieces = draft.pieces if draft is not None else ()
        title = draft.title if draft is not None else ""
        self.title = title if held or pieces or not title else f"{title} (empty)"
        self.dealing = view.board.get("phase") == "deal"
        self.shown.once("cards", (held, pieces), self._show_cards, held, pieces)

    def _show_cards(self, held: tuple[Piece, ...], pieces: tuple[Piece, ...]) -> None:
        views = self.cards.take([*held, *pieces])
        self.holding = bool(held)
        fill(self.ids.held, views[: len(held)])
        fill(self.ids.draft, views[len(held) :])

    def cover(self, view: View) -> Widget | None:
        if view.board.get("phase") != "broke":
            if self.shown.pop("breakage", None) is not None:
                self.breakage.release()
            return None
        self.shown.once("breakage", (view.prompt, view.zones), self.breakage.show, view)
        return self.breakage

    def ahead(self, view: View) -> Iterator[None]:
        """Each player's row of the breakage, built before the round's first breakage
        (its kv rules were a third of that scan's work)."""
        for player in view.players:
            if player.name not in self.breakage.rows:
                self.breakage.rows[player.name] = BreakageRow(player=player.name)
                yield

    def release(self) -> None:
        super().release()
        self.cards.release()
        fill(self.ids.held, [])
        fill(self.ids.draft, [])
        self.breakage.release()
        self.breakage.rows.clear()  # kept from one breakage to the next, not past the table


BOARDS = {"kintsugi": KintsugiBoard}

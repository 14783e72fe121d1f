"""The game table: what the rules see, the prompt large, and undo one tap away.

Everything shown comes from `table.prompt`, `table.state` and `table.scores()`; the screen
redraws when the session's `revision` moves, and rebuilds a card area only when what it
shows changed, so a scan costs a relabel and a few cards, not a new widget tree.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.engine import Prompt
from companion.table import Table
from ui.widgets.card import CardShelf, CardView, fill

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

VIRTUAL_LIFT_S = 0.3  # how long a tapped virtual card lies on the simulated reader


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def return_freed_memory() -> None:
    """Ask glibc to hand freed heap pages back: it keeps them, and a table's worth of drawn
    cards (GL buffers the driver mallocs) is tens of MB."""
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass  # not glibc: nothing to ask


OptionKey = tuple[str, str, str | None, bool]  # text, word, arg, enabled


def option_keys(prompt: Prompt) -> list[OptionKey]:
    """The prompt's options as the engine gives them, disabled ones included (shown so
    players see what each would cost)."""
    return [(o.label, o.word, o.arg, o.enabled) for o in prompt.options]


class PlayerStrip(BoxLayout):
    """One player: name, ingots, score if the game ended now, collection grouped by kind."""

    player = StringProperty("")
    ingots = NumericProperty(0)
    score = NumericProperty(0)
    active = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.shelf = CardShelf()
        self.groups: dict[str, KindGroup] = {}
        self.shown: tuple = ()

    def show_collection(self, table: Table, uids: Sequence[str]) -> None:
        """Regroup only when the collection or a card's state changed since last time."""
        status = table.state.status
        shown = tuple((u, status.get(u)) for u in uids)
        if shown == self.shown:
            return
        self.shown = shown
        components = table.components
        by_kind: dict[str, list[str]] = {}
        for uid in sorted(uids, key=lambda u: (components[u].kind, u)):
            by_kind.setdefault(components[uid].kind, []).append(uid)
        views = iter(self.shelf.take(components, status, [u for m in by_kind.values() for u in m]))
        groups = {}
        for kind, members in by_kind.items():
            group = groups[kind] = self.groups.get(kind) or KindGroup()
            group.title = f"{kind.replace('-', ' ')} ×{len(members)}"
            fill(group.ids.cards, [next(views) for _ in members])
        self.groups = groups
        fill(self.ids.groups, list(groups.values()))


class KindGroup(BoxLayout):
    title = StringProperty("")


class BreakageOverlay(BoxLayout):
    """Full screen after the top card: who turns which cards sideways, and why."""

    gold = BooleanProperty(False)
    nothing = BooleanProperty(False)  # no card breaks: the heading must not say "Breakage!"

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.causes, self.broken = CardShelf(), CardShelf()

    def show(self, table: Table, prompt: Prompt) -> None:
        components, status = table.components, table.state.status
        self.gold = bool(prompt.detail.get("gold"))
        fill(self.ids.causes, self.causes.take(components, status, prompt.detail.get("causes", [])))
        broke = prompt.detail.get("broke", {})
        self.nothing = not any(broke.values())
        views = iter(self.broken.take(components, status, [u for us in broke.values() for u in us]))
        rows = []
        for name, uids in broke.items():
            row = BreakageRow(player=name, nothing=not uids)
            fill(row.ids.cards, [next(views) for _ in uids])
            rows.append(row)
        fill(self.ids.rows, rows)

    def release(self) -> None:
        """Let the cards go while hidden: drawn cards are the heaviest thing on screen."""
        for shelf, box in ((self.causes, self.ids.causes), (self.broken, self.ids.rows)):
            shelf.views.clear()
            fill(box, [])


class BreakageRow(BoxLayout):
    player = StringProperty("")
    nothing = BooleanProperty(False)


class TableSection(BoxLayout):
    """One place on the virtual table (draft, deck, a collection): a title and its cards."""

    title = StringProperty("")


class VirtualTable(BoxLayout):
    """Every card of the deck by where it lies; a tap puts it on the simulated reader."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.shelf: CardShelf | None = None
        self.sections: list[TableSection] = []

    def show(self, table: Table, on_press: Callable[[CardView], None]) -> None:
        state, components = table.state, table.components
        places: list[tuple[str, list[str]]] = [("Draft area", list(state.draft))]
        places.append(("Deck", sorted(state.deck, key=lambda u: (components[u].kind, u))))
        for name, collection in zip(state.names, state.collections, strict=True):
            places.append((f"{name}'s collection", list(collection)))
        if self.shelf is None:
            self.shelf = CardShelf(on_press)
        views = iter(self.shelf.take(components, state.status, [u for _, us in places for u in us]))
        while len(self.sections) < len(places):
            self.sections.append(TableSection())
        for section, (title, uids) in zip(self.sections, places, strict=False):
            section.title = f"{title} ({len(uids)})"
            fill(section.ids.cards, [next(views) for _ in uids])
        fill(self.ids.sections, self.sections[: len(places)])

    def release(self) -> None:
        """Let the cards go while closed: a whole deck of drawn cards is tens of MB."""
        self.shelf, self.sections = None, []
        fill(self.ids.sections, [])


class TableScreen(Screen):
    status_text = StringProperty("")
    prompt_text = StringProperty("")
    detail_text = StringProperty("")
    can_undo = BooleanProperty(False)
    has_sim = BooleanProperty(False)
    drawer_open = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._shown: dict[str, Any] = {}
        self._lifts: dict[str, Any] = {}  # uid -> the pending lift of a virtual card
        self.breakage = BreakageOverlay()
        self.drawer = VirtualTable()
        self._forget()
        app = App.get_running_app()
        app.session.bind(revision=self.refresh, table=self._new_table)
        app.bind(reader_status=self.refresh_status)
        self.has_sim = app.sim is not None

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def on_pre_leave(self, *_args: object) -> None:
        """Off screen, the cards only hold memory: drop them; on_pre_enter draws them again.

        Not on_leave: Kivy skips it when another screen change cuts the transition short
        (scores, then Home at once), and the frozen start-up screen kept a deck of cards.
        """
        self._forget()
        Clock.schedule_once(lambda _dt: return_freed_memory(), 0.1)  # after GL frees them

    def _new_table(self, *_args: object) -> None:
        self._forget()
        self.refresh()

    def _forget(self) -> None:
        """Drop every kept view: another table's uids may name other cards."""
        self._shown.clear()
        self._buttons: dict[OptionKey, Any] = {}
        self.focus, self.draft = CardShelf(), CardShelf()
        self.strips: list[PlayerStrip] = []
        for box in ("options", "focus", "draft", "strips"):
            self.ids[box].clear_widgets()
        self.breakage.release()
        self.drawer.release()

    def refresh(self, *_args: object) -> None:
        app = App.get_running_app()
        table: Table | None = app.table
        if table is None or self.manager is None or self.manager.current != self.name:
            return  # drawn only on screen: on_pre_enter draws whatever changed meanwhile
        if table.finished and self.manager.current == "table":
            Clock.schedule_once(lambda _dt: app.goto("scores"), 0)
        prompt, state = table.prompt, table.state
        self.can_undo = table.can_undo
        self.prompt_text = prompt.text
        self.detail_text = table.narration
        self.refresh_status()
        self._once("options", (prompt, state.supply), self._show_options, table, prompt)
        focus = prompt.detail.get("card")
        self._once("focus", (focus, state.status.get(focus)), self._show_focus, table)
        self._once("draft", tuple(state.draft), self._show_draft, table)
        self._show_strips(table, prompt)
        self._overlay(self.breakage, prompt.phase == "broke")
        if prompt.phase == "broke":
            self._once("breakage", prompt.detail, self.breakage.show, table, prompt)
        elif self._shown.pop("breakage", None) is not None:
            self.breakage.release()
        if self.drawer_open:
            self._once("drawer", state.places(), self.drawer.show, table, self.virtual_scan)

    def _once(self, key: str, signature: Any, show: Callable[..., None], *args: Any) -> None:
        if self._shown.get(key, ...) != signature:
            self._shown[key] = signature
            show(*args)

    def refresh_status(self, *_args: object) -> None:
        app = App.get_running_app()
        table = app.table
        if table is None:
            return
        self.status_text = f"{table.view().status} · reader {app.reader_status}"

    def _show_options(self, table: Table, prompt: Prompt) -> None:
        """Keep the buttons whose text and action did not change (most prompts keep theirs)."""
        kept = {}
        for key in option_keys(prompt):
            kept[key] = self._buttons.get(key) or self._option_button(*key)
        self._buttons = kept
        fill(self.ids.options, list(kept.values()))

    def _option_button(self, text: str, word: str, arg: str | None, enabled: bool) -> Any:
        button = Factory.OptionButton(text=text, disabled=not enabled)
        button.word, button.arg = word, arg  # kv dynamic-class properties: set after creation
        button.bind(on_release=self.press_option)
        return button

    def _show_focus(self, table: Table) -> None:
        uid = table.prompt.detail.get("card")
        status = table.state.status
        fill(self.ids.focus, self.focus.take(table.components, status, [uid] if uid else []))

    def _show_draft(self, table: Table) -> None:
        state = table.state
        fill(self.ids.draft, self.draft.take(table.components, state.status, state.draft))

    def _show_strips(self, table: Table, prompt: Prompt) -> None:
        """Set each player's figures (Kivy redraws only what changed) and regroup collections."""
        state, sheet = table.state, table.scores()
        while len(self.strips) < len(state.names):
            self.strips.append(PlayerStrip())
        for i, (strip, name) in enumerate(zip(self.strips, state.names, strict=False)):
            strip.player, strip.ingots = name, state.ingots[i]
            strip.score, strip.active = sheet.players[i].total, name == prompt.player
            strip.show_collection(table, state.collections[i])
        fill(self.ids.strips, self.strips[: len(state.names)])

    def _overlay(self, overlay: Any, visible: bool) -> None:
        area = self.ids.area
        if visible and overlay.parent is None:
            area.add_widget(overlay)
        elif not visible and overlay.parent is not None:
            area.remove_widget(overlay)

    # -- touches -----------------------------------------------------------------------
    def press_option(self, button: Any) -> None:
        App.get_running_app().session.tap(button.word, button.arg)

    def undo(self) -> None:
        App.get_running_app().session.undo()

    def toggle_drawer(self, *_args: object) -> None:
        self.drawer_open = not self.drawer_open
        self._shown.pop("drawer", None)
        self._overlay(self.drawer, self.drawer_open)
        if not self.drawer_open:
            self.drawer.release()
        self.refresh()

    def virtual_scan(self, card: CardView) -> None:
        """Lay the card on the simulated reader and lift it again, as a player would.

        A card tapped again while it still lies there is lifted first, so the reader sees
        it leave and arrive: every tap is a scan.
        """
        sim, uid = App.get_running_app().sim, card.tag
        pending = self._lifts.pop(uid, None)
        if pending is not None:
            pending.cancel()
            sim.remove(uid)
            Clock.schedule_once(lambda _dt: self.virtual_scan(card), VIRTUAL_LIFT_S)
            return
        sim.place(uid)
        self._lifts[uid] = Clock.schedule_once(lambda _dt: self._lift(sim, uid), VIRTUAL_LIFT_S)

    def _lift(self, sim: Any, uid: str) -> None:
        self._lifts.pop(uid, None)
        sim.remove(uid)

"""The game table: what the rules see, the prompt large, and undo one tap away.

Everything shown comes from `table.prompt`, `table.state` and `table.scores()`; the screen
redraws when the session's `revision` moves, and rebuilds a card area only when what it
shows changed, so a scan costs a relabel and a few cards, not a new widget tree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.deck import Component
from companion.engine import Prompt
from companion.table import Table
from ui.widgets.card import CardView

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

PHASES = {
    "deal": "Deal",
    "draft": "Draft",
    "keep": "Draft",
    "breakage": "Breakage",
    "broke": "Breakage",
    "repair": "Repair",
    "over": "Game over",
}
VIRTUAL_LIFT_S = 0.3  # how long a tapped virtual card lies on the simulated reader


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def repair_label(component: Component, cost: int) -> str:
    """Today's cost and how it got there: free, the card's value, or value +1, +2..."""
    if cost == 0:
        why = "free repair"
    elif cost > component.ingots:
        why = f"{component.ingots} +{cost - component.ingots}"
    else:
        why = "card value"
    return f"Repair {component.label}\n{plural(cost, 'ingot')} ({why})"


def option_button(text: str, word: str, arg: str | None, enabled: bool = True) -> Any:
    button = Factory.OptionButton(text=text, disabled=not enabled)
    button.word, button.arg = word, arg  # kv dynamic-class properties: set after creation
    return button


def option_buttons(prompt: Prompt, components: dict[str, Component]) -> list[Any]:
    """The prompt's options; in repair, every broken card, the unaffordable ones disabled."""
    buttons = []
    offered = {(o.word, o.arg): o for o in prompt.options}
    for uid, cost in prompt.detail.get("costs", {}).items() if prompt.phase == "repair" else ():
        option = offered.pop(("repair", uid), None)
        buttons.append(
            option_button(repair_label(components[uid], cost), "repair", uid, bool(option))
        )
    for option in offered.values():
        buttons.append(option_button(option.label, option.word, option.arg))
    return buttons


def fill(box: Any, widgets: Iterable[Any]) -> None:
    box.clear_widgets()
    for widget in widgets:
        box.add_widget(widget)


def cards(
    table: Table, uids: Sequence[str], on_press: Callable[[CardView], None] | None = None
) -> list[CardView]:
    status = table.state.status
    views = [CardView.of(table.components[u], status.get(u, "unbroken")) for u in uids]
    if on_press is not None:
        for view in views:
            view.bind(on_release=on_press)
    return views


class PlayerStrip(BoxLayout):
    """One player: name, ingots, score if the game ended now, collection grouped by kind."""

    player = StringProperty("")
    ingots = NumericProperty(0)
    score = NumericProperty(0)
    active = BooleanProperty(False)

    def show_collection(self, table: Table, uids: Sequence[str]) -> None:
        by_kind: dict[str, list[str]] = {}
        for uid in sorted(uids, key=lambda u: (table.components[u].kind, u)):
            by_kind.setdefault(table.components[uid].kind, []).append(uid)
        groups = []
        for kind, members in by_kind.items():
            group = KindGroup(title=f"{kind.replace('-', ' ')} ×{len(members)}")
            fill(group.ids.cards, cards(table, members))
            groups.append(group)
        fill(self.ids.groups, groups)


class KindGroup(BoxLayout):
    title = StringProperty("")


class BreakageOverlay(BoxLayout):
    """Full screen after the top card: who turns which cards sideways, and why."""

    gold = BooleanProperty(False)

    def show(self, table: Table, prompt: Prompt) -> None:
        self.gold = bool(prompt.detail.get("gold"))
        fill(self.ids.causes, cards(table, prompt.detail.get("causes", [])))
        rows = []
        for name, uids in prompt.detail.get("broke", {}).items():
            row = BreakageRow(player=name, nothing=not uids)
            fill(row.ids.cards, cards(table, uids))
            rows.append(row)
        fill(self.ids.rows, rows)


class BreakageRow(BoxLayout):
    player = StringProperty("")
    nothing = BooleanProperty(False)


class VirtualTable(BoxLayout):
    """Every card of the deck by where it lies; a tap puts it on the simulated reader."""

    def show(self, table: Table, on_press: Callable[[CardView], None]) -> None:
        state = table.state
        places: list[tuple[str, list[str]]] = [("Draft area", list(state.draft))]
        places.append(("Deck", sorted(state.deck, key=lambda u: (table.components[u].kind, u))))
        for name, collection in zip(state.names, state.collections, strict=True):
            places.append((f"{name}'s collection", list(collection)))
        sections = []
        for title, uids in places:
            section = KindGroup(title=f"{title} ({len(uids)})")
            fill(section.ids.cards, cards(table, uids, on_press))
            sections.append(section)
        fill(self.ids.sections, sections)


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
        app = App.get_running_app()
        app.session.bind(revision=self.refresh, table=self._new_table)
        app.bind(reader_status=self.refresh_status)
        self.has_sim = app.sim is not None

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def _new_table(self, *_args: object) -> None:
        self._shown.clear()
        self.refresh()

    def refresh(self, *_args: object) -> None:
        app = App.get_running_app()
        table: Table | None = app.table
        if table is None or self.manager is None:
            return
        if table.finished and self.manager.current == "table":
            Clock.schedule_once(lambda _dt: app.goto("scores"), 0)
        prompt, state = table.prompt, table.state
        self.can_undo = table.can_undo
        self.prompt_text = prompt.text
        self.detail_text = self._detail(prompt)
        self.refresh_status()
        self._once("options", (prompt, state.supply), self._show_options, table, prompt)
        self._once("focus", prompt.detail.get("card"), self._show_focus, table)
        self._once("draft", tuple(state.draft), self._show_draft, table)
        sheet = table.scores()
        strips = tuple(
            (tuple(c), tuple(state.status[u] for u in c), state.ingots[i], sheet.players[i].total)
            for i, c in enumerate(state.collections)
        ) + (prompt.player,)
        self._once("strips", strips, self._show_strips, table, prompt, sheet)
        self._overlay(self.breakage, prompt.phase == "broke")
        if prompt.phase == "broke":
            self._once("breakage", prompt.detail, self.breakage.show, table, prompt)
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
        s = table.state
        self.status_text = (
            f"Round {s.round} · {PHASES.get(s.phase, s.phase)} · "
            f"deck {len(s.deck)} left · supply {plural(s.supply, 'ingot')} · "
            f"reader {app.reader_status}"
        )

    @staticmethod
    def _detail(prompt: Prompt) -> str:
        if prompt.phase != "repair":
            return ""
        passed = prompt.detail.get("auto_passed") or []
        text = f"{prompt.player} has {plural(prompt.detail.get('ingots', 0), 'ingot')}"
        if passed:
            text += f" · passed automatically: {', '.join(passed)}"
        return text + " · scanning a broken card repairs it too"

    def _show_options(self, table: Table, prompt: Prompt) -> None:
        buttons = option_buttons(prompt, dict(table.components))
        for button in buttons:
            button.bind(on_release=self.press_option)
        fill(self.ids.options, buttons)

    def _show_focus(self, table: Table) -> None:
        uid = table.prompt.detail.get("card")
        fill(self.ids.focus, cards(table, [uid]) if uid else [])

    def _show_draft(self, table: Table) -> None:
        fill(self.ids.draft, cards(table, table.state.draft))

    def _show_strips(self, table: Table, prompt: Prompt, sheet: Any) -> None:
        state = table.state
        strips = []
        for i, name in enumerate(state.names):
            strip = PlayerStrip(
                player=name,
                ingots=state.ingots[i],
                score=sheet.players[i].total,
                active=name == prompt.player,
            )
            strip.show_collection(table, state.collections[i])
            strips.append(strip)
        fill(self.ids.strips, strips)

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

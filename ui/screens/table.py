"""The game table, for any game: the status, the prompt large with what the last input did,
the options, the game's board, and every player's strip; undo and the log one tap away.

Everything shown comes from `table.view()` (the engine's game-neutral view), never from
the engine's state, so any game's engine can be played here; what only one game draws is
its board (ui/boards). The screen redraws when the session's `revision` moves, and each
part redraws only when what it shows changed, so a scan costs a relabel and a few cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain, islice
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import AliasProperty, BooleanProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.engine import Prompt
from companion.table import Table
from companion.view import PlayerView, View
from ui.boards import board_for
from ui.boards.base import Board
from ui.quiet import give_back
from ui.theme import THEME
from ui.widgets.card import CardShelf, CardView, Shown, card_looks_ahead, fill
from ui.widgets.clip import ClipScroll  # noqa: F401  (table.kv's strips scroll in one)
from ui.widgets.hideable import out_of_sight  # and HideBox and friends, used by table.kv
from ui.widgets.narration import NarrationLog
from ui.widgets.options import OptionButton, OptionButtons, option_columns
from ui.widgets.rules import RulesPopup
from ui.widgets.strip import PlayerStrip, looks_ahead
from ui.widgets.virtual_table import VirtualTable

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

VIRTUAL_LIFT_S = 0.3  # how long a tapped virtual card lies on the simulated reader, at least
VIRTUAL_WAIT_S = 5.0  # and at most, if the reader has not reported it by then


def seat_columns(players: int) -> int:
    """Strips side by side: up to four in a row (one row leaves the draft its room under a
    banner), then two rows of three."""
    return players if players <= 4 else 3


class TableScreen(Screen):
    status_text = StringProperty("")
    prompt_text = StringProperty("")
    narration = StringProperty("")
    can_undo = BooleanProperty(False)
    has_sim = BooleanProperty(False)
    drawer_open = BooleanProperty(False)
    log_open = BooleanProperty(False)
    panel_open = AliasProperty(
        lambda self: self.drawer_open or self.log_open, bind=("drawer_open", "log_open")
    )
    columns = NumericProperty(2)
    option_columns = NumericProperty(1)
    strip_height = NumericProperty(0)  # the tallest strip's need: no row is given less
    strip_rows = NumericProperty(1)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._shown = Shown()
        self._buttons = OptionButtons(self._option_button)
        self._lifts: dict[str, Any] = {}  # uid -> the pending lift of a virtual card
        self._placed: dict[str, bool] = {}  # uid -> whether the reader has reported it yet
        self._status = ""
        self._to_scores = False  # the score sheet comes after the frame now being drawn
        self._ahead: Iterator[None] = iter(())  # quiet moments' work for this table (prepare)
        self._ahead_for: Table | None = None
        # the view the board and strips have yet to show: they are drawn a frame after the
        # prompt and options, which a player reads first (and, under a cover, out of sight,
        # all of them a frame after the cover: a breakage's scan draws the cover alone)
        self._side_view: View | None = None
        self._side_later = Clock.create_trigger(self._show_side)
        # the prompt's and options' room (table.kv's `top`) is fitted once what they need is
        # known, after the frame's texts and layouts (-1), never at a step between them
        self._top_floor = 0.0  # the room they keep: no less than this
        self._need_before = 0.0  # what the prompt and options the last input replaced needed
        self._fit_later = Clock.create_trigger(self._fit_top, -1)
        self.board: Board | None = None
        self._covering: Widget | None = None  # the board's cover laid over the table area
        # the screen's own prompt, options, board and strips, which a cover hides
        self._side: Any = self.ids.table_side.__self__
        self._banner: Widget = self.ids.banner.__self__
        self._drawer: VirtualTable | None = None
        self._log: NarrationLog | None = None
        self.rules_popup: RulesPopup | None = None
        self._forget()
        app = App.get_running_app()
        app.session.bind(revision=self.refresh, table=self._new_table)
        app.session.bind(banner=self._show_banner, saving_note=self.refresh_status)
        app.bind(reader_status=self.refresh_status, reader_advice=self.refresh_status)
        self.has_sim = app.sim is not None
        self._show_banner(app.session, app.session.banner)
        self.ids.table_side.bind(width=self._lay_options)
        self.ids.prompt_scroll.bind(height=self._fit_later)
        self.ids.options.bind(height=self._fit_later)
        self.bind(panel_open=self._fit_cover)
        self.ids.area.bind(size=self._fit_cover, pos=self._fit_cover)

    def _show_banner(self, _session: object, text: str) -> None:
        """The banner is in the layout only while it says something: hidden by size and
        opacity alone, a software GL driver still spent a draw on each of its parts."""
        banner, area = self._banner, self.ids.area
        self._top_floor = 0.0  # it hides the narration: the table gets that room at once
        self._fit_later()
        if text and banner.parent is None:
            area.parent.add_widget(banner, index=area.parent.children.index(area) + 1)
        elif not text and banner.parent is not None:
            banner.parent.remove_widget(banner)

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def on_pre_leave(self, *_args: object) -> None:
        """Off screen, the cards only hold memory: drop them; on_pre_enter draws them again.

        Not on_leave: Kivy skips it when another screen change cuts the transition short
        (scores, then Home at once), and the frozen start-up screen kept a deck of cards.
        """
        self._forget()
        Clock.schedule_once(lambda _dt: give_back(), 0.1)  # after GL frees them

    def _new_table(self, *_args: object) -> None:
        """A new game starts with the panels closed, whatever the last one left open."""
        if self.log_open:
            self.toggle_log()
        if self.drawer_open:
            self.toggle_drawer()
        self._forget()
        self.board = None  # the next table may be another game, with another board
        self.ids.board.clear_widgets()
        self.refresh()

    def _forget(self) -> None:
        """Drop every kept view (another table's uids may name other cards) and the words:
        a label keeps its text as a texture as wide as the screen, off screen too."""
        self._shown.clear()
        Window.unbind(on_flip=self._scores_next)  # the table is left: no score sheet to follow
        self._to_scores = False
        self._ahead, self._ahead_for = iter(()), None  # and nothing left to prepare for it
        self._side_later.cancel()
        self._side_view = None
        self.prompt_text = self.narration = self.status_text = self._status = ""
        self._top_floor = self._need_before = 0.0
        self._fit_later()
        self._buttons.release()
        self.strips: list[PlayerStrip] = []
        for box in ("options", "strips"):
            self.ids[box].clear_widgets()
        self._cover(None)
        if self.board is not None:
            self.board.release()
        for panel in (self._drawer, self._log):
            if panel is not None:
                panel.release()
        CardShelf.let_go()

    @property
    def drawer(self) -> VirtualTable:
        """The virtual table, made when first opened: most tables never open it."""
        if self._drawer is None:
            self._drawer = VirtualTable()
        return self._drawer

    @property
    def log(self) -> NarrationLog:
        """The game's log, made when first opened."""
        if self._log is None:
            self._log = NarrationLog()
        return self._log

    def refresh(self, *_args: object) -> None:
        app = App.get_running_app()
        table: Table | None = app.table
        if table is None or self.manager is None or self.manager.current != self.name:
            return  # drawn only on screen: on_pre_enter draws whatever changed meanwhile
        if table.finished and self.manager.current == "table" and not self._to_scores:
            # this frame shows the table's last prompt (who won), the next one the score
            # sheet, whose first drawing takes a while on a Pi (docs/architecture.md)
            self._to_scores = True
            Window.bind(on_flip=self._scores_next)
        view = table.view()
        self.can_undo = table.can_undo
        self._status = view.status
        self.refresh_status()
        self._side_view = view
        # the frame that shows the new prompt keeps the room it has (growing if it must), so
        # the board and strips stay where they are; the next one gives back what neither
        # this prompt nor the last one needs
        self._need_before, self._top_floor = self._top_need(), self.ids.top.height
        if self._show_cover(table, view) is None:
            self._show_prompt(view)
        self._side_later()
        if self.log_open:
            self.log.show(view.log)
        if self.drawer_open:
            self._shown.once("drawer", view.zones, self.drawer.show, view.zones, self.virtual_scan)

    def _top_need(self) -> float:
        """The room the prompt and options shown now need (table.kv's `top`)."""
        ids = self.ids
        return float(ids.prompt_scroll.height + ids.options.height + ids.top.spacing * 2)

    def _fit_top(self, *_args: object) -> None:
        """The prompt and options get the room they need, and no less than `_top_floor`:
        a pick's prompt and a keep's alternate (one a line longer, the other with options),
        and the board and strips below stay put instead of moving at every input."""
        self.ids.top.height = max(self._top_need(), self._top_floor)

    @property
    def side_pending(self) -> bool:
        """Whether the board and strips are yet to show the last input (the next frame)."""
        return self._side_view is not None

    def _show_side(self, *_args: object) -> None:
        """The board and the strips for the last view (and the prompt, if a cover kept it
        back): a frame after the prompt, so a Pi draws what a player reads first a frame
        sooner (docs/architecture.md)."""
        self._side_later.cancel()
        view, self._side_view = self._side_view, None
        app = App.get_running_app()  # None once the app has stopped
        if view is None or app is None:
            return
        self._top_floor = self._need_before
        self._fit_later()
        self._show_prompt(view)
        if self.board is not None:
            self.board.show(view)
        self._shown.once("players", (view.players, view.zones), self._show_strips, view)

    def _show_prompt(self, view: View) -> None:
        """The prompt, what the last input did, and the options (shown again a frame later
        with the board and strips, they change nothing)."""
        app = App.get_running_app()
        self.prompt_text = view.prompt.text
        # what the last input did, Undo's message included; a resumed game's last narration
        self.narration = app.session.last_event or view.narration
        self._shown.once("options", view.prompt.options, self._show_options, view.prompt)

    def prepare(self, steps: int) -> None:
        """A few steps of what a later input would otherwise wait for (at a quiet moment,
        ui/quiet.py): spare option buttons, the board's, spare cards, then the strips' looks
        and the cards'."""
        table = App.get_running_app().table
        if table is None or self.board is None:
            return
        if self._ahead_for is not table:
            self._ahead_for = table
            things = list(table.components.values())
            self._ahead = chain(
                self._buttons.ahead(),
                self.board.ahead(table.view()),
                CardShelf.ahead(things),
                looks_ahead(things),
                card_looks_ahead(things),
            )
        for _step in islice(self._ahead, steps):
            pass

    def _scores_next(self, *_args: object) -> None:
        Window.unbind(on_flip=self._scores_next)
        Clock.schedule_once(self._scores, 0)

    def _scores(self, _dt: float) -> None:
        self._to_scores = False
        app = App.get_running_app()  # None once the app has stopped
        if app is None or app.table is None or self.manager is None:
            return
        if app.table.finished and self.manager.current == "table":
            app.goto("scores")

    def refresh_status(self, *_args: object) -> None:
        """The engine's status line and the reader's; a reader that did not open comes first,
        with a hint that a touch shows the fix (the bar holds two lines, the fix may not fit)."""
        app = App.get_running_app()
        if not self._status:
            self.status_text = ""
        elif app.reader_advice:
            self.status_text = f"Reader {app.reader_status} (tap here) · {self._status}"
        else:
            self.status_text = f"{self._status} · reader {app.reader_status}"
        # a save that takes long: the input is shown, not accepted yet
        self.status_text = " · ".join(t for t in (app.session.saving_note, self.status_text) if t)

    def explain_reader(self) -> None:
        """The reader's whole advice in the banner: which device, what is wrong, the fix."""
        app = App.get_running_app()
        app.session.inform(f"Reader {app.reader_advice}")

    def _show_options(self, prompt: Prompt) -> None:
        fill(self.ids.options, self._buttons.show(prompt.options))
        self._lay_options()

    def _lay_options(self, *_args: object) -> None:
        side = self.ids.table_side
        buttons = self.ids.options.children
        self.option_columns = option_columns(buttons, side.width - side.padding[0] * 2)

    def _option_button(self) -> OptionButton:
        button = OptionButton()
        button.bind(on_release=self.press_option)
        return button

    def _show_cover(self, table: Table, view: View) -> Widget | None:
        """The board's cover if the view has one, drawn at once (returned); the board
        itself is made the first time."""
        if self.board is None:
            self.board = board_for(table.game)(components=table.components)
            fill(self.ids.board, [self.board])
        cover = self.board.cover(view)
        self._cover(cover)
        return cover

    def _show_strips(self, view: View) -> None:
        """Each player's strip with the zones they own; Kivy redraws only what changed."""
        players: Sequence[PlayerView] = view.players
        while len(self.strips) < len(players):
            self.strips.append(PlayerStrip())
            self.strips[-1].bind(minimum_height=self._strip_room)
        for n, (strip, player) in enumerate(zip(self.strips, players, strict=False)):
            # a strip whose player and zones are as they were is left alone: most inputs
            # change one player's figures or collection, or only the table's zones
            owned = [z for z in view.zones if z.owner == player.name]
            self._shown.once(f"strip:{n}", (player, owned), strip.show, player, owned)
        self.columns = seat_columns(len(players))
        self.strip_rows = max(-(-len(players) // self.columns), 1)
        fill(self.ids.strips, self.strips[: len(players)])
        self._strip_room()

    def _strip_room(self, *_args: object) -> None:
        self.strip_height = max((s.minimum_height for s in self.ids.strips.children), default=0)

    def _cover(self, wanted: Widget | None) -> None:
        """Lay the board's cover over the screen's own prompt, options, board and strips, or
        take the last cover off. Under a cover they stay where they are, kept current and
        laid out as the game goes (so the cover's Done finds nothing to lay out), but hidden:
        not drawn, and deaf to touches."""
        shown, self._covering = self._covering, wanted
        if shown is not None and shown is not wanted and shown.parent is not None:
            shown.parent.remove_widget(shown)
        if wanted is not None and wanted.parent is None:
            self.ids.stage.add_widget(wanted)  # over the table, under any open panel
        out_of_sight(self._side, wanted is not None)
        self._fit_cover()

    def _fit_cover(self, *_args: object) -> None:
        """A cover, as the table it replaces, lies beside an open panel, never under it."""
        cover, area = self._covering, self.ids.area
        if cover is not None:
            cover.size_hint, cover.pos = (None, None), area.pos
            cover.size = area.width - (THEME.panel if self.panel_open else 0), area.height
            if hasattr(cover, "beside_panel"):  # a cover that rearranges itself beside one
                cover.beside_panel = self.panel_open

    # -- touches -----------------------------------------------------------------------
    def press_option(self, button: Any) -> None:
        App.get_running_app().session.tap(button.word, button.arg)

    def undo(self) -> None:
        App.get_running_app().session.undo()

    def show_rules(self, *_args: object) -> None:
        """The rule at hand: the passages behind the prompt, the refusal's first, quoted."""
        app = App.get_running_app()
        if app.table is None:
            return
        passages = app.table.rules_at_hand(app.session.refused_rule)
        self.rules_popup = RulesPopup(passages)
        self.rules_popup.open()

    def toggle_log(self, *_args: object) -> None:
        self.log_open = not self.log_open
        self._panel(self.log, self.log_open)
        if self.log_open and self.drawer_open:
            self.toggle_drawer()
        self.refresh()

    def toggle_drawer(self, *_args: object) -> None:
        self.drawer_open = not self.drawer_open
        self._shown.pop("drawer", None)
        self._panel(self.drawer, self.drawer_open)
        if self.drawer_open and self.log_open:
            self.toggle_log()
        self.refresh()

    def _panel(self, panel: Any, open_: bool) -> None:
        """Lay a panel (log, virtual table) at the right of the table area, beside the prompt
        (kv narrows the table to make room), or take it off and let go. Its place never
        depends on the prompt's length, so its cards never move when the prompt changes."""
        area = self.ids.area
        if open_ and panel.parent is None:
            panel.size_hint, panel.width, panel.pos_hint = (None, 1), THEME.panel, {"right": 1}
            area.add_widget(panel)
        elif not open_:
            if panel.parent is not None:
                area.remove_widget(panel)
            panel.release()

    def virtual_scan(self, card: CardView) -> None:
        """Lay the card on the simulated reader and lift it again, as a player would.

        A card tapped again while it still lies there is lifted first, so the reader sees
        it leave and arrive: every tap is a scan.
        """
        sim, uid = App.get_running_app().sim, card.tag
        self.drawer.hold()  # the cards stay where they are under the finger
        pending = self._lifts.pop(uid, None)
        if pending is not None:
            pending.cancel()
            sim.remove(uid)
            Clock.schedule_once(lambda _dt: self.virtual_scan(card), VIRTUAL_LIFT_S)
            return
        sim.place(uid)
        self._placed[uid] = False
        self._lifts[uid] = Clock.schedule_once(
            lambda _dt: self._lift(sim, uid, 0.0), VIRTUAL_LIFT_S
        )

    def seen(self, uid: str) -> None:
        """The reader reported `uid` placed: a virtual card waiting for that may be lifted."""
        if uid in self._placed:
            self._placed[uid] = True

    def _lift(self, sim: Any, uid: str, waited: float) -> None:
        """Lift the card once the reader has seen it: on a busy Pi its poll can come later
        than the lift would, and the tap would then be lost without a word."""
        if not self._placed.get(uid, True) and waited < VIRTUAL_WAIT_S:
            self._lifts[uid] = Clock.schedule_once(
                lambda _dt: self._lift(sim, uid, waited + 0.05), 0.05
            )
            return
        self._lifts.pop(uid, None)
        self._placed.pop(uid, None)
        sim.remove(uid)

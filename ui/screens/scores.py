"""Scores: the end of a game, or a game from history, as the engine scored it.

The sheet comes whole from `table.scores()` (or a replay of a saved game): totals, ranks,
winners or losers, the reason, the points by category with the engine's note on how each
was reached, and the counts that break ties. Nothing is added up here. Laid out for
800x480, whole on one screen: the headline and the reason in one band, then one grid (a
column a player: the name, the total with the rank beside it, the points by category, the
tie-break counts under a line), then the buttons. A game with no categories (a loser, no
points) lists its players one a row instead, so six names fit at full size. A tap in a
player's column shows how each of their points was reached. The grid scrolls only when a
sheet is taller than the screen, and then says so.

Play again starts the next game with the same players, deck, map and rulings
(`CompanionApp.play_again`); who starts is the game's rule, and where its rule lets players
choose (Broken and Beautiful: whoever came last) a chooser asks them first. It is offered
for the game just finished on the table, not for one opened from History: a rule such as
"whoever lost the previous game" speaks of the game just played, by the people at the table.
"""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from companion.again import next_start
from companion.bgstats import installation_id, play_payload, push_url
from companion.definition import NextStart
from companion.engine import PlayerScore, ScoreSheet
from companion.store import GameRow, StoreError
from ui.theme import THEME
from ui.widgets import controls  # noqa: F401  (FormButton)
from ui.widgets.qr import QrButton  # noqa: F401  (scores.kv)
from ui.widgets.sheet import SheetCell, SheetGrid  # noqa: F401  (scores.kv)
from ui.widgets.standings import Standings  # noqa: F401  (scores.kv)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))

HINT = "tap a name"
LABEL_ROOM = dp(
    170
)  # the notes' label column: "repaired items" on one line  # the grid's corner: a player's column says how it was scored
Row = list[SheetCell]


def headline(sheet: ScoreSheet) -> str:
    if sheet.losers:
        names = " and ".join(sheet.losers)
        return f"{names} {'lose' if len(sheet.losers) > 1 else 'loses'}!"
    names = " and ".join(sheet.winners)
    return f"{names} {'win' if len(sheet.winners) > 1 else 'wins'}!"


def mark(sheet: ScoreSheet, name: str, rank: int) -> str:
    """Beside each total: the rank, and WINNER or LOSES in words (never colour alone)."""
    if name in sheet.losers:
        return "LOSES"
    return f"#{rank}" + (" WINNER" if name in sheet.winners else "")


def _cell(text: str, column: int, style: tuple, **more: object) -> SheetCell:
    return SheetCell(text, "", "", style, column, **more)


NAME = (True, THEME.text, THEME.font_player)
FIGURE = (True, THEME.accent, THEME.font_player)
MARK = (True, THEME.gold, THEME.font_body)
BODY = (False, THEME.text, THEME.font_body)
DIM = (False, THEME.text_dim, THEME.font_body)


def standing(sheet: ScoreSheet, player: PlayerScore) -> str:
    """A total with its rank beside it, smaller ("27  #1 WINNER"): one row for both."""
    rank = escape_markup(mark(sheet, player.name, player.rank))
    return f"{player.total}  [size={round(THEME.font_body)}]{rank}[/size]"


def columns(sheet: ScoreSheet) -> tuple[list[Row], list[int]]:
    """A column a player: names, totals with ranks, points by category, and under a line
    the counts that only break ties. Returns the rows and the rows drawn under a line."""
    players = sheet.players
    explained = any(p.notes for p in players)
    rows: list[Row] = [
        [_cell(HINT if explained else "", 0, DIM)]
        + [
            _cell(p.name, c, NAME, fill=THEME.surface_raised, least=THEME.font_body)
            for c, p in enumerate(players, 1)
        ]
    ]
    if any(p.total is not None for p in players):
        rows.append(
            [_cell("total", 0, BODY)]
            + [_cell(standing(sheet, p), c, FIGURE, markup=True) for c, p in enumerate(players, 1)]
        )
    else:
        rows.append(
            [_cell("", 0, BODY)]
            + [_cell(mark(sheet, p.name, p.rank), c, MARK) for c, p in enumerate(players, 1)]
        )
    for index, (key, label) in enumerate(sheet.categories):
        fill = THEME.surface if index % 2 == 0 else None  # stripes: a row read across
        rows.append(
            [_cell(label, 0, BODY, fill=fill)]
            + [
                SheetCell(
                    str(p.breakdown.get(key, "-")),
                    p.notes.get(key, ""),
                    f"{p.name}, {label}",
                    BODY,
                    c,
                    fill=fill,
                )
                for c, p in enumerate(players, 1)
            ]
        )
    rules = [len(rows)] if sheet.tiebreak_labels else []
    for key, label in sheet.tiebreak_labels:
        rows.append(
            [_cell(label, 0, DIM)]
            + [_cell(str(p.tiebreaks.get(key, "-")), c, DIM) for c, p in enumerate(players, 1)]
        )
    return rows, rules


def players_rows(sheet: ScoreSheet) -> list[Row]:
    """A game with no categories (a loser, no points): a row a player, the name at full
    size, then the total if there is one, then the rank or LOSES."""
    totals = any(p.total is not None for p in sheet.players)
    rows = []
    for index, p in enumerate(sheet.players):
        fill = THEME.surface if index % 2 == 0 else None  # stripes: a name read across
        rows.append(
            [_cell(p.name, 0, NAME, least=THEME.font_body, fill=fill)]
            + ([_cell(str(p.total), 1, FIGURE, fill=fill)] if totals else [])
            + [_cell(mark(sheet, p.name, p.rank), 1 + totals, MARK, fill=fill)]
        )
    return rows


def notes_of(sheet: ScoreSheet, player: PlayerScore) -> list[tuple[str, str]]:
    """How a player's points were reached, category by category in the engine's words, then
    the counts that break ties: (label, words)."""
    lines = [
        (label, player.notes.get(key) or str(player.breakdown.get(key, "-")))
        for key, label in sheet.categories
    ]
    return lines + [
        (label, str(player.tiebreaks.get(key, "-"))) for key, label in sheet.tiebreak_labels
    ]


class ScoreNotes(ModalView):
    """One player's points explained, over the sheet; a tap anywhere closes it."""

    who = StringProperty("")
    lines = ListProperty([])  # (label, words, the category tapped)

    def on_lines(self, *_args: object) -> None:
        box = self.ids.lines
        box.clear_widgets()
        for label, words, tapped in self.lines:
            colour = THEME.accent if tapped else THEME.text
            box.add_widget(
                Factory.NoteLabel(
                    text=label, bold=True, color=colour, size_hint_x=None, width=LABEL_ROOM
                )
            )
            box.add_widget(Factory.NoteLabel(text=words, bold=tapped, color=colour))

    def on_touch_down(self, touch: object) -> bool:
        self.dismiss()
        return True


class StartChooser(ModalView):
    """Who goes first in the next game, chosen by the players the game's rule names (the
    question is the game's words); a name starts the game, Back closes this."""

    question = StringProperty("")

    def __init__(self, start: NextStart, choose: object, **kwargs: object) -> None:
        super().__init__(question=start.why, **kwargs)
        box = self.ids.names
        for seat, player in enumerate(start.players):
            box.add_widget(
                Factory.FirstPlayerButton(text=player.name, on_release=lambda _b, s=seat: choose(s))
            )


class ScoresScreen(Screen):
    title = StringProperty("")
    context = StringProperty("")  # a game from history: which game, which deck, when
    tiebreak = StringProperty("")
    live = BooleanProperty(False)  # the game on the table (undo goes back to it)
    bgstats_url = StringProperty("")  # the finished game's play for BG Stats, as a link
    more = StringProperty("")  # where the rest of a sheet taller than its room is
    by_rows = BooleanProperty(False)  # a row a player (no categories), not a column

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.pinned: ScoreSheet | None = None
        self.sheet = ScoreSheet("", (), (), "")  # the sheet on show

    def on_kv_post(self, base_widget: object) -> None:
        super().on_kv_post(base_widget)
        # held here: out of the row, a button would otherwise go (ids are weak references)
        self.buttons = [
            self.ids[name].__self__ for name in ("reopen", "share", "again", "history", "home")
        ]
        self.chooser: StartChooser | None = None
        self.bind(live=self.fill_bar, bgstats_url=self.fill_bar)
        self.fill_bar()
        say_more = Clock.create_trigger(self.say_more)
        self.ids.grid.bind(height=say_more)
        self.ids.scroll.bind(height=say_more, scroll_y=say_more)

    def fill_bar(self, *_args: object) -> None:
        """The buttons there are, and only those: Undo and Play again for a finished game on
        the table, the BG Stats code for a link to give; an absent one takes no room and no
        touch."""
        reopen, share, again, *always = self.buttons
        bar = self.ids.bar
        bar.clear_widgets()
        reopen.disabled = again.disabled = not self.live
        shown = [reopen] * self.live + [share] * bool(self.bgstats_url) + [again] * self.live
        for button in shown + always:
            bar.add_widget(button)

    def say_more(self, *_args: object) -> None:
        """A sheet taller than the room it would have without this line says where the
        rest is (measured without the line, so the line never keeps itself there)."""
        ids = self.ids
        line = ids.more.height + self.ids.more.parent.spacing if ids.more.height else 0
        if ids.grid.height <= ids.scroll.height + line + 1:
            self.more = ""
        elif ids.scroll.scroll_y > 0.01:
            self.more = "More rows below: swipe up"
        else:
            self.more = "More rows above: swipe down"

    def on_pre_enter(self, *_args: object) -> None:
        table = App.get_running_app().table
        if self.pinned is None and table is not None:
            self.show(table.scores(), live=table.finished)
            self.bgstats_url = self._bgstats(table.game_id) if table.finished else ""
            self.ids.standings.show_game(table.game_id if table.finished else None)

    def on_leave(self, *_args: object) -> None:
        """Off screen, the words and the QR code only hold textures: on_pre_enter or
        show_saved sets them again (the grid keeps its words' textures for the next sheet)."""
        self.pinned = None
        self.ids.banner.show("")
        if self.chooser is not None:
            self.chooser.dismiss(animation=False)
        self.title = self.context = self.tiebreak = self.bgstats_url = ""

    def _bgstats(self, game_id: int) -> str:
        """The BG Stats link of a finished game, from its stored row."""
        store = App.get_running_app().store
        try:
            return push_url(play_payload(store.game(game_id), installation_id(store)))
        except (StoreError, ValueError):
            return ""  # a save that cannot say when it ended: no link rather than a wrong one

    def show_saved(self, sheet: ScoreSheet, context: str, row: GameRow | None = None) -> None:
        """A game from history: shown, saying which game and when, until the screen is left;
        with its BG Stats code, so a scan missed at the end of the game can be made now."""
        self.pinned = sheet
        self.show(sheet, live=False, context=context)
        self.bgstats_url = self._bgstats(row.id) if row is not None else ""
        self.ids.standings.show_game(row.id if row is not None else None)

    def show(self, sheet: ScoreSheet, live: bool, context: str = "") -> None:
        self.live, self.context = live, context
        self.title = headline(sheet)
        self.tiebreak = sheet.reason
        self.sheet = sheet
        grid = self.ids.grid
        self.by_rows = not sheet.categories
        if self.by_rows:
            rows, rules = players_rows(sheet), []
            grid.explains = False
        else:
            rows, rules = columns(sheet)
            grid.explains = any(p.notes for p in sheet.players)
        grid.show(rows, rules)
        self.ids.scroll.scroll_y = 1

    def explain(self, column: int, cell: SheetCell | None) -> None:
        """A tap in a player's column: how each of their points was reached, the tapped
        category first in sight (the engine's words)."""
        player = self.sheet.players[column - 1]
        tapped = cell.about.partition(", ")[2] if cell is not None else ""
        notes = ScoreNotes(
            who=f"{player.name} · {player.total}" if player.total is not None else player.name
        )
        notes.lines = [
            (label, words, label == tapped) for label, words in notes_of(self.sheet, player)
        ]
        notes.open()

    def play_again(self) -> None:
        """The next game at once, or first the chooser where the game lets players choose
        who goes first."""
        table = App.get_running_app().table
        if table is None or not table.finished:
            return
        start = next_start(table)
        if not start.choosers:
            self.start_again(None)
            return
        self.chooser = StartChooser(start, self.start_again)
        self.chooser.bind(on_dismiss=self._chooser_closed)
        self.chooser.open(animation=False)

    def _chooser_closed(self, *_args: object) -> None:
        self.chooser = None

    def start_again(self, first: int | None) -> None:
        if self.chooser is not None:
            self.chooser.dismiss(animation=False)
        refused = App.get_running_app().play_again(first)
        if refused:
            self.ids.banner.show(refused, "error")

    def undo(self) -> None:
        app = App.get_running_app()
        if app.session.undo():
            app.goto("table")

"""Taps at window coordinates on the game table reach what is drawn under the finger, at
every panel and banner state: nothing hidden takes a touch, nothing is drawn over the top
bar or the prompt's options, and a new game starts with the panels closed (issue 23)."""

from __future__ import annotations

import pytest
from kivy.core.window import Window
from kivy.metrics import sp
from kivy.tests.common import UnitTestTouch
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label

from companion.deck import load_deck
from companion.table import Table
from tests.ui.apphelp import button, frames, touch, walk
from ui.app import EXAMPLES
from ui.widgets.secret import HoldToReveal
from ui.widgets.strip import PlayerStrip

LONG = ["Anne-Sophie", "Bartholomew", "Cleopatra", "Dimitrios", "Eleanor", "Ferdinand"]


def keep_or_sell(app, players=2, deck="broken-and-beautiful-demo.toml"):
    """A dealt Broken and Beautiful (or Mintsugi) table, the first card taken: keep it or
    sell it."""
    deck = load_deck(EXAMPLES / deck)
    app.open_table(Table.start(app.store, deck, LONG[:players]))
    app.goto("table")
    while app.table.prompt.phase == "deal":
        assert app.session.scan(app.table.view().zone("deck").pieces[0].uid)
    assert app.session.scan(app.table.view().zone("draft").pieces[-1].uid)
    frames(3)
    assert app.table.prompt.phase == "keep"
    return app.root.get_screen("table")


def tap_centre(widget) -> None:
    touch(*widget.to_window(*widget.center))
    frames(2)


def bottom(widget) -> float:
    return widget.to_window(widget.x, widget.y)[1]


def top(widget) -> float:
    return widget.to_window(widget.x, widget.top)[1]


@pytest.mark.parametrize("panel", ["log", "virtual"])
def test_sell_beside_an_open_panel_sells(app, panel):
    """The hidden draft row's cards lay over "Sell for N ingots" and took its taps."""
    screen = keep_or_sell(app)
    tap_centre(screen.ids[panel])
    assert screen.log_open if panel == "log" else screen.drawer_open
    tap_centre(button(screen.ids.options, "Sell for"))
    assert app.table.prompt.phase != "keep"
    assert "sold" in app.table.narration.lower(), app.table.narration


def test_nothing_hidden_on_the_table_takes_a_touch(app):
    """Every control not drawn (itself or an ancestor at opacity 0) lets a finger at its
    centre through: it is not pressed and grabs no touch."""
    screen = keep_or_sell(app, players=4)
    screen.toggle_log()
    frames(2)
    hidden = [
        w
        for w in walk(screen)
        if isinstance(w, ButtonBehavior | HoldToReveal)
        and w.width * w.height > 0
        and any(n.opacity == 0 for n in ancestry(w, screen))
    ]
    assert len(hidden) >= 9, "the draft's cards are hidden beside the log"
    pressed = []
    for widget in hidden:
        if isinstance(widget, ButtonBehavior):
            widget.fbind("on_press", pressed.append)
    for widget in hidden:
        x, y = widget.to_window(*widget.center)
        finger = UnitTestTouch(x, y)
        finger.touch_down()
        grabbed = [ref() for ref in finger.grab_list]
        finger.touch_up()
        frames()
        assert not pressed and not any(g in hidden for g in grabbed), f"{widget} took it"


def ancestry(widget, stop):
    node = widget
    while node is not None and node is not stop and node is not node.parent:
        yield node
        node = node.parent


@pytest.mark.parametrize("panel", ["log", "virtual"])
def test_a_long_prompt_beside_a_panel_stays_under_the_top_bar(app, panel):
    screen = keep_or_sell(app, players=4)
    screen.toggle_log() if panel == "log" else screen.toggle_drawer()
    app.session.inform("Anne-Sophie's sticker 04A1B2C3D4E5F6 is not in this deck")
    screen.prompt_text = " ".join(["Anne-Sophie: keep or sell the lattice storage box?"] * 4)
    frames(3)
    bar = screen.ids.undo.parent
    area_top = bottom(bar)
    drawn = screen.ids.get("prompt_scroll") or screen.ids.prompt_box  # what shows the prompt
    assert top(drawn) <= area_top + 1, "the prompt lies over the top bar"
    options = screen.ids.options
    assert bottom(options) >= 0 and top(options) <= bottom(screen.ids.banner) + 1
    for option in options.children:
        left, right = option.to_window(option.x, 0)[0], option.to_window(option.right, 0)[0]
        assert (
            right
            <= screen.ids.area.to_window(screen.ids.area.right - screen_panel(screen), 0)[0] + 1
        )
        assert left >= 0
    tap_centre(button(options, "Keep"))
    assert app.table.prompt.phase != "keep", "Keep, under a long prompt, still keeps"


def screen_panel(screen) -> float:
    from ui.theme import THEME

    return THEME.panel if screen.panel_open else 0


def test_a_new_game_starts_with_the_panels_closed(app):
    screen = keep_or_sell(app)
    tap_centre(screen.ids.virtual)
    assert screen.drawer_open
    keep_or_sell(app)
    assert not screen.drawer_open and screen.drawer.parent is None
    tap_centre(screen.ids.log)
    keep_or_sell(app)
    assert not screen.log_open and screen.log.parent is None


def test_four_players_under_a_banner_leave_the_draft_uncovered(app):
    """ "> Anne-Sophie" sat on the draft cards: each strip lies whole below the board, or
    scrolls, and its name and figures lie inside it."""
    screen = keep_or_sell(app, players=4)
    app.session.inform("Anne-Sophie's sticker 04A1B2C3D4E5F6 is not in this deck")
    frames(3)
    board_bottom = bottom(screen.ids.board)
    scroll = screen.ids.get("strip_scroll") or screen.ids.strips
    for strip in (w for w in walk(screen) if isinstance(w, PlayerStrip)):
        name = strip.ids.name
        assert top(name) <= top(strip) + 1 and name.width <= strip.width
        assert strip.minimum_height <= strip.height + 1, "a strip is cut"
        figures = strip.ids.key_figure
        figures.texture_update()
        lines = ["".join(w.text for w in line.words) for line in figures._label._cached_lines]
        assert not any(line.rstrip().endswith("score") for line in lines), "a figure broke"
    assert top(scroll) <= board_bottom + 1, "the strips lie over the draft"


def test_six_players_choosing_never_break_or_pile(app):
    """Who Broke It? at six, Call Mum: every name on a button whole on one line (never
    "Bartholome/w"), and the strips side by side, none on another."""
    deck = load_deck(EXAMPLES / "who-broke-it-demo.toml")
    app.open_table(Table.start(app.store, deck, LONG))
    app.goto("table")
    app.session.tap("dealt", None)
    kinds: dict[str, list[str]] = {}
    for uid, component in app.table.components.items():
        kinds.setdefault(component.kind, []).append(uid)
    app.session.scan(kinds["spare-vase"][0])
    app.session.scan(kinds["call-mum"][0])
    app.session.inform("Anne-Sophie's sticker 04A1B2C3D4E5F6 is not in this deck")
    frames(4)
    screen = app.root.get_screen("table")
    names = [b for b in screen.ids.options.children if b.text in LONG]
    assert len(names) >= 5  # the others, and the player too where Mum may check them
    for option in names:
        option.texture_update()
        assert len(option._label._cached_lines) == 1, f"{option.text} breaks"
    strips = [w for w in walk(screen) if isinstance(w, PlayerStrip)]
    boxes = [(*s.to_window(s.x, s.y), s.width, s.height) for s in strips]
    for i, (x, y, w, h) in enumerate(boxes):
        for x2, y2, w2, h2 in boxes[i + 1 :]:
            assert x + w <= x2 + 1 or x2 + w2 <= x + 1 or y + h <= y2 + 1 or y2 + h2 <= y + 1
    for strip in strips:
        assert strip.minimum_height <= strip.height + 1, f"{strip.player}'s strip is cut"


def drawn_labels(root):
    """Every label with words on show under `root`: no invisible ancestor, inside the window."""
    for widget in walk(root):
        if not isinstance(widget, Label) or not widget.text.strip():
            continue
        if any(n.opacity == 0 for n in ancestry(widget, None)):
            continue
        x, y = widget.to_window(*widget.center)
        if 0 <= x <= Window.width and 0 <= y <= Window.height:
            yield widget


def check_sizes(screen) -> None:
    """The floors at 800x480: body text 20 px, names 28 px, the prompt 30 px."""
    small = [(w.text[:30], w.font_size) for w in drawn_labels(screen) if w.font_size < sp(20)]
    assert small == [], "text under 20 px"
    for widget in walk(screen):
        if isinstance(widget, HoldToReveal) and widget.player:
            assert widget.ids.name.font_size >= sp(28), widget.player
    prompts = [w for w in walk(screen) if w.__class__.__name__ != "Screen" and "prompt" in w.ids]
    for prompt in [screen.ids.prompt, *(p.ids.prompt for p in prompts)]:
        assert prompt.font_size >= sp(30)


@pytest.mark.parametrize("game", ["broken-and-beautiful", "who-broke-it", "broken-planet"])
def test_every_word_on_the_table_reads_from_a_seat(app, game):
    """Status, marks, hand counts, card names, Broken Planet's prompt, narration and legend
    were 14-16 px."""
    if game == "broken-planet":
        from tests.ui.bp_helpers import start

        screen = start(app, names=LONG[:5])
    else:
        deck = load_deck(EXAMPLES / f"{game}-demo.toml")
        app.open_table(Table.start(app.store, deck, LONG[:4]))
        app.goto("table")
        screen = app.root.get_screen("table")
        if game == "who-broke-it":
            app.session.tap("dealt", None)
        else:
            keep_or_sell(app, players=4)
    app.session.inform("Anne-Sophie's sticker 04A1B2C3D4E5F6 is not in this deck")
    frames(3)
    check_sizes(screen)
    screen.toggle_log()
    frames(2)
    check_sizes(screen)
    screen.toggle_drawer()
    frames(2)
    check_sizes(screen)


@pytest.mark.parametrize("panel", ["log", "virtual"])
def test_broken_planets_table_lies_beside_an_open_panel_and_under_the_top_bar(app, panel):
    """The board's cover (Broken Planet's whole table) lay under an open panel, its prompt
    and options hidden; and a long prompt grew over the top bar."""
    from tests.ui.bp_helpers import cover, start

    screen = start(app, names=LONG[:3])
    screen.toggle_log() if panel == "log" else screen.toggle_drawer()
    planet = cover(screen)
    planet.prompt_text = " ".join(["Anne-Sophie: scan your pawn and put it on island 1."] * 5)
    frames(3)
    shown = screen.log if panel == "log" else screen.drawer
    right = planet.to_window(planet.right, 0)[0]
    assert right <= shown.to_window(shown.x, 0)[0] + 1, "the panel lies over the board"
    bar_bottom = bottom(screen.ids.undo.parent)
    assert top(planet.ids.words) <= bar_bottom + 1, "the prompt lies over the top bar"
    options = planet.ids.scroll  # two rows of options kept under the prompt (when any)
    if planet.ids.options.children:
        assert options.height >= 2 * 48 and bottom(options) >= 0
    else:  # none (the pawns' prompt; "which island?" answered on the map): the prompt's
        assert planet.ids.words.height >= 3 * 48


def test_four_players_names_and_hand_sizes_lie_whole_inside_their_strips(app):
    """Who Broke It? at four, one row of strips: "> Bartholomew" was shortened and
    "Bartholomew's hand 3" ran out of its strip over the next one."""
    from ui.widgets.strip import StripText

    deck = load_deck(EXAMPLES / "who-broke-it-demo.toml")
    app.open_table(Table.start(app.store, deck, LONG[:4]))
    app.goto("table")
    app.session.tap("dealt", None)
    frames(4)
    screen = app.root.get_screen("table")
    strips = [w for w in walk(screen) if isinstance(w, PlayerStrip)]
    assert len(strips) == 4
    for strip in strips:
        left, right = strip.to_window(strip.x, 0)[0], strip.to_window(strip.right, 0)[0]
        name = strip.ids.name
        name.texture_update()
        drawn = "".join(w.text for line in name._label._cached_lines for w in line.words)
        assert drawn.endswith(strip.player), f"{drawn!r}: the name is shortened"
        for words in (w for w in walk(strip) if isinstance(w, StripText) and w.text):
            x, r = words.to_window(words.x, 0)[0], words.to_window(words.right, 0)[0]
            assert left <= x and r <= right + 1, f"{words.text!r} runs out of its strip"


def who_broke_it_turn(app, players):
    """Who Broke It? dealt: the first player's turn, every hand in its strip."""
    deck = load_deck(EXAMPLES / "who-broke-it-demo.toml")
    app.open_table(Table.start(app.store, deck, LONG[:players]))
    app.goto("table")
    app.session.tap("dealt", None)
    return app.root.get_screen("table")


@pytest.mark.parametrize(
    "game, players",
    [("bb", 2), ("bb", 3), ("bb", 4), ("mint", 4), ("wbi", 4), ("wbi", 6)],
)
def test_the_whole_table_fits_the_screen_under_a_banner(app, game, players):
    """DESIGN.md: a game's whole table fits one 800x480 screen. With a banner showing, the
    strips scrolled at four players (Broken and Beautiful, Mintsugi: their last line) and at
    six (Who Broke It?: the second row of strips was cut)."""
    if game == "wbi":
        screen = who_broke_it_turn(app, players)
    else:
        deck = "mintsugi-demo.toml" if game == "mint" else "broken-and-beautiful-demo.toml"
        screen = keep_or_sell(app, players, deck)
    app.session.inform("Anne-Sophie's sticker 04A1B2C3D4E5F6 is not in this deck")
    frames(4)
    banner = screen.ids.banner
    assert banner.parent is not None and banner.height >= 48
    assert bottom(screen.ids.undo.parent) >= top(banner) - 1, "the banner covers the top bar"
    assert top(screen.ids.prompt_scroll) <= bottom(banner) + 1, "the banner covers the prompt"
    scroll = screen.ids.strip_scroll
    assert screen.ids.strips.height <= scroll.height + 1, "the strips scroll"
    strips = [w for w in walk(screen) if isinstance(w, PlayerStrip)]
    assert len(strips) == players
    for strip in strips:
        assert bottom(strip) >= -1 and top(strip) <= Window.height + 1, strip.player
        assert bottom(strip) >= bottom(scroll) - 1 and top(strip) <= top(scroll) + 1
        assert strip.minimum_height <= strip.height + 1, f"{strip.player}'s strip is cut"


def test_the_top_bars_toggles_keep_their_words_on_one_line(app):
    """ "Virtual table" wrapped to two lines beside its drawn box in a 150 dp button."""
    screen = keep_or_sell(app)
    for toggle in (screen.ids.virtual, screen.ids.log):
        toggle.texture_update()
        assert len(toggle._label._cached_lines) == 1, toggle.text


def test_four_players_active_name_is_whole(app):
    """ "> Bartholomew" (187 px at 28 px bold) was shortened to "> Bartholom..." in a
    quarter of the screen on his turn."""
    screen = who_broke_it_turn(app, 4)
    spare = next(u for u, c in app.table.components.items() if c.kind == "spare-vase")
    app.session.scan(spare)
    frames(4)
    strip = next(w for w in walk(screen) if isinstance(w, PlayerStrip) and w.active)
    assert strip.player == "Bartholomew"
    name = strip.ids.name
    name.texture_update()
    drawn = "".join(w.text for line in name._label._cached_lines for w in line.words)
    assert drawn.endswith("Bartholomew"), f"{drawn!r}: the name is shortened"

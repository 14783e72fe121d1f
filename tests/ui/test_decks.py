from tests.ui._window import require_window

require_window()

import pytest  # noqa: E402
from kivy.clock import Clock  # noqa: E402
from kivy.core.window import Window  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.screenmanager import ScreenManager  # noqa: E402

from companion.deck import parse_deck  # noqa: E402
from companion.store import Store  # noqa: E402
from ui import deck_editor as ed  # noqa: E402
from ui.screens.decks import DecksScreen  # noqa: E402
from ui.screens.enrolling import ChoiceButton  # noqa: E402
from ui.theme import THEME  # noqa: E402

BNB = "broken-and-beautiful"
NEW = "04000000000009"


@pytest.fixture
def screen():
    store = Store()
    manager = ScreenManager()
    screen = DecksScreen(store=store)
    manager.add_widget(screen)
    Window.add_widget(manager)
    frame()
    yield screen
    Window.remove_widget(manager)
    store.close()


def frame():
    """Let wrapped labels and nested layouts settle (a few passes)."""
    for _ in range(6):
        Clock.tick()


def tap(widget):
    frame()
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    frame()


def choice(screen, value):
    return next(
        b for b in screen.ids.choices.children if isinstance(b, ChoiceButton) and b.value == value
    )


def saved(screen, name="Ours"):
    return parse_deck(dict(((g, n), t) for g, n, t in screen.store.decks())[(BNB, name)])


def open_new_deck(screen, name="Ours"):
    screen.create_deck(BNB, name)
    frame()
    assert screen.pane == "deck"


def test_a_new_sticker_is_enrolled_in_three_taps_and_saved_at_once(screen):
    open_new_deck(screen)
    screen.on_tag(NEW.lower())
    frame()
    assert screen.pane == "enroll" and NEW in screen.question
    tap(choice(screen, "cup"))
    tap(choice(screen, "lattice"))
    tap(choice(screen, 2))
    component = saved(screen).get(NEW)
    assert (component.kind, component.get("pattern"), component.get("ingots")) == (
        "cup",
        "lattice",
        2,
    )
    assert screen.pane == "deck"
    assert "lattice cup" in screen.ids.banner.message
    assert any("pottery cards 1/39" == chip.text for chip in screen.ids.progress.children)


def test_a_gold_card_takes_one_tap(screen):
    open_new_deck(screen)
    screen.on_tag(NEW)
    tap(choice(screen, "gold"))
    assert saved(screen).get(NEW).get("ingots") == 3


def test_a_sticker_scanned_twice_says_which_card_it_is_and_offers_edit(screen):
    open_new_deck(screen)
    ed.put_component(
        screen.store, screen.deck, NEW, {"kind": "teapot", "pattern": "wave", "ingots": 1}
    )
    screen.on_tag(NEW)
    frame()
    assert screen.pane == "known"
    assert "wave teapot" in screen.question
    screen.edit(screen.known_uid)
    frame()
    assert screen.pane == "enroll" and screen.enrollment.step == "kind"
    for value in ("bowl", "crane", 3):
        screen.choose(value)
    assert saved(screen).get(NEW).label == "crane bowl" and len(saved(screen)) == 1


def test_a_scan_with_no_deck_open_names_the_deck_holding_it(screen):
    ed.import_deck(screen.store, ed.EXAMPLES / f"{BNB}-demo.toml")
    screen.refresh()
    screen.on_tag("04DEB0005A2C80")
    assert "wave cup" in screen.ids.banner.message and screen.pane == "list"


def test_enroll_opens_the_only_deck_straight_at_the_kind_question(screen):
    ed.create_deck(screen.store, BNB, "Ours")
    screen.enroll(NEW)
    assert screen.pane == "enroll" and screen.enrollment.uid == NEW


def test_importing_a_bad_file_shows_the_one_line_error_and_changes_nothing(screen, tmp_path):
    ed.create_deck(screen.store, BNB, "Ours")
    before = screen.store.decks()
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'game = "broken-and-beautiful"\n[[component]]\nuid = "04AABBCC"\nkind = "spoon"\n'
    )
    screen.import_deck(str(bad))
    frame()
    banner = screen.ids.banner
    assert banner.kind == "error" and "spoon" in banner.message and "\n" not in banner.message
    assert banner.height >= 48
    assert screen.store.decks() == before


def test_export_writes_the_deck_file_that_imports_back(screen, tmp_path):
    open_new_deck(screen)
    ed.put_component(
        screen.store, screen.deck, NEW, {"kind": "vase", "pattern": "crane", "ingots": 2}
    )
    screen.export_deck(str(tmp_path / "ours.toml"))
    screen.store.delete_deck(BNB, "Ours")
    screen.close_deck()
    screen.import_deck(str(tmp_path / "ours.toml"))
    assert saved(screen).get(NEW).label == "crane vase"
    assert len(screen.ids.deck_list.children) == 1


def test_delete_deck_needs_a_second_tap(screen):
    open_new_deck(screen)

    button = screen.ids.delete_deck
    button.dispatch("on_release")
    assert len(screen.store.decks()) == 1 and button.text == "Tap again to delete"
    button.dispatch("on_release")
    assert screen.store.decks() == [] and screen.pane == "list"


def test_every_choice_button_is_a_big_enough_touch_target(screen):
    open_new_deck(screen)
    screen.on_tag(NEW)
    frame()
    for button in screen.ids.choices.children:
        assert button.width >= 48 and button.height >= 48


def test_long_deck_titles_wrap_whole_and_the_game_choice_looks_like_a_button(screen):
    long_name = "Our copy (Broken and Beautiful, the Kickstarter edition with every promo card)"
    ed.create_deck(screen.store, BNB, long_name)
    screen.refresh()
    frame()
    row = next(r for r in screen.ids.deck_list.children if r.deck.name == long_name)
    for label in (row.ids.title, row.ids.summary):
        rendered = " ".join(
            "".join(w.text for w in line.words).strip() for line in label._label._cached_lines
        )
        assert rendered == label.text and not label.shorten, f"{label.text!r} is cut"
        assert label.texture_size[0] <= label.width and label.y >= row.y and label.top <= row.top
    assert len(row.ids.title._label._cached_lines) >= 2
    game = screen.ids.new_game
    assert game.background_normal == "" and tuple(game.background_color) == THEME.surface_raised
    assert game.height >= THEME.touch

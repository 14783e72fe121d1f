"""The audit itself: small widget trees that each hold one defect class of issue 23, and
one that holds none. Each defect must be reported, by check and widget path; the clean
tree and a scrolling view's clipped rows must not be (an audit that cries wolf is unused)."""

from __future__ import annotations

import pytest
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from tests.ui.apphelp import Window, frames
from tests.ui.audit import Context, audit

FREE = {"size_hint": (None, None)}


@pytest.fixture
def tree():
    root = FloatLayout()
    Window.add_widget(root)
    yield root
    Window.remove_widget(root)


def button(text="Keep", pos=(100, 100), size=(200, 80), **kwargs) -> Button:
    return Button(text=text, pos=pos, size=size, font_size=22, **FREE, **kwargs)


def label(text="Round 1", pos=(100, 300), size=(300, 40), **kwargs) -> Label:
    kwargs.setdefault("font_size", 22)
    return Label(text=text, pos=pos, size=size, **FREE, **kwargs)


def found(root, context=None) -> dict[str, list[str]]:
    frames(2)
    by_check: dict[str, list[str]] = {}
    for finding in audit("synthetic", context):
        by_check.setdefault(finding.check, []).append(f"{finding.path}: {finding.detail}")
    return by_check


def test_a_clean_tree_and_a_scrolled_list_give_no_findings(tree):
    tree.add_widget(button())
    tree.add_widget(label())
    scroller = ScrollView(pos=(420, 60), size=(300, 200), **FREE)
    rows = BoxLayout(orientation="vertical", size_hint_y=None, height=20 * 60)
    for i in range(20):
        rows.add_widget(Button(text=f"Row {i}", font_size=22))
    scroller.add_widget(rows)
    tree.add_widget(scroller)
    tree.add_widget(label("", pos=(100, 200)))  # an empty label is nothing to read
    assert found(tree) == {}


def test_a_hidden_button_over_a_visible_one(tree):
    tree.add_widget(button("Enroll"))
    tree.add_widget(button("Undo last", opacity=0))  # added last: on top
    result = found(tree)
    assert any("Button[text='Enroll']" in f and "invisible" in f for f in result["touch"]), result
    assert any("Undo last" in f for f in result["hidden-takes-touch"]), result


def test_a_disabled_widget_swallows_a_touch(tree):
    tree.add_widget(button("Sell for 2 ingots"))
    tree.add_widget(Widget(pos=(150, 90), size=(300, 300), disabled=True, **FREE))
    result = found(tree)
    assert any("Sell for 2 ingots" in f and "disabled" in f for f in result["touch"]), result


def test_a_cut_label_and_a_shortened_name(tree):
    tree.add_widget(label("one two three four five six", size=(120, 30), text_size=(120, 30)))
    tree.add_widget(label("Bartholomew", pos=(100, 200), size=(70, 40), text_size=(70, 40),
                          shorten=True, font_size=28))  # fmt: skip
    tree.add_widget(label("Bartholomew", pos=(300, 100), size=(90, 200), text_size=(90, None),
                          font_size=28))  # fmt: skip
    result = found(tree, Context(names=frozenset({"Bartholomew"})))
    cuts = result["text-cut"]
    assert any("one two" in f and "not drawn" in f for f in cuts), result
    assert any("Bartholomew" in f and "ellipsis" in f for f in cuts), result
    assert any("broken across lines" in f for f in cuts), result


def test_a_shortened_sentence_is_no_cut(tree):
    tree.add_widget(label("what the last input did, at length", size=(120, 40),
                          text_size=(120, 40), shorten=True))  # fmt: skip
    assert "text-cut" not in found(tree)


def test_texts_drawn_over_each_other_and_over_a_control(tree):
    tree.add_widget(label("> Anne-Sophie", pos=(100, 300)))
    tree.add_widget(label("Round 2 of 4", pos=(110, 305)))
    tree.add_widget(button("Menu", pos=(500, 300), size=(100, 60)))
    tree.add_widget(label("What to do now", pos=(450, 310), size=(200, 40)))
    result = found(tree)
    assert any("Round 2 of 4" in f and "Anne-Sophie" in f for f in result["overlap"]), result
    assert any("What to do now" in f and "Menu" in f for f in result["overlap"]), result


def test_small_text_and_small_targets(tree):
    tree.add_widget(label("Hold a card over the reader", font_size=14))
    tree.add_widget(label("Anne-Sophie", pos=(100, 200), font_size=22))
    tree.add_widget(button("?", size=(30, 60)))
    result = found(tree, Context(names=frozenset({"Anne-Sophie"})))
    sizes = result["text-size"]
    assert any("Hold a card" in f and "14 px" in f for f in sizes), result
    assert any("Anne-Sophie" in f and "name needs 28" in f for f in sizes), result
    assert any("30x60" in f for f in result["target-size"]), result


def test_the_prompt_and_a_key_figure_have_their_own_sizes(tree):
    prompt = label("Ana: keep or sell", font_size=24)
    figure = label("[size=22][b]7[/b][/size] ingots", pos=(100, 200), markup=True)
    tree.add_widget(prompt)
    tree.add_widget(figure)
    result = found(tree, Context(prompt=(prompt,), figures=(figure,)))
    sizes = result["text-size"]
    assert any("keep or sell" in f and "prompt needs 30" in f for f in sizes), result
    assert any("'7' at 22 px" in f for f in sizes), result


@pytest.mark.parametrize(
    "text",
    ["Game broken-and-beautiful", "W2. Gold is worth", "run with --reader", "VersionReg 0x92",
     "[x] New to the game", "Ana holds 04B10000000007", "<ui.Card object at 0x7f>"],
)  # fmt: skip
def test_an_internal_identifier_on_screen(tree, text):
    tree.add_widget(label(text, size=(600, 40)))
    assert "identifier" in found(tree), text


def test_a_sentence_about_a_sticker_may_show_its_uid(tree):
    tree.add_widget(label("Unknown sticker 04C0FFEE000001", size=(600, 40)))
    assert "identifier" not in found(tree)


def test_a_widget_off_the_window(tree):
    tree.add_widget(button("Export", pos=(Window.width - 60, 100)))
    tree.add_widget(label("Seat 6", pos=(100, -25), size=(200, 40)))
    result = found(tree)
    assert any("Export" in f for f in result["off-window"]), result
    assert any("Seat 6" in f for f in result["text-off-window"]), result


def test_a_cover_hides_what_is_under_it_without_a_finding(tree):
    """A solid panel over a control: the control is out of sight, not a tap defect."""
    from kivy.graphics import Color, Rectangle

    tree.add_widget(button("Strip button"))
    cover = Widget(pos=(50, 50), size=(400, 300), **FREE)
    with cover.canvas.before:
        Color(0.1, 0.1, 0.1, 1)
        Rectangle(pos=cover.pos, size=cover.size)
    cover.on_touch_down = lambda touch: cover.collide_point(*touch.pos)
    tree.add_widget(cover)
    assert "touch" not in found(tree)


def test_a_defect_put_back_into_the_real_app_is_found(app):
    """Without sim:// the top bar's Virtual table toggle is hidden and has no width, so it
    takes no touch: hidden with its width kept (the defect class of the banner's OK button
    before it), the audit finds it taking touches."""
    from companion.table import Table
    from tests.ui.apphelp import small_deck

    app.open_table(Table.start(app.store, small_deck(), ["Anne-Sophie", "Bartholomew"]))
    frames(2)
    assert not [f for f in audit("table") if f.check == "hidden-takes-touch"]
    app.root.get_screen("table").ids.virtual.opacity = 0
    frames(2)
    found = [f for f in audit("table") if f.check == "hidden-takes-touch"]
    assert any(f.path.endswith("#virtual") for f in found), found


def test_a_popup_hides_what_is_under_it(tree):
    from kivy.uix.modalview import ModalView

    tree.add_widget(label("Too small under the popup", font_size=14))
    popup = ModalView(size_hint=(0.8, 0.8))
    popup.add_widget(Label(text="What the popup says", font_size=22))
    popup.open(animation=False)
    try:
        result = found(tree)
    finally:
        popup.dismiss(animation=False)
    assert "Too small" not in str(result.get("text-size")), result


def test_lines_drawn_closer_together_are_no_cut(tree):
    tree.add_widget(label("storage\nbox", size=(120, 80), text_size=(120, None), line_height=0.9))
    assert "text-cut" not in found(tree)


def test_a_name_on_a_button_is_the_buttons_words(tree):
    """Choosing a player: the name on an option button is read as a button, at body size."""
    tree.add_widget(button("Anne-Sophie", size=(200, 60)))
    assert "text-size" not in found(tree, Context(names=frozenset({"Anne-Sophie"})))


def test_the_field_being_typed_in_keeps_the_focus_through_the_audit(tree):
    """Touching another field takes the focus: the probe gives it back, so a state with the
    keyboard open is audited, and photographed, with the keyboard open; and a touch on the
    keyboard types nothing."""
    from kivy.uix.textinput import TextInput

    from ui import keyboard

    typed, other = (
        TextInput(pos=(100, y), size=(300, 50), font_size=22, **FREE) for y in (100, 300)
    )
    tree.add_widget(typed)
    tree.add_widget(other)
    typed.text = "Konstantin"
    keyboard.apply("on", has_keyboard=False)  # the on-screen keyboard, touched by the probe
    try:
        typed.focus = True
        found(tree)
        assert typed.focus and not other.focus
        assert typed.text == "Konstantin", "a probe on a key typed nothing"
    finally:
        typed.focus = False
        keyboard.apply("auto", has_keyboard=True)


def test_a_field_scrolled_under_a_title_is_cut_by_its_view(tree):
    """A solid field scrolled past the top of its view is clipped there: it neither draws
    over the title above the view nor hides it from the audit."""
    from kivy.uix.textinput import TextInput

    tree.add_widget(label("Settings", pos=(100, 300), font_size=14))
    scroller = ScrollView(pos=(100, 100), size=(300, 190), **FREE)
    rows = BoxLayout(orientation="vertical", size_hint_y=None, height=600)
    rows.add_widget(TextInput(text="sim://", font_size=22))
    scroller.add_widget(rows)
    tree.add_widget(scroller)
    frames(2)
    scroller.scroll_y = 0.5  # the field's box now reaches above the view, over the title
    result = found(tree)
    assert "overlap" not in result, result
    assert any("Settings" in f for f in result["text-size"]), "the title is seen, and read"

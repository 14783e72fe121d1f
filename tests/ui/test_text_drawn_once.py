"""Words a label says again in the same style show the texture they were drawn in
(ui/widgets/text.py, `drawn_once`): a name at each turn, a figure, a button's word. A kept
texture may be on several labels, so none of them ever draws new words into it."""

from tests.ui._window import require_window

require_window()

from kivy.core.text import Label as CoreLabel  # noqa: E402
from kivy.uix.label import Label  # noqa: E402

from ui.widgets import text  # noqa: E402


def setup_module() -> None:
    text.drop_unread_pixels()  # as the app does at its start
    text.drawn_once()


def drawings() -> list[str]:
    """The words Kivy lays out to draw from now on (a label's first pass, before its
    pixels; a kept drawing skips it)."""
    drawn: list[str] = []
    render = CoreLabel.render

    def counting(label: CoreLabel, real: bool = False) -> object:
        if not real:
            drawn.append(label.text)
        return render(label, real)

    CoreLabel.render = counting
    return drawn


def say(label: Label, words: str) -> object:
    label.text = words
    label.texture_update()
    return label.texture


def test_words_said_a_third_time_are_not_drawn_again(monkeypatch):
    monkeypatch.setattr(text, "DRAWN", text.Drawn())
    render = CoreLabel.render
    drawn = drawings()
    try:
        name = Label(font_size=24, bold=True)
        first = say(name, "Bartholomew")
        say(name, ">\u2009Bartholomew")
        second = say(name, "Bartholomew")  # the second time: drawn, and kept
        say(name, ">\u2009Bartholomew")
        third = say(name, "Bartholomew")
        fourth = say(Label(font_size=24, bold=True), "Bartholomew")  # another label
    finally:
        CoreLabel.render = render
    assert drawn == ["Bartholomew", ">\u2009Bartholomew"] * 2
    assert third is second is fourth and first is not second
    assert name.texture_size == list(second.size)


def test_a_kept_texture_is_never_drawn_over(monkeypatch):
    """Two labels show the kept "Keep"; one then says other words of the same size: Kivy
    would have drawn them into the texture both show."""
    monkeypatch.setattr(text, "DRAWN", text.Drawn())
    one, other = (Label(font_size=20, text_size=(120, 40)) for _ in range(2))
    for _ in range(2):
        say(one, "Keep")
        say(one, "")
    kept = say(one, "Keep")
    assert say(other, "Keep") is kept
    pixels = bytes(kept.pixels)
    assert say(one, "Sell").size == kept.size  # the same size: once redrawn in place
    assert one.texture is not kept and other.texture is kept
    assert bytes(kept.pixels) == pixels


def test_the_same_words_in_another_style_are_drawn_apart(monkeypatch):
    monkeypatch.setattr(text, "DRAWN", text.Drawn())
    plain, gold = Label(font_size=20), Label(font_size=20, color=(0.9, 0.7, 0.1, 1))
    for _ in range(2):
        say(plain, "12")
        say(gold, "12")
        say(plain, "")
        say(gold, "")
    assert say(plain, "12") is not say(gold, "12")
    assert len(text.DRAWN.kept) == 2


def test_the_pixels_kept_are_bounded_and_the_oldest_go_first(monkeypatch):
    label = Label(font_size=20, text_size=(100, 30))  # every drawing the same size
    texture = say(label, "one")
    cost = texture.width * texture.height * 4
    drawn = text.Drawn(max_bytes=2 * cost)
    monkeypatch.setattr(text, "DRAWN", drawn)
    for words in ("one", "two", "three") * 2:  # each kept at its second drawing
        say(label, words)
    assert [key[1] for key in drawn.kept] == ["two", "three"]
    assert drawn.bytes == 2 * cost


def test_words_wider_than_a_name_are_drawn_each_time(monkeypatch):
    monkeypatch.setattr(text, "DRAWN", text.Drawn())
    label = Label(font_size=20, text_size=(780, None))
    prompt = "Ana: take a card from the draft area and keep it or sell it for ingots " * 2
    for _ in range(3):
        say(label, prompt)
        say(label, "")
    assert label.texture is None and not text.DRAWN.kept


def test_kept_words_are_drawn_before_their_label_says_others(monkeypatch):
    """Kivy draws a label's pixels when its texture is first shown, from what the label
    says then: a drawing kept and not yet shown would have taken the label's next words."""
    monkeypatch.setattr(text, "DRAWN", text.Drawn())
    one = Label(font_size=20, text_size=(120, 40))
    say(one, "Keep")
    say(one, "")
    kept = say(one, "Keep")  # kept now, and no frame has shown it
    say(one, "Sell")
    monkeypatch.setattr(text, "DRAWN", text.Drawn())  # a drawing of its own, to compare
    fresh = say(Label(font_size=20, text_size=(120, 40)), "Keep")
    assert fresh is not kept and bytes(kept.pixels) == bytes(fresh.pixels)


def test_words_in_another_box_are_drawn_for_it(monkeypatch):
    """A label's box (text_size) is not among Kivy's options until it draws: words kept
    wrapped in a narrow box were shown in a wide one (a heading three lines tall)."""
    monkeypatch.setattr(text, "DRAWN", text.Drawn())
    label = Label(font_size=20, text_size=(90, None))
    heading = "Tonight: 3 games since 08:12"
    for _ in range(2):
        say(label, heading)
        say(label, "")
    narrow = say(label, heading)
    label.text_size = (700, None)
    wide = say(label, heading)
    assert wide is not narrow and wide.height < narrow.height and wide.width > narrow.width

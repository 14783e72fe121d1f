"""Each word is measured once in each font (ui/widgets/text.py): the same widths as SDL_ttf
gives, SDL_ttf asked once, a different font measured apart, and the memory bounded."""

from tests.ui._window import require_window

require_window()

from kivy.core.text import Label as CoreLabel  # noqa: E402
from kivy.core.text.text_sdl2 import LabelSDL2  # noqa: E402

from ui.widgets import text  # noqa: E402


def measure_counting() -> tuple[object, list[str]]:
    asked: list[str] = []

    def get_extents(label: object, words: str) -> tuple[int, int]:
        asked.append(words)
        return LabelSDL2.get_extents.measured_by(label, words)  # type: ignore[attr-defined]

    return text._measured_once(get_extents), asked


def setup_module() -> None:
    text.drop_unread_pixels()  # as the app does at its start


def test_the_app_measures_with_the_cache_and_gives_sdl_ttfs_widths():
    assert CoreLabel is LabelSDL2 and getattr(CoreLabel.get_extents, "measures_once", False)
    raw = LabelSDL2.get_extents.measured_by  # type: ignore[attr-defined]
    for size, bold in ((20, False), (20, True), (31, False)):
        label = CoreLabel(font_size=size, bold=bold)
        for words in ("Bartholomew", "the lattice tea jar", "score now 12", ""):
            assert label.get_extents(words) == raw(label, words)


def test_a_word_is_asked_of_sdl_ttf_once_a_font_and_each_font_apart():
    measured, asked = measure_counting()
    body, bold = CoreLabel(font_size=20), CoreLabel(font_size=20, bold=True)
    large = CoreLabel(font_size=31)
    widths = [measured(label, "Anne-Sophie") for label in (body, body, bold, large, bold)]
    assert asked == ["Anne-Sophie"] * 3  # body, bold and large once each
    assert widths[0] == widths[1] and widths[2] == widths[4]
    assert widths[0][0] < widths[2][0] < widths[3][0]  # bold is wider, larger wider still


def test_the_words_kept_are_bounded(monkeypatch):
    monkeypatch.setattr(text, "MEASURED_MAX", 3)
    measured, asked = measure_counting()
    label = CoreLabel(font_size=20)
    for word in ("one", "two", "three", "four", "one"):
        measured(label, word)
    # the fourth word found the cache full and emptied it, so "one" was asked again
    assert asked == ["one", "two", "three", "four", "one"]

"""A disabled button (Undo before the first input, an unaffordable repair) is dimmed but
legible: its text keeps at least 3:1 contrast against the button's own background."""

from __future__ import annotations

from kivy.factory import Factory

from tests.ui.test_app_flow import start_game

CLASSES = ("FormButton", "AccentButton", "ConfirmButton", "FormToggle", "OptionButton")


def luminance(rgba):
    def linear(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgba[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(text, background):
    """WCAG contrast of text (drawn with its alpha) over an opaque background."""
    alpha = text[3]
    drawn = [t * alpha + b * (1 - alpha) for t, b in zip(text[:3], background[:3], strict=True)]
    high, low = sorted((luminance(drawn), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def text_contrast(button):
    colour = button.disabled_color if button.disabled else button.color
    return contrast(colour, button.background_color)


def test_the_disabled_undo_button_can_be_read(app):
    undo = start_game(app).ids.undo
    assert undo.disabled and undo.text == "Undo"
    assert undo.background_disabled_normal == "", "a texture would tint the background unknowably"
    assert text_contrast(undo) >= 3


def test_every_kind_of_button_disabled_is_legible_but_dimmer(app):
    for name in CLASSES:
        enabled, disabled = Factory.get(name)(text="x"), Factory.get(name)(text="x", disabled=True)
        assert 3 <= text_contrast(disabled) < text_contrast(enabled), name
        assert tuple(disabled.background_color) != tuple(enabled.background_color), name

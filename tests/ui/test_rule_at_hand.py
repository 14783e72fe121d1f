"""The prompt's "?": the rulebook passage behind the prompt, and a refusal's own first."""

from __future__ import annotations

from tests.ui.apphelp import frames, press
from tests.ui.test_app_flow import start_game


def test_the_question_mark_quotes_the_phase_and_a_refusal_first(app):
    screen = start_game(app)
    press(screen.ids.rules)
    frames()
    popup = screen.rules_popup
    assert popup.text.text.startswith("[b]Broken and Beautiful rulebook, 1. Starting a Round[/b]")
    assert "two times the number of players, plus one" in popup.text.text
    popup.dismiss()
    assert not app.session.tap("keep")  # nothing to keep while dealing: refused
    assert app.session.refused_rule == "not-now"
    press(screen.ids.rules)
    frames()
    shown = screen.rules_popup.text.text
    assert shown.index("Playing the Game") < shown.index("1. Starting a Round")
    screen.rules_popup.dismiss()
    app.session.dismiss()
    assert app.session.refused_rule == ""


def test_a_ruling_is_headed_in_words_not_by_its_code_and_file(app):
    """The layout audit found "Ruling B6, End of game (docs/rulings.md)" over a quote: a
    player has neither the code nor the file; the CLI's readers keep both."""
    from companion.table import Table
    from tests.ui.audit.words import identifiers

    screen = start_game(app)
    press(screen.ids.rules)
    frames()
    shown = screen.rules_popup.text.text
    assert "[b]House ruling: End of game[/b]" in shown
    assert "docs/rulings.md" not in shown and not identifiers(shown)
    assert screen.rules_popup.title_size >= 20
    screen.rules_popup.dismiss()
    ruling = Table.resume(app.store, app.table.game_id).rules_at_hand()[-1]
    assert ruling.source.startswith("Ruling B6, End of game (docs/rulings.md)")

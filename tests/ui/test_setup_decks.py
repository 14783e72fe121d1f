"""Setup's deck choices are read whole: a long deck name is never cut in the middle, in the
chosen deck or in the list it is chosen from."""

from __future__ import annotations

from tests.ui.apphelp import frames, press, walk

LONG = "Demo deck (made-up tags, not the publisher's card list)"


def fits(label):
    return label.texture_size[0] <= label.width and label.texture_size[1] <= label.height


def test_a_long_deck_name_is_shown_whole_with_its_game_and_size(app):
    app.import_demo_decks()
    app.goto("setup")
    setup = app.root.get_screen("setup")
    deck = next(d for d in setup.decks if d.name == LONG)
    setup.ids.deck.text = setup.deck_titles[setup.decks.index(deck)]
    frames(3)
    spinner = setup.ids.deck
    assert spinner.text.splitlines() == [LONG, f"Broken and Beautiful · {len(deck)} cards"]
    assert not spinner.shorten and fits(spinner)
    press(spinner)
    frames(3)
    options = [w for w in walk(spinner._dropdown) if w.__class__.__name__ == "FormOption"]
    assert sorted(o.text for o in options) == sorted(setup.deck_titles)
    assert all(fits(o) and o.height >= 48 for o in options)
    assert any(o.text.startswith(LONG + "\n") for o in options)

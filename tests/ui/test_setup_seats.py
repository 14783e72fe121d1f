"""Setup shows the seats and per-player options the chosen game's definition declares."""

from __future__ import annotations

from companion.deck import Deck, make_component
from tests.ui.apphelp import frames, press, walk

WBI_KINDS = ["broken-vase"] + ["spare-vase"] * 23


def wbi_deck() -> Deck:
    deck = Deck("who-broke-it", "Party deck")
    for i, kind in enumerate(WBI_KINDS):
        deck.add(make_component(deck.game, {"uid": f"04000000BB{i:04X}", "kind": kind}))
    return deck


def choose(app, name: str):
    setup = app.root.get_screen("setup")
    app.goto("setup")
    frames(2)
    setup.deck_title = next(t for t in setup.deck_titles if t.startswith(name))
    frames(2)
    return setup


def on_screen(widget, root) -> bool:
    x, y = widget.to_window(*widget.pos)
    return x >= 0 and y >= 0 and x + widget.width <= root.width and y + widget.height <= root.height


def test_six_seats_for_a_six_player_game_all_on_screen_and_no_new_player_toggle(app):
    app.store.save_deck("who-broke-it", "Party deck", wbi_deck().to_toml())
    setup = choose(app, "Party deck")
    seats = setup.seats()
    assert len(seats) == 6 and "2-6" in setup.seat_hint
    assert all(on_screen(row, app.root) for row in seats)
    assert all(row.ids.new.hidden and row.ids.new.width == 0 for row in seats)
    assert on_screen(setup.ids.start, app.root)


def test_four_seats_with_the_new_player_option_for_broken_and_beautiful(app):
    setup = choose(app, "Test deck")
    seats = setup.seats()
    assert len(seats) == 4 and all(row.ids.new.label == "new player" for row in seats)
    hidden = setup.ids.seat5
    assert hidden.parent is None  # a seat the game does not take can never be touched
    assert hidden not in walk(app.root)


def test_an_empty_seat_marked_first_is_refused_not_silently_replaced(app):
    setup = choose(app, "Test deck")
    for row, name in zip(setup.seats(), ["Ana", "Ben", "", ""], strict=True):
        row.ids.name.text = name
    setup.choose_first(2)
    press(setup.ids.start)
    assert app.table is None
    assert "Seat 3 is marked first" in setup.ids.banner.message


def test_new_player_is_not_remembered_into_the_next_game(app):
    setup = choose(app, "Test deck")
    for row, name in zip(setup.seats(), ["Ana", "Ben", "", ""], strict=True):
        row.ids.name.text = name
    toggle = setup.seats()[0].ids.new
    toggle.state = "down"  # what a touch on a toggle does before its release
    press(toggle)
    assert setup.seats()[0].option_on
    setup.choose_first(0)
    press(setup.ids.start)
    assert app.table is not None and app.table.setup.players[0].options == {"new_player": True}
    setup = choose(app, "Test deck")
    assert [row.name for row in setup.seats()[:2]] == ["Ana", "Ben"]
    assert not any(row.option_on for row in setup.seats())

"""Play again on the score sheet, by touch: the next game with the same players, deck and
rulings, its first player by the game's own rule (Who Broke It?: the loser; Broken and
Beautiful: whom the last player chooses), said in a banner at the new table."""

from __future__ import annotations

from kivy.core.window import Window

from tests.ui.apphelp import button, frames, play_to_the_end, press, texts, touch, until, walk
from tests.ui.test_setup_seats import choose
from tests.ui.test_who_broke_it_app import SHOTS, party_deck, shoot, uids
from ui.screens.scores import StartChooser


def tap(widget) -> None:
    """A finger at the widget's centre, as a player's tap (the touch rules' own test)."""
    touch(*widget.to_window(*widget.center))


def start(app, deck: str, names: list[str], first: int = 0, new: tuple[int, ...] = ()):
    setup = choose(app, deck)
    for row, name in zip(setup.seats(), [*names, "", "", "", "", ""], strict=False):
        row.ids.name.text = name
        row.option_on = row.seat in new
    setup.choose_first(first)
    press(setup.ids.start)
    assert app.root.current == "table"


def chooser() -> StartChooser | None:
    return next((w for w in Window.children if isinstance(w, StartChooser)), None)


def test_who_broke_it_again_starts_with_the_loser(app):
    app.store.save_deck("who-broke-it", "Party deck", party_deck().to_toml())
    app.store.set_setting("rules.who-broke-it", {"shouting_match_alibi": "join"})
    start(app, "Party deck", ["Ana", "Ben", "Cleo"])
    finished = app.table
    assert finished.setup.settings["shouting_match_alibi"] == "join"
    app.session.tap("dealt")
    app.session.scan(uids(app, "spare-vase")[0])  # Ana
    app.session.scan(uids(app, "spare-vase")[1])  # Ben
    app.session.scan(uids(app, "broken-vase")[0])  # Cleo plays the Broken Vase: she loses
    until(lambda: app.root.current == "scores")
    frames(3)
    scores = app.root.get_screen("scores")
    if SHOTS:  # the BG Stats button's code comes a moment later
        until(lambda: scores.ids.share.ids.code.texture is not None)
    shoot("play-again-scores")
    tap(button(scores, "Play again"))
    assert app.root.current == "table" and app.table is not finished
    assert app.table.players == ["Ana", "Ben", "Cleo"]
    assert app.table.setup.first == 2  # Cleo lost; clockwise after Ana would be Ben
    assert app.table.setup.settings == finished.setup.settings
    assert app.session.banner.startswith("Cleo lost the last game, so Cleo starts")
    screen = app.root.get_screen("table")
    frames(2)
    assert any("Cleo lost the last game" in t for t in texts(screen))
    assert "Cleo plays first" in app.table.prompt.text
    shoot("play-again-table", screen)


def test_broken_and_beautiful_again_asks_the_last_player_who_goes_first(app):
    start(app, "Test deck", ["Ana", "Ben", "Cleo"], new=(0,))
    finished = app.table
    play_to_the_end(app)
    until(lambda: app.root.current == "scores")
    frames(3)
    last = [p.name for p in finished.scores().players if p.rank == max(
        q.rank for q in finished.scores().players)]  # fmt: skip
    scores = app.root.get_screen("scores")
    tap(button(scores, "Play again"))
    frames(2)
    panel = chooser()
    assert panel is not None and app.table is finished  # nothing starts before the choice
    assert panel.question.startswith(f"{' and '.join(last)} came last")
    shoot("play-again-chooser")
    tap(button(panel, "Back to the scores"))
    frames(2)
    assert chooser() is None and app.root.current == "scores"
    tap(button(scores, "Play again"))
    frames(2)
    tap(button(chooser(), "Cleo"))
    frames(2)
    assert chooser() is None and app.root.current == "table"
    assert app.table is not finished and app.table.players == ["Ana", "Ben", "Cleo"]
    assert app.table.setup.first == 2 and app.table.deck_name == "Test deck"
    assert not any(p.options.get("new_player") for p in app.table.setup.players)
    assert app.session.banner.startswith("Cleo goes first, chosen by")


def test_a_game_from_history_offers_no_play_again(app):
    start(app, "Test deck", ["Ana", "Ben"])
    play_to_the_end(app)
    until(lambda: app.root.current == "scores")
    frames(3)
    scores = app.root.get_screen("scores")
    assert any(getattr(w, "text", "") == "Play again" for w in walk(scores.ids.bar))
    app.goto("history")
    frames(2)
    app.root.get_screen("history").open(app.store.games(finished=True)[0])
    frames(2)
    assert app.root.current == "scores"
    assert not any(getattr(w, "text", "") == "Play again" for w in walk(scores.ids.bar))


def test_a_deck_the_rules_now_refuse_is_said_on_the_sheet(app):
    deck = party_deck()
    app.store.save_deck("who-broke-it", "Party deck", deck.to_toml())
    start(app, "Party deck", ["Ana", "Ben"])
    finished = app.table
    app.session.tap("dealt")
    app.session.scan(uids(app, "broken-vase")[0])  # Ana loses at once
    until(lambda: app.root.current == "scores")
    frames(3)
    deck.remove(uids(app, "broken-vase")[0])  # taken out of the deck since
    app.store.save_deck("who-broke-it", "Party deck", deck.to_toml())
    scores = app.root.get_screen("scores")
    tap(button(scores, "Play again"))
    frames(2)
    assert app.root.current == "scores" and app.table is finished
    assert "Broken Vase" in scores.ids.banner.message
    assert any(t.startswith("Problem:") for t in texts(scores))

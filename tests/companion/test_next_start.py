"""Play again: who starts the next game is each game's own rule (docs/rulings.md N1-N4), and
everything else (players, seats' readers, deck, map, rulings) carries over as it was."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.again import next_start, start_again
from companion.deck import Deck, load_deck, make_component, parse_deck
from companion.engine import PlayerScore, PlayerSetup, ScoreSheet, Setup
from companion.games import definition, playable
from companion.games.broken_planet.mapfile import load_map
from companion.games.kintsugi.moves import legal_inputs
from companion.games.who_broke_it.result import result_sheet
from companion.inputs import Scan
from companion.store import Store
from companion.table import Table, seat_readers
from hardware.script import ScanStep, load_script
from tests.companion.conftest import EXAMPLES, make_deck

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")


def setup_of(players: int, first: int = 0, new: tuple[str, ...] = ()) -> Setup:
    return Setup(
        tuple(PlayerSetup(n, {"new_player": True} if n in new else {}) for n in NAMES[:players]),
        {},
        first=first,
    )


def ranked(ranks: list[int], game: str = "broken-and-beautiful") -> ScoreSheet:
    players = tuple(PlayerScore(n, 10 - r, {}, r) for n, r in zip(NAMES, ranks, strict=False))
    winners = tuple(p.name for p in players if p.rank == 1)
    return ScoreSheet(game, players, winners, "")


def played(store: Store, game: str, deck, names: list[str], script: str, **start) -> Table:
    """A whole example game through a table, as the app plays it."""
    steps = load_script(EXAMPLES / script)
    readers = [s.reader for s in steps if isinstance(s, ScanStep)]
    table = Table.start(store, deck, names, seats=seat_readers(readers, len(names)), **start)
    for step in steps:
        seat = names.index(step.seat) if getattr(step, "seat", None) else None
        if isinstance(step, ScanStep):
            table.scan(step.uid, step.reader)
        else:
            table.tap(step.option, step.arg, seat=seat)
    assert table.finished
    return table


# -- each game's rule ------------------------------------------------------------------
def test_who_broke_it_the_loser_starts():
    sheet = result_sheet(NAMES[:4], 2, "Cleo holds the Broken Vase: Cleo loses")
    start = definition("who-broke-it").again(setup_of(4, first=3), sheet)
    assert start.first == 2 and not start.choosers
    assert start.said(2).startswith("Cleo lost the last game, so Cleo starts")


def test_who_broke_it_with_nobody_lost_goes_clockwise():
    sheet = result_sheet(NAMES[:3], None, "nobody holds the Broken Vase")
    start = definition("who-broke-it").again(setup_of(3, first=2), sheet)
    assert start.first == 0
    assert start.why == "Nobody lost: Ana starts: the next player clockwise from Cleo"


def test_broken_and_beautiful_the_last_chooses_and_nobody_is_new_any_more():
    start = definition("broken-and-beautiful").again(
        setup_of(3, first=1, new=("Ana", "Cleo")), ranked([1, 3, 2])
    )
    assert start.choosers == ("Ben",)
    assert start.why == "Ben came last, so Ben chooses who goes first"
    assert start.said(2) == "Cleo goes first, chosen by Ben (last in the game before)"
    assert [p.name for p in start.players] == ["Ana", "Ben", "Cleo"]
    assert all(not p.options.get("new_player") for p in start.players)


def test_broken_and_beautiful_players_tied_last_choose_together():
    start = definition("broken-and-beautiful").again(setup_of(4), ranked([1, 3, 2, 3]))
    assert start.choosers == ("Ben", "Dev")
    assert start.why == "Ben and Dev came last, so Ben and Dev choose who goes first"


def test_broken_and_beautiful_after_a_tie_everyone_chooses():
    start = definition("broken-and-beautiful").again(setup_of(2), ranked([1, 1]))
    assert start.choosers == ("Ana", "Ben")
    assert start.why == "Ana and Ben tied, so Ana and Ben choose who goes first"


def test_mintsugi_is_silent_so_the_next_player_clockwise_starts():
    start = definition("mintsugi").again(setup_of(4, first=3), ranked([2, 1, 4, 3], "mintsugi"))
    assert (start.first, start.choosers) == (0, ())
    assert start.why == "Ana starts: the next player clockwise from Dev"


def test_broken_planet_draws_the_diamond_again():
    start = definition("broken-planet").again(setup_of(3, first=1), ranked([1, 2, 3]))
    assert start.why == "The diamond draw decides who starts" and not start.choosers


@given(
    game=st.sampled_from([d.name for d in playable()]),
    players=st.integers(2, 6),
    data=st.data(),
)
def test_every_game_seats_the_same_players_and_names_only_them(game, players, data):
    rules = definition(game)
    players = min(max(players, rules.min_players), rules.max_players)
    first = data.draw(st.integers(0, players - 1))
    ranks = data.draw(st.lists(st.integers(1, players), min_size=players, max_size=players))
    loser = data.draw(st.sampled_from([None, *range(players)]))
    sheet = (
        result_sheet(NAMES[:players], loser, "") if game == "who-broke-it" else ranked(ranks, game)
    )
    setup = setup_of(players, first)
    start = rules.again(setup, sheet)
    assert [p.name for p in start.players] == list(NAMES[:players])
    assert 0 <= start.first < players
    assert set(start.choosers) <= set(NAMES[:players])
    for seat in range(players):
        assert start.said(seat)  # always a line to open the game with


# -- the next game itself ----------------------------------------------------------------
def test_who_broke_it_again_seats_the_loser_first_with_the_same_rulings_and_readers():
    store = Store()
    deck = load_deck(EXAMPLES / "who-broke-it-demo.toml")
    names = ["Ana", "Ben", "Cleo", "Dev"]
    before = played(
        store, "who-broke-it", deck, names, "who-broke-it-4p.script",
        settings={"shouting_match_alibi": "join"},
    )  # fmt: skip
    assert before.scores().losers == ("Ben",)
    table, said = start_again(store, before)
    assert table.game_id != before.game_id and not table.finished
    assert table.players == names and table.setup.first == 1
    table.tap("dealt")
    assert table.prompt.player == "Ben"
    assert said.startswith("Ben lost the last game, so Ben starts")
    assert table.setup.settings == before.setup.settings
    assert table.setup.settings["shouting_match_alibi"] == "join"
    assert table.setup.seats == before.setup.seats and table.setup.seats
    assert table.deck_name == before.deck_name
    assert Table.resume(store, table.game_id).setup.first == 1  # stored as it started


def test_broken_planet_again_keeps_the_map_and_the_draw():
    store = Store()
    deck = load_deck(EXAMPLES / "broken-planet-demo.toml")
    game_map = load_map(str(EXAMPLES / "broken-planet-demo-map.toml"))
    before = played(
        store, "broken-planet", deck, ["Ana", "Ben"], "broken-planet-2p.script",
        extra={"map": game_map},
    )  # fmt: skip
    table, said = start_again(store, before)
    assert table.setup.extra == before.setup.extra and table.setup.extra["map"]
    assert said == "The diamond draw decides who starts"
    assert table.prompt.phase == "pawns"


def small_kintsugi_game(store: Store) -> Table:
    cards = [
        ("cup", "wave", 1), ("cup", "crane", 2), ("saucer", "wave", 1), ("bowl", "blossom", 2),
        ("bowl", "wave", 1), ("vase", "crane", 2), ("plate", "lattice", 1), ("plate", "wave", 2),
        ("teapot", "wave", 2), ("gold", None, 3), ("tea-jar", "crane", 1),
    ]  # fmt: skip
    deck = make_deck("broken-and-beautiful", cards)
    store.save_deck(deck.game, deck.name, deck.to_toml())
    players = [PlayerSetup("Ana", {"new_player": True}), PlayerSetup("Ben")]
    table = Table.start(store, deck, players)
    while not table.finished:
        move = legal_inputs(table.state)[0]
        if isinstance(move, Scan):
            table.scan(move.uid)
        else:
            table.tap(move.option, move.arg)
    return table


def test_broken_and_beautiful_again_starts_with_whom_the_last_chose():
    store = Store()
    before = small_kintsugi_game(store)
    last = next_start(before).choosers
    assert last == tuple(p.name for p in before.scores().players if p.rank == 2)
    table, said = start_again(store, before, first=1)
    assert table.setup.first == 1 and said.startswith("Ben goes first, chosen by")
    assert not any(p.options.get("new_player") for p in table.setup.players)
    with pytest.raises(ValueError, match="No seat 3"):
        start_again(store, before, first=2)


def test_again_plays_the_deck_as_stored_now_or_the_game_s_own_cards():
    store = Store()
    before = small_kintsugi_game(store)
    deck = load_deck_from(store)
    fields = {"uid": "04EE00000000FF", "kind": "cup", "pattern": "wave", "ingots": 1}
    extra = make_component("broken-and-beautiful", fields)
    deck.add(extra)
    store.save_deck(deck.game, deck.name, deck.to_toml())
    table, _ = start_again(store, before, first=0)
    assert extra.uid in table.components  # enrolled since: in the next game
    store.delete_deck(deck.game, deck.name)
    table, _ = start_again(store, before, first=0)
    assert set(table.components) == set(before.setup.components)


def load_deck_from(store: Store) -> Deck:
    _game, name, text = store.decks()[0]
    return parse_deck(text, name)


def test_an_unfinished_game_is_not_played_again():
    store = Store()
    deck = load_deck(EXAMPLES / "who-broke-it-demo.toml")
    table = Table.start(store, deck, ["Ana", "Ben"])
    with pytest.raises(ValueError, match="Finish this game first"):
        start_again(store, table)

"""Invariants over random legal games: every card in one place, 14 ingots, nothing negative."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.deck import load_deck
from companion.games.kintsugi.moves import legal_inputs
from companion.games.kintsugi.rules import SUPPLY
from companion.inputs import IllegalInput, Scan, Tap, Unchanged
from companion.store import Store
from companion.table import Table
from tests.companion.conftest import EXAMPLES

DECKS = {
    "broken-and-beautiful": load_deck(EXAMPLES / "broken-and-beautiful-demo.toml"),
    "mintsugi": load_deck(EXAMPLES / "mintsugi-demo.toml"),
}


def check_invariants(table: Table) -> None:
    s = table.state
    places = s.places()
    assert set(places) == set(s.components)
    counted = (
        len(s.deck)
        + len(s.draft)
        + (s.held is not None)
        + sum(map(len, s.collections))
        + len(s.gone)
    )
    assert counted == len(s.components)  # no card in two places
    if s.supply is not None:  # a bank of 14 ingots: they are conserved
        assert s.supply + sum(s.ingots) == SUPPLY and s.supply >= 0
    assert min(s.ingots) >= 0
    for player in table.scores().players:
        assert player.total >= 0 and all(v >= 0 for v in player.breakdown.values())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(DECKS)),
    players=st.integers(min_value=2, max_value=4),
    new=st.lists(st.booleans(), min_size=4, max_size=4),
    choices=st.lists(st.integers(min_value=0, max_value=1000), min_size=400, max_size=400),
)
def test_random_legal_games_keep_the_invariants(game, players, new, choices) -> None:
    from companion.engine import PlayerSetup

    names = [
        PlayerSetup(n, {"new_player": flag})
        for n, flag in zip(["Ana", "Ben", "Cleo", "Dev"][:players], new, strict=False)
    ]
    table = Table.start(Store(), DECKS[game], names)
    for choice in choices:
        if table.finished:
            break
        moves = legal_inputs(table.state)
        move = moves[choice % len(moves)]
        if isinstance(move, Scan):
            table.scan(move.uid)
        else:
            table.tap(move.option, move.arg)
        check_invariants(table)
    assert table.finished  # 400 legal inputs always reach the end of a game


@settings(max_examples=15, deadline=None)
@given(choices=st.lists(st.integers(min_value=0, max_value=1000), min_size=1, max_size=60))
def test_undo_equals_replaying_all_but_the_last_input(choices) -> None:
    deck = DECKS["broken-and-beautiful"]
    store = Store()
    table = Table.start(store, deck, ["Ana", "Ben"])
    inputs = []
    for choice in choices:
        moves = legal_inputs(table.state)
        if not moves:
            break
        move = moves[choice % len(moves)]
        inputs.append(move)
        table.scan(move.uid) if isinstance(move, Scan) else table.tap(move.option, move.arg)
    table.undo()
    fresh = Table.start(store, deck, ["Ana", "Ben"])
    for move in inputs[:-1]:
        fresh.scan(move.uid) if isinstance(move, Scan) else fresh.tap(move.option, move.arg)
    assert table.state.places() == fresh.state.places()
    assert table.state.ingots == fresh.state.ingots and table.prompt == fresh.prompt
    resumed = Table.resume(store, table.game_id)
    assert resumed.state.places() == table.state.places() and resumed.prompt == table.prompt


TAPS = ("keep", "sell", "done", "pass")


def accepted(table: Table) -> set[tuple[str, str]]:
    """Of every scan and tap a player could make, those the engine takes now."""
    candidates = [Scan(uid) for uid in table.state.components] + [Tap(w) for w in TAPS]
    taken = set()
    for move in candidates:
        try:
            table.engine.apply(table.state, move)
        except (IllegalInput, Unchanged):
            continue
        taken.add(key(move))
    return taken


def key(move: Scan | Tap) -> tuple[str, str]:
    return ("scan", move.uid) if isinstance(move, Scan) else ("tap", move.option)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(DECKS)),
    choices=st.lists(st.integers(min_value=0, max_value=1000), min_size=300, max_size=300),
)
def test_the_legal_inputs_are_exactly_what_the_engine_takes(game, choices) -> None:
    """The random games above, the benchmarks and the demo scripts choose from
    `legal_inputs`: it lists every input the engine takes at each step, and nothing else."""
    table = Table.start(Store(), DECKS[game], ["Ana", "Ben", "Cleo"])
    for choice in choices:
        moves = legal_inputs(table.state)
        assert {key(m) for m in moves} == accepted(table), table.state.phase
        if table.finished:
            assert moves == []
            break
        move = moves[choice % len(moves)]
        table.scan(move.uid) if isinstance(move, Scan) else table.tap(move.option, move.arg)
    assert table.finished

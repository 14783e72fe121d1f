"""Evenings: finished games grouped by the gap between their ends, and each evening's
standings; any stored result, however damaged, still counts as a game of one evening."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.evening import (
    ABSENT,
    GAP,
    LOST,
    PLAYED,
    WON,
    evening_of,
    evenings,
    figures,
    heading,
    leaders,
    standings,
    tonight,
)
from companion.store import GameRow

NIGHT = 1_764_615_600.0  # 2025-12-01 19:00 UTC
HOUR = 3600.0


def row(gid, finished, players, winners=(), losers=(), game="who-broke-it", result="sheet"):
    """A stored game row; `result` "sheet" builds a sheet, anything else is stored as is."""
    if result == "sheet":
        result = {
            "game": game,
            "players": [{"name": n, "total": None, "rank": 1} for n in players],
            "winners": list(winners),
        }
        if losers:
            result["losers"] = list(losers)
    setup = {"players": [{"name": n} for n in players], "first": 0}
    created = None if finished is None else finished - HOUR
    return GameRow(
        gid, game, "d", setup, None, created or 0.0, finished or 0.0, finished, result, 9
    )


def test_a_gap_of_more_than_four_hours_ends_an_evening():
    rows = [
        row(1, NIGHT, ["Ana", "Ben"], ["Ben"], ["Ana"]),
        row(2, NIGHT + 1 * HOUR, ["Ana", "Ben"], ["Ana"], ["Ben"]),
        row(3, NIGHT + 5 * HOUR, ["Ana", "Ben"], ["Ana"], ["Ben"]),  # 4 h after game 2
        row(4, NIGHT + 5.5 * HOUR + GAP, ["Ana", "Ben"], ["Ben"], ["Ana"]),
        row(5, None, ["Ana", "Ben"]),  # not finished: in no evening
    ]
    found = evenings(reversed(rows))
    assert [[g.id for g in e.games] for e in found] == [[1, 2, 3], [4]]
    assert [e.number for e in found] == [1, 2]
    assert tonight(found, NIGHT + 5.6 * HOUR + GAP) == found[1]
    assert tonight(found, NIGHT + 5.5 * HOUR + 2 * GAP + 1) is None
    then = evening_of(found, 2)
    assert [g.id for g in then.games] == [1, 2] and then.of == 3  # as it stood then
    assert heading(then, now=NIGHT + 5.5 * HOUR).startswith("Tonight after game 2 of 3, since ")
    assert " after game 2 of 3, " in heading(then, now=NIGHT + 20 * HOUR)
    assert heading(found[0], now=NIGHT + 20 * HOUR).endswith(": 3 games")


def test_standings_count_wins_and_losses_and_mark_each_game_in_order():
    rows = [
        row(1, NIGHT, ["Ana", "Ben", "Cleo"], ["Ana", "Ben"], ["Cleo"]),
        row(2, NIGHT + HOUR, ["ana", "Ben", "Cleo"], ["ana", "Cleo"], ["Ben"]),
        row(3, NIGHT + 2 * HOUR, ["Ana", "Dev"], ["Dev"], [], game="mintsugi"),
    ]
    [evening] = evenings(rows)
    table = {s.name: s for s in standings(evening)}
    assert list(table) == ["Ana", "Dev", "Ben", "Cleo"]  # most wins, fewest losses, who came first
    ana = table["Ana"]
    assert (ana.games, ana.wins, ana.losses) == (3, 2, 0)
    assert [m.outcome for m in ana.marks] == [WON, WON, PLAYED]
    assert [m.outcome for m in table["Dev"].marks] == [ABSENT, ABSENT, WON]
    assert [m.outcome for m in table["Ben"].marks] == [WON, LOST, ABSENT]
    assert [m.initials for m in ana.marks] == ["WBI", "WBI", "Min"]
    assert figures(table["Ben"], losses=True) == [(1, "won"), (1, "lost"), (2, "played")]
    assert figures(table["Dev"], losses=False) == [(1, "won"), (1, "played")]
    assert leaders(evening) == "most wins: Ana (2)"
    assert heading(evening, now=NIGHT + 3 * HOUR).startswith("Tonight: 3 games since ")
    assert ", " in heading(evening, now=NIGHT + 30 * HOUR)


DAMAGED = [
    None,
    {},
    {"players": "Ana"},
    {"players": [None, 3, {"name": 7}, {"name": "\u202e"}], "winners": "Ana"},
    {"winners": [["Ana"]], "losers": {"Ben": 1}},
    {"players": [{"name": "Zed"}], "winners": ["Yan"], "losers": ["Zed", None]},
]


def test_a_damaged_result_is_a_game_nobody_won_never_an_error():
    rows = [row(i, NIGHT + i, ["Ana"], result=r) for i, r in enumerate(DAMAGED, 1)]
    [evening] = evenings(rows)
    assert len(evening.games) == len(DAMAGED)
    table = {s.name: s for s in standings(evening)}
    assert table["Yan"].wins == 1 and table["Zed"].losses == 1
    assert all(s.wins <= s.games for s in table.values())


names = st.sampled_from(["Ana", "ana", "Ben", "Cleo", " Dev ", "Eli"])
games = st.lists(
    st.tuples(
        st.one_of(st.none(), st.floats(0, 40 * HOUR)),
        st.lists(names, max_size=5),
        st.lists(names, max_size=3),
        st.lists(names, max_size=2),
    ),
    max_size=14,
)


@settings(max_examples=150, deadline=None)
@given(games)
def test_every_finished_game_is_in_exactly_one_evening_and_the_counts_hold(drawn):
    rows = [row(i, None if t is None else NIGHT + t, p, w, lo) for i, (t, p, w, lo) in
            enumerate(drawn, 1)]  # fmt: skip
    found = evenings(rows)
    listed = [g.id for e in found for g in e.games]
    assert sorted(listed) == sorted(r.id for r in rows if r.finished is not None)
    ends = [g.finished for e in found for g in e.games]
    assert ends == sorted(ends), "evenings and their games in order"
    for before, after in zip(found, found[1:], strict=False):
        assert after.games[0].finished - before.ended > GAP
    for evening in found:
        ends = [g.finished for g in evening.games]
        assert all(b - a <= GAP for a, b in zip(ends, ends[1:], strict=False))
        for standing in standings(evening):
            assert 0 <= standing.losses <= standing.games - standing.wins
            assert standing.games <= len(evening.games) == len(standing.marks)
        keys = [s.name.casefold() for s in standings(evening)]
        assert len(keys) == len(set(keys)), "one row a player, whatever the case"

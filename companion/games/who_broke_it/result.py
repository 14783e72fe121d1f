"""The result of a game with a loser and no points: one sheet for the table and for
`companion score`, so both say the same thing the same way."""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine import PlayerScore, ScoreSheet


def result_sheet(
    names: Sequence[str], loser: int | None, reason: str, *, over: bool = True
) -> ScoreSheet:
    """Nobody scores; the loser ranks 2nd and everyone else wins. A finished game without a
    loser (ruling W2, a vase gone without blame) is won by everyone; a game still going
    has neither winners nor losers yet."""
    players = tuple(
        PlayerScore(name, None, {}, rank=2 if i == loser else 1) for i, name in enumerate(names)
    )
    winners = tuple(n for i, n in enumerate(names) if i != loser) if over else ()
    losers = (names[loser],) if loser is not None else ()
    return ScoreSheet("who-broke-it", players, winners, reason, losers)

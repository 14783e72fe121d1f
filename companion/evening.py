"""The evening: finished games played in one sitting, and who is ahead tonight.

A game night is several games in a row with the same people, so the companion groups
finished games into evenings: sorted by when they finished, a game that finished more than
`GAP` after the one before it starts a new evening (four hours: longer than any game of
ours lasts or a dinner break takes, shorter than a night's sleep). An evening's standings
count, per player, the games played, won and lost (a game with a loser, Who Broke It?,
has losses; its other players are its winners), and a mark per game in order: the
"picture of who won what" Home and the score sheet draw. Players are one player when their
names are the same to the table (`companion.names`: cleaned, case-folded), however a save
spelled them.

Saves are untrusted: a stored result missing its lists, holding numbers where names go, or
no result at all still counts as a game of its evening (nobody won it), never an error.
Pure: no clock (callers pass `now`), no store access (callers pass the rows).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games import definition
from companion.names import clean_name
from companion.store import GameRow

GAP = 4 * 3600.0  # seconds between two games' ends that end an evening
WON, LOST, PLAYED, ABSENT = "won", "lost", "played", ""  # a player's mark for one game


@dataclass(frozen=True)
class Played:
    """One finished game as an evening counts it (names as the table shows them)."""

    id: int
    game: str
    started: float
    finished: float
    players: tuple[str, ...]
    winners: tuple[str, ...]
    losers: tuple[str, ...]

    @property
    def title(self) -> str:
        try:
            return definition(self.game).title
        except ValueError:  # a game this version no longer knows: its stored name
            return str(self.game)

    @property
    def initials(self) -> str:
        """The game in two or three letters for a mark ("Who Broke It?" is WBI)."""
        return initials(self.title)

    def outcome(self, key: str) -> str:
        """What this game was to the player whose name's key is `key`."""
        if key in {same(n) for n in self.losers}:
            return LOST
        if key in {same(n) for n in self.winners}:
            return WON
        return PLAYED if key in {same(n) for n in self.players} else ABSENT


@dataclass(frozen=True)
class Evening:
    """Games finished in one sitting, oldest first; `number` counts evenings from the
    save's first (1)."""

    number: int
    games: tuple[Played, ...]
    of: int = 0  # as it stood after its first games (`until`): how many it holds in all
    closes: float = 0.0  # and when its last game ended

    @property
    def began(self) -> float:
        return min(g.started for g in self.games)

    @property
    def ended(self) -> float:
        return self.games[-1].finished

    def until(self, game_id: int) -> Evening:
        """The evening as it stood when the game `game_id` ended (that game included)."""
        ids = [g.id for g in self.games]
        return Evening(self.number, self.games[: ids.index(game_id) + 1], len(ids), self.ended)


@dataclass(frozen=True)
class Mark:
    """One game in a player's row: its initials and what it was to them (WON, LOST,
    PLAYED, or ABSENT for a game they sat out)."""

    initials: str
    title: str
    outcome: str


@dataclass(frozen=True)
class Standing:
    """One player's evening: games played, won and lost, and a mark per game in order."""

    name: str
    games: int
    wins: int
    losses: int
    marks: tuple[Mark, ...]


def same(name: str) -> str:
    """The key under which two spellings of a name are one player."""
    return clean_name(name).casefold()


def initials(title: str) -> str:
    words = [w for w in title.replace("?", " ").split() if w.lower() not in ("and", "of", "the")]
    if len(words) == 1:
        return words[0][:3]
    return "".join(w[0].upper() for w in words[:3]) or "?"


def _names(value: Any) -> tuple[str, ...]:
    """The names in a stored list, cleaned, each once; anything else is no names."""
    if not isinstance(value, list | tuple):
        return ()
    found: dict[str, str] = {}
    for item in value:
        name = item.get("name") if isinstance(item, dict) else item
        if isinstance(name, str) and clean_name(name):
            found.setdefault(same(name), clean_name(name))
    return tuple(found.values())


def _moment(*stamps: Any) -> float:
    """The first stamp that is a real moment in time (a damaged save may hold anything)."""
    for stamp in stamps:
        if isinstance(stamp, int | float) and not isinstance(stamp, bool) and math.isfinite(stamp):
            return float(stamp)
    return 0.0


def played(row: GameRow) -> Played:
    """A finished game's row as an evening counts it; whatever of its result does not read
    counts as nobody winning or losing. Its players are those its sheet lists (else its
    setup's), and every winner and loser besides."""
    result = row.result if isinstance(row.result, dict) else {}
    setup = row.setup if isinstance(row.setup, dict) else {}
    winners, losers = _names(result.get("winners")), _names(result.get("losers"))
    players = _names(result.get("players")) or _names(setup.get("players"))
    players = _names([*players, *winners, *losers])
    finished = _moment(row.finished, row.updated, row.created)
    return Played(
        id=row.id,
        game=str(row.game),
        started=min(_moment(row.created, finished), finished),
        finished=finished,
        players=players,
        winners=winners,
        losers=losers,
    )


def evenings(rows: Iterable[GameRow], gap: float = GAP) -> list[Evening]:
    """Every finished game of `rows` in exactly one evening, evenings oldest first."""
    games = sorted(
        (played(r) for r in rows if r.finished is not None), key=lambda g: (g.finished, g.id)
    )
    groups: list[list[Played]] = []
    for game in games:
        if not groups or game.finished - groups[-1][-1].finished > gap:
            groups.append([])
        groups[-1].append(game)
    return [Evening(n, tuple(g)) for n, g in enumerate(groups, 1)]


def evening_of(found: Sequence[Evening], game_id: int) -> Evening | None:
    """The evening holding the game `game_id`, as it stood when that game ended."""
    for evening in found:
        if any(g.id == game_id for g in evening.games):
            return evening.until(game_id)
    return None


def tonight(found: Sequence[Evening], now: float, gap: float = GAP) -> Evening | None:
    """The evening still going at `now`: the last one, if its last game ended within `gap`."""
    if found and 0 <= now - found[-1].ended <= gap:
        return found[-1]
    return None


def standings(evening: Evening) -> list[Standing]:
    """Every player of the evening, most wins first (then fewest losses, most games, who
    played first), with a mark for each of the evening's games in order."""
    spelled: dict[str, str] = {}
    for game in evening.games:
        for name in game.players:
            spelled[same(name)] = name  # the latest spelling
    rows = []
    for order, key in enumerate(dict.fromkeys(same(n) for g in evening.games for n in g.players)):
        marks = tuple(Mark(g.initials, g.title, g.outcome(key)) for g in evening.games)
        outcomes = [m.outcome for m in marks]
        rows.append(
            (
                order,
                Standing(
                    name=spelled[key],
                    games=len(outcomes) - outcomes.count(ABSENT),
                    wins=outcomes.count(WON),
                    losses=outcomes.count(LOST),
                    marks=marks,
                ),
            )
        )
    rows.sort(key=lambda r: (-r[1].wins, r[1].losses, -r[1].games, r[0]))
    return [s for _order, s in rows]


# -- words players read -------------------------------------------------------------------
def has_losses(evening: Evening) -> bool:
    return any(g.losers for g in evening.games)


def figures(standing: Standing, losses: bool) -> list[tuple[int, str]]:
    """A player's figures as (number, word): "2 won", "1 lost" (only in an evening with a
    game with a loser), "3 played"."""
    shown = [(standing.wins, "won")]
    if losses:
        shown.append((standing.losses, "lost"))
    return [*shown, (standing.games, "played")]


def _clock(stamp: float) -> str:
    return time.strftime("%H:%M", time.localtime(stamp))


def heading(evening: Evening, *, now: float | None = None) -> str:
    """What the standings are of: "Tonight: 3 games since 19:02" for the evening still
    going at `now`, else "Tue 01 Dec 2026, 19:02 to 22:40: 3 games"; an evening as it
    stood after one of its games says which ("Tonight after game 2 of 3, since 19:02")."""
    count = len(evening.games)
    since = _clock(evening.began)
    tonight = now is not None and now - max(evening.ended, evening.closes) <= GAP
    day = time.strftime("%a %d %b %Y", time.localtime(evening.began))
    if evening.of > count:
        after = f"after game {count} of {evening.of}"
        if tonight:
            return f"Tonight {after}, since {since}"
        return f"{day} {after}, {since} to {_clock(evening.ended)}"
    games = f"{count} game" + ("" if count == 1 else "s")
    if tonight:
        return f"Tonight: {games} since {since}"
    return f"{day}, {since} to {_clock(evening.ended)}: {games}"


def leaders(evening: Evening) -> str:
    """Who is ahead, in a line for History's heading: "most wins: Ben (2)"."""
    table = standings(evening)
    if not table or table[0].wins == 0:
        return "no winner yet"
    best = [s.name for s in table if s.wins == table[0].wins]
    names = " and ".join(filter(None, [", ".join(best[:-1]), best[-1]]))
    return f"most wins: {names} ({table[0].wins})"


def title(evening: Evening, now: float | None = None) -> str:
    """History's heading over an evening's games: when, how many, who is ahead."""
    return f"{heading(evening, now=now)} · {leaders(evening)}"

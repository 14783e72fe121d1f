"""Resume budget: replaying a 2,000-input game log (DESIGN.md: under 100 ms), per game.

Builds a log of a real game (its demo deck, random legal inputs, with undos mixed in) in a
temporary SQLite file, then times Table.resume. Prints figures; asserts nothing.
`python bench/resume.py [broken-and-beautiful|broken-planet ...]` (default: both).
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from companion.deck import load_deck
from companion.games.broken_planet.mapfile import load_map
from companion.games.kintsugi.moves import legal_inputs
from companion.inputs import IllegalInput, Scan
from companion.store import Store
from companion.table import Table

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
TARGET = 2000
PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]
ENDING = ("done", "skip", "cancel")


def kintsugi_move(table: Table, rng: random.Random) -> bool:
    move = rng.choice(legal_inputs(table.state))
    table.scan(move.uid) if isinstance(move, Scan) else table.tap(move.option, move.arg)
    return True


def planet_move(table: Table, rng: random.Random) -> bool:
    """A pawn at set-up, else one of the prompt's enabled options (for a seat it waits on);
    one the hidden hand cannot pay for is refused, so another is tried. False: none taken."""
    prompt = table.prompt
    if prompt.phase == "pawns":
        pawns = [(uid, None) for uid, c in table.components.items() if c.kind == "pawn"]
        tries = rng.sample(pawns, len(pawns))
    else:
        seats = [table.players.index(n) for n in prompt.waiting] or [None]
        offered = [(o, seat) for o in prompt.options if o.enabled for seat in seats]
        # players act before they end: done, skip and cancel only when nothing else is taken
        tries = sorted(rng.sample(offered, len(offered)), key=lambda t: t[0].word in ENDING)
    for thing, seat in tries:
        try:
            if isinstance(thing, str):
                table.scan(thing)
            else:
                table.tap(thing.word, thing.arg, seat=seat)
            return True
        except IllegalInput:
            continue
    return False


GAMES: dict[str, tuple[str, dict, Callable[[Table, random.Random], bool]]] = {
    "broken-and-beautiful": ("broken-and-beautiful-demo.toml", {}, kintsugi_move),
    "broken-planet": (
        "broken-planet-demo.toml",
        {"map": load_map(EXAMPLES / "broken-planet-demo-map.toml")},
        planet_move,
    ),
}


def build_log(path: Path, game: str) -> tuple[int, int]:
    deck_file, extra, move = GAMES[game]
    store = Store(path)
    store.db.execute(
        "PRAGMA synchronous=OFF"
    )  # building the fixture fast; resume reads it normally
    table = Table.start(store, load_deck(EXAMPLES / deck_file), PLAYERS, extra=extra)
    rng = random.Random(1)
    logged = 0
    while logged < TARGET:  # each input logged is a move or an undo
        back = rng.randint(1, 60) if table.finished else 0  # a finished game: go back a while
        if back or (table.can_undo and rng.random() < 0.05) or not move(table, rng):
            for _ in range(max(back, 1)):
                table.undo()
            logged += max(back, 1) - 1
        logged += 1
    return table.game_id, logged


def main(games: list[str]) -> None:
    for game in games:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "bench.db"
            game_id, logged = build_log(path, game)
            times = []
            for _ in range(15):
                store = Store(path)
                started = time.perf_counter()
                Table.resume(store, game_id)
                times.append((time.perf_counter() - started) * 1000)
                store.close()
        print(f"resume {game}: replay a {logged}-input log: median "
              f"{statistics.median(times):.1f} ms, max {max(times):.1f} ms (budget < 100 ms)")  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1:] or list(GAMES))

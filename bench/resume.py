"""Resume budget: replaying a 2,000-input game log (DESIGN.md: under 100 ms).

Builds a log of real games (demo deck, random legal inputs, with undos mixed in) in a
temporary SQLite file, then times Table.resume. Prints figures; asserts nothing.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.deck import load_deck
from companion.games.kintsugi.moves import legal_inputs
from companion.inputs import Scan
from companion.store import Store
from companion.table import Table

ROOT = Path(__file__).resolve().parents[1]
TARGET = 2000


def build_log(path: Path) -> tuple[int, int]:
    deck = load_deck(ROOT / "examples" / "broken-and-beautiful-demo.toml")
    store = Store(path)
    store.db.execute(
        "PRAGMA synchronous=OFF"
    )  # building the fixture fast; resume reads it normally
    table = Table.start(store, deck, ["Ana", "Ben", "Cleo", "Dev"])
    rng = random.Random(1)
    logged = 0
    while logged < TARGET:
        if table.finished or (table.can_undo and rng.random() < 0.05):
            table.undo()
        else:
            move = rng.choice(legal_inputs(table.state))
            table.scan(move.uid) if isinstance(move, Scan) else table.tap(move.option, move.arg)
        logged += 1
    return table.game_id, logged


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        game_id, logged = build_log(path)
        times = []
        for _ in range(15):
            store = Store(path)
            started = time.perf_counter()
            Table.resume(store, game_id)
            times.append((time.perf_counter() - started) * 1000)
            store.close()
    print(f"resume: replay a {logged}-input log: median {statistics.median(times):.1f} ms, "
          f"max {max(times):.1f} ms (budget < 100 ms)")  # fmt: skip


if __name__ == "__main__":
    main()

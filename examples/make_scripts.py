"""Write the demo scan scripts in examples/ by playing the demo decks with a simple policy.

Run: .venv/bin/python examples/make_scripts.py  (the committed scripts are its output)
"""

from __future__ import annotations

import random
from pathlib import Path

from companion.deck import load_deck
from companion.games.kintsugi.moves import legal_inputs
from companion.inputs import Scan, Tap
from companion.store import Store
from companion.table import Table

HERE = Path(__file__).parent


def write_script(game: str, players: list[str], seed: int) -> Path:
    deck = load_deck(HERE / f"{game}-demo.toml")
    table = Table.start(Store(), deck, players)
    rng = random.Random(seed)
    lines = [
        f"# Demo game of {game} for {', '.join(players)}, made by examples/make_scripts.py",
        f"# companion play --game {game} --deck examples/{game}-demo.toml "
        f"--players {','.join(players)} --script <this file>",
    ]
    shown_undo = False
    while not table.finished:
        phase = table.prompt.phase
        if phase != lines[-1].removeprefix("# "):
            lines.append(f"# {phase}")
        moves = legal_inputs(table.state)
        if phase == "keep":
            move = Tap("sell") if rng.random() < 0.3 else Tap("keep")
            if not shown_undo and move.option == "keep":
                lines += ["tap sell", "tap undo   # a slip: undo takes it back"]
                shown_undo = True
        elif phase == "repair":
            move = moves[0] if len(moves) > 1 and rng.random() < 0.8 else Tap("pass")
        else:
            move = rng.choice(moves)
        if isinstance(move, Scan):
            table.scan(move.uid)
            lines.append(f"scan {move.uid}   # {deck.components[move.uid].label}")
        else:
            table.tap(move.option, move.arg)
            lines.append(f"tap {move.option}" + (f" {move.arg}" if move.arg else ""))
    path = HERE / f"{game}-{len(players)}p.script"
    path.write_text("\n".join(lines) + "\n")
    return path


if __name__ == "__main__":
    print(write_script("broken-and-beautiful", ["Ana", "Ben", "Cleo"], 7))
    print(write_script("broken-and-beautiful", ["Ana", "Ben"], 3))
    print(write_script("mintsugi", ["Ana", "Ben", "Cleo", "Dev"], 5))

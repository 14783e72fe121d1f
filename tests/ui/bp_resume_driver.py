"""A Broken Planet session in its own process, for the kill-and-resume test (as
resume_driver.py is for Broken and Beautiful).

`play N`: start the demo game through Setup, play the script's first N lines through the
app, print what the players see as JSON, then run until killed. `resume`: open the app,
press the first Resume on Home and print the same."""

from __future__ import annotations

import json
import sys

from tests.ui.apphelp import button, frames, press
from tests.ui.bp_helpers import add_deck, cover, play_step, script_steps, start
from tests.ui.resume_driver import open_tracking_app


def snapshot(app) -> dict:
    view = app.table.view()
    table = cover(app.root.get_screen("table"))
    return {
        "prompt": view.prompt.text,
        "options": [[o.word, o.arg, o.enabled] for o in view.prompt.options],
        "board": json.loads(json.dumps(view.board)),
        "players": [[c.text for c in p.counters] for p in view.players],
        "hands": {name: app.table.engine.hand(app.table.state, name) for name in ("Ana", "Ben")},
        "shown": table.prompt_text,
        "offered": sorted(n for n, b in table.map.islands.items() if b.offered),
    }


def main(mode: str, steps: int = 0) -> None:
    app = open_tracking_app()
    if mode == "play":
        screen = start(app)
        for step in script_steps()[:steps]:
            play_step(app, screen, step)
        print(json.dumps(snapshot(app)), flush=True)
        while True:
            frames()
    add_deck(app)
    home = app.root.get_screen("home")
    frames(2)
    press(button(home, "Resume"))
    frames(2)
    print(json.dumps(snapshot(app)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0)

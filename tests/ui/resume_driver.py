"""A player session in its own process, for the kill-and-resume test.

`play N`: start a game through the setup screen, play N inputs, print the table's state as
JSON, then keep the app running until killed. `resume`: open the app, read the home
screen's first resume button, press it, and print the restored state.
"""

from __future__ import annotations

import json
import sys

from tests.ui.apphelp import button, frames, open_app, press
from tests.ui.test_app_flow import play_one, start_game


def snapshot(app) -> dict:
    s = app.table.state
    return {
        "prompt": app.table.prompt.text,
        "round": s.round,
        "phase": s.phase,
        "deck": sorted(s.deck),
        "draft": list(s.draft),
        "collections": s.collections,
        "status": s.status,
        "ingots": s.ingots,
        "supply": s.supply,
        "shown": app.root.get_screen("table").ids.prompt.text,
    }


def open_tracking_app():
    """The app, tracking the tags on its simulated reader as the `app` fixture does."""
    app = open_app()
    app.on_reader = set()
    app.bind(
        on_reader_event=lambda _a, e: (
            app.on_reader.add if e.kind == "placed" else app.on_reader.discard
        )(e.uid)
    )
    return app


def main(mode: str, steps: int = 0) -> None:
    app = open_tracking_app()
    if mode == "play":
        screen = start_game(app)
        for step in range(steps):
            play_one(app, screen, step, [])
        print(json.dumps(snapshot(app)), flush=True)
        while True:
            frames()
    home = app.root.get_screen("home")
    first = home.ids.resume.children[-1]
    print(json.dumps({"button": first.ids.resume.text}), flush=True)
    press(button(home, "Resume"))
    frames(2)
    print(json.dumps(snapshot(app)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0)

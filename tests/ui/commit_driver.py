"""The app killed at each moment of a deferred commit, for tests/ui/test_kill_moments.py.

`play N MOMENT`: start a game, play N inputs, wait until they are saved and print that state
("saved"), then bring the next input to MOMENT and print what the table shows ("shown",
"saving", how many times the accepted feedback fired), and keep the app running until
killed:
- `undecided`: the card is on the simulated reader, the UI thread has not taken it yet;
- `drawn`: the prompt after it is drawn, its commit not begun (held before the fsync);
- `synced`: its commit has returned (on the card), the table not yet told (held after it).
The writer thread is held by wrapping the store's `append` in this process only.
"""

from __future__ import annotations

import json
import sys
import threading

from tests.ui.apphelp import frames, until
from tests.ui.resume_driver import open_tracking_app, snapshot
from tests.ui.test_app_flow import play_one, start_game

NEVER = threading.Event()  # what a held writer waits for


def hold_the_writer(app, moment: str) -> None:
    commit = app.store.append

    def held(*args, **kwargs):
        if moment == "synced":
            commit(*args, **kwargs)
        NEVER.wait()

    app.store.append = held


def main(steps: int, moment: str) -> None:
    app = open_tracking_app()
    accepted = [0]
    feedback_accepted = app.session.feedback.accepted

    def counted() -> None:
        accepted[0] += 1
        feedback_accepted()

    app.session.feedback.accepted = counted
    screen = start_game(app)
    for step in range(steps):
        play_one(app, screen, step, [])
    until(lambda: not app.session.saving)
    frames(2)
    print(json.dumps({"saved": snapshot(app), "accepted": accepted[0]}), flush=True)
    if moment == "undecided":
        table = app.table
        assert table.prompt.phase == "draft", table.prompt.phase
        app.sim.place(table.state.draft[-1])  # the reader thread sees it; the UI never asks
    else:
        hold_the_writer(app, moment)
        play_one(app, screen, steps, [])
        frames(2)
    shown = {"shown": snapshot(app), "saving": app.session.saving, "accepted": accepted[0]}
    print(json.dumps(shown), flush=True)
    while True:
        if moment == "undecided":
            threading.Event().wait(1)
        else:
            frames()


if __name__ == "__main__":
    main(int(sys.argv[2]), sys.argv[3])  # play N MOMENT

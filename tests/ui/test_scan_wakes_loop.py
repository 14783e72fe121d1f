"""A tag laid on a reader wakes the UI loop: the scan is handled and drawn at once, not when
the clock's frame slot runs out (ui.app.scan_waker, on Kivy's `free_all` clock)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from tests.ui._window import require_window

require_window()  # first: the app's own Kivy environment, its clock included

from kivy.clock import Clock  # noqa: E402

from companion.table import Table  # noqa: E402
from tests.ui.apphelp import frames, until  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_app_picks_kivys_free_clock(tmp_path):
    probe = "import ui; from kivy.clock import Clock; print(Clock.__class__.__name__)"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env={"COMPANION_DATA": str(tmp_path), "KIVY_NO_ARGS": "1", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.strip().splitlines()[-1] == "ClockBaseFreeInterruptAll", done.stderr


def test_a_tag_laid_down_is_handled_before_the_frame_slot_ends(app):
    deck = next(d for d in app.decks() if d.name == "Test deck")
    app.open_table(Table.start(app.store, deck, ["Ana", "Ben"]))
    frames(3)
    uid = sorted(app.table.state.deck)[0]
    before = app.session.revision
    fps, Clock._max_fps = Clock._max_fps, 1.0  # a frame's slot is a whole second now
    try:
        frames()  # the slot starts here
        started = time.monotonic()
        app.sim.place(uid)
        frames()  # sleeps until the reader's thread wakes it, then handles the scan
        waited = time.monotonic() - started
    finally:
        Clock._max_fps = fps
    assert app.session.revision > before
    assert waited < 0.5, f"the loop slept {waited:.2f} s of its 1 s slot with a scan waiting"
    until(lambda: uid in app.on_reader)

"""Kill the app mid-game (SIGKILL, like a pulled plug) and start it again: the home screen
offers that game first, and resuming it restores exactly the state the players saw."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.ui._window import require_window

require_window()

ROOT = Path(__file__).resolve().parents[2]


def driver(data, *args, module="tests.ui.resume_driver"):
    env = dict(os.environ, COMPANION_DATA=str(data))
    errors = open(data / f"{args[0]}.stderr", "w")  # read after it ends
    return subprocess.Popen(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
    )


def played_then_killed(data, steps, module="tests.ui.resume_driver"):
    """What the driver printed after playing `steps` inputs, then the process killed."""
    playing = driver(data, "play", str(steps), module=module)
    try:
        line = playing.stdout.readline()
    finally:
        playing.send_signal(signal.SIGKILL)
        playing.wait(10)
    assert line, (data / "play.stderr").read_text()[-3000:]
    return json.loads(line)


def test_a_killed_game_resumes_exactly_where_it_was(tmp_path):
    before = played_then_killed(tmp_path, 9)  # deal 5, then draft and keep/sell
    assert before["phase"] in ("draft", "keep") and before["shown"] == before["prompt"]
    resumed = driver(tmp_path, "resume")
    out, _ = resumed.communicate(timeout=60)
    assert resumed.returncode == 0, (tmp_path / "resume.stderr").read_text()[-3000:]
    lines = [json.loads(line) for line in out.splitlines()]
    offer = lines[0]["button"]
    assert offer.startswith("Resume Broken and Beautiful: Ana, Ben") and "round 1" in offer.lower()
    after = lines[1]
    assert after == before

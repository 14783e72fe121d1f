"""Kill the app in the middle of a Broken Planet turn (a temple token scanned, its island not
yet tapped) and start it again: the resumed table shows exactly what the players saw."""

from __future__ import annotations

import json

from tests.ui._window import require_window
from tests.ui.bp_helpers import script_steps
from tests.ui.test_kill_resume import driver, played_then_killed

require_window()

DRIVER = "tests.ui.bp_resume_driver"
MID_TURN = 47  # script line: Ben scans his Amber Anvil token; which island is still open


def test_a_game_killed_mid_turn_resumes_with_nothing_lost(tmp_path):
    steps = next(i for i, s in enumerate(script_steps()) if s.line == MID_TURN) + 1
    before = played_then_killed(tmp_path, steps, module=DRIVER)
    assert before["board"]["step"] == "build" and before["offered"]  # mid-turn, islands lit
    assert before["shown"] == before["prompt"]
    resumed = driver(tmp_path, "resume", module=DRIVER)
    out, _ = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, (tmp_path / "resume.stderr").read_text()[-3000:]
    assert json.loads(out.splitlines()[-1]) == before

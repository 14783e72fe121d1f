"""A power cut at each moment of a deferred commit (docs/saves.md, "What a power cut can
lose"): the app is killed (SIGKILL) with its next input undecided, drawn but not yet on the
card, and on the card but not yet confirmed; the resumed game holds every input confirmed
(the accepted feedback fired), and nothing the table had not decided."""

from __future__ import annotations

import json
import signal

import pytest

from tests.ui._window import require_window
from tests.ui.test_kill_resume import driver

require_window()

STEPS = 5  # the deal's five scans: the next input is the draft's scan


def killed_at(data, moment):
    playing = driver(data, "play", str(STEPS), moment, module="tests.ui.commit_driver")
    try:
        saved, shown = playing.stdout.readline(), playing.stdout.readline()
    finally:
        playing.send_signal(signal.SIGKILL)
        playing.wait(10)
    assert shown, (data / "play.stderr").read_text()[-3000:]
    return json.loads(saved), json.loads(shown)


def resumed(data):
    resuming = driver(data, "resume")
    out, _ = resuming.communicate(timeout=60)
    assert resuming.returncode == 0, (data / "resume.stderr").read_text()[-3000:]
    return json.loads(out.splitlines()[1])


def test_a_card_laid_but_not_yet_taken_is_not_played(tmp_path):
    saved, shown = killed_at(tmp_path, "undecided")
    assert shown["shown"] == saved["saved"]
    assert resumed(tmp_path) == saved["saved"]


@pytest.mark.parametrize(
    ("moment", "kept"), [("drawn", False), ("synced", True)], ids=["before-fsync", "after-fsync"]
)
def test_an_input_shown_but_not_confirmed_is_lost_or_kept_whole(tmp_path, moment, kept):
    saved, shown = killed_at(tmp_path, moment)
    assert shown["saving"] and shown["shown"] != saved["saved"]  # drawn at once, not saved
    assert shown["accepted"] == saved["accepted"]  # the LED/buzzer have not said "accepted"
    assert resumed(tmp_path) == (shown["shown"] if kept else saved["saved"])

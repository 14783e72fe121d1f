"""The Pi 4 model's SD card (bench/sdcard.c, issue 24 item 4): preloaded, it delays every
fsync and fdatasync by a draw from the mixture it is given, and counts what it added per
thread, which is how the bench tells the UI thread's fsync waits from the rest of a scan."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from bench import pi4

PROBE = """
import ctypes, os, sys, threading
shim = ctypes.CDLL(os.environ["LD_PRELOAD"])
for name in ("sdcard_added_ms", "sdcard_thread_added_ms"):
    getattr(shim, name).restype = ctypes.c_double
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT)
for call in (os.fsync, os.fdatasync, os.fsync):
    os.write(fd, b"x")
    call(fd)
other = threading.Thread(target=os.fsync, args=(fd,))
other.start()
other.join()
print(shim.sdcard_calls(), shim.sdcard_added_ms(), shim.sdcard_thread_added_ms())
"""


@pytest.mark.skipif(shutil.which("gcc") is None, reason="the shim is built with gcc")
def test_the_sd_card_delays_each_sync_and_counts_the_calling_threads_own(tmp_path):
    env = pi4.sd_environment(pi4.build_shim(tmp_path), seed=1)
    env["SDCARD_FSYNC_MS"] = "1.0:100-110"  # every call 100-110 ms, far above a real fsync
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "file")],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    calls, added, own = out.stdout.split()
    assert int(calls) == 4
    # each call waits until it has taken its draw: the wait is the draw less the real sync
    assert 0 < float(own) <= 3 * 110  # this thread's three
    assert float(own) < float(added) <= 4 * 110  # and the other thread's, counted apart


def test_the_model_is_a_mixture_whose_parts_sum_to_one():
    assert sum(p for p, _lo, _hi in pi4.SD_MODEL) == pytest.approx(1.0)
    assert all(0 < lo < hi for _p, lo, hi in pi4.SD_MODEL)
    spec = pi4.sd_environment(pi4.HERE / "sdcard.so", seed=0)["SDCARD_FSYNC_MS"]
    assert spec == "0.94:5.0-12.0,0.05:30.0-80.0,0.01:150.0-500.0"


def test_the_pi_4_core_is_the_published_python_3_7_time_less_3_11s_gain(monkeypatch):
    monkeypatch.setenv("BENCH_PI4_PYTHON", "3.7")
    assert pi4.pi4_seconds() == pytest.approx(6.33, abs=0.005)  # 158.263 s for 5,000,000 steps
    monkeypatch.delenv("BENCH_PI4_PYTHON")
    assert pi4.pi4_seconds() == pytest.approx(6.33 / 1.29, abs=0.005)  # the app's Python


def held_to(group) -> float:
    """The share of a core `group`'s cpu.max holds it to (cgroup v2's words)."""
    quota, period = map(int, (group / "cpu.max").read_text().split())
    return quota / period


def test_the_quota_is_tuned_until_nbody_under_it_takes_a_pi_4s_time(tmp_path):
    """A process held to a quota does less per CPU second than one running free: here a
    machine whose throttled process does 70 % of the work its CPU time promises. Tuning
    raises the quota until nbody under it takes a Pi 4's time, and writes it."""
    group = tmp_path / "companion-pi4-1"
    group.mkdir()
    held: list[float] = []  # of a core, as the group's cpu.max said at each timing

    def timed(steps: int) -> float:
        held.append(held_to(group))
        return pi4.pi4_seconds(steps) * 0.2 / (held[-1] * 0.7)

    where = pi4.set_quota(group, 0.2)
    where, factor, first, last = pi4.tune(where, 0.2, timed)
    assert first == pytest.approx(pi4.pi4_seconds() / 0.7)  # the quota from CPU time: slow
    assert last == pytest.approx(pi4.pi4_seconds(), rel=pi4.TUNE_TOLERANCE)
    assert factor == pytest.approx(0.2 / 0.7, rel=pi4.TUNE_TOLERANCE)
    assert held[-1] == pytest.approx(factor, rel=0.01)  # what the group was last held to
    assert where.startswith(f"cgroup {group}: ")


def test_a_quota_that_never_agrees_is_reported_as_timed_under_the_one_left(tmp_path):
    """A host too busy to settle (nbody always half again a Pi 4's time): after the last
    round the time reported is the one taken under the quota left in force."""
    group = tmp_path / "companion-pi4-2"
    group.mkdir()
    held: list[float] = []

    def timed(steps: int) -> float:
        held.append(held_to(group))
        return pi4.pi4_seconds(steps) * 1.5

    _where, factor, _first, last = pi4.tune(pi4.set_quota(group, 0.2), 0.2, timed)
    assert len(held) == 3 * pi4.TUNE_ROUNDS  # every round timed, three times
    assert held[-1] == pytest.approx(factor, rel=0.01)  # and the last under the last quota
    assert factor == pytest.approx(0.2 * 1.5 ** (pi4.TUNE_ROUNDS - 1), rel=0.01)
    assert last == pytest.approx(pi4.pi4_seconds() * 1.5)

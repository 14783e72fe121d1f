"""A Raspberry Pi 4 on this machine, for `bench/app.py --pi4`: an SD card's fsync, a Pi 4 core.

Neither is a Pi; both are stated so a reader can weigh them (docs/architecture.md, "A Pi 4
model"). The SD card: `bench/sdcard.c`, preloaded, makes every fsync/fdatasync take a time
drawn from SD_MODEL. The core: the process runs in a cgroup whose CPU quota is this machine's
speed over a Pi 4's on the same Python benchmark (`nbody`, below), measured in CPU time at
each run, then tuned until nbody under the quota takes a Pi 4's time (`tune`). llvmpipe's
rasterizing threads leave the quota once the window is made: on a Pi that is the GPU's work.
Both need things a laptop may not allow (gcc, a writable cgroup v1 or v2 cpu controller):
each says why when it cannot, and the bench prints what it modelled.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
# An SD card's fsync on a Pi, in ms: (probability, low, high) of uniform ranges. Sources:
# - Jeff Geerling's microSD benchmarks on the Pi (pidramble.com/wiki/benchmarks/microsd-cards):
#   4K random writes at 0.2-3.0 MB/s, so 1.3-20 ms a 4 KiB write; the A1 class promises 500
#   random-write IOPS (2 ms) at least (SD 5.1; rustprooflabs.com, "Postgres and Pi: Use the
#   right SD card", 2019). An fsync of the WAL is the data write plus ext4's journal commit
#   (two or three writes and a flush): 5-12 ms on a good A1 card.
# - PX4's sd_bench on an SD card (github.com/PX4/PX4-Autopilot pull 4460): fsync 6-10 ms in
#   most runs, 35-76 ms in 3 of 16 listed, a single write stalling 471 ms.
# - raspberrypi/linux issue 412: some cards take up to 2 s to finish a write (their
#   housekeeping), beyond the spec's 500 ms.
# The mixture: 94 % 5-12 ms (median about 8.7 ms), 5 % 30-80 ms, 1 % 150-500 ms.
SD_MODEL = ((0.94, 5.0, 12.0), (0.05, 30.0, 80.0), (0.01, 150.0, 500.0))
# A Pi 4's time for `nbody` (the Computer Language Benchmarks Game's Python program, 5,000,000
# steps) at 1.5 GHz, performance governor: 158.263 s (github.com/chaitanyamehta/
# chaitanyamehta.github.io, projects/performance-analysis-of-programming-languages.md,
# 2020-01-28; Raspbian Buster's Python then, 3.7 (the post does not say which)). No Pi 4
# figure on Python 3.11 or later was found (pyperformance or otherwise; docs/architecture.md
# says where it was looked for), so the Pi's 3.7 time is divided by what 3.11 gains on this
# very program over 3.7, measured here: 1.200-1.229 s on 3.7.16 against 0.938 s on 3.11.7
# (CPU time, 200,000 steps, best of 3, the two interleaved twice; 3.13.0 took 0.961-0.964 s).
# That the gain is the same on a Cortex-A72 is an assumption: CPython's 3.11 speed-ups are in
# its interpreter, not in code for one CPU. BENCH_PI4_PYTHON=3.7 models the Pi on 3.7.
PI4_NBODY_S = 158.263
PI4_NBODY_STEPS = 5_000_000
NEWER_PYTHON_GAIN = {"3.7": 1.0, "3.11": 1.29}  # nbody's time on 3.7 over its time on each
CALIBRATE_STEPS = 200_000
TUNE_STEPS, TUNE_ROUNDS, TUNE_TOLERANCE = 50_000, 6, 0.03  # the quota tuned under itself
# A Pi runs the app alone; here other processes share the cores. A large weight lets the
# quota, not them, set the app's speed (unless they are many: the bench prints nbody's time
# under the quota beside the Pi 4's, which says how close the model came).
SHARES = 8 * 1024
PERIOD_US = 4000  # short periods: the quota's pauses stay a few ms, not a 100 ms stall
CGROUP_V1 = Path("/sys/fs/cgroup/cpu")
CGROUP_V2 = Path("/sys/fs/cgroup")


def nbody(steps: int, clock: Callable[[], float] = time.perf_counter) -> float:
    """The benchmarks game's nbody (Python 3 #1: five bodies, advance 0.01 a step): seconds by
    `clock` (calibration counts CPU time, so a busy machine's waits are not taken for speed)."""
    pi, days = 3.14159265358979323, 365.24
    solar = 4 * pi * pi
    bodies = [
        ([0.0, 0.0, 0.0], [0.0, 0.0, 0.0], solar),
        (
            [4.84143144246472090e00, -1.16032004402742839e00, -1.03622044471123109e-01],
            [1.66007664274403694e-03 * days, 7.69901118419740425e-03 * days,
             -6.90460016972063023e-05 * days],
            9.54791938424326609e-04 * solar,
        ),
        (
            [8.34336671824457987e00, 4.12479856412430479e00, -4.03523417114321381e-01],
            [-2.76742510726862411e-03 * days, 4.99852801234917238e-03 * days,
             2.30417297573763929e-05 * days],
            2.85885980666130812e-04 * solar,
        ),
        (
            [1.28943695621391310e01, -1.51111514016986312e01, -2.23307578892655734e-01],
            [2.96460137564761618e-03 * days, 2.37847173959480950e-03 * days,
             -2.96589568540237556e-05 * days],
            4.36624404335156298e-05 * solar,
        ),
        (
            [1.53796971148509165e01, -2.59193146099879641e01, 1.79258772950371181e-01],
            [2.68067772490389322e-03 * days, 1.62824170038242295e-03 * days,
             -9.51592254519715870e-05 * days],
            5.15138902046611451e-05 * solar,
        ),
    ]  # fmt: skip
    pairs = [(bodies[i], bodies[j]) for i in range(5) for j in range(i + 1, 5)]
    started = clock()
    for _ in range(steps):
        for ([x1, y1, z1], v1, m1), ([x2, y2, z2], v2, m2) in pairs:
            dx, dy, dz = x1 - x2, y1 - y2, z1 - z2
            mag = 0.01 * ((dx * dx + dy * dy + dz * dz) ** -1.5)
            b1m, b2m = m1 * mag, m2 * mag
            v1[0] -= dx * b2m
            v1[1] -= dy * b2m
            v1[2] -= dz * b2m
            v2[0] += dx * b1m
            v2[1] += dy * b1m
            v2[2] += dz * b1m
        for r, [vx, vy, vz], _m in bodies:
            r[0] += 0.01 * vx
            r[1] += 0.01 * vy
            r[2] += 0.01 * vz
    return clock() - started


def pi4_seconds(steps: int = CALIBRATE_STEPS, python: str | None = None) -> float:
    """What a Pi 4 takes for `steps` of nbody on `python` (BENCH_PI4_PYTHON, else 3.11, the
    app's), from the published 5,000,000 on 3.7 and 3.11's gain over 3.7 measured here."""
    python = python or os.environ.get("BENCH_PI4_PYTHON", "3.11")
    return PI4_NBODY_S / NEWER_PYTHON_GAIN[python] * steps / PI4_NBODY_STEPS


def build_shim(work: Path) -> Path:
    """bench/sdcard.c compiled into `work`; SystemExit with gcc's words if it cannot be."""
    shim = work / "sdcard.so"
    built = subprocess.run(
        ["gcc", "-O2", "-shared", "-fPIC", "-o", str(shim), str(HERE / "sdcard.c"), "-ldl"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if built.returncode:
        raise SystemExit(f"bench: cannot build the SD card shim: {built.stderr.strip()}")
    return shim


def sd_environment(shim: Path, seed: int) -> dict[str, str]:
    """The environment that preloads the SD card model (its draws repeat with `seed`):
    SD_MODEL, or $BENCH_SD_MODEL in the shim's own words ("0.95:5-12,0.05:30-80", a card
    without the stalls) to ask what another card would give."""
    spec = os.environ.get("BENCH_SD_MODEL") or ",".join(f"{p}:{lo}-{hi}" for p, lo, hi in SD_MODEL)
    return {
        "LD_PRELOAD": str(shim),
        "BENCH_PI4_SHIM": str(shim),  # marks the re-run (LD_PRELOAD may hold others too)
        "SDCARD_FSYNC_MS": spec,
        "SDCARD_SEED": str(seed),
    }


def quota_for(factor: float) -> int:
    return max(1000, round(PERIOD_US * factor))  # the kernel's least quota is 1 ms


def enter_cgroup(factor: float) -> str:
    """Move this process (all its threads, and what it starts) into a cgroup running at
    `factor` of one core. Returns what was done, or raises OSError if not allowed here."""
    name = f"companion-pi4-{os.getpid()}"
    group = (CGROUP_V1 if (CGROUP_V1 / "cpu.cfs_quota_us").exists() else CGROUP_V2) / name
    group.mkdir()
    where = set_quota(group, factor)
    if group.parent == CGROUP_V1:
        (group / "cpu.shares").write_text(str(SHARES))
    else:
        (group / "cpu.weight").write_text(str(SHARES * 100 // 1024))
    (group / "cgroup.procs").write_text(str(os.getpid()))
    return where


def set_quota(group: Path, factor: float) -> str:
    """`group` held to `factor` of one core; returns what it is held to."""
    quota = quota_for(factor)
    period = round(quota / factor)
    if group.parent == CGROUP_V1:
        (group / "cpu.cfs_period_us").write_text(str(period))
        (group / "cpu.cfs_quota_us").write_text(str(quota))
    else:
        (group / "cpu.max").write_text(f"{quota} {period}")
    return f"cgroup {group}: {quota} us of CPU every {period} us"


def tune(
    where: str, factor: float, timed: Callable[[int], float] = nbody
) -> tuple[str, float, float, float]:
    """The quota brought to a Pi 4's nbody as timed under it. A process held to a quota does
    less per CPU second than one running free (at each period's end others run and take its
    caches): a quota set from CPU time alone gave nbody 20-45 % longer than a Pi 4's
    (docs/architecture.md). Returns (where, factor, nbody under the first quota and under
    the last, in seconds for CALIBRATE_STEPS); `timed` times nbody under the quota."""
    group, target = _group(where), pi4_seconds(TUNE_STEPS)
    first = took = 0.0
    for round_ in range(TUNE_ROUNDS):
        took = statistics.median(timed(TUNE_STEPS) for _ in range(3))
        first = first or took
        if abs(took / target - 1) <= TUNE_TOLERANCE or round_ == TUNE_ROUNDS - 1:
            break  # the last time taken is under the quota left in force
        factor *= took / target
        where = set_quota(group, factor)
    scale = CALIBRATE_STEPS / TUNE_STEPS
    return where, factor, first * scale, took * scale


def _group(where: str) -> Path:
    return Path(where.split()[1].rstrip(":"))


def release_rasterizers(where: str) -> int:
    """Move llvmpipe's rasterizing threads out of the quota (cgroup v1 places threads one by
    one): on a Pi that work is the GPU's, not a core's. Returns how many were moved."""
    group = _group(where)
    if not (group / "tasks").exists():
        return 0  # cgroup v2 keeps a process's threads together: they stay in the quota
    moved = 0
    for task in Path("/proc/self/task").iterdir():
        if (task / "comm").read_text().startswith("llvmpipe"):
            (group.parent / "tasks").write_text(task.name)
            moved += 1
    return moved


def leave_cgroup(where: str) -> None:
    """Back to the parent group and the group removed (best effort, at exit: a bench, not a
    service)."""
    group = _group(where)
    try:
        (group.parent / "cgroup.procs").write_text(str(os.getpid()))
        group.rmdir()
    except OSError:
        pass


def calibrate() -> tuple[float, float]:
    """(this machine's nbody seconds for CALIBRATE_STEPS, the quota factor for a Pi 4)."""
    here = min(nbody(CALIBRATE_STEPS, time.thread_time) for _ in range(3))
    return here, here / pi4_seconds()


if __name__ == "__main__":  # `python bench/pi4.py`: the calibration alone
    here, factor = calibrate()
    print(
        f"nbody {CALIBRATE_STEPS} steps: {here:.2f} s here, {pi4_seconds():.2f} s on a Pi 4"
        f" ({sys.version.split()[0]}): a Pi 4 core is {factor:.3f} of this one"
    )

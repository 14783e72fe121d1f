"""App figures: cold start to first frame, tag placed -> prompt on screen, the UI thread's
share of a scan, every input of three whole games (bench/game_inputs.py), RSS after them.

`python bench/app.py [--profile [games|KIND|#N]] [--phases] [--memory] [--scans N] [--games N]
[--dealt N] [--pi4]` (offscreen, 800x480; --profile prints where the UI thread's repeated
scans spend their time by function, or with `games` the games' inputs, or with a kind as the
figures name it ('repair scan') those inputs only, with '#N' the input the slowest list
numbers N; --phases by part (the commit's hand-off, refresh, layouts, text, draw:
bench/phases.py), --memory what is kept after the games (bench/kept.py), --scans N
repeated scans (default 200), --games N games, --dealt N deals N cards before the measured
scans (their card then joins a draft row already shown), --pi4 runs it all on a model of a
Raspberry Pi 4 with an SD card: fsync delayed as an SD card's, the CPU cut to a Pi 4 core
(bench/pi4.py; as root here)). Prints figures beside the budgets of DESIGN.md; asserts
nothing. The scan latency runs the whole path: SimReader.place on the simulated
chip, the reader thread's poll, the hub queue, the per-frame drain, the table, the redraw.
"""

from __future__ import annotations

import argparse
import atexit
import cProfile
import ctypes
import importlib
import os
import pstats
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
WORK = Path(tempfile.mkdtemp(prefix="bench-app-"))
os.environ.update(
    SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "offscreen"),
    KIVY_NO_ARGS="1",
    KIVY_NO_CONSOLELOG="1",
    KIVY_LOG_MODE="MIXED",  # stderr stays stderr: a crash shows its traceback
    KIVY_NO_FILELOG="1",
    KIVY_WINDOW="sdl2",
    KIVY_HOME=str(WORK / "kivy"),
    KCFG_GRAPHICS_WIDTH="800",
    KCFG_GRAPHICS_HEIGHT="480",
)
SCANS = 200
GAMES = 3
SIT_DOWN_S = 30.0  # before a game's first input (shuffling and dealing out take longer)
OWN_BUDGET_MB = 30  # DESIGN.md: the app's own share above an empty Kivy window

COLD_START = """
import sys, time
t0 = float(sys.argv[1])
from ui.app import CompanionApp
from kivy.base import EventLoop
app = CompanionApp(reader="sim://", demo=True)
app._run_prepare()
EventLoop.idle()
print(time.time() - t0)
app.dispatch("on_stop")
"""

BARE_WINDOW = """
from pathlib import Path
from kivy.app import App
from kivy.base import EventLoop
from kivy.uix.widget import Widget
class Bare(App):
    def build(self):
        return Widget()
app = Bare()
app._run_prepare()
EventLoop.idle()
status = Path("/proc/self/status").read_text().splitlines()
print(next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024)
"""


def bare_window_rss() -> float:
    """RSS of an empty Kivy window at its first frame: the GL driver's and Kivy's, not ours."""
    script = WORK / "bare.py"  # a file: App looks for its class's source
    script.write_text(BARE_WINDOW)
    out = subprocess.run(
        [sys.executable, str(script)], cwd=WORK, capture_output=True, text=True, check=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def cold_start() -> float:
    env = dict(os.environ, COMPANION_DATA=str(WORK / "cold"))
    out = subprocess.run(
        [sys.executable, "-c", COLD_START, repr(time.time())],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return float(out.stdout.strip().splitlines()[-1])


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Pi4Model:
    """This process on the Pi 4 model (bench/pi4.py): re-run with the SD card's fsync
    preloaded, then moved into a CPU quota calibrated against a Pi 4's nbody."""

    def __init__(
        self, shim: ctypes.CDLL, nbody_here: float, factor: float, where: str, tuned: str = ""
    ):
        self.shim, self.nbody_here, self.factor, self.where = shim, nbody_here, factor, where
        self.tuned = tuned  # how the quota was tuned under itself (pi4.tune), if it was
        self.rasterizers = 0  # llvmpipe's threads moved out of the quota (window_made)
        self.shim.sdcard_thread_added_ms.restype = ctypes.c_double
        self.shim.sdcard_added_ms.restype = ctypes.c_double

    @classmethod
    def enter(cls) -> Pi4Model:
        from bench import pi4

        if "BENCH_PI4_SHIM" not in os.environ:  # LD_PRELOAD takes effect at a process's start
            # in this run's WORK, which the re-run removes at its end (it has its own WORK)
            env = dict(os.environ, **pi4.sd_environment(pi4.build_shim(WORK), SCANS))
            os.execve(sys.executable, [sys.executable, *sys.argv], env)
        nbody_here, factor = pi4.calibrate()
        factor = float(os.environ.get("BENCH_PI4_FACTOR", factor))
        try:
            where = pi4.enter_cgroup(factor)
        except OSError as error:
            raise SystemExit(
                f"bench: no CPU quota here ({error.strerror}): --pi4 needs root and a cgroup"
                " cpu controller"
            ) from None
        atexit.register(pi4.leave_cgroup, where)  # also if the bench fails on the way
        tuned = ""
        if "BENCH_PI4_FACTOR" not in os.environ:  # a factor given is kept as given
            first_factor = factor
            where, factor, first, last = pi4.tune(where, factor)
            tuned = (
                f"; the quota tuned under itself from {first_factor:.3f}, whose nbody took"
                f" {first:.2f} s, to {last:.2f} s"
            )
        return cls(ctypes.CDLL(os.environ["BENCH_PI4_SHIM"]), nbody_here, factor, where, tuned)

    def window_made(self) -> None:
        from bench import pi4

        self.rasterizers = pi4.release_rasterizers(self.where)

    def ui_waited_ms(self) -> float:
        """What the SD card model has added to this (the UI) thread's fsyncs so far."""
        return self.shim.sdcard_thread_added_ms()

    def report(self, latencies: list[float], fsync_waits: list[float]) -> str:
        from bench import pi4

        check = pi4.nbody(pi4.CALIBRATE_STEPS)  # under the quota, the app idle beside it
        f = statistics.quantiles(fsync_waits, n=100)
        rest = statistics.quantiles(
            [t - w for t, w in zip(latencies, fsync_waits, strict=True)], n=100
        )
        spec = os.environ["SDCARD_FSYNC_MS"]  # probability:low-high ms, ...
        return (
            f"Pi 4 model: CPU {self.factor:.3f} of a core here (nbody {pi4.CALIBRATE_STEPS} steps"
            f" {self.nbody_here:.2f} s here, a Pi 4's {pi4.pi4_seconds():.2f} s on Python"
            f" {os.environ.get('BENCH_PI4_PYTHON', '3.11')}{self.tuned}; at the end, beside the"
            f" app's threads, {check:.2f} s), {self.where}; llvmpipe's {self.rasterizers}"
            " rasterizing threads outside it (the Pi's GPU's work; the cold start keeps them in)\n"
            f"  SD card fsync model: {spec}; {self.shim.sdcard_calls()} fsyncs, "
            f"{self.shim.sdcard_added_ms() / 1000:.1f} s added in all\n"
            f"  of tag -> prompt, the UI thread's fsync waits p50 {f[49]:5.1f} ms  p99 {f[98]:5.1f}"
            f" ms; the rest p50 {rest[49]:5.1f} ms  p99 {rest[98]:5.1f} ms"
        )


def idle_for(seconds: float, EventLoop: object) -> None:
    settle = time.perf_counter() + seconds
    while time.perf_counter() < settle:
        EventLoop.idle()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--profile",
        nargs="?",
        const="scans",
        metavar="scans|games|KIND|#N",
        help="cProfile the UI thread's repeated scans (the default), the games' every input,"
        " only the inputs of one kind as the games' figures name it ('breakage scan'), or one"
        " input by its number as 'slowest' names it ('#19')",
    )
    parser.add_argument(
        "--memory", action="store_true", help="say what is kept after the games (slower games)"
    )
    parser.add_argument(
        "--phases", action="store_true", help="where the UI thread's share of a scan goes"
    )
    parser.add_argument(
        "--scans", type=int, default=SCANS, help=f"repeated scans timed (default {SCANS})"
    )
    parser.add_argument(
        "--games", type=int, default=GAMES, help=f"games in a row (default {GAMES})"
    )
    parser.add_argument(
        "--dealt",
        type=int,
        default=0,
        help="cards dealt before the measured scans (default 0: each measured scan is the"
        " game's first card, which brings the draft area and Undo on screen; 1 or more: a"
        " card added to a draft row already shown)",
    )
    parser.add_argument(
        "--pi4", action="store_true", help="on a model of a Pi 4 and its SD card (bench/pi4.py)"
    )
    args = parser.parse_args()
    pi4 = Pi4Model.enter() if args.pi4 else None
    args.scans = max(args.scans, 2)  # two at least: a quantile needs two
    start = cold_start()
    bare = bare_window_rss()
    os.environ["COMPANION_DATA"] = str(WORK / "warm")
    # `ui` first, as in `python -m ui`: it sets Kivy's environment (its clock) before Kivy loads
    importlib.import_module("ui")
    from kivy.base import EventLoop
    from kivy.clock import Clock
    from kivy.graphics.opengl import GL_RENDERER, glGetString

    from bench.game_inputs import GameInputs
    from bench.kept import Kept
    from bench.phases import Phases
    from companion.table import Table
    from ui.app import QUIET_TICK_S, CompanionApp
    from ui.quiet import QUIET_S

    app = CompanionApp(reader="sim://", demo=True)
    app._run_prepare()
    EventLoop.idle()
    if pi4 is not None:
        pi4.window_made()
    rss_start = rss_mb()
    deck = next(d for d in app.decks() if d.game == "broken-and-beautiful")

    def new_game() -> None:
        app.open_table(Table.start(app.store, deck, ["Ana", "Ben", "Cleo"]))
        EventLoop.idle()
        # players sit down and shuffle before the first scan: the app's quiet moments
        # (ui/quiet.py) come first, and do what a later input would otherwise wait for
        idle_for(SIT_DOWN_S, EventLoop)

    new_game()
    label = app.root.get_screen("table").ids.prompt
    on_reader: set[str] = set()
    app.bind(
        on_reader_event=lambda _a, e: (on_reader.add if e.kind == "placed" else on_reader.discard)(
            e.uid
        )
    )

    def tick_until(condition: object) -> None:
        while not condition():  # type: ignore[operator]
            EventLoop.idle()

    for dealt in sorted(app.table.state.deck)[: args.dealt]:
        app.session.scan(dealt)
        EventLoop.idle()
    uid = sorted(app.table.state.deck)[0]
    poll_ms = app.sim.interval * 1000  # on_stop closes the reader
    latencies, fsync_waits, saved = [], [], []
    # A player lays a card down whenever they like, not in step with the reader's polls: a
    # random wait first, or this loop (lift seen, undo, place) would always place the card
    # the same time after a poll began.
    phase = random.Random(SCANS)
    for _ in range(args.scans):
        idle_for(phase.uniform(0, app.sim.interval), EventLoop)
        before = label.text
        waited = pi4.ui_waited_ms() if pi4 else 0.0
        placed = time.perf_counter()
        app.sim.place(uid)
        tick_until(lambda b=before: label.text != b)
        latencies.append((time.perf_counter() - placed) * 1000)
        fsync_waits.append(pi4.ui_waited_ms() - waited if pi4 else 0.0)
        tick_until(lambda: not app.session.saving)  # the writer's commit, said on the UI thread
        saved.append((time.perf_counter() - placed) * 1000)
        app.sim.remove(uid)
        tick_until(lambda: uid not in on_reader)
        app.session.undo()
        EventLoop.idle()
    q = statistics.quantiles(latencies, n=100)
    a = statistics.quantiles(saved, n=100)
    profiler = scans_profiler = None
    if args.profile:  # BENCH_CPU=1: the UI thread's own time, not its waits
        profiler = (
            cProfile.Profile(time.thread_time)
            if os.environ.get("BENCH_CPU")
            else cProfile.Profile()
        )
        scans_profiler = profiler if args.profile == "scans" else None
    # The UI thread's share: scan handed to the session -> next frame drawn, less the time
    # the clock sleeps to hold 60 frames a second (the thread is free then, not working).
    slept = [0.0]
    clock_idle = Clock.idle  # the clock's wait for the frame's slot, and nothing else

    def timed_idle() -> float:
        before = time.perf_counter()
        try:
            return clock_idle()
        finally:
            slept[0] += time.perf_counter() - before

    Clock.idle = timed_idle
    phases = Phases() if args.phases else None
    if phases is not None:
        phases.watch(app)
    ui_only, ui_cpu = [], []
    for _ in range(args.scans):
        started, slept[0] = time.perf_counter(), 0.0
        cpu = time.thread_time()
        if scans_profiler is not None:
            scans_profiler.enable()
        app.session.scan(uid)
        EventLoop.idle()
        if scans_profiler is not None:
            scans_profiler.disable()
        ui_only.append((time.perf_counter() - started - slept[0]) * 1000)
        ui_cpu.append((time.thread_time() - cpu) * 1000)
        if phases is not None:
            phases.scan_done()
        app.session.undo()
        EventLoop.idle()
        if phases is not None:
            phases.forget()
    Clock.idle = clock_idle
    u = statistics.quantiles(ui_only, n=100)
    c = statistics.quantiles(ui_cpu, n=100)
    if args.memory:
        kept_before = Kept.now(app.root)
        tracemalloc.start()
    after_game = []  # three whole games in a row, each left for Home as players would
    game_inputs = GameInputs(
        app,
        EventLoop.idle,
        seed=SCANS,
        phases=phases,
        profiler=profiler if args.profile not in (None, "scans") else None,
        profile_kind="" if args.profile == "games" else args.profile or "",
    )
    for game in range(args.games):
        if game:
            new_game()
        game_inputs.play()  # every input timed, a frame drawn after each, as at a table
        app.goto("home")
        # players talk at Home: the screens' fades end, freed cards go back, and the app's
        # quiet moment (ui/quiet.py) collects and trims, as it does at a table
        idle_for(QUIET_S + 2 * QUIET_TICK_S, EventLoop)
        after_game.append(rss_mb())
    renderer = glGetString(GL_RENDERER).decode().split(" (")[0]
    kept = Kept.now(app.root).since(kept_before) if args.memory else ""
    app.dispatch("on_stop")
    print(f"cold start to first frame   {start:7.2f} s     budget < 3 s")
    budget = 100 if pi4 is not None else 50  # DESIGN.md: the Pi 4 model's, a laptop's
    print(
        f"tag placed -> prompt shown  p50 {q[49]:5.1f} ms  p99 {q[98]:5.1f} ms  budget p99 < {budget} ms"
        f"  ({args.scans} scans, sim:// polling every {poll_ms:.0f} ms)"
    )
    print(
        f"tag placed -> accepted      p50 {a[49]:5.1f} ms  p99 {a[98]:5.1f} ms"
        "  (saved: the writer thread's commit returned and the UI thread told; the LED/buzzer)"
    )
    print(
        f"  of which UI thread          p50 {u[49]:5.1f} ms  p99 {u[98]:5.1f} ms"
        "  (scan -> frame drawn, less the wait for the frame's slot)"
    )
    print(
        f"  its own CPU time            p50 {c[49]:5.1f} ms  p99 {c[98]:5.1f} ms  budget p99 < 10 ms"
        "  (the same span less its waits: for the GL driver's threads to draw the frame, for"
        " the GIL)"
    )
    if args.memory:  # tracemalloc slows every allocation: the games' times are not a player's
        print("every input of the games: not timed with --memory")
    else:
        print(game_inputs.report())
    games = ", ".join(f"{rss - bare:.1f}" for rss in after_game)
    print(
        f"RSS after {args.games} games in a row   {after_game[-1]:7.1f} MB"
        f"    (at first frame {rss_start:.1f} MB; DESIGN.md budgets our share, below)"
    )
    print(
        f"  ours above an empty Kivy window ({bare:.1f} MB; Kivy, SDL and {renderer}):"
        f" {rss_start - bare:.1f} MB at first frame; after each game {games} MB"
        f"  budget < {OWN_BUDGET_MB} MB, not growing"
    )
    if pi4 is not None:
        print(pi4.report(latencies, fsync_waits))
    if phases is not None:
        print(phases.report())
    if kept:
        print(kept)
    if profiler is not None:
        if os.environ.get("BENCH_PROFILE_OUT"):  # for pstats' callers and callees
            profiler.dump_stats(os.environ["BENCH_PROFILE_OUT"])
        pstats.Stats(profiler).sort_stats(os.environ.get("BENCH_SORT", "cumulative")).print_stats(
            int(os.environ.get("BENCH_TOP", "25"))
        )


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(WORK, ignore_errors=True)  # its saves and Kivy home: nothing to keep
        if "BENCH_PI4_SHIM" in os.environ:  # the run before --pi4's re-run: the shim's WORK
            shutil.rmtree(Path(os.environ["BENCH_PI4_SHIM"]).parent, ignore_errors=True)

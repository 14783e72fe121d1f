"""App figures: cold start to first frame, tag placed -> prompt on screen, RSS after a game.

`python bench/app.py` (offscreen, 800x480). Prints figures beside the budgets of DESIGN.md;
asserts nothing. The scan latency runs the whole path: SimReader.place on the simulated
chip, the reader thread's poll, the hub queue, the per-frame drain, the table, the redraw.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
WORK = Path(tempfile.mkdtemp(prefix="bench-app-"))
os.environ.update(
    SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "offscreen"),
    KIVY_NO_ARGS="1",
    KIVY_NO_CONSOLELOG="1",
    KIVY_NO_FILELOG="1",
    KIVY_WINDOW="sdl2",
    KIVY_HOME=str(WORK / "kivy"),
    KCFG_GRAPHICS_WIDTH="800",
    KCFG_GRAPHICS_HEIGHT="480",
)
SCANS = 200
BUDGET_MB = 150  # DESIGN.md: memory under 150 MB RSS

COLD_START = """
import sys, time
t0 = float(sys.argv[1])
from kivy.base import EventLoop
from ui.app import CompanionApp
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


def main() -> None:
    start = cold_start()
    bare = bare_window_rss()
    os.environ["COMPANION_DATA"] = str(WORK / "warm")
    from kivy.base import EventLoop
    from kivy.graphics.opengl import GL_RENDERER, glGetString

    from companion.games.kintsugi.moves import legal_inputs
    from companion.inputs import Scan
    from companion.table import Table
    from ui.app import CompanionApp

    app = CompanionApp(reader="sim://", demo=True)
    app._run_prepare()
    EventLoop.idle()
    rss_start = rss_mb()
    deck = next(d for d in app.decks() if d.game == "broken-and-beautiful")
    app.open_table(Table.start(app.store, deck, ["Ana", "Ben", "Cleo"]))
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

    uid = sorted(app.table.state.deck)[0]
    poll_ms = app.sim.interval * 1000  # on_stop closes the reader
    latencies = []
    for _ in range(SCANS):
        before = label.text
        placed = time.perf_counter()
        app.sim.place(uid)
        tick_until(lambda b=before: label.text != b)
        latencies.append((time.perf_counter() - placed) * 1000)
        app.sim.remove(uid)
        tick_until(lambda: uid not in on_reader)
        app.session.undo()
        EventLoop.idle()
    q = statistics.quantiles(latencies, n=100)
    ui_only = []  # the UI thread's share: scan handed to the session -> next frame drawn
    for _ in range(SCANS):
        started = time.perf_counter()
        app.session.scan(uid)
        EventLoop.idle()
        ui_only.append((time.perf_counter() - started) * 1000)
        app.session.undo()
    u = statistics.quantiles(ui_only, n=100)
    while not app.table.finished:  # the rest of a 3-player game, through the session
        move = legal_inputs(app.table.state)[0]
        if isinstance(move, Scan):
            app.session.scan(move.uid)
        else:
            app.session.tap(move.option, move.arg)
        EventLoop.idle()
    settle = time.perf_counter() + 0.5  # the app idling on the scores screen, half a second
    while time.perf_counter() < settle:
        EventLoop.idle()
    rss = rss_mb()
    renderer = glGetString(GL_RENDERER).decode().split(" (")[0]
    app.dispatch("on_stop")
    print(f"cold start to first frame   {start:7.2f} s     budget < 3 s")
    print(
        f"tag placed -> prompt shown  p50 {q[49]:5.1f} ms  p99 {q[98]:5.1f} ms  budget p99 < 50 ms"
        f"  ({SCANS} scans, sim:// polling every {poll_ms:.0f} ms)"
    )
    print(
        f"  of which UI thread          p50 {u[49]:5.1f} ms  p99 {u[98]:5.1f} ms  (scan -> frame drawn)"
    )
    print(
        f"RSS after a full game       {rss:7.1f} MB    budget < {BUDGET_MB} MB  "
        f"(at first frame {rss_start:.1f} MB; screen: {app.root.current})"
    )
    print(
        f"  of which an empty Kivy window {bare:7.1f} MB at its first frame (Kivy, SDL and the GL"
        f" driver: {renderer}): ours is"
        f" {rss_start - bare:.1f} MB at first frame, {rss - bare:.1f} MB after the game;"
        f" the budget leaves us {BUDGET_MB - bare:.1f} MB"
    )


if __name__ == "__main__":
    main()

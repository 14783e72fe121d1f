"""Every input of whole games, timed as a player meets it, for bench/app.py.

The repeated scan bench/app.py times first is one kind of input (a card dealt); a game is
deals, picks, keeps, breakages, repairs and taps, and some of them move far more of the screen
(a pick moves a card from the draft row into a player's strip). Here each input of a whole
game of Broken and Beautiful (the first legal one each time, as tests/ui/autoplay.py plays)
is timed from the moment it is made to the first frame drawn after the table took it (its
prompt and options; the board and the strips follow a frame later, timed apart: "the whole
table"): a scan from the card placed on the simulated reader (the reader thread's poll, the
hub, the table, the redraw), the card lifted after; a tap from the finger lifted off the
option's button, a touch through Kivy's input dispatch as a touch screen's is (the finger
comes down a frame before, untimed). Each is filed under the engine's phase when it was made.
The game's last input is answered on the table (its prompt names the winners) and the score
sheet follows a frame later: that is timed too, apart. The six slowest say how much of them
was the UI thread's own CPU, and the cyclic GC's (gc.callbacks) when any was: an input far
slower than its CPU waited on something else (the quota, another thread, the frame).

The bench plays faster than hands move: a card dealt and then picked comes back within the
rescan guard's second (companion/rescan.py), which would ignore it, so the guard is off here.
"""

from __future__ import annotations

import cProfile
import gc
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from kivy.base import EventLoop
from kivy.tests.common import UnitTestTouch
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

from bench.phases import Phases
from companion.games.kintsugi.moves import legal_inputs
from companion.inputs import Scan, Tap

STUCK_S = 30
FRAME_S = 1 / 60  # Kivy's default maxfps


class GameInputs:
    def __init__(
        self,
        app: Any,
        idle: Callable[[], None],
        seed: int = 0,
        phases: Phases | None = None,
        profiler: cProfile.Profile | None = None,
        profile_kind: str = "",
    ) -> None:
        self.app, self.idle, self.phases, self.profiler = app, idle, phases, profiler
        self.profile_kind = profile_kind  # only inputs of this kind are profiled ("": all)
        self.by_kind: dict[str, list[float]] = {}
        self.whole: list[float] = []  # an input made -> the whole table drawn (board, strips)
        self.cpu: dict[str, list[float]] = {}  # the UI thread's own CPU time an input, ms
        self.sheet: list[float] = []  # the game's last input -> its score sheet drawn, ms
        # ms, kind, the input's number, the cyclic GC's ms in it (any thread's collection),
        # the UI thread's own CPU ms in it
        self.slowest: list[tuple[float, str, int, float, float]] = []
        self._gc_started = 0.0
        self._gc_ms = 0.0  # collections' time since the input was made
        self.collections: dict[int, list[float]] = {}  # generation -> each one's ms, all games
        self._playing = False
        gc.callbacks.append(self._collection)
        self.played = 0  # inputs played, all games
        self.counted: dict[str, list[dict[str, int]]] = {}  # with --phases: layouts, textures
        self.timed: dict[str, list[dict[str, float]]] = {}  # with --phases: seconds by part
        self.counting = ""  # the kind of the input whose layouts are being counted
        self.phase = random.Random(seed)
        self.on_reader: set[str] = set()
        app.session.rescan.window = 0.0
        app.bind(on_reader_event=self._reader_event)

    def _collection(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            ms = (time.perf_counter() - self._gc_started) * 1000
            self._gc_ms += ms
            if self._playing:  # not the quiet moment's between games
                self.collections.setdefault(info["generation"], []).append(ms)

    def _reader_event(self, _app: Any, event: Any) -> None:
        (self.on_reader.add if event.kind == "placed" else self.on_reader.discard)(event.uid)

    def _until(self, condition: Callable[[], bool], what: str = "") -> None:
        give_up = time.perf_counter() + STUCK_S
        self.idle()  # a frame at least: a tap is taken at once, and shown only when drawn
        while not condition():
            self.idle()
            if time.perf_counter() > give_up:
                raise SystemExit(
                    f"bench: {what} not taken in {STUCK_S} s ({self.app.session.banner!r})"
                )

    def play(self) -> None:
        """Play the running table to its end, timing each input."""
        app = self.app
        self._playing = True
        while not app.table.finished:
            state = app.table.state
            move = legal_inputs(state)[0]
            kind = f"{state.phase} {'scan' if isinstance(move, Scan) else 'tap'}"
            # a player lays a card down or touches whenever they like, not in step with the
            # reader's polls or the frames (a touch waits for the next frame to be seen)
            if isinstance(move, Scan):
                settle = time.perf_counter() + self.phase.uniform(0, app.sim.interval)
                self._until(lambda s=settle: time.perf_counter() >= s)
                self._count()
                made, cpu = time.perf_counter(), time.thread_time()
                self._gc_ms = 0.0
                app.sim.place(move.uid)
            else:
                finger = self._finger_down(move)
                self.idle()  # the finger rests a frame at least
                time.sleep(self.phase.uniform(0, FRAME_S))
                self._count()
                made, cpu = time.perf_counter(), time.thread_time()
                EventLoop._dispatch_input("end", finger)  # read at the next frame's input
            profiler = self.profiler if self.profile_kind in ("", kind, f"#{self.played}") else None
            if profiler is not None:
                profiler.enable()
            self._until(lambda s=state: app.table.state is not s, f"{kind} {move}")
            if profiler is not None:
                profiler.disable()
            self.by_kind.setdefault(kind, []).append((time.perf_counter() - made) * 1000)
            self.cpu.setdefault(kind, []).append((time.thread_time() - cpu) * 1000)
            screen = app.root.get_screen("table")
            self._until(lambda s=screen: not s.side_pending, "the board and strips")
            self.whole.append((time.perf_counter() - made) * 1000)
            self.slowest.append(
                (self.by_kind[kind][-1], kind, self.played, self._gc_ms, self.cpu[kind][-1])
            )
            self.played += 1
            if app.table.finished:  # the table says who won; the score sheet follows
                self._until(lambda: app.root.current == "scores", "the score sheet")
                self.sheet.append((time.perf_counter() - made) * 1000)
            self.counting = kind
            if isinstance(move, Scan):
                app.sim.remove(move.uid)
                self._until(lambda u=move.uid: u not in self.on_reader)
        self._count()
        self._playing = False

    def _finger_down(self, move: Tap) -> UnitTestTouch:
        """A finger down on the shown button that sends `move`, read at the next frame's
        input as a touch screen's is."""
        button = next(
            (
                w
                for w in self.app.root.walk(restrict=True)
                if isinstance(w, ButtonBehavior) and _sends(w, move) and _in_sight(w)
            ),
            None,
        )
        if button is None:
            raise SystemExit(f"bench: no button on screen sends {move}")
        finger = UnitTestTouch(*button.to_window(*button.center))
        EventLoop._dispatch_input("begin", finger)
        return finger

    def _count(self) -> None:
        """File the layouts and textures since the last input under it (some come a frame
        after the one that showed it), and start counting afresh."""
        if self.phases is None:
            return
        if self.counting:
            self.counted.setdefault(self.counting, []).append(self.phases.calls)
            self.timed.setdefault(self.counting, []).append(self.phases.now)
        self.counting = ""
        self.phases.forget()

    def report(self) -> str:
        every = [ms for times in self.by_kind.values() for ms in times]
        scans = [ms for kind, times in self.by_kind.items() if " scan" in kind for ms in times]
        taps = [ms for kind, times in self.by_kind.items() if " tap" in kind for ms in times]
        lines = [
            f"every input of the games ({len(every)})  {_quantiles(every)}",
            f"  every scan: tag placed -> prompt ({len(scans)})  {_quantiles(scans)}",
            f"  every tap: finger lifted -> next frame ({len(taps)})  {_quantiles(taps)}",
            f"  every input -> the whole table drawn, board and strips ({len(self.whole)})"
            f"  {_quantiles(self.whole)}",
            f"  the last input -> the score sheet drawn ({len(self.sheet)})"
            f"  {_quantiles(self.sheet)}",
            "  the cyclic GC's collections, any thread, from the first input to the last: "
            + ", ".join(
                f"generation {g} {len(ms)} ({sum(ms):.0f} ms in all, the longest {max(ms):.1f})"
                for g, ms in sorted(self.collections.items())
            ),
            "  slowest: "
            + ", ".join(
                f"{ms:.0f} ms {kind} #{n} (CPU {cpu:.1f} ms"
                + (f", GC {gc_ms:.0f} ms)" if gc_ms >= 1 else ")")
                for ms, kind, n, gc_ms, cpu in sorted(self.slowest)[-6:][::-1]
            ),
        ]
        for kind, times in sorted(self.by_kind.items(), key=lambda kv: -len(kv[1])):
            counts = ""
            if kind in self.counted:
                layouts = [c.get("layout", 0) for c in self.counted[kind]]
                texts = [c.get("text", 0) for c in self.counted[kind]]
                parts = ", ".join(
                    f"{part} {statistics.median(t.get(part, 0.0) for t in self.timed[kind]) * 1000:.1f}"
                    for part in ("refresh", "layout", "text", "draw")
                )
                counts = (
                    f"\n{'':22}layouts p50 {statistics.median(layouts):.0f} max {max(layouts)},"
                    f" label textures p50 {statistics.median(texts):.0f} max {max(texts)};"
                    f" p50 ms: {parts}"
                )
            cpu = statistics.median(self.cpu[kind])
            lines.append(
                f"  {kind:<16} ({len(times):3d})  {_quantiles(times)}"
                f"  UI thread's CPU p50 {cpu:.1f} max {max(self.cpu[kind]):.1f} ms{counts}"
            )
        return "\n".join(lines)


def _sends(button: Widget, move: Tap) -> bool:
    """An option's button, or a cover's (the breakage's Done, whose overlay holds the word)."""
    holder = button if hasattr(button, "word") else button.parent
    return getattr(holder, "word", None) == move.option and getattr(holder, "arg", None) == move.arg


def _in_sight(widget: Widget) -> bool:
    """Drawn and touchable: neither it nor a parent hidden (ui.widgets.hideable)."""
    while isinstance(widget, Widget):  # up to the window
        if getattr(widget, "hidden", False) or widget.opacity == 0 or widget.disabled:
            return False
        widget = widget.parent
    return True


def _quantiles(times: list[float]) -> str:
    """p50 and max, and p99 where there are a hundred inputs to give one."""
    if len(times) < 2:
        return f"{times[0]:5.1f} ms" if times else "-"
    q = statistics.quantiles(times, n=100, method="inclusive")
    p99 = f"p99 {q[98]:5.1f} ms  " if len(times) >= 100 else ""
    return f"p50 {q[49]:5.1f} ms  {p99}max {max(times):5.1f} ms"

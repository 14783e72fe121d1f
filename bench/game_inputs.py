"""Every input of whole games, timed as a player meets it, for bench/app.py.

The repeated scan bench/app.py times first is one kind of input (a card dealt); a game is
deals, picks, keeps, breakages, repairs and taps, and some of them move far more of the screen
(a pick moves a card from the draft row into a player's strip). Here each input of a whole
game of Broken and Beautiful (the first legal one each time, as tests/ui/autoplay.py plays)
is timed from the moment it is made to the first frame drawn after the table took it: a scan
from the card placed on the simulated reader (the reader thread's poll, the hub, the table,
the redraw), the card lifted after; a tap from the session's tap (Kivy's touch dispatch to
the button is not in it). Each is filed under the engine's phase when it was made.

The bench plays faster than hands move: a card dealt and then picked comes back within the
rescan guard's second (companion/rescan.py), which would ignore it, so the guard is off here.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from companion.games.kintsugi.moves import legal_inputs
from companion.inputs import Scan

STUCK_S = 30
FRAME_S = 1 / 60  # Kivy's default maxfps


class GameInputs:
    def __init__(self, app: Any, idle: Callable[[], None], seed: int = 0) -> None:
        self.app, self.idle = app, idle
        self.by_kind: dict[str, list[float]] = {}
        self.phase = random.Random(seed)
        self.on_reader: set[str] = set()
        app.session.rescan.window = 0.0
        app.bind(on_reader_event=self._reader_event)

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
        while not app.table.finished:
            state = app.table.state
            move = legal_inputs(state)[0]
            kind = f"{state.phase} {'scan' if isinstance(move, Scan) else 'tap'}"
            # a player lays a card down or touches whenever they like, not in step with the
            # reader's polls or the frames (a touch waits for the next frame to be seen)
            if isinstance(move, Scan):
                settle = time.perf_counter() + self.phase.uniform(0, app.sim.interval)
                self._until(lambda s=settle: time.perf_counter() >= s)
                made = time.perf_counter()
                app.sim.place(move.uid)
            else:
                time.sleep(self.phase.uniform(0, FRAME_S))
                made = time.perf_counter()
                app.session.tap(move.option, move.arg)
            self._until(lambda s=state: app.table.state is not s, f"{kind} {move}")
            self.by_kind.setdefault(kind, []).append((time.perf_counter() - made) * 1000)
            if isinstance(move, Scan):
                app.sim.remove(move.uid)
                self._until(lambda u=move.uid: u not in self.on_reader)

    def report(self) -> str:
        every = [ms for times in self.by_kind.values() for ms in times]
        lines = [f"every input of the games ({len(every)})  {_quantiles(every)}"]
        for kind, times in sorted(self.by_kind.items(), key=lambda kv: -len(kv[1])):
            lines.append(f"  {kind:<16} ({len(times):3d})  {_quantiles(times)}")
        return "\n".join(lines)


def _quantiles(times: list[float]) -> str:
    """p50 and max, and p99 where there are a hundred inputs to give one."""
    if len(times) < 2:
        return f"{times[0]:5.1f} ms" if times else "-"
    q = statistics.quantiles(times, n=100, method="inclusive")
    p99 = f"p99 {q[98]:5.1f} ms  " if len(times) >= 100 else ""
    return f"p50 {q[49]:5.1f} ms  {p99}max {max(times):5.1f} ms"

"""The cyclic GC's long pauses moved to moments when nobody waits on the screen.

A full collection walks every tracked object: after a game's first cards and score sheet
that is tens of thousands of Kivy property records, 15-35 ms on the UI thread, landing on
whichever scan happened to trip it. So what is alive at a quiet moment (no input for
`QUIET_S`) is collected once and then frozen, and so is what each input finds alive (a
freeze moves the tracked objects aside at no cost): a collection an input trips walks only
what that input made, never what the game built before it (the older generations' took
2-3 ms here, 25-35 ms on the Pi 4 model, a few inputs a game). What a frozen object leaves
as garbage waits for the next quiet moment, which unfreezes, collects and freezes again.

The same moment hands the C heap's free pages back to the system (glibc's `malloc_trim`).
glibc only shrinks its heap from the top, so what a game freed below what it kept stays in
RSS: after a first game, 6 MB of it (bench/app.py).
"""

from __future__ import annotations

import ctypes
import gc
import time
from collections.abc import Callable

QUIET_S = 2.0  # no input for this long: players are talking, the GC may take its 30-60 ms


class QuietCollector:
    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        quiet: float = QUIET_S,
        prepare: Callable[[], None] = lambda: None,
    ):
        """`prepare` runs at every tick of a quiet moment, the collection's first: a
        little of the work that would otherwise land on an input a player waits for (what
        it builds is frozen with the rest at the next collection)."""
        self.clock, self.quiet, self.prepare = clock, quiet, prepare
        self.last_input = clock()
        self.pending = True  # start-up's garbage is collected at the first quiet moment
        self.collections = 0

    def input(self, *_args: object) -> None:
        """Something was played or touched: the next quiet moment is counted from now, and
        what is alive now is left out of the collections until then."""
        self.last_input, self.pending = self.clock(), True
        gc.freeze()

    def tick(self, *_args: object) -> None:
        """Collect and freeze if input has been quiet long enough since the last input.
        Returns None, never False: Kivy's Clock cancels an interval whose callback does."""
        if self.clock() - self.last_input < self.quiet:
            return
        self.prepare()
        if self.pending:
            collect_and_freeze()
            self.pending = False
            self.collections += 1


def collect_and_freeze() -> None:
    """Collect everything, frozen objects included, then freeze what is left alive, and
    give the C heap's free pages back."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    give_back()


def give_back() -> None:
    """Hand the C heap's wholly free pages back to the system: glibc's `malloc_trim`
    (a few milliseconds); nothing where there is none (another C library)."""
    try:
        trim = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return
    trim(0)

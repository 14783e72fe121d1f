"""The layout audit (issue 23): at one screen state, check what a player sees and touches.

`audit(state, context)` returns Findings, each naming the state, the check and a readable
widget path:

- touch: a real touch at a control's drawn centre and just inside its corners is taken by
  that control and nothing else; hidden-takes-touch: no invisible widget takes one;
  off-window: no control drawn partly outside the window;
- text-off-window, text-outside-widget, text-cut, overlap: every visible text whole, in its
  widget and the window, clear of other texts and controls;
- text-size, target-size: body >= 20 px, names and key figures >= 28, the prompt >= 30;
  touch targets >= 48 px;
- identifier: no slug, ruling code, script word, flag, register name, raw uid or repr.

tests/ui/audit/driver.py walks the real app through its states; docs/ui.md tells the rules.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from tests.ui._window import require_window

require_window()  # before anything imports Kivy's window

from tests.ui.audit.texts import Context, check_targets, check_texts  # noqa: E402
from tests.ui.audit.touches import check_touches, controls  # noqa: E402
from tests.ui.audit.tree import Finding, in_draw_order  # noqa: E402
from tests.ui.audit.words import check_words  # noqa: E402

__all__ = ["Context", "Finding", "audit", "report"]
_figures = re.compile(r"\(\d+, \d+\)|\(-?\d+,-?\d+\)-\(-?\d+,-?\d+\)")  # points differ by state


def audit(state: str, context: Context | None = None) -> list[Finding]:
    context = context or Context()
    found = check_touches(state, context.must_show)
    found += check_texts(state, context)
    found += check_targets(state, controls(in_draw_order()))
    found += check_words(state)
    return list(dict.fromkeys(found))


def report(findings: Iterable[Finding]) -> str:
    """What the lead reads: by screen, then widget path, each finding once with the number
    of states it was seen in and the first of them."""
    seen: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    for f in findings:
        seen[(f.path, f.check, _figures.sub("N", f.detail))].append(f.state)
    by_screen: dict[str, list[str]] = defaultdict(list)
    for (where, check, detail), states in sorted(seen.items()):
        screen = where.split(" > ")[0]
        by_screen[screen].append(
            f"  {where}\n    [{check}] {detail} ({len(states)} states, e.g. {states[0]})"
        )
    lines = [f"{len(seen)} distinct findings in {sum(map(len, seen.values()))} sightings"]
    for screen in sorted(by_screen):
        lines.append(f"== {screen} ({len(by_screen[screen])})")
        lines += by_screen[screen]
    return "\n".join(lines)

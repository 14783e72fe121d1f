"""The layout audit over the real app (issue 23): every game at every player count it
supports, and every other screen, each state checked by tests/ui/audit (touches, texts,
sizes, words). Each scenario runs once; its findings are asserted by group of checks, so a
failure names the scenario and what kind of defect. Every run writes all findings to
AUDIT_FINDINGS (default /work/wt/audit-findings.txt when that folder exists), grouped by
state and widget path; UI_AUDIT_SHEET=folder keeps every state's screenshot
(tools/contact_sheet.py lays them out on sheets).

While defects owned by others remain on main, exactly those cases are xfail(strict): the
marker fails the moment the defect is fixed, and is then removed.
"""

from __future__ import annotations

import os
import tempfile
from functools import cache
from pathlib import Path

import pytest

from tests.ui.apphelp import close_app, open_app
from tests.ui.audit import Finding, report
from tests.ui.audit.driver import table_scenarios, walk_screens, walk_table
from tests.ui.audit.known import KNOWN

GROUPS = {
    "touch": ("touch", "hidden-takes-touch", "off-window"),
    "text": ("text-off-window", "text-outside-widget", "text-cut", "overlap"),
    "size": ("text-size", "target-size"),
    "words": ("identifier",),
}
SCENARIOS = ["screens"] + [f"{game}-{n}p" for game, n in table_scenarios()]
FINDINGS_FILE = os.environ.get("AUDIT_FINDINGS", "/work/wt/audit-findings.txt")


@cache
def run(scenario: str) -> tuple[list[Finding], list[str]]:
    data = tempfile.mkdtemp(prefix="audit-")
    before = os.environ.get("COMPANION_DATA")
    os.environ["COMPANION_DATA"] = data
    app = open_app()
    try:
        if scenario == "screens":
            walked = walk_screens(app)
        else:
            game, _, players = scenario.rpartition("-")
            walked = walk_table(app, game, int(players[:-1]))
    finally:
        close_app(app)
        if before is None:
            os.environ.pop("COMPANION_DATA", None)
        else:
            os.environ["COMPANION_DATA"] = before
    _write(scenario, walked.findings, walked.states)
    return walked.findings, walked.states


_written: dict[str, tuple[list[Finding], list[str]]] = {}


def _write(scenario: str, findings: list[Finding], states: list[str]) -> None:
    _written[scenario] = findings, states
    folder = Path(FINDINGS_FILE).parent
    if folder.is_dir():
        everything = [f for found, _ in _written.values() for f in found]
        audited = sum(len(states) for _, states in _written.values())
        head = f"{audited} states audited in {len(_written)} scenarios: {', '.join(_written)}"
        Path(FINDINGS_FILE).write_text(f"{head}\n{report(everything)}\n", encoding="utf-8")


def cases():
    for scenario in SCENARIOS:
        for group in GROUPS:
            case = f"{scenario}-{group}"
            marks = [pytest.mark.xfail(strict=True, reason=KNOWN[case])] if case in KNOWN else []
            yield pytest.param(scenario, group, marks=marks, id=case)


@pytest.mark.parametrize(("scenario", "group"), list(cases()))
def test_layout_audit(scenario, group):
    findings, states = run(scenario)
    assert states, "the walk reached no state"
    wrong = [f for f in findings if f.check in GROUPS[group]]
    assert not wrong, f"{len(wrong)} findings:\n" + report(wrong)

"""The audit's cases that still fail on main, each for a defect of issue 23 owned by
another engineer (named first, in brackets: `screens`, `table`, `sheets`), with the most
frequent findings. Each is xfail(strict=True): the case fails as soon as it passes, and
its line is then removed. The whole list: /work/wt/audit-findings.txt after a run.
"""

KNOWN: dict[str, str] = {  # test id (scenario-group) -> what still fails it
}

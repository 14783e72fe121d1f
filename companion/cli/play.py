"""`companion play`: a whole game from a scan script through the real table session.

The script is read by the `script://` reader (hardware/script.py); scans go through the
same table calls as a reader event, taps as a touch. With the same --db, a run that was
killed resumes after the last script line the store holds, finished or not.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from companion.catalog import game_info
from companion.deck import load_deck
from companion.engine import PlayerSetup, ScoreSheet
from companion.inputs import DEFAULT_READER, IllegalInput
from companion.store import Store
from companion.table import Table

if TYPE_CHECKING:
    from hardware.script import Step


def _find_run(store: Store, source: str) -> int | None:
    """The latest game this same run (game, deck, players, script) started, finished or not:
    a run killed just after its final commit, run again, must go on with that game (a
    trailing undo and its redo included), not play a second copy into history."""
    return next((row.id for row in store.games() if row.source == source), None)


def _open_store(db: str) -> Store:
    if db == ":memory:":
        return Store()
    store, notice = Store.open_or_set_aside(db, lock=True)
    if notice:
        print(f"companion: {notice}", file=sys.stderr)
    return store


def format_sheet(sheet: ScoreSheet, finished: bool) -> str:
    kinds = sheet.kinds()
    head = ["rank", "player", *kinds, "total", "repaired", "items"]
    rows = [
        [
            str(p.rank),
            p.name,
            *(str(p.breakdown.get(k, "-")) for k in kinds),
            str(p.total),
            str(p.repaired),
            str(p.items),
        ]  # fmt: skip
        for p in sorted(sheet.players, key=lambda p: p.rank)
    ]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["Final scores" if finished else "Scores if the game ended now"]
    for row in [head, *rows]:
        lines.append("  " + "  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)))
    lines.append(f"Winner: {', '.join(sheet.winners)} ({sheet.tiebreak})")
    return "\n".join(lines)


def play(
    *,
    game: str,
    deck_path: str,
    players: list[str],
    script_path: str,
    db: str,
    new_players: list[str],
    settings: dict[str, str],
    as_json: bool,
    strict: bool,
    out: TextIO,
) -> int:
    from hardware.script import load_script

    deck = load_deck(deck_path)
    if deck.game != game:
        raise ValueError(f"{deck_path} is a {deck.game} deck, not {game}")
    unknown = set(new_players) - set(players)
    if unknown:
        raise ValueError(f"--new-players names someone not playing: {', '.join(sorted(unknown))}")
    steps = load_script(script_path)
    source = json.dumps(
        [game, str(Path(deck_path).resolve()), players, str(Path(script_path).resolve())]
    )
    store = _open_store(db)
    try:  # closed at the end, so the save's writer lock is free for the next run at once
        resumable = _find_run(store, source) if db != ":memory:" else None
        if resumable is not None:
            table = Table.resume(store, resumable)
            print(f"Resuming saved game {resumable} after script line {table.last_line}", file=out)
        else:
            setup = [PlayerSetup(name, name in new_players) for name in players]
            table = Table.start(store, deck, setup, settings=settings, source=source)
            print(
                f"{game_info(game).title}: {', '.join(players)}"
                f" ({players[0]} has the first-player marker)",
                file=out,
            )
        return _play_steps(table, steps, as_json=as_json, strict=strict, out=out)
    finally:
        store.close()


def _play_steps(
    table: Table, steps: list[Step], *, as_json: bool, strict: bool, out: TextIO
) -> int:
    from hardware.script import ScanStep

    shown = ""
    for step in steps:
        if step.line <= table.last_line:
            continue
        if table.prompt.text != shown:
            shown = table.prompt.text
            print(f"  > {shown}", file=out)
        try:
            if isinstance(step, ScanStep):
                said = f"scan {step.uid}" + (
                    f" @{step.reader}" if step.reader != DEFAULT_READER else ""
                )
                outcome = table.scan(step.uid, step.reader, line=step.line)
            else:
                said = f"tap {step.option}" + (f" {step.arg}" if step.arg else "")
                outcome = table.tap(step.option, step.arg, line=step.line)
            print(f"{step.line:4d}: {said}: {outcome}", file=out)
        except IllegalInput as err:
            print(f"{step.line:4d}: {said}: REFUSED: {err.message}", file=out)
            if strict:
                return 1
    print(f"  > {table.prompt.text}", file=out)
    print(format_sheet(table.scores(), table.finished), file=out)
    if as_json:
        print(json.dumps(table.scores().to_json()), file=out)
    return 0

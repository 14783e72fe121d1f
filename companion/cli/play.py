"""`companion play`: a whole game from a scan script through the real table session.

The script is read by the `script://` reader (hardware/script.py); scans go through the
same table calls as a reader event, taps as a touch. With the same --db, a run that was
killed resumes after the last script line the store holds.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TextIO

from companion.deck import load_deck
from companion.engine import PlayerSetup, ScoreSheet
from companion.games import definition
from companion.inputs import DEFAULT_READER, IllegalInput
from companion.store import Store
from companion.table import Table, seat_readers


def _find_resumable(store: Store, source: str) -> int | None:
    for row in store.games(finished=False):
        if row.source == source:
            return row.id
    return None


def format_sheet(sheet: ScoreSheet, finished: bool) -> str:
    """The sheet as a text table: a column per category the game chose, the total, then
    the counts that break ties (columns named by their keys, as in the JSON)."""
    keys = [key for key, _label in sheet.categories]
    ties = [key for key, _label in sheet.tiebreak_labels]
    points = any(p.total is not None for p in sheet.players)  # a game with a loser has none
    head = ["rank", "player", *keys, *["total"] * points, *ties]
    rows = [
        [
            str(p.rank),
            p.name,
            *(str(p.breakdown.get(k, "-")) for k in keys),
            *[str(p.total)] * points,
            *(str(p.tiebreaks.get(k, "-")) for k in ties),
        ]  # fmt: skip
        for p in sorted(sheet.players, key=lambda p: p.rank)
    ]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["Final scores" if finished else "Scores if the game ended now"]
    for row in [head, *rows]:
        lines.append("  " + "  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)))
    if sheet.losers:
        lines.append(f"Lost: {', '.join(sheet.losers)} ({sheet.reason})")
    elif finished:
        lines.append(f"Winner: {', '.join(sheet.winners)} ({sheet.reason})")
    else:
        lines.append(f"Leading: {', '.join(sheet.winners)} ({sheet.reason})")
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
    from hardware.script import ScanStep, load_script

    info = definition(game)
    deck = load_deck(deck_path)
    if deck.game != game:
        raise ValueError(f"{deck_path} is a {deck.game} deck, not {game}")
    unknown = set(new_players) - set(players)
    if unknown:
        raise ValueError(f"--new-players names someone not playing: {', '.join(sorted(unknown))}")
    if new_players and "new_player" not in {o.key for o in info.player_options}:
        raise ValueError(f"--new-players: {info.title} has no rule for new players")
    steps = load_script(script_path)
    store = Store(db)
    source = json.dumps(
        [game, str(Path(deck_path).resolve()), players, str(Path(script_path).resolve())]
    )
    resumable = _find_resumable(store, source) if db != ":memory:" else None
    if resumable is not None:
        table = Table.resume(store, resumable)
        print(f"Resuming saved game {resumable} after script line {table.last_line}", file=out)
    else:
        setup = [
            PlayerSetup(name, {"new_player": True} if name in new_players else {})
            for name in players
        ]
        readers = [step.reader for step in steps if isinstance(step, ScanStep)]
        seats = seat_readers(readers, len(players))  # readers seat1..seatN are those seats
        table = Table.start(store, deck, setup, settings=settings, source=source, seats=seats)
        print(
            f"{info.title}: {', '.join(players)} ({players[0]} has the first-player marker)",
            file=out,
        )
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

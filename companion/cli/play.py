"""`companion play`: a whole game from a scan script through the real table session.

The script is read by the `script://` reader (hardware/script.py); scans go through the
same table calls as a reader event, taps as a touch. With the same --db, a run that was
killed resumes after the last script line the store holds, finished or not.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from companion.deck import load_deck
from companion.definition import GameDefinition
from companion.engine import PlayerSetup, ScoreSheet
from companion.games import definition, definitions
from companion.inputs import DEFAULT_READER, IllegalInput
from companion.names import PrintableOut, player_names
from companion.store import Store
from companion.table import Table, seat_readers
from companion.textfile import read_text

if TYPE_CHECKING:
    from hardware.script import Step

SEAT_READER = re.compile(r"seat[0-9]+")  # a seat's own reader (DESIGN.md reader URLs)


def _open_store(db: str) -> Store:
    if db == ":memory:":
        return Store()
    store, notice = Store.open_or_set_aside(db, lock=True)
    if notice:
        print(f"companion: {notice}", file=sys.stderr)
    return store


def _resume(store: Store, source: str) -> Table | None:
    """The latest game this same run (game, deck, players, script) started, finished or not:
    a run killed just after its final commit, run again, must go on with that game (a
    trailing undo and its redo included), not play a second copy into history. Damage to
    it is said in one line: a repaired run id, or the game set aside and played on from its
    last input that replays."""
    game_id, note = store.find_run(source)
    table = None
    if game_id is not None:
        table, damage = Table.resume_or_set_aside(store, game_id)
        note = damage or note
    if note:
        print(f"companion: {note}", file=sys.stderr)
    return table


def read_setup_file(game: str | None, name: str, path: str) -> tuple[GameDefinition, Any]:
    """A file a game reads at set-up (its definition's `setup_files`, e.g. "map"), loaded and
    checked; ValueError naming the file and line. Without `game`, the one game reading such
    files is meant."""
    readers = [d for d in definitions() if name in d.setup_files]
    if game is not None:
        readers = [d for d in readers if d.name == game]
        if not readers:
            raise ValueError(f"--{name}: {definition(game).title} reads no {name} file")
    if len(readers) != 1:
        names = ", ".join(d.name for d in readers) or "none"
        raise ValueError(f"say which game the {name} is for: --game ({names})")
    return readers[0], readers[0].setup_files[name](path)


def _seats(steps: list[Step], players: list[str]) -> dict[str, int]:
    """`tap ... @Ana`: a player's name (or seat1, seat2, ...) to their 0-based seat. A name
    not at the table is refused when its line is played, like any illegal line."""
    seats = {name.casefold(): n for n, name in enumerate(players)}
    seats |= {f"seat{n + 1}": n for n in range(len(players))}
    for step in steps:
        reader = getattr(step, "reader", "")
        if SEAT_READER.fullmatch(reader) and reader not in seats:
            raise ValueError(
                f"script line {step.line}: there is no reader @{reader} at a table of "
                f"{len(players)} (seat1 to seat{len(players)}, or the shared reader)"
            )
    return seats


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
    files: dict[str, str] | None = None,
) -> int:
    from hardware.script import parse_script

    out = PrintableOut(out)  # a name from an older save may hold control characters
    info = definition(game)
    deck = load_deck(deck_path)
    if deck.game != game:
        raise ValueError(f"{deck_path} is a {deck.game} deck, not {game}")
    players = player_names(players)  # cleaned, and unique without regard to case
    by_fold = {name.casefold(): name for name in players}
    new_players = [by_fold.get(name.casefold(), name) for name in player_names(new_players)]
    unknown = set(new_players) - set(players)
    if unknown:
        raise ValueError(f"--new-players names someone not playing: {', '.join(sorted(unknown))}")
    if new_players and "new_player" not in {o.key for o in info.player_options}:
        raise ValueError(f"--new-players: {info.title} has no rule for new players")
    extra = {name: read_setup_file(game, name, path)[1] for name, path in (files or {}).items()}
    try:
        steps = parse_script(read_text(script_path, "script"), script_path)
    except OSError as err:
        raise ValueError(f"cannot read script {script_path}: {err.strerror}") from None
    seats = _seats(steps, players)
    source = json.dumps(
        [game, str(Path(deck_path).resolve()), players, str(Path(script_path).resolve())]
        + [{k: str(Path(p).resolve()) for k, p in (files or {}).items()}] * bool(files)
    )
    store = _open_store(db)
    try:  # closed at the end, so the save's writer lock is free for the next run at once
        table = _resume(store, source) if db != ":memory:" else None
        if table is not None:
            print(
                f"Resuming saved game {table.game_id} after script line {table.last_line}", file=out
            )
        else:
            setup = [
                PlayerSetup(name, {"new_player": True} if name in new_players else {})
                for name in players
            ]
            # every seat's reader is bound now, used by this script yet or not: a resumed run
            # with a longer script must find @seatK already that player's
            bound = seat_readers([f"seat{n + 1}" for n in range(len(players))], len(players))
            table = Table.start(
                store, deck, setup, settings=settings, source=source, seats=bound, extra=extra
            )
            print(
                f"{info.title}: {', '.join(players)} ({players[0]} has the first-player marker)",
                file=out,
            )
        return _play_steps(table, steps, seats, as_json=as_json, strict=strict, out=out)
    finally:
        store.close()


def _seat(name: str, seats: dict[str, int], players: list[str]) -> int:
    if name.casefold() not in seats:
        raise IllegalInput(f"@{name} is not a player ({', '.join(players)})")
    return seats[name.casefold()]


def _play_steps(
    table: Table,
    steps: list[Step],
    seats: dict[str, int],
    *,
    as_json: bool,
    strict: bool,
    out: TextIO,
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
                said += f" @{step.seat}" if step.seat else ""
                seat = _seat(step.seat, seats, table.players) if step.seat else None
                outcome = table.tap(step.option, step.arg, seat=seat, line=step.line)
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

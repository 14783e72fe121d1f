"""`companion history` and `companion export bgstats`: finished games out of the save file.

Both read the app's save file unless `--db` names another, and never create one: a
mistyped path is one line saying so, not an empty save left behind. Neither rewrites the
ledger, and both say what the save lost or holds damaged (exit 1 when they list anything
less than the save should hold), so the next `play` can still name it and offer the backup.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path
from typing import Any, TextIO

from companion.bgstats import installation_id, play_payload, push_url, utc
from companion.cli import bounds
from companion.evening import Evening, evenings
from companion.games import definition
from companion.names import PrintableOut
from companion.paths import data_dir, save_file
from companion.qr import for_terminal
from companion.store import GameRow, Store, StoreError


def open_save(db: str | None) -> tuple[Store, str | None]:
    """The save file at `db` (default: the app's) and what it lost, in a line, if anything;
    StoreError if there is none, or it is empty (an emptied save holds no games to list)."""
    path = Path(db) if db else save_file()
    if not path.exists():
        raise StoreError(f"no save file at {path} (play a game in the app, or pass --db)")
    if path.is_file() and path.stat().st_size == 0:
        raise StoreError(f"the save file {path} is empty (0 bytes): its games are not in it")
    store = Store(path, witness=False)
    try:
        return store, store.loss_note()
    except BaseException:
        store.close()
        raise


_DAMAGE = (KeyError, TypeError, ValueError, AttributeError, IndexError)  # a garbled stored row


def _damaged_row(row: GameRow) -> StoreError:
    return StoreError(f"saved game {row.id}'s stored result or setup is damaged")


def history_entry(row: GameRow, evening: Evening | None = None) -> dict[str, Any]:
    """One finished game as `history --json` lists it: who played, when, its sheet, and
    the evening it was played in; StoreError (one line) if its stored setup or result does
    not read."""
    try:
        entry = _entry(row)
        _summary(entry)  # every field the one-line form reads is there
    except _DAMAGE:
        raise _damaged_row(row) from None
    if evening is not None:
        entry["evening"] = evening_field(evening, row.id)
    return entry


def evening_field(evening: Evening, game_id: int) -> dict[str, Any]:
    """Which evening (numbered from the save's first), when it began, and which of its
    games this one was."""
    ids = [g.id for g in evening.games]
    return {
        "number": evening.number,
        "began": utc(evening.began),
        "game": ids.index(game_id) + 1,
        "games": len(ids),
    }


def _entry(row: GameRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "title": definition(row.game).title,
        "deck": row.deck,
        "players": [p["name"] for p in row.setup["players"]],
        "started": utc(row.created),
        "finished": utc(row.finished or row.updated),
        "sheet": row.result,
    }


def _summary(entry: dict[str, Any]) -> str:
    sheet = entry["sheet"]
    scores = ", ".join(
        p["name"] if p.get("total") is None else f"{p['name']} {p['total']}"
        for p in sheet["players"]
    )
    losers = sheet.get("losers")
    outcome = f"{' and '.join(losers)} lost" if losers else f"{' and '.join(sheet['winners'])} won"
    return (
        f"{entry['id']:>4}  {entry['finished']} UTC  {entry['title']} ({entry['deck']}): "
        f"{scores}; {outcome}"
    )


def history(db: str | None, as_json: bool, out: TextIO) -> int:
    """Every finished game, newest first: a line each, or a JSON list. Exit 1, with a line
    on stderr, when the save lost inputs or holds a game that does not read."""
    store, note = open_save(db)
    entries, skipped = [], []
    try:
        rows = store.games(finished=True)
        where = {g.id: e for e in evenings(rows) for g in e.games}
        for row in rows:
            try:
                entries.append(history_entry(row, where.get(row.id)))
            except StoreError as err:
                skipped.append(str(err))
        note = "; ".join(filter(None, [note, *skipped]))
    finally:
        store.close()
    if as_json:
        print(json.dumps(entries, indent=2, ensure_ascii=False), file=out)
    else:
        lines = [_summary(entry) for entry in entries] or ["no finished games yet"]
        print("\n".join(lines), file=out)
    if note:
        print(f"companion: {note}", file=sys.stderr)
        return 1
    return 0


def export_bgstats(db: str | None, game_id: int, as_json: bool, qr: bool, out: TextIO) -> int:
    """The BG Stats URL of a finished game (its payload with `as_json`, a terminal QR code
    a phone can scan with `qr`)."""
    store, note = open_save(db)
    try:
        row = store.game(game_id)
        try:
            payload = play_payload(row, installation_id(store))
        except _DAMAGE as err:
            if row.finished is None:  # play_payload's line for a game still going
                raise StoreError(str(err)) from None
            raise _damaged_row(row) from None
    except StoreError as err:  # one line: what the save lost, then why there is no link
        raise StoreError("; ".join(filter(None, [note, str(err)]))) from None
    finally:
        store.close()
    if note:
        print(f"companion: {note}", file=sys.stderr)
    if as_json:
        print(json.dumps(payload, indent=2, ensure_ascii=False), file=out)
        return 0
    url = push_url(payload)
    if qr:
        folder = Path(db).resolve().parent if db else data_dir()
        png = folder / f"bgstats-game-{game_id}.png"
        try:
            out.write(for_terminal(url, shutil.get_terminal_size().columns, png))
        except OSError as err:
            print(url, file=out)
            print(f"companion: cannot write the QR code to {png}: {err.strerror}", file=sys.stderr)
            return 1
    print(url, file=out)
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    """`history` and `export bgstats`, each carrying the function that runs it."""
    db_help = "save file (default: the app's)"
    past = sub.add_parser("history", help="finished games, newest first")
    past.add_argument("--json", action="store_true", help="every game with its score sheet")
    past.add_argument("--db", default=None, help=db_help)
    past.set_defaults(run=lambda a: history(a.db, a.json, PrintableOut(sys.stdout)))

    export = sub.add_parser("export", help="send a finished game elsewhere")
    targets = export.add_subparsers(dest="export_target", required=True)
    bgstats = targets.add_parser("bgstats", help="the BG Stats link of a finished game")
    bgstats.add_argument(
        "game_id", type=bounds.game_id, metavar="GAME_ID", help="as `history` lists it"
    )
    bgstats.add_argument("--json", action="store_true", help="the play's JSON, not the link")
    bgstats.add_argument("--qr", action="store_true", help="also draw the link as a QR code")
    bgstats.add_argument("--db", default=None, help=db_help)
    bgstats.set_defaults(
        run=lambda a: export_bgstats(a.db, a.game_id, a.json, a.qr, PrintableOut(sys.stdout))
    )

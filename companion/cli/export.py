"""`companion history` and `companion export bgstats`: finished games out of the save file.

Both read the app's save file unless `--db` names another, and never create one: a
mistyped path is one line saying so, not an empty save left behind.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from companion.bgstats import installation_id, play_payload, push_url, utc
from companion.games import definition
from companion.paths import save_file
from companion.qr import qr_code
from companion.store import GameRow, Store, StoreError


def open_save(db: str | None) -> Store:
    """The save file at `db` (default: the app's); StoreError if there is none."""
    path = Path(db) if db else save_file()
    if not path.is_file():
        raise StoreError(f"no save file at {path} (play a game in the app, or pass --db)")
    return Store(path)


def history_entry(row: GameRow) -> dict[str, Any]:
    """One finished game as `history --json` lists it: who played, when, and its sheet."""
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
    """Every finished game, newest first: a line each, or a JSON list."""
    store = open_save(db)
    try:
        entries = [history_entry(row) for row in store.games(finished=True)]
    finally:
        store.close()
    if as_json:
        print(json.dumps(entries, indent=2, ensure_ascii=False), file=out)
        return 0
    lines = [_summary(entry) for entry in entries] or ["no finished games yet"]
    print("\n".join(lines), file=out)
    return 0


def export_bgstats(db: str | None, game_id: int, as_json: bool, qr: bool, out: TextIO) -> int:
    """The BG Stats URL of a finished game (its payload with `as_json`, a terminal QR code
    a phone can scan with `qr`)."""
    store = open_save(db)
    try:
        payload = play_payload(store.game(game_id), installation_id(store))
    finally:
        store.close()
    if as_json:
        print(json.dumps(payload, indent=2, ensure_ascii=False), file=out)
        return 0
    url = push_url(payload)
    if qr:
        qr_code(url).terminal(out=out, compact=True)
    print(url, file=out)
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    """`history` and `export bgstats`, each carrying the function that runs it."""
    db_help = "save file (default: the app's)"
    past = sub.add_parser("history", help="finished games, newest first")
    past.add_argument("--json", action="store_true", help="every game with its score sheet")
    past.add_argument("--db", default=None, help=db_help)
    past.set_defaults(run=lambda a: history(a.db, a.json, sys.stdout))

    export = sub.add_parser("export", help="send a finished game elsewhere")
    targets = export.add_subparsers(dest="export_target", required=True)
    bgstats = targets.add_parser("bgstats", help="the BG Stats link of a finished game")
    bgstats.add_argument("game_id", type=int, metavar="GAME_ID", help="as `history` lists it")
    bgstats.add_argument("--json", action="store_true", help="the play's JSON, not the link")
    bgstats.add_argument("--qr", action="store_true", help="also draw the link as a QR code")
    bgstats.add_argument("--db", default=None, help=db_help)
    bgstats.set_defaults(run=lambda a: export_bgstats(a.db, a.game_id, a.json, a.qr, sys.stdout))

"""SQLite persistence: decks, games, the input log and results.

Every accepted input is committed (WAL, synchronous=FULL) before the table answers, so a
Pi that loses power mid-game resumes with every input it acknowledged.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS decks (
    game TEXT NOT NULL, name TEXT NOT NULL, toml TEXT NOT NULL, updated REAL NOT NULL,
    PRIMARY KEY (game, name));
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL, deck TEXT NOT NULL, setup TEXT NOT NULL,
    source TEXT, created REAL NOT NULL, updated REAL NOT NULL,
    finished REAL, result TEXT);
CREATE TABLE IF NOT EXISTS inputs (
    game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
    kind TEXT NOT NULL, uid TEXT, reader TEXT, option TEXT, arg TEXT, line INTEGER,
    at REAL NOT NULL, seat INTEGER, PRIMARY KEY (game_id, seq));
"""


KEEP = "keep"  # `append(result=KEEP)`: leave the game's result as it is
Result = dict[str, Any] | None | str


class StoreError(Exception):
    """The save file cannot be used; the message is one line for the player."""


class DamagedStore(StoreError):
    """The file is there but is not a readable save: safe to set aside, unlike a locked one."""


@dataclass(frozen=True)
class LoggedInput:
    kind: str  # scan, tap, undo or enroll
    uid: str | None = None
    reader: str | None = None
    option: str | None = None
    arg: str | None = None
    line: int | None = None
    seat: int | None = None  # the player (0-based seat) an input names, when it names one


@dataclass(frozen=True)
class GameRow:
    id: int
    game: str
    deck: str
    setup: dict[str, Any]
    source: str | None
    created: float
    updated: float
    finished: float | None
    result: dict[str, Any] | None
    inputs: int


class Store:
    def __init__(self, path: str | Path = ":memory:") -> None:
        self.path = str(path)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
            self._migrate()
            self.db.execute("SELECT count(*) FROM games").fetchone()
        except sqlite3.OperationalError as err:  # locked, unreadable, missing folder: not damage
            raise StoreError(f"cannot open the save file {self.path}: {err}") from None
        except sqlite3.DatabaseError as err:
            raise DamagedStore(
                f"the save file {self.path} is damaged or not a save file ({err})"
            ) from None

    def _migrate(self) -> None:
        """Saves written before inputs named their player lack the seat column: add it."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(inputs)")}
        if "seat" not in columns:
            self.db.execute("ALTER TABLE inputs ADD COLUMN seat INTEGER")

    def close(self) -> None:
        self.db.close()

    @classmethod
    def open_or_set_aside(cls, path: str | Path) -> tuple[Store, str | None]:
        """Open the save file; if it is damaged, keep it under another name and start afresh.

        Nothing is deleted: the damaged file (and its WAL) is renamed so it can be sent to us
        or recovered by hand, and the returned message says where it went.
        """
        try:
            return cls(path), None
        except DamagedStore as err:
            path = Path(path)
            aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                for suffix in ("", "-wal", "-shm"):
                    part = Path(f"{path}{suffix}")
                    if part.exists():
                        part.rename(f"{aside}{suffix}")
            except OSError as move:
                raise StoreError(f"{err}; it could not be set aside ({move.strerror})") from None
            return cls(path), f"{err}; it was kept as {aside.name} and a new one started"

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One committed write; a failed one (disk full, file gone) is a StoreError whose
        message players can read, and the caller treats the input as not played."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
        except sqlite3.Error as err:
            raise StoreError(f"could not save to {self.path}: {err}") from None

    # -- games -------------------------------------------------------------------------
    def create_game(
        self, game: str, deck: str, setup: dict[str, Any], source: str | None = None
    ) -> int:
        now = time.time()
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (game, deck, setup, source, created, updated) VALUES (?,?,?,?,?,?)",
                (game, deck, json.dumps(setup), source, now, now),
            )
        return int(cursor.lastrowid or 0)

    def append(self, game_id: int, seq: int, entry: LoggedInput, *, result: Result = KEEP) -> None:
        """Log one input; with `result`, record (a dict) or clear (None) the game's result in
        the same transaction, so the log and the result can never disagree."""
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO inputs (game_id, seq, kind, uid, reader, option, arg, line, at, seat)"
                " VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    game_id,
                    seq,
                    entry.kind,
                    entry.uid,
                    entry.reader,
                    entry.option,
                    entry.arg,
                    entry.line,
                    now,
                    entry.seat,
                ),
            )
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (now, game_id))
            if result is not KEEP:
                db.execute(
                    "UPDATE games SET finished = ?, result = ? WHERE id = ?",
                    (now if result else None, json.dumps(result) if result else None, game_id),
                )

    def log(self, game_id: int) -> list[LoggedInput]:
        rows = self.db.execute(
            "SELECT kind, uid, reader, option, arg, line, seat FROM inputs WHERE game_id = ?"
            " ORDER BY seq",
            (game_id,),
        )
        return [LoggedInput(*row) for row in rows]

    def games(self, *, finished: bool | None = None) -> list[GameRow]:
        where = {None: "", True: "WHERE finished IS NOT NULL", False: "WHERE finished IS NULL"}
        return self._game_rows(f"{where[finished]} ORDER BY updated DESC")

    def game(self, game_id: int) -> GameRow:
        rows = self._game_rows("WHERE id = ?", (game_id,))
        if not rows:
            raise StoreError(f"there is no saved game number {game_id}")
        return rows[0]

    def _game_rows(self, where: str, params: tuple[Any, ...] = ()) -> list[GameRow]:
        rows = self.db.execute(
            "SELECT id, game, deck, setup, source, created, updated, finished, result,"
            f" (SELECT count(*) FROM inputs i WHERE i.game_id = g.id) FROM games g {where}",
            params,
        )
        return [
            GameRow(*r[:3], json.loads(r[3]), *r[4:8], json.loads(r[8]) if r[8] else None, r[9])
            for r in rows
        ]

    def delete_game(self, game_id: int) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM inputs WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # -- decks and settings ------------------------------------------------------------
    def save_deck(self, game: str, name: str, toml: str) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO decks (game, name, toml, updated) VALUES (?,?,?,?)",
                (game, name, toml, time.time()),
            )

    def decks(self) -> list[tuple[str, str, str]]:
        return list(self.db.execute("SELECT game, name, toml FROM decks ORDER BY game, name"))

    def delete_deck(self, game: str, name: str) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM decks WHERE game = ? AND name = ?", (game, name))

    def get_setting(self, key: str, default: Any = None) -> Any:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else default

    def set_setting(self, key: str, value: Any) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, json.dumps(value))
            )

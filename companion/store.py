"""SQLite persistence: decks, games, the input log and results.

Every input is committed (WAL, synchronous=FULL) before it is acknowledged, so a Pi that
loses power mid-game resumes with every input it acknowledged. `append` commits before it
returns (the CLI); `append_later` commits on the writer thread (companion/writer.py) and
says when it is done (the app, which shows the prompt meanwhile). Every other call waits
for the writer's commits first, so it reads and writes after them, in order. The ledger
and the backups beside the save are written after, by a thread of their own (`saves.Witness`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import IO, Any

from companion import saves
from companion.writer import Writer

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS decks (
    game TEXT NOT NULL, name TEXT NOT NULL, toml TEXT NOT NULL, updated REAL NOT NULL,
    PRIMARY KEY (game, name));
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL, deck TEXT NOT NULL, setup TEXT NOT NULL,
    source TEXT, created REAL NOT NULL, updated REAL NOT NULL,
    finished REAL, result TEXT, run_sum INTEGER, aside TEXT);
CREATE TABLE IF NOT EXISTS inputs (
    game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
    kind TEXT NOT NULL, uid TEXT, reader TEXT, option TEXT, arg TEXT, line INTEGER,
    at REAL NOT NULL, seat INTEGER, PRIMARY KEY (game_id, seq));
"""


BACKUP_EVERY = 20  # inputs between backups of the save (and one when a game ends)
NO_NAME = "no save file named: give a file name, e.g. --db game.db"
KEEP = "keep"  # `append(result=KEEP)`: leave the game's result as it is
Result = dict[str, Any] | None | str


class StoreError(Exception):
    """The save file cannot be used; the message is one line for the player."""


class DamagedStore(StoreError):
    """The file is there but is not a readable save: safe to set aside, unlike a locked one."""


# SQLite's primary result codes that say the file could not be reached, not that it is damaged:
# PERM, BUSY, LOCKED, NOMEM, READONLY, IOERR, FULL, CANTOPEN.
_NOT_DAMAGE = {3: "permission denied", 5: "it is busy (another program holds it)",
               6: "it is busy (another program holds it)", 7: "out of memory",
               8: "it is read-only", 10: "the disk could not be read or written",
               13: "the disk is full", 14: "the file cannot be opened"}  # fmt: skip


def _is_damage(err: sqlite3.Error) -> bool:
    code = getattr(err, "sqlite_errorcode", None)
    return code is None or code & 0xFF not in _NOT_DAMAGE


def _reason(err: sqlite3.Error) -> str:
    """Why, in words: never SQLite's own text, which may quote SQL or the file's bytes."""
    code = getattr(err, "sqlite_errorcode", None)
    return _NOT_DAMAGE.get((code or 0) & 0xFF, "the save refused it")


def _run_sum(source: str) -> int:
    """The run id's checksum, stored beside it: a run id damaged by one letter is still
    recognised as this run's (and repaired), not silently taken for another run's."""
    return zlib.crc32(source.encode("utf-8", "replace"))


def _refuse_foreign(path: Path) -> None:
    why = saves.foreign(path)
    if why is not None:
        raise StoreError(f"cannot open the save file {path}: {why} (it was left as it is)")


def _fresh(path: Path, err: DamagedStore) -> tuple[Store, list[str]]:
    aside = _set_aside(path, "damaged", str(err))
    return Store(path), [f"{err}; it was kept as {aside.name} and a new one started"]


def _set_aside(path: Path, why: str, what: str) -> Path:
    """Rename the save (and its WAL) to `<name>.<why>-<date>-<time>`; nothing is deleted."""
    aside = saves.sibling(path, f".{why}-{saves.stamp()}")
    try:
        for suffix in ("", "-wal", "-shm"):
            part = saves.sibling(path, suffix)
            if part.exists():
                part.rename(saves.sibling(aside, suffix))
    except OSError as move:
        raise StoreError(f"{what}; it could not be set aside ({move.strerror})") from None
    return aside


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
    def __init__(self, path: str | Path = ":memory:", *, witness: bool = True) -> None:
        """Open (or start) the save at `path`. Without `witness` (history, export) the
        ledger is never rewritten, so a loss it records is still named by the next play."""
        self.path = str(path)
        if not self.path.strip():
            raise StoreError(NO_NAME)
        self.backup_offer: Path | None = None  # a backup holding inputs this save lost
        self.damaged_games: dict[int, str] = {}  # game id -> game, for rows met damaged at open
        self._opening = True
        self._lock: IO[str] | None = None
        on_disk = self.path != ":memory:"
        if on_disk:
            _refuse_foreign(Path(self.path))
        self._witness = saves.Witness(Path(self.path)) if on_disk and witness else None
        self._writer: Writer | None = None  # made by the first append_later
        self._use = threading.RLock()  # the connection is the writer thread's too
        try:
            # shared with the writer thread (an in-memory save is only this connection's)
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as err:
            raise StoreError(f"cannot open the save file {self.path}: {_reason(err)}") from None
        try:
            with self._reading("open"):
                # Checked before anything is written, so a damaged file is set aside as it was.
                if self.db.execute("PRAGMA quick_check").fetchone() != ("ok",):
                    raise sqlite3.DatabaseError("quick_check failed")
                self._claim()
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=FULL")
                self.db.executescript(SCHEMA)
                self._migrate()
                self._check()
            self._opening = False
        except StoreError:
            self.db.close()
            raise

    def _claim(self) -> None:
        """Mark the save as ours (SQLite's application_id); a save from before the mark is
        recognised by its tables, and an SQLite file holding others' tables is refused."""
        if self.db.execute("PRAGMA application_id").fetchone()[0] == saves.APP_ID:
            return
        tables = {
            n for (n,) in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if not tables <= {"meta", "decks", "games", "inputs"}:
            raise StoreError(
                f"cannot open the save file {self.path}: it is not a companion save file"
                " (it was left as it is)"
            )
        if self.path != ":memory:":
            self.db.execute(f"PRAGMA application_id = {saves.APP_ID}")

    def _migrate(self) -> None:
        """Columns added since a save was written: inputs' seat (the player an input names),
        games' run_sum (the run id's checksum) and aside (why a damaged game was set aside)."""
        for table, column, kind in (
            ("inputs", "seat", "INTEGER"),
            ("games", "run_sum", "INTEGER"),
            ("games", "aside", "TEXT"),
        ):
            columns = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}
            if column not in columns:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    def _check(self) -> None:
        """Decode every row the app will read, so damage anywhere in the file is met here, at
        open, where it can be set aside, not later mid-screen."""
        self.games()
        self.db.execute("SELECT * FROM inputs").fetchall()
        self.decks()
        for (value,) in self.db.execute("SELECT value FROM meta"):
            json.loads(value)

    def _after_the_writer(self) -> None:
        """Every call but the writer's own waits for the commits handed to it first."""
        if self._writer is not None and not self._writer.on_own_thread():
            self._writer.settle()

    @contextmanager
    def _reading(self, doing: str = "read") -> Iterator[None]:
        """Any read may meet a damaged file: it raises DamagedStore (one line, no SQL), which
        the app and the CLI answer by setting the file aside; anything else is StoreError."""
        self._after_the_writer()
        try:
            with self._use:
                yield
        except sqlite3.Error as err:
            if _is_damage(err):
                raise DamagedStore(self._damaged()) from None
            verb = "open" if doing == "open" else "read"
            raise StoreError(f"cannot {verb} the save file {self.path}: {_reason(err)}") from None
        except (ValueError, TypeError, KeyError, AttributeError):  # rows that do not decode
            raise DamagedStore(self._damaged()) from None

    def _damaged(self) -> str:
        return f"the save file {self.path} is damaged or not a save file"

    def settle(self) -> None:
        """Wait until the ledger and the backup asked for so far are written."""
        if self._witness is not None:
            self._witness.settle()

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()  # every commit handed to it is made first
        if self._witness is not None:
            self._witness.close()
        self.db.close()
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    @classmethod
    def open_or_set_aside(cls, path: str | Path, *, lock: bool = False) -> tuple[Store, str | None]:
        """Open the save file for play; say in one line what went wrong with it, if anything.

        With `lock`, this process becomes the save's only writer (else StoreError naming the
        other one). A damaged file is renamed, never deleted (it can be sent to us or
        recovered by hand), and a new one started. Inputs that the ledger saw acknowledged
        but the file no longer holds are named, and a backup holding more is offered.
        """
        if not str(path).strip():  # Path("") is ".", and sqlite3 makes "" a temporary file
            raise StoreError(NO_NAME)
        path = Path(path)
        _refuse_foreign(path)  # before the lock file is made beside it
        try:
            held = saves.take_lock(path) if lock else None
        except saves.LockHeld as err:
            raise StoreError(str(err)) from None
        except OSError as err:
            raise StoreError(f"cannot open the save file {path}: {err.strerror}") from None
        try:
            try:
                store, notes = cls(path), []
            except DamagedStore as err:
                store, notes = _fresh(path, err)
        except BaseException:
            if held is not None:
                held.close()
            raise
        return store._ready(held, notes)

    def set_aside(self, err: DamagedStore) -> tuple[Store, str | None]:
        """Damage met after opening: close, keep the file aside, and return a fresh store
        (holding this one's lock) and the line to tell the players."""
        held, self._lock = self._lock, None
        self.close()
        store, notes = _fresh(Path(self.path), err)
        return store._ready(held, notes)

    def _ready(self, held: IO[str] | None, notes: list[str]) -> tuple[Store, str | None]:
        self._lock = held
        notes += self._find_losses()
        notes += self._set_damaged_games_aside()
        self._save_ledger()
        return self, "; ".join(notes) or None

    def _losses(self) -> tuple[list[saves.Loss], saves.Progress, saves.Progress]:
        """(games the ledger saw further along than the save holds, the save's progress,
        the backup's): read only, nothing written."""
        path = Path(self.path)
        with self._reading():
            now = saves.read_progress(self.db)
        backup = saves.backup_progress(saves.sibling(path, ".backup"))
        return saves.losses(saves.read_ledger(path), now, backup), now, backup

    def loss_note(self) -> str | None:
        """What a read (history, export) must say about the save: inputs lost, games set
        aside as damaged. Nothing is renamed or rewritten, so play says it again."""
        lost = self._losses()[0] if self.path != ":memory:" else []
        notes = [f"acknowledged inputs are missing from the save: {saves.describe(lost)}"] * bool(
            lost
        )
        notes += [f"saved game {gid} ({title}) is damaged and is left out" for gid, title in
                  sorted(self.damaged_games.items())]  # fmt: skip
        return "; ".join(notes) or None

    def _find_losses(self) -> list[str]:
        lost, now, in_backup = self._losses()
        if not lost:
            return []
        notes = [f"acknowledged inputs are missing from the save: {saves.describe(lost)}"]
        if any(x.in_backup > x.has for x in lost):
            # Kept under its own name, so the next backup cannot overwrite what is offered.
            path = Path(self.path)
            kept = saves.sibling(path, f".backup-{saves.stamp()}")
            saves.sibling(path, ".backup").rename(kept)
            held = ", ".join(f"game {x.game_id}: {x.in_backup}" for x in lost)
            behind = saves.rolls_back(now, in_backup)
            if behind:  # restoring it would undo inputs the save still holds: not offered
                games = ", ".join(f"game {gid}" for gid in behind)
                notes.append(
                    f"the backup, kept as {kept.name}, holds more ({held}) but is older for"
                    f" {games}, so it is not offered"
                )
            else:
                self.backup_offer = kept
                notes.append(f"the backup {kept.name} holds more ({held})")
        return notes

    def _set_damaged_games_aside(self) -> list[str]:
        """Games whose stored setup or result does not read are set aside (kept, never
        deleted, left out of every list) so the rest of the save plays on."""
        notes = []
        for gid, title in sorted(self.damaged_games.items()):
            self.set_game_aside(gid, "its stored setup or result does not read")
            notes.append(f"saved game {gid} ({title}) is damaged: it was set aside")
        self.damaged_games = {}
        return notes

    def restore(self, backup: Path) -> Store:
        """Replace this save by `backup` and return the reopened store; the current file is
        renamed aside, not deleted, and this store is closed (its lock passes on)."""
        path, held = Path(self.path), self._lock
        self._lock = None
        self.close()
        try:
            _set_aside(path, "replaced", "the save")
            source = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
            target = sqlite3.connect(path)
            try:
                source.backup(target)
            finally:
                source.close()
                target.close()
            store = Store(path)
        except (sqlite3.Error, StoreError) as err:
            if held is not None:
                held.close()
            raise StoreError(f"the backup {backup.name} could not be restored ({err})") from None
        store._lock = held
        store._save_ledger()
        return store

    def _save_ledger(self) -> None:
        """The ledger brought up to this save at once (an open or a restore compares it)."""
        if self._witness is not None:
            self._witness.want()
            self._witness.settle()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One committed write; a failed one (disk full, file gone) is a StoreError whose
        message players can read, and the caller treats the input as not played."""
        self._after_the_writer()
        try:
            with self._use:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    yield self.db
                except BaseException:
                    self.db.execute("ROLLBACK")
                    raise
                self.db.execute("COMMIT")
        except sqlite3.Error as err:
            if _is_damage(err):
                raise DamagedStore(self._damaged()) from None
            raise StoreError(f"could not save to {self.path}: {_reason(err)}") from None
        if self._witness is not None:
            self._witness.want()

    # -- games -------------------------------------------------------------------------
    def create_game(
        self, game: str, deck: str, setup: dict[str, Any], source: str | None = None
    ) -> int:
        now = time.time()
        run_sum = None if source is None else _run_sum(source)
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (game, deck, setup, source, created, updated, run_sum)"
                " VALUES (?,?,?,?,?,?,?)",
                (game, deck, json.dumps(setup), source, now, now, run_sum),
            )
        return int(cursor.lastrowid or 0)

    def find_run(self, source: str) -> tuple[int | None, str | None]:
        """The latest game this run (its `source`) started, finished or not, and a line to
        say if its stored run id was damaged (then recognised by its checksum, and repaired)."""
        with self._reading():
            rows = self.db.execute(
                "SELECT id, source, run_sum FROM games WHERE aside IS NULL ORDER BY updated DESC"
            ).fetchall()
        for gid, stored, _sum in rows:
            if stored == source:
                return gid, None
        wanted = _run_sum(source)
        for gid, stored, run_sum in rows:
            if run_sum == wanted and (not isinstance(stored, str) or _run_sum(stored) != wanted):
                with self._transaction() as db:
                    db.execute("UPDATE games SET source = ? WHERE id = ?", (source, gid))
                return gid, f"saved game {gid}'s run id was damaged; it is this run's, and repaired"
        return None, None

    def set_game_aside(self, game_id: int, why: str, *, keep: int | None = None) -> int | None:
        """Set a damaged game aside (kept, left out of every list). With `keep`, a copy of it
        holding its first `keep` inputs (the ones that replay) goes on in its place: its id."""
        with self._transaction() as db:
            db.execute("UPDATE games SET aside = ? WHERE id = ?", (why, game_id))
            if keep is None:
                return None
            cursor = db.execute(
                "INSERT INTO games (game, deck, setup, source, created, updated, run_sum)"
                " SELECT game, deck, setup, source, ?, ?, run_sum FROM games WHERE id = ?",
                (time.time(), time.time(), game_id),
            )
            new = int(cursor.lastrowid or 0)
            db.execute(
                "INSERT INTO inputs (game_id, seq, kind, uid, reader, option, arg, line, at, seat)"
                " SELECT ?, seq, kind, uid, reader, option, arg, line, at, seat FROM inputs"
                " WHERE game_id = ? AND seq <= ?",
                (new, game_id, keep),
            )
        return new

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
        if self._witness is not None and (seq % BACKUP_EVERY == 0 or result not in (KEEP, None)):
            self._witness.want(backup=True)

    def append_later(
        self,
        game_id: int,
        seq: int,
        entry: LoggedInput,
        *,
        result: Result = KEEP,
        done: Callable[[Exception | None], None],
    ) -> None:
        """`append` on the writer thread, after every one handed to it before; `done(None)`
        there once it is committed, `done(error)` if it is not. A failed one fails every
        later one, untried, until `clear_failure` (companion/writer.py says why)."""
        if self._writer is None:
            self._writer = Writer()
        self._writer.submit(partial(self.append, game_id, seq, entry, result=result), done)

    def clear_failure(self) -> None:
        """The writer takes appends again: the owner has gone back to what the save holds."""
        if self._writer is not None:
            self._writer.settle()
            self._writer.clear_failure()

    def log(self, game_id: int) -> list[LoggedInput]:
        with self._reading():
            rows = self.db.execute(
                "SELECT kind, uid, reader, option, arg, line, seat FROM inputs WHERE game_id = ?"
                " ORDER BY seq",
                (game_id,),
            )
            return [LoggedInput(*row) for row in rows]

    def games(self, *, finished: bool | None = None) -> list[GameRow]:
        where = {None: "", True: "AND finished IS NOT NULL", False: "AND finished IS NULL"}
        return self._game_rows(f"{where[finished]} ORDER BY updated DESC")

    def game(self, game_id: int) -> GameRow:
        rows = self._game_rows("AND id = ?", (game_id,))
        if not rows:
            if game_id in self.damaged_games:
                raise StoreError(f"saved game {game_id} is damaged: its stored setup does not read")
            raise StoreError(f"there is no saved game number {game_id}")
        return rows[0]

    def _game_rows(self, where: str, params: tuple[Any, ...] = ()) -> list[GameRow]:
        """The games not set aside. Setup and result are read leniently (`saves.lenient`: a
        name that is not UTF-8 shows U+FFFD). A row whose setup or result does not decode, met
        at open, is left out and remembered in `damaged_games` (one game's damage is not the
        whole file's); met later, it is damage to the file (DamagedStore), as any other read."""
        with self._reading():
            rows = self.db.execute(
                "SELECT id, game, deck, CAST(setup AS BLOB), source, created, updated, finished,"
                " CAST(result AS BLOB), (SELECT count(*) FROM inputs i WHERE i.game_id = g.id)"
                " FROM games g"
                f" WHERE aside IS NULL {where}",
                params,
            ).fetchall()
        found = []
        for r in rows:
            try:
                stored, outcome = saves.lenient(r[3]), saves.lenient(r[8])
                setup, result = json.loads(stored), json.loads(outcome) if outcome else None
                if not isinstance(setup, dict) or not isinstance(result, dict | None):
                    raise TypeError("not a table")
            except (ValueError, TypeError):
                if not self._opening and r[0] not in self.damaged_games:
                    raise DamagedStore(self._damaged()) from None
                self.damaged_games[r[0]] = str(r[1])
                continue
            found.append(GameRow(*r[:3], setup, *r[4:8], result, r[9]))
        return found

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
        with self._reading():
            return list(self.db.execute("SELECT game, name, toml FROM decks ORDER BY game, name"))

    def delete_deck(self, game: str, name: str) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM decks WHERE game = ? AND name = ?", (game, name))

    def get_setting(self, key: str, default: Any = None) -> Any:
        with self._reading():
            row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            return json.loads(row[0]) if row else default

    def set_setting(self, key: str, value: Any) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, json.dumps(value))
            )

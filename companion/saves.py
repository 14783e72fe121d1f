"""What keeps a save file honest beyond SQLite: a writer lock, a ledger and a backup.

SQLite opens a save truncated to 0 bytes as a new empty one, and silently drops WAL frames
after a garbled one, so by itself it cannot tell players that acknowledged inputs are gone.
The ledger beside the file records how far each unfinished game had got, after every
commit, so the next open can compare; the backup (SQLite's online backup API) is what the
players are offered then. The lock keeps a second process from writing the same games.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from companion.paths import SAVE_FILE, data_dir

# game id -> (created, inputs logged, "game: players"): enough to tell that it shrank or went
Progress = dict[int, tuple[float, int, str]]

APP_ID = 0x54436D70  # "TCmp" in the save's header (PRAGMA application_id): the file is ours
_MAGIC = b"SQLite format 3\x00"
# Text SQLite keeps on a save's first page (its schema): a save written before the mark, or
# one whose header is damaged, is still recognised by it.
_OUR_SCHEMA = (b"CREATE TABLE games (", b"CREATE TABLE inputs (", b"CREATE TABLE decks (")


class LockHeld(Exception):
    """Another process writes this save; the message names it."""


def sibling(db: Path, suffix: str) -> Path:
    return db.with_name(db.name + suffix)


def stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def foreign(db: Path) -> str | None:
    """Why `db` is not one of our saves (so it must be neither renamed nor replaced), or None.

    Ours: no file yet, an empty one (SQLite starts a save there; a save emptied by accident
    is named by its ledger), one whose header carries APP_ID or whose first page holds our
    schema, one beside our ledger or backup, or the app's own save file (a save damaged past
    recognition is still ours, and is set aside).
    Read with O_NONBLOCK after a stat, so a FIFO or a device is refused without blocking.
    """
    try:
        info = os.stat(db)
    except FileNotFoundError:
        return None
    except OSError as err:
        return err.strerror or "it cannot be read"
    if not stat.S_ISREG(info.st_mode):
        return "it is not a regular file"
    if info.st_size == 0 or any(sibling(db, s).exists() for s in (".ledger", ".backup")):
        return None
    if db.resolve() == (data_dir(make=False) / SAVE_FILE).resolve():
        return None
    try:
        fd = os.open(db, os.O_RDONLY | os.O_NONBLOCK)
        try:
            head = os.read(fd, 65536)
        finally:
            os.close(fd)
    except OSError as err:
        return err.strerror or "it cannot be read"
    if head.startswith(_MAGIC) and int.from_bytes(head[68:72], "big") == APP_ID:
        return None
    if any(mark in head for mark in _OUR_SCHEMA):
        return None
    return "it is not a companion save file"


def take_lock(db: Path) -> IO[str]:
    """Hold `<save>.lock` for this process's lifetime (the kernel frees it if we die)."""
    handle = open(sibling(db, ".lock"), "a+", encoding="utf-8")  # noqa: SIM115 (held open)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read(200).strip() or "another process"
        handle.close()
        raise LockHeld(
            f"the save file {db} is in use by {holder}: one game has one writer, close that first"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"process {os.getpid()} ({_command()})\n")
    handle.flush()
    return handle


def _command() -> str:
    try:
        raw = Path(f"/proc/{os.getpid()}/cmdline").read_bytes()
    except OSError:
        return "companion"
    return " ".join(raw.replace(b"\0", b" ").decode(errors="replace").split())[:120]


def write_ledger(db: Path, progress: Progress) -> None:
    """Record every game's progress beside the save, atomically (temp + rename).

    Written after the commit and not fsynced: after a power cut it can only lag behind the
    save, which hides a loss rather than invents one.
    """
    path = sibling(db, ".ledger")
    temp = sibling(db, ".ledger.tmp")
    data = {str(gid): [created, n, title] for gid, (created, n, title) in progress.items()}
    try:
        temp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        pass  # a full disk already fails the commit itself; the ledger is only a witness


class Witness:
    """Writes the ledger and takes the backups on a thread of its own, with its own
    connection, so a scan's answer never waits for them (a backup copies the whole save).

    Requests made while it works are merged: it always writes what the save holds when it
    reads, so the ledger still only lags behind the save, never runs ahead of it.
    """

    def __init__(self, db: Path) -> None:
        self.db = db
        self._wanted: set[str] = set()
        self._busy = False
        self._done = threading.Condition()
        self._thread: threading.Thread | None = None

    def want(self, *, backup: bool = False) -> None:
        """The ledger rewritten (and a backup taken) from what the save holds now."""
        with self._done:
            self._wanted.update(("ledger", "backup") if backup else ("ledger",))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="save-witness", daemon=True)
                self._thread.start()
            self._done.notify_all()

    def settle(self) -> None:
        """Wait until everything asked so far is written."""
        with self._done:
            self._done.wait_for(lambda: not self._wanted and not self._busy)

    def close(self) -> None:
        """Finish what was asked, then stop: the save can be closed, moved or replaced."""
        with self._done:
            self._done.wait_for(lambda: not self._wanted and not self._busy)
            thread, self._thread = self._thread, None
            if thread is not None:
                self._wanted.add("stop")
                self._done.notify_all()
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        try:
            db = sqlite3.connect(self.db, isolation_level=None)
        except sqlite3.Error:
            db = None  # nothing can be witnessed; requests are still answered as done
        while True:
            with self._done:
                self._done.wait_for(lambda: bool(self._wanted))
                wanted, self._wanted, self._busy = self._wanted, set(), True
            if "stop" in wanted:
                break
            if db is not None:
                if "backup" in wanted:
                    take_backup(db, self.db)
                try:
                    write_ledger(self.db, read_progress(db))
                except (sqlite3.Error, ValueError):
                    pass  # the commit stands; damage is met by the next read
            with self._done:
                self._busy = False
                self._done.notify_all()
        if db is not None:
            db.close()
        with self._done:
            self._busy = False
            self._done.notify_all()


def read_ledger(db: Path) -> Progress:
    try:
        data = json.loads(sibling(db, ".ledger").read_text(encoding="utf-8"))
        return {int(gid): (float(c), int(n), str(t)) for gid, (c, n, t) in data.items()}
    except (OSError, ValueError, TypeError, AttributeError):
        return {}  # no witness: nothing can be said, and nothing false is said


def read_progress(db: sqlite3.Connection) -> Progress:
    """Every game the save holds, finished or not: a game finished by the commit just before
    a kill is still there with all its inputs, which the ledger (a moment behind) must see."""
    rows = db.execute(
        "SELECT id, created, game, CAST(setup AS BLOB),"
        " (SELECT count(*) FROM inputs i WHERE i.game_id = g.id) FROM games g"
    )
    return {
        gid: (created, n, f"{game}: {_players(lenient(setup))}")
        for gid, created, game, setup, n in rows
    }


def lenient(stored: bytes | None) -> str | None:
    """A stored setup or result, read as `CAST(column AS BLOB)`: bytes that are not UTF-8
    (a player name an older version wrote) become U+FFFD instead of failing the whole read,
    so one such name is not damage to the save. The JSON around it is still checked: a byte
    changed inside its structure still does not parse, and the game is set aside."""
    return None if stored is None else bytes(stored).decode("utf-8", "replace")


def _players(setup: str) -> str:
    """The players' names for a message; "?" where the stored setup does not read."""
    try:
        players = json.loads(setup)["players"]
        return ", ".join(str(p.get("name", "?")) if isinstance(p, dict) else "?" for p in players)
    except (ValueError, TypeError, KeyError):
        return "?"


@dataclass(frozen=True)
class Loss:
    game_id: int
    title: str
    had: int
    has: int
    in_backup: int


def losses(recorded: Progress, now: Progress, backup: Progress) -> list[Loss]:
    """Games the ledger saw further along than the save holds them now."""
    found = []
    for gid, (created, had, title) in sorted(recorded.items()):
        has = _inputs_of(now, gid, created)
        if has < had:
            found.append(Loss(gid, title, had, has, _inputs_of(backup, gid, created)))
    return found


def _inputs_of(progress: Progress, gid: int, created: float) -> int:
    entry = progress.get(gid)
    return entry[1] if entry and abs(entry[0] - created) < 1e-3 else 0


def rolls_back(now: Progress, backup: Progress) -> list[int]:
    """Games the save holds further along than the backup: restoring it would undo them
    (e.g. a game finished after the backup was taken)."""
    return [
        gid for gid, (created, n, _t) in sorted(now.items()) if _inputs_of(backup, gid, created) < n
    ]


def describe(lost: list[Loss]) -> str:
    return "; ".join(
        f"game {x.game_id} ({x.title}) had {x.had} inputs, the save now holds {x.has}" for x in lost
    )


def take_backup(db: sqlite3.Connection, path: Path) -> None:
    """Copy the save to `<save>.backup` with SQLite's online backup API, never half-written."""
    temp = sibling(path, ".backup.tmp")
    try:
        target = sqlite3.connect(temp)
        try:
            db.backup(target)
        finally:
            target.close()
        os.replace(temp, sibling(path, ".backup"))
    except (OSError, sqlite3.Error):
        pass  # the input itself is saved; a backup that failed is retried at the next one


def backup_progress(path: Path) -> Progress:
    """What a backup file holds, read-only; {} if it is missing or unreadable."""
    if not path.is_file():
        return {}
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return read_progress(db)
        finally:
            db.close()
    except (sqlite3.Error, ValueError, UnicodeDecodeError):
        return {}

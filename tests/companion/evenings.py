"""An evening of real games for tests: the shipped example scripts played headless into a
save, so every game is finished, scored and replays (History can open its sheet)."""

from __future__ import annotations

from typing import Any

from companion.deck import load_deck
from companion.store import Store
from companion.table import Table, seat_readers
from hardware.script import ScanStep, load_script
from tests.companion.conftest import EXAMPLES

SCRIPT_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]  # the examples' seats, in order
SETTINGS = {("who-broke-it", 2): {"call_mum_self": "no"}}  # as the 2p script's header says
# Three games in a row, as docs/user-guide.md tells it: Ana, Ben and Cleo play Broken and
# Beautiful (Cleo wins), Dev comes for Mintsugi (Ana wins), Ben loses Who Broke It?
THREE = [("broken-and-beautiful", 3), ("mintsugi", 4), ("who-broke-it", 4)]


def play_example(
    store: Store, game: str, players: int, names: list[str] | None = None, app: Any = None
) -> int:
    """One whole example game into `store`; its game number. `names` replace the script's
    Ana, Ben, ... seat for seat (in `tap player Ben` too); with `app`, the game is played
    on its table through its session, as a table plays it."""
    names = names or SCRIPT_NAMES[:players]
    deck = load_deck(EXAMPLES / f"{game}-demo.toml")
    readers = seat_readers([f"seat{i}" for i in range(1, players + 1)], players)
    settings = SETTINGS.get((game, players))
    table = Table.start(store, deck, names, seats=readers, settings=settings)
    scan, tap = table.scan, table.tap
    if app is not None:
        app.open_table(table)
        scan, tap = app.session.scan, app.session.tap
    for step in load_script(EXAMPLES / f"{game}-{players}p.script"):
        if isinstance(step, ScanStep):
            scan(step.uid, step.reader)
        else:
            seat = SCRIPT_NAMES.index(step.seat) if step.seat else None
            arg = names[SCRIPT_NAMES.index(step.arg)] if step.arg in SCRIPT_NAMES else step.arg
            tap(step.option, arg, seat=seat)
    assert table.finished, f"{game}-{players}p.script did not finish its game"
    return table.game_id


def play_evening(store: Store, games=THREE) -> list[int]:
    return [play_example(store, game, n) for game, n in games]


def move(store: Store, game_id: int, started: float, finished: float) -> None:
    """Say a saved game was played at another time (the store stamps the wall clock),
    through the store's own transaction, so its ledger (which knows a game by when it was
    created) follows."""
    with store._transaction() as db:
        db.execute(
            "UPDATE games SET created = ?, updated = ?, finished = ? WHERE id = ?",
            (started, finished, finished, game_id),
        )

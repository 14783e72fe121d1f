"""An evening of real games for tests: the shipped example scripts played headless into a
save, so every game is finished, scored and replays (History can open its sheet)."""

from __future__ import annotations

from companion.deck import load_deck
from companion.store import Store
from companion.table import Table, seat_readers
from hardware.script import ScanStep, load_script
from tests.companion.conftest import EXAMPLES

SCRIPT_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]  # the examples' seats, in order
SETTINGS = {("who-broke-it", 2): {"call_mum_self": "no"}}  # as the 2p script's header says
# Three games in a row, as docs/user-guide.md tells it: Ben loses Who Broke It?, Ana wins
# Mintsugi, Cleo wins Broken and Beautiful, which Dev sits out
THREE = [("who-broke-it", 4), ("mintsugi", 4), ("broken-and-beautiful", 3)]


def play_example(store: Store, game: str, players: int) -> int:
    """One whole example game into `store`; its game number."""
    deck = load_deck(EXAMPLES / f"{game}-demo.toml")
    names = SCRIPT_NAMES[:players]
    readers = seat_readers([f"seat{i}" for i in range(1, players + 1)], players)
    table = Table.start(store, deck, names, seats=readers, settings=SETTINGS.get((game, players)))
    for step in load_script(EXAMPLES / f"{game}-{players}p.script"):
        if isinstance(step, ScanStep):
            table.scan(step.uid, step.reader)
        else:
            seat = SCRIPT_NAMES.index(step.seat) if step.seat else None
            table.tap(step.option, step.arg, seat=seat)
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

"""A whole game of Broken and Beautiful through the app's session, the first legal input
each time: for tests and bench/app.py, which need games played, not particular moves.
Imports no window, so the bench can use it under its own Kivy set-up."""

from __future__ import annotations

from collections.abc import Callable

from companion.games.kintsugi.moves import legal_inputs
from companion.inputs import Scan


def play_to_the_end(app: object, after_each: Callable[[], None] = lambda: None) -> None:
    """Feed the running table its first legal input until it is finished."""
    while not app.table.finished:
        move = legal_inputs(app.table.state)[0]
        if isinstance(move, Scan):
            app.session.scan(move.uid)
        else:
            app.session.tap(move.option, move.arg)
        after_each()

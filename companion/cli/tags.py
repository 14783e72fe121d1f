"""`companion deck write-tags DECK --reader URL`: write every sticker's identity as it is
placed, so a deck enrolled before stickers carried their identity needs no re-enrolling.

`hardware` is imported inside the command: the rest of the CLI works without readers.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from companion.cli import bounds
from companion.deck import Deck, load_deck
from companion.identity import encode, identity_of


def write_tags(
    deck: Deck,
    readers: Sequence[Any],
    out: TextIO,
    *,
    seconds: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Write each sticker of `deck` placed on a reader that can write, counting progress.

    Ends when every sticker is written (0) or after `seconds` (1, saying how many are
    left); a reader that cannot write says why, and with none that can, nothing waits
    (ValueError: the CLI's one line and exit 2).
    """
    refusals = [f"{r.name}: {r.cannot_write}" for r in readers if not r.can_write]
    writers = [reader for reader in readers if reader.can_write]
    if not writers:
        raise ValueError("; ".join(refusals))
    for refusal in refusals:
        print(f"{refusal} (writing with the others)", file=out)
    payloads = {c.uid: encode(identity_of(c, deck.game, deck.name)) for c in deck}
    done: set[str] = set()
    total = len(payloads)
    names = ", ".join(reader.name for reader in writers)
    print(f"Place each sticker of {deck.name} on {names}: 0/{total} written", file=out, flush=True)
    deadline = None if seconds is None else clock() + seconds
    while len(done) < total and (deadline is None or clock() < deadline):
        started = clock()
        for reader in writers:
            for event in reader.poll():
                if event.kind == "placed":
                    _write_one(deck, reader, event.uid, payloads, done, out)
        time.sleep(max(0.0, min(r.interval for r in writers) - (clock() - started)))
    if len(done) < total:
        print(f"{total - len(done)} of {total} not written yet: run it again", file=out)
        return 1
    return 0


def _write_one(
    deck: Deck, reader: Any, uid: str, payloads: dict[str, bytes], done: set[str], out: TextIO
) -> None:
    from hardware.errors import ReaderError

    component = deck.get(uid)
    if component is None:
        print(f"{uid}: not a sticker of {deck.name}", file=out, flush=True)
        return
    if uid in done:
        print(f"{uid}: the {component.label} is already written", file=out, flush=True)
        return
    try:
        reader.write_identity(uid, payloads[uid])
    except ReaderError as err:  # lifted mid-write, not an NTAG, a chip fault: say, go on
        print(f"{uid}: the {component.label} was not written: {err}", file=out, flush=True)
        return
    done.add(uid)
    print(
        f"{len(done)}/{len(payloads)} written: the {component.label} ({uid})", file=out, flush=True
    )


def run_write_tags(deck_path: str, spec: str | None, seconds: float | None, out: TextIO) -> int:
    """Open the deck and the readers (all or none), write, close the readers."""
    from hardware.errors import ConfigError, ReaderError
    from hardware.factory import open_readers

    deck = load_deck(deck_path)
    try:
        readers = open_readers(spec)
    except ConfigError:
        raise  # bad input: the CLI's one line and exit 2
    except ReaderError as err:
        print(f"companion: {err}", file=sys.stderr)
        return 1
    try:
        return write_tags(deck, readers, out, seconds=seconds)
    finally:
        for reader in readers:
            reader.close()


def add_deck_commands(deck_sub: argparse._SubParsersAction) -> None:
    """`deck write-tags`, carrying the function that runs it."""
    write = deck_sub.add_parser(
        "write-tags", help="write each sticker's identity as it is placed on the reader"
    )
    write.add_argument("file", metavar="DECK", help="the deck file (TOML)")
    write.add_argument(
        "--reader", default=None, help="reader URL(s); default $COMPANION_READER or sim://"
    )
    write.add_argument(
        "--seconds", type=bounds.seconds, default=None, help="give up after this long"
    )
    write.set_defaults(run=lambda a: run_write_tags(a.file, a.reader, a.seconds, sys.stdout))

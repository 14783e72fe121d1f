"""`companion reader test`: open the configured readers and show what they see, live.

The first thing to run after wiring a reader, so every failure ends in a sentence that
says what to do. Without --reader it tests the readers the app would use, in the app's
order (--reader, $COMPANION_READER, the readers saved in Settings, sim://), and says which
and why: a simulated tag seen on a Pi whose real reader is dead must not look like success.
`hardware` is imported inside the function: the rest of the CLI works on machines without
any reader packages.
"""

from __future__ import annotations

import os
import queue
import sqlite3
import time
from datetime import datetime
from typing import Any, TextIO

from companion.paths import READERS_KEY, SAVE_FILE, app_holding, data_dir, saved_setting
from companion.textfile import clip

SIM_WAIT = 3.0  # seconds the simulated tag may take to be seen placed, then removed
DEMO_UID = "04D3E70A6B5C80"


def run_reader_test(
    spec: str | None, seconds: float | None, out: TextIO, errors: TextIO | None = None
) -> int:
    """Print each reader's chip and then every event until `seconds` pass or Ctrl-C.

    With only simulated readers and no `seconds`, a virtual tag is placed and removed
    and the test ends by itself. Returns the exit status: 0 fine, 1 a reader failed to
    open or (sim) no event came, 2 a bad reader URL: said on `errors` when given (the CLI's
    stderr, one line like every other refusal), else on `out`.
    """
    from hardware.diagnose import describe
    from hardware.hub import ReaderHub
    from hardware.urls import parse_reader_spec

    db = data_dir(make=False) / SAVE_FILE
    try:
        urls = parse_reader_spec(_choose(spec, db, out))
    except ValueError as err:
        return _refused(err, out, errors)
    holder = app_holding(db)
    if holder and any(url.scheme != "sim" for url in urls):
        print(
            f"the app is running ({holder}) and polls its readers itself, so this test would "
            "fight it for them: stop it first (sudo systemctl stop companion), and start it "
            "again after (sudo systemctl start companion)",
            file=out,
        )
        return 1
    readers, status = _open_all(urls, out, errors)
    if status:
        return status

    first_events = [event for reader in readers for event in reader.poll()]
    for url, reader in zip(urls, readers, strict=True):
        print(f"{url.name} ({url.text}): {describe(reader)}", file=out)
    hub = ReaderHub(readers)
    for event in first_events:
        hub.queue.put(event)
    demo = [reader for reader in readers if reader.can_place]
    all_sim = len(demo) == len(readers)
    with hub:
        try:
            if all_sim and seconds is None:
                return _sim_demo(hub, demo[0], out, {u.name: u.scheme for u in urls})
            print("waiting for tags (Ctrl-C to stop)...", file=out)
            _watch(hub, seconds, out, {u.name: u.scheme for u in urls})
        except KeyboardInterrupt:
            print("stopped", file=out)
    return 0


def _choose(spec: str | None, db: Any, out: TextIO) -> str:
    """The reader spec the app would use; unless given with --reader, says which and why."""
    from hardware.factory import ENV_VAR, reader_spec

    if spec is not None:
        return spec
    saved, unread = None, ""
    if not os.environ.get(ENV_VAR, "").strip():
        try:
            saved = saved_setting(READERS_KEY, db)
        except sqlite3.Error as err:
            unread = f" (the save file {db} could not be read: {err})"
    chosen, source = reader_spec(spec, saved if isinstance(saved, str) else None)
    why = {
        ENV_VAR: f"from ${ENV_VAR}, which the app would use too (it beats Settings)",
        "saved": f"the readers saved in Settings, as the app uses them (in {db})",
        "default": "the simulated reader: no --reader, no $COMPANION_READER and no readers "
        f"saved in Settings{unread or f' (in {db})'}. It tests no hardware; for a real "
        "reader: --reader 'rc522://spi0.0?rst=25'",
    }[source]
    print(f"testing {chosen}: {why}", file=out)
    return chosen


def _refused(err: ValueError, out: TextIO, errors: TextIO | None) -> int:
    if errors is None:
        print(f"error: {err}", file=out)
    else:
        print(f"companion: {clip(str(err))}", file=errors)
    return 2


def _open_all(urls: list[Any], out: TextIO, errors: TextIO | None) -> tuple[list[Any], int]:
    """Open every reader, or none: (readers, 0), or ([], exit status) after saying why."""
    from hardware.diagnose import diagnose
    from hardware.factory import MissingDependency, open_reader

    readers = []
    for url in urls:
        try:
            readers.append(open_reader(url))
            continue
        except ValueError as err:
            status = _refused(err, out, errors)
        except MissingDependency as err:
            print(f"{url.name}: {err}", file=out)
            status = 1
        except OSError as err:
            print(f"{url.name} ({url.text}): {diagnose(url.scheme, err)}", file=out)
            status = 1
        for reader in readers:
            reader.close()
        return [], status
    return readers, 0


def _print_event(event: Any, out: TextIO) -> None:
    stamp = datetime.now().strftime("%H:%M:%S.%f")[:-3]
    print(f"{stamp} {event.reader} {event.kind} {event.uid}", file=out, flush=True)


def _watch(hub: Any, seconds: float | None, out: TextIO, schemes: dict[str, str]) -> None:
    deadline = None if seconds is None else time.monotonic() + seconds
    shown: dict[str, str] = {}
    while deadline is None or time.monotonic() < deadline:
        _show_status(hub, out, shown, schemes)
        try:
            _print_event(hub.queue.get(timeout=0.1), out)
        except queue.Empty:
            pass


def _show_status(hub: Any, out: TextIO, shown: dict[str, str], schemes: dict[str, str]) -> None:
    from hardware.diagnose import diagnose

    for name, status in hub.status.items():
        if shown.get(name, "ok") != status:
            line = status if status == "ok" else diagnose(schemes.get(name, ""), status)
            print(f"{name}: {line}", file=out, flush=True)
        shown[name] = status


def _sim_demo(hub: Any, reader: Any, out: TextIO, schemes: dict[str, str]) -> int:
    """Place and remove a virtual tag on the simulated reader; 0 if both were seen."""
    shown: dict[str, str] = {}
    for kind, act in (("placed", reader.place), ("removed", reader.remove)):
        print(f"(simulated: {kind} a virtual NTAG213 {DEMO_UID} on {reader.name})", file=out)
        act(DEMO_UID)
        deadline = time.monotonic() + SIM_WAIT
        while True:
            _show_status(hub, out, shown, schemes)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                print(f"{reader.name}: the virtual tag was never seen {kind}", file=out)
                return 1
            try:
                event = hub.queue.get(timeout=min(remaining, 0.1))
            except queue.Empty:
                continue
            _print_event(event, out)
            if event.kind == kind and event.uid == DEMO_UID:
                break
    return 0

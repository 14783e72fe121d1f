"""ReaderHub: every reader on its own thread, all events into one queue.

A reader that raises must never take the app down: the hub reports it in `status`,
waits with growing backoff, and asks the reader for events again.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Sequence

from hardware.events import TagEvent
from hardware.reader import Reader

log = logging.getLogger(__name__)


def one_line(err: BaseException) -> str:
    """An exception as one status line: type and first line of its message."""
    text = str(err).strip().splitlines()
    return f"{type(err).__name__}: {text[0]}" if text else type(err).__name__


class ReaderHub:
    """Runs `reader.events()` for each reader on a daemon thread.

    Every TagEvent goes on `queue` (drained by the UI on its own clock) and, if given, to
    `on_event`, which is called on the reader's thread and must be quick and thread-safe.
    `stop()` closes the readers: the hub owns them once started.
    """

    def __init__(
        self,
        readers: Sequence[Reader],
        on_event: Callable[[TagEvent], None] | None = None,
        *,
        backoff: float = 0.5,
        max_backoff: float = 10.0,
    ) -> None:
        self.readers = list(readers)
        self.on_event = on_event
        self.queue: queue.Queue[TagEvent] = queue.Queue()
        self.backoff = backoff
        self.max_backoff = max_backoff
        self._stopping = threading.Event()
        self._threads: list[threading.Thread] = []
        self._failures: dict[str, str] = {}
        self._lock = threading.Lock()

    @property
    def status(self) -> dict[str, str]:
        """Reader name -> "ok", "error: <one line>", or the reader's own `status` text.

        An error stays until the reader delivers an event again: `events()` only speaks
        when a tag moves, so an earlier recovery cannot be seen from here.
        """
        with self._lock:
            failures = dict(self._failures)
        return {reader.name: failures.get(reader.name) or reader.status for reader in self.readers}

    def start(self) -> None:
        for reader in self.readers:
            thread = threading.Thread(
                target=self._run, args=(reader,), name=f"reader-{reader.name}", daemon=True
            )
            self._threads.append(thread)
            thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        self._stopping.set()
        for reader in self.readers:
            try:
                reader.close()
            except Exception as err:  # a broken reader must not stop the others closing
                self._report(reader, f"error: {one_line(err)}")
        for thread in self._threads:
            thread.join(timeout)

    def __enter__(self) -> ReaderHub:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _run(self, reader: Reader) -> None:
        delay = self.backoff
        logged = False  # the traceback of a failure streak is logged once, at its start
        while not self._stopping.is_set():
            try:
                for event in reader.events():
                    self._report(reader, None)
                    delay, logged = self.backoff, False
                    self._deliver(reader, event)
                    if self._stopping.is_set():
                        return
                return  # the reader ended on its own (closed)
            except Exception as err:
                if self._stopping.is_set():
                    return
                if not logged:  # so a driver bug can be diagnosed, not just seen in status
                    log.exception("%s: reader failed; retrying with backoff", reader.name)
                    logged = True
                failure = one_line(err)
                self._report(reader, f"error: {failure} (retrying in {delay:g} s)")
                self._stopping.wait(delay)
                self._report(reader, f"error: {failure} (retrying)")
                delay = min(delay * 2, self.max_backoff)

    def _deliver(self, reader: Reader, event: TagEvent) -> None:
        self.queue.put(event)
        if self.on_event is None:
            return
        try:
            self.on_event(event)
        except Exception as err:
            self._report(reader, f"error: on_event: {one_line(err)}")

    def _report(self, reader: Reader, failure: str | None) -> None:
        with self._lock:
            if failure is None:
                self._failures.pop(reader.name, None)
            else:
                self._failures[reader.name] = failure

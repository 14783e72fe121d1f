"""The save's writer thread: the app's commits, in order, off the UI thread.

On an SD card an fsync takes 5-12 ms and now and then 150-500 ms (docs/architecture.md, "A
Pi 4 model"): waited for on the UI thread, that tail is the prompt's. `Store.append_later`
hands the commit here instead, and says when it is on the card (`done(None)`) or that it is
not (`done(error)`). Order is the log's order: one thread takes the jobs first in, first out.

A failed commit fails every job after it, without trying them, until `clear_failure`: an
input after a lost one was decided on a state the save does not hold, so committing it
would write a log that no longer replays. The owner (the table) goes back to what the save
holds, then clears the failure.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

Job = Callable[[], None]
Done = Callable[[Exception | None], None]


class Writer:
    def __init__(self, name: str = "save-writer") -> None:
        self._name = name
        self._jobs: deque[tuple[Job, Done] | None] = deque()
        self._busy = False
        self._failed: Exception | None = None
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, job: Job, done: Done) -> None:
        """Run `job` after every job before it; `done` is called on the writer thread with
        None or the error (at once, on this thread, if an earlier job failed)."""
        with self._cv:
            failed = self._failed
            if failed is None:
                self._jobs.append((job, done))
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                    self._thread.start()
                self._cv.notify_all()
                return
        done(failed)

    def on_own_thread(self) -> bool:
        return threading.current_thread() is self._thread

    def settle(self) -> None:
        """Wait until every job submitted so far is committed or failed, and said so."""
        with self._cv:
            self._cv.wait_for(lambda: not self._jobs and not self._busy)

    def clear_failure(self) -> None:
        with self._cv:
            self._failed = None

    def close(self) -> None:
        """Finish every job, then stop the thread (the save can be closed)."""
        with self._cv:
            self._cv.wait_for(lambda: not self._jobs and not self._busy)
            thread, self._thread = self._thread, None
            if thread is not None:
                self._jobs.append(None)
                self._cv.notify_all()
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        while True:
            with self._cv:
                self._cv.wait_for(lambda: bool(self._jobs))
                item = self._jobs.popleft()
                if item is None:
                    return
                self._busy, failed = True, self._failed
            job, done = item
            try:
                if failed is None:
                    try:
                        job()
                    except Exception as err:  # the store's StoreError, said to the owner
                        failed = err
                        with self._cv:
                            self._failed = err
                done(failed)
            finally:
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()

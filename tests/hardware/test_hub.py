import queue
import time

from hardware.events import TagEvent
from hardware.hub import ReaderHub
from hardware.reader import Reader


class ListReader(Reader):
    """Hands out prepared events, one per poll, then nothing; can be told to raise."""

    interval = 0.001

    def __init__(self, name, uids=(), failures=0):
        self.name = name
        self.pending = [TagEvent(name, "placed", uid, 0.0) for uid in uids]
        self.failures = failures
        self.polls = 0

    def poll(self):
        self.polls += 1
        if self.failures:
            self.failures -= 1
            raise OSError(f"bus error {self.failures}\nsecond line")
        return [self.pending.pop(0)] if self.pending else []


def drain(hub, count, timeout=2.0):
    got = []
    deadline = time.monotonic() + timeout
    while len(got) < count and time.monotonic() < deadline:
        try:
            got.append(hub.queue.get(timeout=0.01))
        except queue.Empty:
            pass
    return got


def wait_for(predicate, timeout=2.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not reached"
        time.sleep(0.002)


def test_events_from_every_reader_reach_one_queue_and_the_callback():
    seen = []
    readers = [ListReader("seat1", ["04A1B2C3"]), ListReader("seat2", ["04A1B2C3D4E5F6"])]
    with ReaderHub(readers, on_event=seen.append) as hub:
        got = drain(hub, 2)
        assert hub.status == {"seat1": "ok", "seat2": "ok"}
    assert sorted((e.reader, e.uid) for e in got) == [
        ("seat1", "04A1B2C3"),
        ("seat2", "04A1B2C3D4E5F6"),
    ]
    assert sorted(seen, key=lambda e: e.reader) == sorted(got, key=lambda e: e.reader)


def test_a_raising_reader_is_reported_retried_and_does_not_disturb_the_others():
    flaky = ListReader("flaky", ["04000001"], failures=3)
    good = ListReader("good", ["04000002"])
    hub = ReaderHub([flaky, good], backoff=0.005, max_backoff=0.02)
    hub.start()
    try:
        wait_for(lambda: flaky.polls >= 1 and hub.status["flaky"].startswith("error:"))
        status = hub.status["flaky"]
        assert status.startswith("error: OSError: bus error")
        assert "\n" not in status
        got = drain(hub, 2)
        assert sorted(e.uid for e in got) == ["04000001", "04000002"]
        assert flaky.polls >= 4  # three failures, then the poll that read the tag
        assert hub.status == {"flaky": "ok", "good": "ok"}
    finally:
        hub.stop()
    assert all(not t.is_alive() for t in hub._threads)


def test_each_failure_streak_logs_its_traceback_once(caplog):
    steps = ["fail", "fail", "04000001", "fail", "fail", "fail", "04000002"]

    class Streaky(Reader):
        name = "streaky"
        interval = 0.001

        def poll(self):
            step = steps.pop(0) if steps else None
            if step == "fail":
                raise OSError("driver bug")
            return [TagEvent(self.name, "placed", step, 0.0)] if step else []

    with caplog.at_level("ERROR", logger="hardware.hub"):
        with ReaderHub([Streaky()], backoff=0.001, max_backoff=0.002) as hub:
            assert [e.uid for e in drain(hub, 2)] == ["04000001", "04000002"]
    logged = [r for r in caplog.records if r.name == "hardware.hub"]
    assert len(logged) == 2
    assert all(r.exc_info and r.exc_info[0] is OSError and "streaky" in r.message for r in logged)


def test_backoff_grows_between_retries():
    starts = []

    class AlwaysFails(Reader):
        name = "dead"

        def poll(self):
            starts.append(time.monotonic())
            raise RuntimeError("no chip")

    hub = ReaderHub([AlwaysFails()], backoff=0.01, max_backoff=0.04)
    hub.start()
    wait_for(lambda: len(starts) >= 4)
    hub.stop()
    gaps = [b - a for a, b in zip(starts, starts[1:], strict=False)]
    assert gaps[0] >= 0.009
    assert gaps[2] >= 0.035  # 0.01, 0.02, then capped at 0.04


def test_a_failing_callback_is_reported_and_events_keep_flowing():
    def explode(event):
        raise ValueError("ui bug")

    with ReaderHub([ListReader("r", ["04000001", "04000002"])], on_event=explode) as hub:
        got = drain(hub, 2)
        assert hub.status["r"] == "error: on_event: ValueError: ui bug"
    assert [e.uid for e in got] == ["04000001", "04000002"]


def test_reader_status_text_is_shown_when_the_hub_has_nothing_to_add():
    reader = ListReader("bridge")
    reader.status = "disconnected: no heartbeat for 3 s"
    hub = ReaderHub([reader])
    assert hub.status == {"bridge": "disconnected: no heartbeat for 3 s"}


def test_stop_closes_readers_and_ends_threads():
    readers = [ListReader("a"), ListReader("b")]
    hub = ReaderHub(readers)
    hub.start()
    wait_for(lambda: all(r.polls for r in readers))
    hub.stop(timeout=10)  # joins each thread; a generous timeout only so a bug cannot hang
    assert all(r.closed for r in readers)
    assert not any(t.is_alive() for t in hub._threads)

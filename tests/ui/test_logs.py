"""Kivy's log history keeps no exception objects: one there would keep its traceback's
frames, and whatever they hold (a closed app, its cards), alive for good."""

from __future__ import annotations

from kivy.logger import Logger, LoggerHistory

from ui.logs import keep_no_frames


class Holder:
    """Something a frame holds, as a method's frame holds its app."""


def fail(holder: Holder) -> None:
    raise OSError(f"tag not on the reader ({type(holder).__name__})")


def test_a_logged_exception_keeps_its_words_and_traceback_but_no_frame():
    keep_no_frames()
    keep_no_frames()  # once is enough: a second app start adds no second filter
    try:
        fail(Holder())
    except OSError as err:
        Logger.info("readers: sim: record not written on %s: %s", "04AA", err)
        Logger.exception("readers: cannot open %s", "sim://")
    said, traced = LoggerHistory.history[1], LoggerHistory.history[0]
    assert said.getMessage() == (
        "readers: sim: record not written on 04AA: tag not on the reader (Holder)"
    )
    assert not any(isinstance(a, BaseException) for a in said.args)
    assert traced.exc_info is None
    assert "in fail" in traced.exc_text and "OSError: tag not on the reader" in traced.exc_text
    assert sum(1 for f in Logger.filters if type(f).__name__ == "Frameless") == 1

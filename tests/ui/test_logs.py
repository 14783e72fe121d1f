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


def test_kv_rules_set_their_values_without_formatting_traces(monkeypatch):
    """Below TRACE a kv rule's binding sets its value and formats no trace line; at TRACE
    Kivy's own (tracing) call stays."""
    from kivy.lang import Builder, builder
    from kivy.logger import LOG_LEVELS
    from kivy.uix.label import Label

    from ui.logs import skip_kv_traces

    kivys, level = builder.call_fn, Logger.level
    monkeypatch.setattr(builder, "call_fn", kivys)  # put back after the test
    try:
        Logger.setLevel(LOG_LEVELS["trace"])
        skip_kv_traces()
        assert builder.call_fn is kivys
        Logger.setLevel(LOG_LEVELS["info"])
        skip_kv_traces()
    finally:
        Logger.setLevel(level)
    shown = Builder.load_string("Label:\n    text: 'Round ' + str(self.font_size)")
    assert isinstance(shown, Label) and shown.text == f"Round {shown.font_size}"
    traced = []
    monkeypatch.setattr(builder, "trace", traced.append)
    shown.font_size = 31
    assert shown.text == "Round 31" and traced == []

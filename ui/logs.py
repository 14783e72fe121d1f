"""Kivy's log history (LoggerHistory) keeps its last records for the process's lifetime, and
a record holding an exception, as an argument or as exc_info, holds its traceback: every
frame on it and all they reference, a closed app and its cards included. So records keep
the words of an exception and its formatted traceback, never the objects.

Kivy's kv rules also trace every bound property change they make, TRACE on or not: two
strings formatted (the widget, the rule's source, the value's repr) and two logger calls
each, about a hundred a scan (`skip_kv_traces`)."""

from __future__ import annotations

import logging

from kivy.lang import builder
from kivy.logger import LOG_LEVELS, Logger

_TRACEBACKS = logging.Formatter()


class Frameless(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info:
            record.exc_text = record.exc_text or _TRACEBACKS.formatException(record.exc_info)
            record.exc_info = None
        if isinstance(record.args, tuple):
            record.args = tuple(str(a) if isinstance(a, BaseException) else a for a in record.args)
        return True


def keep_no_frames() -> None:
    """Filter Kivy's logger (once), before any handler, the history included, sees a record."""
    if not any(isinstance(f, Frameless) for f in Logger.filters):
        Logger.addFilter(Frameless())


def _call_fn(args: tuple, _instance: object, _value: object) -> None:
    """kivy.lang.builder.call_fn (Kivy 2.3) without its two traces: a kv rule's value
    evaluated and set on its widget."""
    element, key, value, rule, idmap = args
    rule.count += 1
    setattr(element, key, eval(value, idmap))  # noqa: S307 (Kivy's own compiled kv rule)


def skip_kv_traces() -> None:
    """Below TRACE nobody reads the kv rules' traces, so rules bound from now on skip them
    (`python -O` drops them the same way): about 1 ms of the UI thread's 7 a scan here, six
    to nine times that on a Pi 4. Kept when Kivy's log level is TRACE."""
    if not Logger.isEnabledFor(LOG_LEVELS["trace"]):
        builder.call_fn = _call_fn

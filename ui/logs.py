"""Kivy's log history (LoggerHistory) keeps its last records for the process's lifetime, and
a record holding an exception, as an argument or as exc_info, holds its traceback: every
frame on it and all they reference, a closed app and its cards included. So records keep
the words of an exception and its formatted traceback, never the objects."""

from __future__ import annotations

import logging

from kivy.logger import Logger

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

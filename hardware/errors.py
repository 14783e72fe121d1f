"""One family for every error the reader layer raises on purpose.

Callers that must carry on without a reader (the app, the settings screen, `companion
reader test`) catch `ReaderError` and `OSError` (no device, no permission, a GPIO pin
refused): anything else escaping a reader is a bug and should be seen as one. Every
message is one line a person can act on.
"""

from __future__ import annotations


class ReaderError(Exception):
    """Base of everything below."""


class ConfigError(ReaderError, ValueError):
    """A reader URL, option or scan script that cannot be used (also a ValueError, as
    bad input has always been)."""


class MissingDependency(ReaderError):
    """A backend needs a package that is not installed; the message says which."""


class Unsupported(ReaderError):
    """A backend that cannot run on this machine (RPi.GPIO off a Pi, or on a Pi 5)."""


class ChipFault(ReaderError):
    """The chip itself misbehaves (no answer, implausible registers): not a tag problem."""


class Noise(ReaderError):
    """A reply this poll cannot trust (bad BCC or CRC, garbled, a tag going quiet mid-way).
    Says nothing about which tags are present, so it never counts as a miss."""


class TagError(ReaderError):
    """A tag that cannot do what was asked of it (not there, wrong kind, a NAK)."""


class TornWrite(TagError):
    """A write the read-back could not confirm (a tag lifted mid-write): the tag holds no
    half record that parses, and the message says to place it again."""


class CannotWrite(ReaderError):
    """A reader that only reports uids was asked to write to a sticker."""


# Opening a reader raises these when it cannot be had; callers that carry on catch them.
OPEN_ERRORS: tuple[type[Exception], ...] = (ReaderError, OSError)

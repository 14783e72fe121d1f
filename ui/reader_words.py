"""What the app says about a reader that will not open or reports a problem: one place.

The advice is hardware/diagnose.py's, so the touchscreen and `companion reader test` give
the same fix. Here it gets the device it is about and sheds any raw exception dress
("FileNotFoundError: [Errno 2] ..."), and the app logs it. The headline (the words before
the advice) is what docs/troubleshooting.md is keyed by, one `## headline` per entry.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from kivy.logger import Logger

from hardware.diagnose import diagnose
from hardware.factory import OPEN_ERRORS, open_reader
from hardware.rc522.registers import GENUINE, NO_CHIP, VERSIONS
from hardware.reader import Reader
from hardware.urls import ReaderUrl, parse_reader_spec

RAW = re.compile(r"^(error: )?([A-Z][a-z]+[A-Z]\w*: )?")  # "error: ", "FileNotFoundError: "
ERRNO = re.compile(r"\[Errno \d+\] ")
CANNOT_OPEN = "cannot open the device"  # an OSError diagnose has no advice for
REGISTER = re.compile(r"(?:RC522 )?VersionReg (?:reads )?0x([0-9A-Fa-f]{2})")


class ReaderTrouble(Exception):
    """A reader's problem in words: which device, what is wrong, what to do."""

    def __init__(self, device: str, headline: str, fix: str = "") -> None:
        super().__init__(device, headline, fix)
        self.device = device  # the URL as typed, with the reader's name when it has one
        self.headline = headline  # "SPI is off"
        self.fix = fix  # "enable it with raspi-config ..."

    def __str__(self) -> str:
        return f"{self.device}: {self.headline}" + (f": {self.fix}" if self.fix else "")


def device(url: ReaderUrl) -> str:
    text = url.text or f"{url.scheme}://{url.target}"
    return text if url.name == url.scheme else f"{url.name} ({text})"


def plain(text: str) -> str:
    """A message without the exception's type and errno in front of it."""
    return ERRNO.sub("", RAW.sub("", text.strip().splitlines()[0] if text.strip() else ""))


def words(url: ReaderUrl, problem: str | BaseException) -> ReaderTrouble:
    """The trouble with `url`, from an exception it raised or the status it reports."""
    advice = diagnose(url.scheme, problem)
    if isinstance(problem, OSError) and advice == str(problem):
        what = problem.strerror or plain(str(problem))
        return ReaderTrouble(device(url), CANNOT_OPEN, f"{what}{where(problem)}")
    headline, _, fix = plain(advice).partition(": ")
    return ReaderTrouble(device(url), headline, fix)


def where(err: OSError) -> str:
    return f" ({err.filename})" if err.filename else ""


def status_words(url: ReaderUrl | None, name: str, status: str) -> str:
    """A running reader's status for a person: "ok", or its trouble in words."""
    if status == "ok":
        return status
    if url is None:
        return chip_words(f"{name}: {plain(status)}")
    return chip_words(str(words(url, status)))


def chip_words(text: str) -> str:
    """The drivers' and the CLI's "VersionReg 0x92" (a register's name and its value) said as
    players can read it: what the chip is. The value itself stays in the CLI's
    `companion reader test` and the log, where a support conversation finds it."""

    def say(found: re.Match[str]) -> str:
        version = int(found.group(1), 16)
        if version in NO_CHIP:
            return "no chip answered"
        if version in GENUINE:
            return f"the reader answered as a genuine NXP chip ({GENUINE[version]})"
        if version in VERSIONS:
            return f"the reader answered as a {VERSIONS[version]} chip"
        return "the reader answered as a chip of unknown make"

    return REGISTER.sub(say, text)


@contextmanager
def logged() -> Iterator[None]:
    """Log a reader's trouble where the service's journal keeps it, then let it go on."""
    try:
        yield
    except ReaderTrouble as trouble:
        Logger.warning("Readers: %s", trouble)
        raise


def open_named(spec: str) -> list[Reader]:
    """Open every reader of `spec`, all or none, raising ReaderTrouble naming the one that
    failed (a ConfigError in the spec itself names no single device)."""
    try:
        urls = parse_reader_spec(spec)
    except OPEN_ERRORS as err:
        raise ReaderTrouble(spec or "(no reader)", plain(str(err))) from None
    opened: list[Reader] = []
    with logged():
        try:
            for url in urls:
                try:
                    opened.append(open_reader(url))
                except OPEN_ERRORS as err:
                    raise words(url, err) from None
        except BaseException:
            for reader in opened:
                reader.close()
            raise
    return opened

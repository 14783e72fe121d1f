"""What a reader is and what to do when it fails, in one sentence each.

Shared by `companion reader test` and the Settings screen's live reader test, so a
person wiring a reader reads the same advice on the command line and on the touchscreen.
"""

from __future__ import annotations

from typing import Any

from hardware.feedback import NOT_A_PI, is_raspberry_pi
from hardware.rc522.reader import describe_chip
from hardware.reader import Reader


def diagnose(scheme: str, problem: str | BaseException) -> str:
    """What to do about a reader that failed to open or reports a problem."""
    text = str(problem)
    if isinstance(problem, PermissionError) or "Permission denied" in text or "Errno 13" in text:
        groups, named = ("dialout", "group") if scheme == "serial" else ("spi,gpio", "groups")
        return (
            f"permission denied: add your user to the {groups.replace(',', ' and ')} {named} "
            f"(sudo usermod -aG {groups} $USER), then log out and in again"
        )
    if scheme in ("rc522", "mfrc522") and isinstance(problem, FileNotFoundError):
        if not is_raspberry_pi():  # no SPI to switch on: raspi-config would not help
            return f"no SPI device here: {NOT_A_PI} (sim:// is the simulated reader)"
        return (
            "SPI is off: enable it with raspi-config (Interface Options > SPI) "
            "or add dtparam=spi=on to /boot/firmware/config.txt, then reboot"
        )
    if scheme == "serial" and ("No such file" in text or "Errno 2" in text):
        return "no such serial port: is the bridge plugged in? (ls /dev/ttyACM* /dev/ttyUSB*)"
    return text


def describe(reader: Any) -> str:
    """A reader's own description (`Reader.describe()`); an object that only carries a
    chip's `version` and `fault` is described by them."""
    if isinstance(reader, Reader):
        return reader.describe()
    return describe_chip(reader.version, reader.fault)

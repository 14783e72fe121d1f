"""One press per touch: the `[input]` section the app writes into its own Kivy config.

Kivy's default on Linux is `mouse = mouse` plus `%(name)s = probesysfs`. Kivy 2.3's SDL2 window
on Linux drops SDL's finger events, but SDL also turns each touch into a mouse press, which the
`mouse` provider delivers; probesysfs opens the same panel's /dev/input/eventN (through mtdev or
hidinput) and delivers it again: two presses for one touch, a toggle that flips straight back
(FACTS.md, docs/ui.md). The app owns that config (its own KIVY_HOME), so it writes the section
itself at every start, with exactly one provider:

- `sdl`, the default: the `mouse` provider alone. SDL reads every touch screen it sees (the
  official 7" displays over DSI, both generations, and USB/HDMI ones: evdev under KMS/DRM, the
  desktop's pointer under X or Wayland) and makes one press of each touch; a mouse works too.
  One finger at a time, which the app needs (it has no gestures).
- `panel` ($COMPANION_TOUCH=panel): the panel read directly (probesysfs: mtdev, else hidinput)
  and no mouse provider, for a panel SDL does not see. Several fingers at once, no mouse.
"""

from __future__ import annotations

import configparser
import os
from collections.abc import Mapping
from pathlib import Path

from kivy.config import ConfigParser
from kivy.logger import Logger

ENV_VAR = "COMPANION_TOUCH"
DEFAULT = "sdl"
SECTIONS = {
    # disable_multitouch: a right click leaves no red dot standing in for a second finger
    "sdl": {"mouse": "mouse,disable_multitouch"},
    "panel": {"%(name)s": "probesysfs"},
}
WORDS = {
    "sdl": "Touch: read through the screen's window (SDL), one press per touch; a mouse works too.",
    "panel": "Touch: read from the touch panel itself, several fingers at once; no mouse.",
}


def chosen(environ: Mapping[str, str] = os.environ) -> str:
    """The owner's choice from the environment; anything else than a known one is the default,
    said once in the log."""
    value = environ.get(ENV_VAR, DEFAULT).strip().lower()
    if value not in SECTIONS:
        Logger.warning(f"Touch: ${ENV_VAR}={value!r} is neither sdl nor panel; using {DEFAULT}")
        return DEFAULT
    return value


def configure(config: ConfigParser, choice: str) -> None:
    """Make `config`'s [input] section exactly the choice's one provider, in memory and in its
    file. Kivy makes its providers from the section when the app starts running, so this comes
    before `App.run()` reaches `runTouchApp` (the app calls it from `build`)."""
    section = SECTIONS[choice]
    replace_section(config, section)
    if config.filename:
        write_section(Path(config.filename), section)


def replace_section(config: configparser.RawConfigParser, section: Mapping[str, str]) -> None:
    if not config.has_section("input"):
        config.add_section("input")
    for key in config.options("input"):
        config.remove_option("input", key)
    for key, value in section.items():
        config.set("input", key, value)


def write_section(path: Path, section: Mapping[str, str]) -> None:
    """Only [input] is written back: the rest of the file stays as the owner left it (the
    service's KCFG_ variables and the keyboard setting live in memory, not in the file)."""
    file = configparser.RawConfigParser()
    try:
        file.read(path, encoding="utf-8")
        replace_section(file, section)
        temporary = path.with_name(path.name + ".new")
        with temporary.open("w", encoding="utf-8") as out:
            file.write(out)
        temporary.replace(path)
    except (OSError, configparser.Error) as err:
        Logger.warning(f"Touch: could not write [input] into {path}: {err}")


def apply() -> str:
    """Configure Kivy's own config for the owner's choice; returns the choice."""
    from kivy.config import Config

    choice = chosen()
    configure(Config, choice)
    return choice

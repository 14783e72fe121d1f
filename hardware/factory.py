"""`open_readers()`: reader URL spec -> opened readers, like gpiozero's pin factories.

Backends are imported only when their scheme is used, so `serial://` works without
spidev or kivy, and `rc522://` without pyserial.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable

from hardware.errors import OPEN_ERRORS as OPEN_ERRORS  # re-exported: the app catches it
from hardware.errors import ConfigError, MissingDependency
from hardware.reader import Reader
from hardware.urls import ReaderUrl, parse_reader_spec

ENV_VAR = "COMPANION_READER"
DEFAULT_SPEC = "sim://"

Opener = Callable[[str, str, dict[str, str]], Reader]

# scheme -> "module:function"; each function takes (name, target, query).
BACKENDS: dict[str, str] = {
    "rc522": "hardware.rc522:open_rc522",
    "mfrc522": "hardware.mfrc522_backend:open_mfrc522",
    "serial": "hardware.serial_bridge:open_serial",
    "script": "hardware.factory:open_script",
    "sim": "hardware.sim.reader:open_sim",
    "keyboard": "hardware.keyboard:open_keyboard",
}

# import name -> what to install, for the one-line message when it is missing.
_PACKAGES = {"serial": "pyserial", "RPi": "RPi.GPIO"}


def reader_spec(spec: str | None = None, saved: str | None = None) -> tuple[str, str]:
    """The spec in force and where it came from: ("--reader", $COMPANION_READER, "saved",
    "default").

    An argument beats the environment (a one-off run), which beats the list an app saved
    (the table's everyday set-up), which beats the simulated reader. An empty argument is
    still the argument (and fails to parse): whoever passed it meant it.
    """
    if spec is not None:
        return spec, "--reader"
    env = os.environ.get(ENV_VAR, "").strip()
    for given, source in ((env, ENV_VAR), (saved, "saved")):
        if given:
            return given, source
    return DEFAULT_SPEC, "default"


def open_readers(spec: str | None = None) -> list[Reader]:
    """Open every reader in `spec` (see `reader_spec`); all or none.

    Raises ConfigError for a bad URL (before touching any hardware), MissingDependency,
    Unsupported, or OSError when a device cannot be opened (all in OPEN_ERRORS); readers
    already opened are closed again.
    """
    urls = parse_reader_spec(reader_spec(spec)[0])
    opened: list[Reader] = []
    try:
        for url in urls:
            opened.append(open_reader(url))
    except BaseException:
        for reader in opened:
            reader.close()
        raise
    return opened


def open_reader(url: ReaderUrl) -> Reader:
    """Open one parsed reader URL with its backend."""
    module_name, _, function = BACKENDS[url.scheme].partition(":")
    try:
        opener: Opener = getattr(importlib.import_module(module_name), function)
        return opener(url.name, url.target, dict(url.query))
    except ImportError as err:  # a package missing, or one whose binary part will not load
        top = (err.name or "").split(".")[0]
        if top == "hardware":
            raise
        if not top:
            raise MissingDependency(f"{url.scheme}:// cannot load a package: {err}") from None
        package = _PACKAGES.get(top, top)
        raise MissingDependency(
            f"{url.scheme}:// needs the {package} package: pip install {package}"
        ) from None


def open_script(name: str, target: str, query: dict[str, str]) -> Reader:
    """`script://path`: the scan-script reader (hardware.script)."""
    from hardware.script import ScriptReader

    if query:
        raise ConfigError(f"script:// takes no options, got {', '.join(query)}")
    return ScriptReader(target, name=name)

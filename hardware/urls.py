"""Reader URL specs (DESIGN.md "Reader URLs"): one syntax for config, CLI and environment.

Parsing is separate from opening so a typo is reported before any hardware is touched,
and so the parser can be tested on a laptop.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hardware.errors import ConfigError

SCHEMES = ("rc522", "mfrc522", "serial", "script", "sim", "keyboard")

# What may follow `scheme://` (before `?`), and how to say it when it does not fit.
_TARGETS: dict[str, tuple[re.Pattern[str], str]] = {
    "rc522": (re.compile(r"spi\d{1,2}\.\d{1,2}"), "spi<bus>.<device>, e.g. rc522://spi0.0"),
    "mfrc522": (re.compile(r"spi\d{1,2}\.\d{1,2}"), "spi<bus>.<device>, e.g. mfrc522://spi0.0"),
    "serial": (re.compile(r".+"), "a port, e.g. serial:///dev/ttyACM0"),
    "script": (re.compile(r".+"), "a file, e.g. script://tests/data/game.script"),
    "sim": (re.compile(r""), "nothing, e.g. sim:// or sim://?tags=2"),
    "keyboard": (re.compile(r"(/.*)?"), "nothing or an input device, e.g. keyboard://"),
}

# Numeric options and the values that can work, checked here so that a URL that parses can be
# opened (or fail as a missing device), never overflow a driver or make a uid the simulator
# cannot write. Which options a scheme takes at all is its backend's to say.
_PIN, _SPEED, _INTERVAL = (int, 0, 53), (int, 10_000, 50_000_000), (float, 0.001, 10.0)
_NUMBERS: dict[str, dict[str, tuple[type, float, float]]] = {
    "rc522": {"rst": _PIN, "cs": _PIN, "speed": _SPEED, "interval": _INTERVAL},
    "mfrc522": {"rst": _PIN, "speed": _SPEED, "interval": _INTERVAL},
    "serial": {"baud": (int, 300, 4_000_000)},
    # sim:// tag N gets uid 04<N+1 as two hex digits>5A1E7C3B90; its chip's VersionReg is a byte
    "sim": {"tags": (int, 0, 255), "version": (int, 0, 0xFF), "demo": (float, 0.01, 3600.0),
            "interval": _INTERVAL, "seed": (int, 0, 2**32 - 1)},
}  # fmt: skip

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_QUERY_ITEM = re.compile(r"([A-Za-z][A-Za-z0-9_]*)=([^=]*)")


@dataclass(frozen=True)
class ReaderUrl:
    """One parsed reader: `name=scheme://target?key=value&...`."""

    name: str
    scheme: str
    target: str
    query: dict[str, str] = field(default_factory=dict)
    text: str = ""


def parse_reader_url(text: str, name: str | None = None) -> ReaderUrl:
    """Parse one URL without a name prefix; `name` defaults to the scheme."""
    scheme, sep, rest = text.partition("://")
    if not sep:
        raise ConfigError(f"reader {text!r} is not a URL: write scheme://..., e.g. sim://")
    if scheme not in SCHEMES:
        raise ConfigError(
            f"unknown reader scheme {scheme!r} in {text!r} (use {', '.join(SCHEMES)})"
        )
    target, _, query_text = rest.partition("?")
    pattern, want = _TARGETS[scheme]
    if not pattern.fullmatch(target):
        raise ConfigError(f"bad target {target!r} in {text!r}: {scheme}:// takes {want}")
    query = _parse_query(query_text, text)
    for key, value in query.items():
        if key in _NUMBERS.get(scheme, {}):
            _check_number(scheme, key, value, *_NUMBERS[scheme][key])
    return ReaderUrl(name or scheme, scheme, target, query, text)


def _check_number(scheme: str, key: str, value: str, kind: type, low: float, high: float) -> None:
    try:
        number = (
            float(value) if kind is float else int(value, 16 if value[:2] in ("0x", "0X") else 10)
        )
    except ValueError:
        raise ConfigError(f"{scheme}:// option {key}={value[:40]!r} is not a number") from None
    if not low <= number <= high:  # NaN and inf fail here too
        raise ConfigError(
            f"{scheme}:// option {key}={value[:40]} is out of range ({low:g}-{high:g})"
        )


def _parse_query(query_text: str, text: str) -> dict[str, str]:
    query: dict[str, str] = {}
    for item in query_text.split("&") if query_text else ():
        match = _QUERY_ITEM.fullmatch(item)
        if not match:
            raise ConfigError(f"bad option {item!r} in {text!r}: write key=value")
        key, value = match.groups()
        if key in query:
            raise ConfigError(f"option {key!r} given twice in {text!r}")
        query[key] = value
    return query


def parse_reader_spec(spec: str) -> list[ReaderUrl]:
    """Parse `seat1=rc522://spi0.0,center=rc522://spi0.1?cs=8` into named readers.

    An unnamed reader is named after its scheme (`rc522`), then `rc522-2`, `rc522-3` for
    further unnamed readers of the same scheme, so event reader names stay stable as long
    as the spec does.
    """
    parts = [part.strip() for part in spec.split(",")]
    if not any(parts):
        raise ConfigError("no reader given: write a URL such as sim:// or rc522://spi0.0")
    urls: list[ReaderUrl] = []
    for part in parts:
        if not part:
            raise ConfigError(f"empty reader in {spec!r} (stray comma?)")
        head, sep, tail = part.partition("=")
        if sep and "://" not in head:
            if not _NAME.fullmatch(head):
                raise ConfigError(
                    f"bad reader name {head!r} in {part!r}: use letters, digits, - and _"
                )
            urls.append(parse_reader_url(tail, head))
        else:
            urls.append(parse_reader_url(part, _default_name(part.partition(":")[0], urls)))
    names = [url.name for url in urls]
    for name in names:
        if names.count(name) > 1:
            raise ConfigError(f"reader name {name!r} used twice in {spec!r}")
    return urls


def _default_name(scheme: str, earlier: list[ReaderUrl]) -> str:
    taken = {url.name for url in earlier}
    if scheme not in taken:
        return scheme
    number = 2
    while f"{scheme}-{number}" in taken:
        number += 1
    return f"{scheme}-{number}"

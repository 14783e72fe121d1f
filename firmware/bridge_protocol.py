"""Serial bridge line protocol (DESIGN.md), shared by the host reader and the firmware.

firmware/bridge_protocol.py is a byte-identical copy (a test checks it), because the
firmware cannot import from the host package. So this file must stay MicroPython: no
imports, no dataclasses, no str.partition, annotations only as strings.
"""

PREFIX = "RFID1 "
COMMANDS = ("LIST",)

# kind -> fields a device line of that kind must carry. Newer firmware adds optional
# fields the host checks when present (HB `c` and `s`, ADD `k`: see `digest`).
REQUIRED = {
    "HELLO": ("fw", "pcd"),
    "ADD": ("r", "uid", "sak"),
    "DEL": ("r", "uid"),
    "HB": ("n",),
    "ERR": ("text",),
}


def checksum(body: str) -> str:
    """XOR of the bytes of `body` as two uppercase hex digits: cheap, and catches noise."""
    value = 0
    for byte in body.encode():
        value ^= byte
    return f"{value:02X}"


def seal(body: str) -> str:
    """`body*XX\\n`: what goes on the wire."""
    return body + "*" + checksum(body) + "\n"


def format_line(kind: str, fields: "tuple" = ()) -> str:
    """A device line: `RFID1 <kind> k=v ...*XX\\n`; ERR takes its text as the one field."""
    if kind == "ERR":
        return seal(PREFIX + "ERR " + " ".join(str(value) for value in fields))
    words = [PREFIX + kind]
    for key, value in fields:
        words.append(key + "=" + str(value))
    return seal(" ".join(words))


def digest(entries: "list") -> str:
    """Four hex digits summarising a set of `r:uid:k` strings, in any order: a CRC-16
    (CCITT) per entry, summed. The heartbeat carries it so the host can tell that its view
    of the tags present has drifted from the bridge's, and ask for `LIST`."""
    total = 0
    for entry in entries:
        crc = 0xFFFF
        for byte in entry.encode():
            crc ^= byte << 8
            for _ in range(8):
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
        total = (total + crc) & 0xFFFF
    return f"{total:04X}"


def _unseal(line: str) -> "str | None":
    """The body of `body*XX`, or None when the checksum is missing or wrong."""
    line = line.strip()
    star = line.rfind("*")
    if star < 0 or line[star + 1 :].upper() != checksum(line[:star]):
        return None
    return line[:star]


def parse_line(line: str) -> "tuple[str, dict[str, str]] | None":
    """A device line as (kind, {field: value}), or None for noise.

    Noise is anything without the prefix, with a bad checksum, an unknown kind or a
    missing field: a MicroPython REPL or a flaky cable can print anything.
    """
    start = line.rfind(PREFIX)  # noise glued in front of a line (a REPL, a cut line)
    body = _unseal(line[start:]) if start >= 0 else None
    if body is None:
        return None
    words = body[len(PREFIX) :].split(" ", 1)
    kind, rest = words[0], words[1] if len(words) > 1 else ""
    if kind not in REQUIRED:
        return None
    fields = {}
    if kind == "ERR":
        fields["text"] = rest
    else:
        for word in rest.split():
            pair = word.split("=", 1)
            if len(pair) != 2:
                return None
            fields[pair[0]] = pair[1]
    for key in REQUIRED[kind]:
        if not fields.get(key):
            return None
    return kind, fields


def parse_command(line: str) -> "str | None":
    """A host command (`LIST`, checksum optional so it can be typed by hand), or None."""
    line = line.strip()
    if "*" in line:
        line = _unseal(line)
        if line is None:
            return None
    word = line.strip().upper()
    return word if word in COMMANDS else None

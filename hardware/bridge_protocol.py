"""Serial bridge line protocol (DESIGN.md), shared by the host reader and the firmware.

firmware/bridge_protocol.py is a byte-identical copy (a test checks it), because the
firmware cannot import from the host package. So this file must stay MicroPython: no
imports, no dataclasses, no str.partition, annotations only as strings.
"""

PREFIX = "RFID1 "
COMMANDS = ("LIST",)

# kind -> fields a device line of that kind must carry
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
    body = _unseal(line)
    if body is None or not body.startswith(PREFIX):
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

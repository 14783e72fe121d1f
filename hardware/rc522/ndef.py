"""NDEF messages in a Type 2 tag's user memory: the TLV wrapper and simple records.

Used to store a component's identity on its sticker, so only what that needs is here:
short and long records, Text and MIME records, the 0x03 TLV with its 1- and 3-byte
length forms, and the 0xFE terminator.
"""

from __future__ import annotations

from dataclasses import dataclass

from hardware.errors import TagError

NDEF_TLV, TERMINATOR_TLV, NULL_TLV = 0x03, 0xFE, 0x00
TNF_WELL_KNOWN, TNF_MIME = 0x01, 0x02
MB, ME, SR, IL = 0x80, 0x40, 0x10, 0x08
# The MIME type of a component's identity record; its payload is companion.identity's
# (the same string is there: hardware and companion do not import each other).
IDENTITY_MIME = "application/x-table-companion"


class NdefError(TagError):
    """Memory or a message that does not parse as NDEF."""


@dataclass(frozen=True)
class Record:
    tnf: int
    type: bytes
    payload: bytes
    id: bytes = b""

    @property
    def text(self) -> str | None:
        """The text of a well-known Text record, else None."""
        if self.tnf != TNF_WELL_KNOWN or self.type != b"T" or not self.payload:
            return None
        status = self.payload[0]
        encoding = "utf-16" if status & 0x80 else "utf-8"
        return self.payload[1 + (status & 0x3F) :].decode(encoding)


def text_record(text: str, lang: str = "en") -> Record:
    code = lang.encode("ascii")
    return Record(TNF_WELL_KNOWN, b"T", bytes([len(code)]) + code + text.encode("utf-8"))


def mime_record(mime_type: str, payload: bytes) -> Record:
    return Record(TNF_MIME, mime_type.encode("ascii"), payload)


def encode_message(records: list[Record]) -> bytes:
    if not records:
        raise NdefError("an NDEF message has at least one record")
    out = bytearray()
    for index, record in enumerate(records):
        short = len(record.payload) < 256
        header = record.tnf & 0x07
        header |= MB if index == 0 else 0
        header |= ME if index == len(records) - 1 else 0
        header |= SR if short else 0
        header |= IL if record.id else 0
        out += bytes([header, len(record.type)])
        out += bytes([len(record.payload)]) if short else len(record.payload).to_bytes(4, "big")
        out += bytes([len(record.id)]) if record.id else b""
        out += record.type + record.id + record.payload
    return bytes(out)


def decode_message(data: bytes) -> list[Record]:
    records: list[Record] = []
    pos = 0
    try:
        while pos < len(data):
            header, type_length = data[pos], data[pos + 1]
            pos += 2
            if header & SR:
                length, pos = data[pos], pos + 1
            else:
                length, pos = int.from_bytes(data[pos : pos + 4], "big"), pos + 4
            id_length = 0
            if header & IL:
                id_length, pos = data[pos], pos + 1
            fields = []
            for size in (type_length, id_length, length):
                if pos + size > len(data):
                    raise NdefError("NDEF record runs past the end of the message")
                fields.append(data[pos : pos + size])
                pos += size
            records.append(Record(header & 0x07, fields[0], fields[2], fields[1]))
            if header & ME:
                return records
    except IndexError:
        pass
    raise NdefError("NDEF message without its last record")


def wrap_tlv(message: bytes) -> bytes:
    if len(message) < 0xFF:
        head = bytes([NDEF_TLV, len(message)])
    elif len(message) <= 0xFFFE:
        head = bytes([NDEF_TLV, 0xFF]) + len(message).to_bytes(2, "big")
    else:
        raise NdefError("NDEF message too long for a TLV")
    return head + message + bytes([TERMINATOR_TLV])


def unwrap_tlv(memory: bytes) -> bytes | None:
    """The first NDEF message in user memory; None if the terminator comes first."""
    pos = 0
    while pos < len(memory):
        kind = memory[pos]
        if kind == NULL_TLV:
            pos += 1
            continue
        if kind == TERMINATOR_TLV:
            return None
        if pos + 1 >= len(memory):
            break
        length, pos = memory[pos + 1], pos + 2
        if length == 0xFF:
            length, pos = int.from_bytes(memory[pos : pos + 2], "big"), pos + 2
        if pos + length > len(memory):
            break
        if kind == NDEF_TLV:
            return memory[pos : pos + length]
        pos += length
    raise NdefError("user memory holds no complete TLV")

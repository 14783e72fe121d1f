"""CRC_A (ISO/IEC 14443-3): checked in software so a garbled reply is never taken for a uid."""

from __future__ import annotations

from collections.abc import Iterable

CRC_A_INIT = 0x6363


def crc_a(data: Iterable[int], init: int = CRC_A_INIT) -> bytes:
    """The two CRC bytes, low byte first, as they go on the air after `data`."""
    crc = init
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = (crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)
    return bytes((crc & 0xFF, crc >> 8))


def with_crc(data: Iterable[int]) -> bytes:
    frame = bytes(data)
    return frame + crc_a(frame)


def crc_ok(frame: bytes) -> bool:
    """True if the last two bytes of `frame` are the CRC_A of the rest."""
    return len(frame) >= 3 and crc_a(frame[:-2]) == frame[-2:]

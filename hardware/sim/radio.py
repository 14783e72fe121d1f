"""Frames on the air as bit lists (least significant bit of each byte first, as sent).

Anticollision frames end mid-byte and replies from two tags merge bit by bit, so the
simulator works in bits rather than bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Bits = list[int]


def to_bits(data: Iterable[int], nbits: int | None = None) -> Bits:
    bits = [(byte >> i) & 1 for byte in data for i in range(8)]
    return bits if nbits is None else bits[:nbits]


def from_bits(bits: Sequence[int], offset: int = 0) -> bytes:
    """Pack bits into bytes, the first bit landing at bit `offset` of the first byte."""
    out = bytearray((offset + len(bits) + 7) // 8)
    for i, bit in enumerate(bits, start=offset):
        out[i // 8] |= bit << (i % 8)
    return bytes(out)


def merge(replies: Sequence[Bits]) -> tuple[Bits, int | None]:
    """What a reader hears when several tags answer at once: the OR of their bits, and the
    index of the first bit where they disagree (None when they all agree)."""
    length = max(len(reply) for reply in replies)
    merged: Bits = []
    first_collision = None
    for i in range(length):
        values = {reply[i] for reply in replies if i < len(reply)}
        if len(values) > 1 and first_collision is None:
            first_collision = i
        merged.append(max(values))
    return merged, first_collision

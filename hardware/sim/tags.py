"""Virtual ISO 14443A tags, each with its own IDLE/READY/ACTIVE/HALT state machine.

The states matter because real-world reader bugs live there: polling with REQA alone
misses a tag left ACTIVE or HALTed, and a tag woken from HALT falls back to HALT (not
IDLE) when a frame is not for it, so a second tag is only found again with WUPA.
"""

from __future__ import annotations

from enum import Enum

from hardware.rc522.crc import crc_ok, with_crc
from hardware.rc522.iso14443a import CASCADE_TAG, HLTA, REQA, SEL, WUPA, bcc, cascade_levels
from hardware.sim.radio import Bits, from_bits, to_bits

ACK, NAK = 0x0A, 0x00


class State(Enum):
    IDLE = "idle"
    READY = "ready"
    ACTIVE = "active"
    HALT = "halt"


def _nibble(value: int) -> Bits:
    return to_bits([value], 4)


class Tag:
    """ISO 14443-3 type A behaviour; subclasses add their application commands."""

    atqa = b"\x04\x00"
    sak = 0x08

    def __init__(self, uid: bytes | str) -> None:
        self.uid = bytes.fromhex(uid) if isinstance(uid, str) else bytes(uid)
        self.levels = cascade_levels(self.uid)
        self.state = State.IDLE
        self.level = 0
        self._from_halt = False

    @property
    def uid_hex(self) -> str:
        return self.uid.hex().upper()

    def power_up(self) -> None:
        self.state, self.level, self._from_halt = State.IDLE, 0, False

    def receive(self, bits: Bits) -> Bits | None:
        """Handle one frame from the reader; return the reply bits or None (silence)."""
        frame = from_bits(bits)
        if len(bits) == 7:
            return self._short_frame(frame[0])
        if self.state is State.READY and frame[0] == SEL[self.level] and len(frame) >= 2:
            return self._anticollision(bits, frame)
        if self.state is State.ACTIVE:
            if len(bits) == 32 and frame[:2] == bytes(HLTA) and crc_ok(frame):
                self.state = State.HALT
                return None
            reply = self.command(frame) if len(bits) % 8 == 0 and crc_ok(frame) else None
            if reply is not None:
                return reply
        self._fall_back()
        return None

    def command(self, frame: bytes) -> Bits | None:
        """An application command (CRC already checked, included in `frame`); None = error."""
        return None

    def _fall_back(self) -> None:
        if self.state in (State.READY, State.ACTIVE):
            self.state = State.HALT if self._from_halt else State.IDLE

    def _short_frame(self, command: int) -> Bits | None:
        wakes = (State.IDLE, State.HALT) if command == WUPA else (State.IDLE,)
        if command in (REQA, WUPA) and self.state in wakes:
            self._from_halt = self.state is State.HALT
            self.state, self.level = State.READY, 0
            return to_bits(self.atqa)
        self._fall_back()
        return None

    def _anticollision(self, bits: Bits, frame: bytes) -> Bits | None:
        field = to_bits(self.levels[self.level])
        nvb = frame[1]
        if nvb == 0x70 and len(bits) == 72:
            if not crc_ok(frame) or frame[2:7] != self.levels[self.level]:
                self._fall_back()
                return None
            self.level += 1
            if self.level == len(self.levels):
                self.state = State.ACTIVE
                return to_bits(with_crc([self.sak]))
            return to_bits(with_crc([0x04]))
        known = ((nvb >> 4) - 2) * 8 + (nvb & 0x0F)
        if not 0 <= known < 40 or len(bits) != 16 + known:
            self._fall_back()
            return None
        if bits[16:] != field[:known]:
            return None  # not our uid: stay READY and listen
        return field[known:]


class Classic1K(Tag):
    """MIFARE Classic 1K: 4-byte uid only; no crypto, so every memory command gets a NAK."""

    atqa = b"\x04\x00"
    sak = 0x08

    def __init__(self, uid: bytes | str) -> None:
        super().__init__(uid)
        if len(self.uid) != 4:
            raise ValueError("a Classic 1K tag here has a 4-byte uid")

    def command(self, frame: bytes) -> Bits | None:
        if frame[0] in (0x60, 0x61):
            return None  # AUTH: not modelled, the tag stays silent
        return _nibble(0x04)


class LongUidTag(Tag):
    """A tag with a 10-byte (triple size) uid, for cascade level 3."""

    atqa = b"\x84\x00"
    sak = 0x20


class Ntag21x(Tag):
    """NTAG213/215/216: pages of 4 bytes laid out like the real chips (datasheet 8.5)."""

    atqa = b"\x44\x00"
    sak = 0x00
    pages = 45
    cc_size = 0x12
    version_storage = 0x0F

    def __init__(self, uid: bytes | str) -> None:
        super().__init__(uid)
        if len(self.uid) != 7:
            raise ValueError("an NTAG21x has a 7-byte uid")
        u = self.uid
        memory = bytearray(4 * self.pages)
        memory[0:4] = bytes((u[0], u[1], u[2], CASCADE_TAG ^ u[0] ^ u[1] ^ u[2]))
        memory[4:8] = u[3:7]
        memory[8:12] = bytes((bcc(u[3:7]), 0x48, 0x00, 0x00))
        memory[12:16] = bytes((0xE1, 0x10, self.cc_size, 0x00))
        memory[16:20] = bytes((0x03, 0x00, 0xFE, 0x00))  # an empty NDEF message, as shipped
        self.memory = memory

    def page(self, number: int) -> bytes:
        return bytes(self.memory[4 * number : 4 * number + 4])

    def command(self, frame: bytes) -> Bits | None:
        op, args = frame[0], frame[1:-2]
        if op == 0x60 and not args:
            version = bytes((0x00, 0x04, 0x04, 0x02, 0x01, 0x00, self.version_storage, 0x03))
            return to_bits(with_crc(version))
        if op == 0x30 and len(args) == 1:
            if args[0] >= self.pages:
                return _nibble(NAK)
            data = b"".join(self.page((args[0] + i) % self.pages) for i in range(4))
            return to_bits(with_crc(data))
        if op == 0xA2 and len(args) == 5:
            return _nibble(self._write(args[0], args[1:]))
        return None

    def _write(self, number: int, data: bytes) -> int:
        if number < 2 or number >= self.pages:
            return NAK
        start = 4 * number
        if number in (2, 3):  # lock bytes and capability container are one-time programmable
            old = self.memory[start : start + 4]
            ored = bytes(old[i] | data[i] for i in range(4))
            data = ored if number == 3 else old[:2] + ored[2:]
        self.memory[start : start + 4] = data
        return ACK


class Ntag213(Ntag21x):
    pages, cc_size, version_storage = 45, 0x12, 0x0F


class Ntag215(Ntag21x):
    pages, cc_size, version_storage = 135, 0x3E, 0x11


class Ntag216(Ntag21x):
    pages, cc_size, version_storage = 231, 0x6D, 0x13

"""SimChip: a register-level MFRC522 on the other end of an `xfer2()` call.

Both our driver and the `mfrc522` package run on it unmodified, so it models what they
touch and no more: SPI framing, the command register, interrupt flags, the FIFO, bit
framing, collisions, the CRC coprocessor, the timer flag and the antenna, plus the faults
real readers show (lost replies, noise, a dead bus, a chip that stops answering).

Modelling choices, where the datasheet leaves room: tags answer instantly and a silent
field raises TimerIRq at once (when TAuto is set); CalcCRC digests the FIFO in one step;
with RxCRCEn the chip flags CRCErr but leaves the CRC bytes in the FIFO; CollPos counts
from bit 0 of the first FIFO byte (so it includes RxAlign).
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from hardware.rc522.crc import crc_a, crc_ok
from hardware.rc522.registers import (
    ANTENNA,
    BUFFER_OVFL,
    COLL_ERR,
    COLL_POS_NOT_VALID,
    CRC_EN,
    CRC_ERR,
    CRC_IRQ,
    ERR_IRQ,
    FIFO_SIZE,
    FLUSH_BUFFER,
    IDLE_IRQ,
    PROTOCOL_ERR,
    RX_IRQ,
    SET,
    START_SEND,
    T_AUTO,
    TIMER_IRQ,
    TX_IRQ,
    Cmd,
    Reg,
)
from hardware.sim.clock import VirtualClock
from hardware.sim.radio import from_bits, merge, to_bits
from hardware.sim.tags import Tag

_RESET_VALUES = {
    Reg.Command: 0x20,
    Reg.ComIEn: 0x80,
    Reg.ComIrq: 0x14,
    Reg.Status1: 0x21,
    Reg.WaterLevel: 0x08,
    Reg.Control: 0x10,
    Reg.Coll: 0x80,
    Reg.Mode: 0x3F,
    Reg.TxControl: 0x80,
    Reg.CRCResultH: 0xFF,
    Reg.CRCResultL: 0xFF,
    Reg.ModWidth: 0x26,
    Reg.RFCfg: 0x48,
}
_CRC_PRESETS = (0x0000, 0x6363, 0xA671, 0xFFFF)


@dataclass
class Faults:
    """What can go wrong, set by tests and benchmarks. Rates use the chip's seeded random.

    `miss_*`: a frame is lost on the air (no tag hears it, nobody answers).
    `noise_*`: one bit of the reply is flipped (CRC, BCC or data then disagree).
    `dead_bus`: every MISO byte reads this value (0x00: MISO floating low, 0xFF: no chip)
    and writes are lost. `hung`: commands never finish until a SoftReset.
    """

    miss_rate: float = 0.0
    miss_next: int = 0
    noise_rate: float = 0.0
    noise_next: int = 0
    dead_bus: int | None = None
    hung: bool = False


@dataclass
class Counters:
    transactions: int = 0
    bytes: int = 0
    exchanges: int = 0


class SimChip:
    """An MFRC522 with virtual tags in its field; thread-safe (one lock around everything).

    `clock`: a VirtualClock to advance by each transfer's time on a `spi_hz` bus, so
    wall-clock deadlines in a driver still pass while a test runs instantly.
    """

    def __init__(
        self,
        *,
        version: int = 0x92,
        clock: VirtualClock | None = None,
        seed: int = 0,
        spi_hz: int = 1_000_000,
    ) -> None:
        self.version = version
        self.clock = clock
        self.spi_hz = spi_hz
        self.random = random.Random(seed)
        self.faults = Faults()
        self.counters = Counters()
        self.lock = threading.RLock()
        self._tags: list[Tag] = []
        self.soft_reset()

    # --- the field -------------------------------------------------------------------

    @property
    def tags(self) -> list[Tag]:
        with self.lock:
            return list(self._tags)

    @property
    def field_on(self) -> bool:
        return bool(self._regs[Reg.TxControl] & ANTENNA)

    def place(self, tag: Tag) -> Tag:
        with self.lock:
            tag.power_up()
            self._tags.append(tag)
            return tag

    def remove(self, tag: Tag | str) -> Tag | None:
        """Take a tag (or the tag with this uid hex) out of the field; None if absent."""
        with self.lock:
            for present in self._tags:
                if present is tag or present.uid_hex == str(tag).upper():
                    self._tags.remove(present)
                    return present
            return None

    def soft_reset(self) -> None:
        """What the SoftReset command (or the reset pin) does: registers to reset values,
        antenna off, and a hung chip answers again."""
        with self.lock:
            self._regs = [0] * 64
            for reg, value in _RESET_VALUES.items():
                self._regs[reg] = value
            self._fifo = bytearray()
            self.faults.hung = False

    # --- SPI -------------------------------------------------------------------------

    def xfer2(self, data: list[int]) -> list[int]:
        """One chip-select-low transaction: address byte, then values or further addresses."""
        with self.lock:
            self.counters.transactions += 1
            self.counters.bytes += len(data)
            if self.clock is not None:
                self.clock.advance(len(data) * 8 / self.spi_hz + 2e-6)
            if self.faults.dead_bus is not None or not data:
                return [self.faults.dead_bus or 0] * len(data)
            address = (data[0] >> 1) & 0x3F
            if data[0] & 0x80:
                addresses = [address] + [(byte >> 1) & 0x3F for byte in data[1:-1]]
                return [0] + [self._read(reg) for reg in addresses]
            for value in data[1:]:
                self._write(address, value & 0xFF)
            return [0] * len(data)

    xfer = xfer2

    # --- registers -------------------------------------------------------------------

    def _read(self, reg: int) -> int:
        if reg == Reg.FIFOData:
            if not self._fifo:
                return 0
            value = self._fifo[0]
            del self._fifo[0]
            return value
        if reg == Reg.FIFOLevel:
            return len(self._fifo)
        if reg == Reg.Version:
            return self.version
        return self._regs[reg]

    def _write(self, reg: int, value: int) -> None:
        regs = self._regs
        if reg == Reg.Command:
            self._command(value)
        elif reg in (Reg.ComIrq, Reg.DivIrq):
            bits = value & 0x7F
            regs[reg] = regs[reg] | bits if value & SET else regs[reg] & ~bits
        elif reg == Reg.FIFOData:
            if len(self._fifo) >= FIFO_SIZE:
                regs[Reg.Error] |= BUFFER_OVFL
            else:
                self._fifo.append(value)
        elif reg == Reg.FIFOLevel:
            if value & FLUSH_BUFFER:
                self._fifo.clear()
                regs[Reg.Error] &= ~BUFFER_OVFL
        elif reg == Reg.BitFraming:
            regs[reg] = value & ~START_SEND
            if value & START_SEND and regs[Reg.Command] & 0x0F == Cmd.Transceive:
                self._exchange()
        elif reg == Reg.TxControl:
            was_on = self.field_on
            regs[reg] = value
            if self.field_on and not was_on:
                for tag in self._tags:
                    tag.power_up()
        elif reg not in (Reg.Error, Reg.Version, Reg.Status1):
            regs[reg] = value

    def _command(self, value: int) -> None:
        command = value & 0x0F
        if command == Cmd.SoftReset:
            self.soft_reset()
            return
        if command == Cmd.NoCmdChange:
            command = self._regs[Reg.Command] & 0x0F
        self._regs[Reg.Command] = (value & 0x30) | command
        if self.faults.hung:
            return
        if command == Cmd.CalcCRC:
            preset = _CRC_PRESETS[self._regs[Reg.Mode] & 0x03]
            low, high = crc_a(self._fifo, preset)
            self._regs[Reg.CRCResultL], self._regs[Reg.CRCResultH] = low, high
            self._fifo.clear()
            self._regs[Reg.DivIrq] |= CRC_IRQ
        elif command == Cmd.MFAuthent:  # Crypto1 is not modelled: fail the way a NAK would
            self._regs[Reg.Error] |= PROTOCOL_ERR
            self._regs[Reg.ComIrq] |= ERR_IRQ | IDLE_IRQ

    # --- the radio -------------------------------------------------------------------

    def _take(self, rate: float, next_attr: str) -> bool:
        pending = getattr(self.faults, next_attr)
        if pending > 0:
            setattr(self.faults, next_attr, pending - 1)
            return True
        return rate > 0 and self.random.random() < rate

    def _exchange(self) -> None:
        if self.faults.hung:
            return
        regs = self._regs
        self.counters.exchanges += 1
        regs[Reg.ComIrq] |= TX_IRQ
        regs[Reg.Error] &= BUFFER_OVFL
        framing = regs[Reg.BitFraming]
        tx_last, rx_align = framing & 0x07, (framing >> 4) & 0x07
        sent = bytes(self._fifo)
        self._fifo.clear()
        bits = to_bits(sent)
        if tx_last and sent:
            bits = bits[: (len(sent) - 1) * 8 + tx_last]
        if regs[Reg.TxMode] & CRC_EN and not tx_last:
            bits += to_bits(crc_a(sent, _CRC_PRESETS[regs[Reg.Mode] & 0x03]))
        lost = self._take(self.faults.miss_rate, "miss_next")
        replies = []
        if self.field_on and bits and not lost:
            replies = [r for tag in self._tags if (r := tag.receive(bits)) is not None]
        replies = [reply for reply in replies if reply]
        if not replies:
            if regs[Reg.TMode] & T_AUTO:
                regs[Reg.ComIrq] |= TIMER_IRQ
            return
        heard, collision = merge(replies)
        if self._take(self.faults.noise_rate, "noise_next"):
            heard[self.random.randrange(len(heard))] ^= 1
        received = from_bits(heard, rx_align)
        if regs[Reg.RxMode] & CRC_EN and (len(heard) % 8 or not crc_ok(from_bits(heard))):
            regs[Reg.Error] |= CRC_ERR
        if collision is not None:
            regs[Reg.Error] |= COLL_ERR
            position = rx_align + collision + 1
            coll_pos = position & 0x1F if position <= 32 else COLL_POS_NOT_VALID
            regs[Reg.Coll] = (regs[Reg.Coll] & 0x80) | coll_pos
        if len(received) > FIFO_SIZE:
            received = received[:FIFO_SIZE]
            regs[Reg.Error] |= BUFFER_OVFL
        self._fifo[:] = received
        regs[Reg.Control] = (regs[Reg.Control] & ~0x07) | ((rx_align + len(heard)) % 8)
        regs[Reg.ComIrq] |= RX_IRQ | (ERR_IRQ if regs[Reg.Error] else 0)

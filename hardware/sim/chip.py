"""SimChip: a register-level MFRC522 on the other end of an `xfer2()` call.

Both our driver and the `mfrc522` package run on it unmodified, so it models what they
touch and no more: SPI framing, the command register, interrupt flags, the FIFO, bit
framing, collisions, the CRC coprocessor, the timer flag and the antenna, plus the faults
real readers show (lost replies, noise, garbled frames, a dead bus, a chip that stops
answering).

Fixed modelling choices: a reply (or, in a silent field, TimerIRq when TAuto is set) is
in the registers at once, or after `reply_reads` register reads; CalcCRC digests the FIFO in one
step; with RxCRCEn the chip flags CRCErr but leaves the CRC bytes in the FIFO.

Where the datasheet (MFRC522 rev. 3.9) leaves room, `Quirks` picks a reading, so a driver
can be tested under each:

- `latched_start_send`: BitFramingReg.StartSend "starts the transmission of data, only
  valid in combination with the Transceive command"; each transmission "must be started by
  setting StartSend". Nothing says the bit clears itself. Latched: it stays 1 until
  written 0, and entering Transceive while it is 1 transmits at once, with whatever
  framing BitFramingReg holds. One-shot (default): it reads back 0 after the write.
- `flush_idle_only`: FlushBuffer "immediately clears the internal FIFO buffer's read and
  write pointer"; nothing says whether it does so while a command runs. True: a flush is
  ignored unless CommandReg is Idle.
- `reply_reads`: the datasheet gives no time for a reply; on a real bus a tag answers some
  SPI transactions after StartSend. N: the reply (flags, FIFO, ErrorReg) lands after N
  further register reads.
- `sticky_irq` (out of spec, seen on clones): "Set1 ... 0: indicates that the marked bits
  in the ComIrqReg register are cleared" is not honoured; ComIrqReg bits never clear.
- `coll_pos_skips_rx_align`: CollPos "shows the bit position of the first detected
  collision in a received frame"; it does not say whether the RxAlign bits before the
  first received bit count. True (default): counted from bit 0 of the first FIFO byte;
  False: from the first received bit.
- `weak_tags`: a tag at the edge of the field (physics, not the datasheet): every tag
  hears only every other WUPA.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from hardware.rc522.crc import crc_a, crc_ok
from hardware.rc522.iso14443a import WUPA
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
    PARITY_ERR,
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
from hardware.sim.radio import Bits, from_bits, merge, to_bits
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


@dataclass(frozen=True)
class Quirks:
    """Which reading of the datasheet this chip follows (module docstring); default: ours."""

    latched_start_send: bool = False
    flush_idle_only: bool = False
    reply_reads: int = 0
    sticky_irq: bool = False
    coll_pos_skips_rx_align: bool = False
    weak_tags: bool = False

    @property
    def in_spec(self) -> bool:
        return not self.sticky_irq


@dataclass
class Faults:
    """What can go wrong, set by tests and benchmarks. Rates use the chip's seeded random.

    `miss_*`: a frame is lost on the air (no tag hears it, nobody answers).
    `noise_*`: one bit of the reply is flipped (CRC, BCC or data then disagree).
    `garble_*`: the reply breaks framing (a parity error): ErrIRq, no RxIRq, no data.
    `dead_bus`: every MISO byte reads this value (0x00: MISO floating low, 0xFF: no chip)
    and writes are lost. `hung`: commands never finish until a SoftReset.
    """

    miss_rate: float = 0.0
    miss_next: int = 0
    noise_rate: float = 0.0
    noise_next: int = 0
    garble_rate: float = 0.0
    garble_next: int = 0
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
        quirks: Quirks | None = None,
    ) -> None:
        self.version = version
        self.quirks = quirks or Quirks()
        self.clock = clock
        self.spi_hz = spi_hz
        self.random = random.Random(seed)
        self.faults = Faults()
        self.counters = Counters()
        self.lock = threading.RLock()
        self._tags: list[Tag] = []
        self._skips_wupa: set[Tag] = set()  # weak tags that will not hear the next WUPA
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
                    self._skips_wupa.discard(present)
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
            self._pending: tuple[int, _Outcome] | None = None
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
        if self._pending is not None:
            reads, outcome = self._pending
            self._pending = (reads - 1, outcome) if reads > 1 else None
            if reads <= 1:
                self._land(outcome)
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
            if reg == Reg.ComIrq and self.quirks.sticky_irq and not value & SET:
                return
            bits = value & 0x7F
            regs[reg] = regs[reg] | bits if value & SET else regs[reg] & ~bits
        elif reg == Reg.FIFOData:
            if len(self._fifo) >= FIFO_SIZE:
                regs[Reg.Error] |= BUFFER_OVFL
            else:
                self._fifo.append(value)
        elif reg == Reg.FIFOLevel:
            idle = regs[Reg.Command] & 0x0F == Cmd.Idle
            if value & FLUSH_BUFFER and (idle or not self.quirks.flush_idle_only):
                self._fifo.clear()
                regs[Reg.Error] &= ~BUFFER_OVFL
        elif reg == Reg.BitFraming:
            regs[reg] = value if self.quirks.latched_start_send else value & ~START_SEND
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
        self._pending = None  # a new command cancels a reply still on its way
        if self.faults.hung:
            return
        if command == Cmd.Transceive and self._regs[Reg.BitFraming] & START_SEND:
            self._exchange()  # only a latched StartSend can still be set here
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
        outcome = self._outcome(bits, rx_align)
        if self.quirks.reply_reads:
            self._pending = (self.quirks.reply_reads, outcome)
        else:
            self._land(outcome)

    def _listeners(self, bits: Bits) -> list[Tag]:
        """The tags that hear this frame: with `weak_tags`, each skips every other WUPA."""
        if not self.quirks.weak_tags or bits != to_bits([WUPA], 7):
            return self._tags
        hearing = [tag for tag in self._tags if tag not in self._skips_wupa]
        self._skips_wupa.symmetric_difference_update(self._tags)
        return hearing

    def _outcome(self, bits: Bits, rx_align: int) -> _Outcome:
        regs = self._regs
        lost = self._take(self.faults.miss_rate, "miss_next")
        replies = []
        if self.field_on and bits and not lost:
            replies = [r for tag in self._listeners(bits) if (r := tag.receive(bits)) is not None]
        replies = [reply for reply in replies if reply]
        if not replies:
            return _Outcome(irq=TIMER_IRQ if regs[Reg.TMode] & T_AUTO else 0)
        if self._take(self.faults.garble_rate, "garble_next"):
            return _Outcome(irq=ERR_IRQ, error=PARITY_ERR)
        heard, collision = merge(replies)
        if self._take(self.faults.noise_rate, "noise_next"):
            heard[self.random.randrange(len(heard))] ^= 1
        received = from_bits(heard, rx_align)
        error = 0
        if regs[Reg.RxMode] & CRC_EN and (len(heard) % 8 or not crc_ok(from_bits(heard))):
            error |= CRC_ERR
        coll = None
        if collision is not None:
            error |= COLL_ERR
            position = collision + 1 + (rx_align if not self.quirks.coll_pos_skips_rx_align else 0)
            coll = position & 0x1F if position <= 32 else COLL_POS_NOT_VALID
        if len(received) > FIFO_SIZE:
            received = received[:FIFO_SIZE]
            error |= BUFFER_OVFL
        return _Outcome(
            RX_IRQ | (ERR_IRQ if error else 0), error, received, rx_align + len(heard), coll
        )

    def _land(self, outcome: _Outcome) -> None:
        """The reply reaches the registers."""
        regs = self._regs
        regs[Reg.Error] |= outcome.error
        regs[Reg.ComIrq] |= outcome.irq
        if outcome.irq & RX_IRQ:
            self._fifo[:] = outcome.fifo
            regs[Reg.Control] = (regs[Reg.Control] & ~0x07) | (outcome.bits % 8)
        if outcome.coll is not None:
            regs[Reg.Coll] = (regs[Reg.Coll] & 0x80) | outcome.coll


@dataclass(frozen=True)
class _Outcome:
    """What one exchange leaves in the registers once the reply has arrived."""

    irq: int
    error: int = 0
    fifo: bytes = b""
    bits: int = 0  # valid bits from bit 0 of the first FIFO byte
    coll: int | None = None

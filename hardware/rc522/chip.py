"""Layer 2: the MFRC522's registers over SPI, and one radio exchange with a real timeout.

Every wait ends on the chip's own TimerIRq flag, with a wall-clock deadline behind it for
a chip that has stopped answering; no wait counts loop iterations. Where the datasheet
leaves room (docs/driver.md, "Datasheet ambiguities"), each step is written to work
whichever way the chip behaves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from hardware.errors import ChipFault
from hardware.rc522.registers import (
    ANTENNA,
    BUFFER_OVFL,
    COLL_ERR,
    COLL_POS_NOT_VALID,
    CRC_IRQ,
    ERR_IRQ,
    FIFO_SIZE,
    FLUSH_BUFFER,
    IDLE_IRQ,
    NO_CHIP,
    PARITY_ERR,
    POWER_DOWN,
    PROTOCOL_ERR,
    RX_IRQ,
    SET,
    START_SEND,
    T_AUTO,
    TEMP_ERR,
    TIMER_IRQ,
    Cmd,
    Reg,
)

# Timer: prescaler 0xA9 gives 13.56 MHz / 339 = 40 kHz, one tick every 25 us.
PRESCALER = 0xA9
TICK = (2 * PRESCALER + 1) / 13.56e6
SHORT = 0.001  # REQA/WUPA, anticollision, select, HLTA: tags answer within ~0.1 ms
LONG = 0.010  # NTAG READ/WRITE: an EEPROM write takes ~4 ms
MARGIN = 0.010  # beyond the timer: only a chip that stopped answering gets here
RESET_TIME = 0.05  # SoftReset takes ~40 us plus the oscillator's start-up


class SpiDevice(Protocol):
    def xfer2(self, data: list[int]) -> list[int]: ...


class Status(Enum):
    OK = "ok"
    TIMEOUT = "timeout"  # the timer ran out: no tag answered
    COLLISION = "collision"
    ERROR = "error"  # a garbled reply: parity, protocol, overflow
    CHIP = "chip"  # the chip did not finish: see ChipFault


@dataclass(frozen=True)
class Frame:
    """A reply as the FIFO holds it. `bits` counts valid bits from bit 0 of `data[0]`
    (so it includes RxAlign); `coll_pos` is CollReg's 1-based position on a collision, with
    or without the RxAlign bits depending on the chip (iso14443a copes with both)."""

    status: Status
    data: bytes = b""
    bits: int = 0
    coll_pos: int = 0
    detail: str = ""


class Mfrc522:
    """Register access and radio exchanges for one chip on one SPI device."""

    def __init__(self, spi: SpiDevice, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.spi = spi
        self.clock = clock
        self._timeout: float | None = None

    def read(self, reg: Reg) -> int:
        return self.spi.xfer2([0x80 | (reg << 1), 0])[1]

    def read_regs(self, regs: Sequence[int]) -> list[int]:
        """Read several registers in one burst: each MOSI byte names the next register."""
        return self.spi.xfer2([0x80 | (reg << 1) for reg in regs] + [0])[1:]

    def write(self, reg: Reg, *values: int) -> None:
        """Write one register; several values go to it in one burst (the FIFO)."""
        self.spi.xfer2([(reg << 1) & 0x7E, *values])

    def version(self) -> int:
        return self.read(Reg.Version)

    def init(self) -> int:
        """Soft-reset and configure the chip, antenna on; returns VersionReg.

        Raises ChipFault when the chip does not come back, reads as no chip (0x00/0xFF), or
        its CRC coprocessor gets the ISO test vector wrong.
        """
        version = self.version()
        if version in NO_CHIP:
            raise ChipFault(
                f"VersionReg reads 0x{version:02X}: no chip answering "
                "(SPI enabled? wiring? the RC522 wants 3.3 V, never 5 V)"
            )
        self.write(Reg.Command, Cmd.SoftReset)
        deadline = self.clock() + RESET_TIME
        while self.read(Reg.Command) & POWER_DOWN:
            if self.clock() > deadline:
                raise ChipFault("the chip did not come out of soft reset")
        self.write(Reg.TMode, T_AUTO)
        self.write(Reg.TPrescaler, PRESCALER)
        self._timeout = None
        self._set_timer(SHORT)
        self.write(Reg.TxASK, 0x40)  # 100 % ASK, as ISO 14443A wants
        self.write(Reg.Mode, 0x3D)  # CRC preset 0x6363 (CRC_A)
        if self.calc_crc(b"\x50\x00") != b"\x57\xcd":
            raise ChipFault("the chip's CRC coprocessor fails the CRC_A test vector")
        self.antenna(True)
        return version

    def health(self) -> str | None:
        """One burst read of what a chip that reset itself or dropped off the bus loses;
        None when all is as `init()` left it, else what is wrong."""
        version, tx_control, t_mode = self.read_regs([Reg.Version, Reg.TxControl, Reg.TMode])
        if version in NO_CHIP:
            return f"VersionReg reads 0x{version:02X}: the chip is not answering"
        if t_mode != T_AUTO:
            return "the chip lost its configuration (reset or brown-out?)"
        return None

    def antenna(self, on: bool) -> None:
        value = self.read(Reg.TxControl)
        self.write(Reg.TxControl, value | ANTENNA if on else value & ~ANTENNA)

    def calc_crc(self, data: bytes) -> bytes:
        """CRC_A by the chip's coprocessor, low byte first."""
        self.write(Reg.Command, Cmd.Idle)
        self.write(Reg.DivIrq, CRC_IRQ)
        self.write(Reg.FIFOLevel, FLUSH_BUFFER)
        self.write(Reg.FIFOData, *data)
        self.write(Reg.Command, Cmd.CalcCRC)
        deadline = self.clock() + MARGIN
        while not self.read(Reg.DivIrq) & CRC_IRQ:
            if self.clock() > deadline:
                raise ChipFault("the CRC coprocessor did not finish")
        low, high = self.read_regs([Reg.CRCResultL, Reg.CRCResultH])
        self.write(Reg.Command, Cmd.Idle)
        return bytes((low, high))

    def transceive(
        self, data: bytes, *, tx_last_bits: int = 0, rx_align: int = 0, timeout: float = SHORT
    ) -> Frame:
        """Send `data` (its last byte cut to `tx_last_bits` bits if nonzero) and wait for
        the reply, the timer, or the deadline. Eight SPI transactions when nothing answers.

        BitFramingReg is written without StartSend before Transceive is issued: on a chip
        whose StartSend stays set, entering Transceive would otherwise transmit at once with
        the previous frame's framing. A receive flag with an empty FIFO and no error is
        silence: a clone whose interrupt flags do not clear shows last exchange's flags.
        """
        framing = (rx_align << 4) | tx_last_bits
        self._set_timer(timeout)
        self.write(Reg.Command, Cmd.Idle)
        self.write(Reg.ComIrq, 0x7F)  # Set1 = 0: clear every flag
        self.write(Reg.FIFOLevel, FLUSH_BUFFER)  # after Idle: some chips flush only when idle
        self.write(Reg.FIFOData, *data)
        self.write(Reg.BitFraming, framing)
        self.write(Reg.Command, Cmd.Transceive)
        self.write(Reg.BitFraming, START_SEND | framing)
        deadline = self.clock() + timeout + MARGIN
        while True:
            irq = self.read(Reg.ComIrq)
            if irq & SET:  # bit 7 always reads 0: this is a bus stuck high
                return Frame(Status.CHIP, detail=f"ComIrqReg reads 0x{irq:02X}")
            if irq & (RX_IRQ | ERR_IRQ | IDLE_IRQ):
                break
            if irq & TIMER_IRQ:
                return Frame(Status.TIMEOUT)
            if self.clock() > deadline:
                return Frame(Status.CHIP, detail="no answer from the chip before the deadline")
        error, level, control = self.read_regs([Reg.Error, Reg.FIFOLevel, Reg.Control])
        if error & TEMP_ERR:
            return Frame(Status.CHIP, detail="the chip reports overheating")
        if error & (BUFFER_OVFL | PARITY_ERR | PROTOCOL_ERR) or level > FIFO_SIZE:
            return Frame(Status.ERROR, detail=f"ErrorReg 0x{error:02X}")
        if not level and not error:
            return Frame(Status.TIMEOUT)
        received = bytes(self.read_regs([Reg.FIFOData] * level)) if level else b""
        last = control & 0x07
        bits = (level - 1) * 8 + last if last else level * 8
        if error & COLL_ERR:
            coll = self.read(Reg.Coll)
            if coll & COLL_POS_NOT_VALID:
                return Frame(Status.ERROR, received, bits, detail="collision outside the frame")
            return Frame(Status.COLLISION, received, bits, coll_pos=coll & 0x1F or 32)
        return Frame(Status.OK, received, bits)

    def _set_timer(self, timeout: float) -> None:
        if timeout != self._timeout:
            ticks = min(0xFFFF, round(timeout / TICK))
            self.write(Reg.TReloadH, ticks >> 8)
            self.write(Reg.TReloadL, ticks & 0xFF)
            self._timeout = timeout

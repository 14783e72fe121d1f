"""MFRC522 registers over machine.SPI: init, FIFO, and transceive with a real timeout.

MicroPython only (no typing, no dataclasses). A reply is awaited on the chip's own
timer flag (25 ms); a wall-clock deadline catches a chip that stopped answering, which
is reported as a fault, never as "no tag". Written, like the Pi driver, to work whichever
way the chip reads the datasheet where it leaves room (docs/driver.md).
"""

import time

COMMAND = 0x01
COM_IRQ = 0x04
ERROR = 0x06
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
CONTROL = 0x0C
BIT_FRAMING = 0x0D
MODE = 0x11
TX_CONTROL = 0x14
TX_ASK = 0x15
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
VERSION = 0x37

IDLE = 0x00
TRANSCEIVE = 0x0C
SOFT_RESET = 0x0F

DONE_IRQ = 0x32  # RxIRq, IdleIRq, ErrIRq: the exchange is over, one way or another
TIMER_IRQ = 0x01
COLL_ERR = 0x08
HARD_ERRORS = 0x17  # buffer overflow, CRC, parity, protocol

OK = "ok"
TIMEOUT = "timeout"  # the chip's timer ran out: nothing answered
COLLISION = "collision"
ERROR_STATUS = "error"  # noise: a reply that cannot be trusted
FAULT = "fault"  # the chip itself did not finish: it needs re-initialising


class Rc522:
    def __init__(self, spi, cs, rst=None, deadline_ms=60):
        self.spi = spi
        self.cs = cs
        self.rst = rst
        self.deadline_ms = deadline_ms
        cs.value(1)

    def _xfer(self, out):
        into = bytearray(len(out))
        self.cs.value(0)
        try:
            self.spi.write_readinto(out, into)
        finally:
            self.cs.value(1)
        return into

    def read(self, reg):
        return self._xfer(bytes((((reg << 1) & 0x7E) | 0x80, 0)))[1]

    def write(self, reg, data):
        self._xfer(bytes(((reg << 1) & 0x7E,)) + bytes(data))

    def read_fifo(self, count):
        address = ((FIFO_DATA << 1) & 0x7E) | 0x80
        return bytes(self._xfer(bytes([address] * count + [0]))[1:])

    def version(self):
        return self.read(VERSION)

    def init(self):
        if self.rst is not None:
            self.rst.value(0)
            time.sleep_ms(1)
            self.rst.value(1)
        self.write(COMMAND, (SOFT_RESET,))
        time.sleep_ms(50)
        self.write(T_MODE, (0x80,))  # TAuto: the timer starts when a frame has been sent
        self.write(T_PRESCALER, (0xA9,))  # 40 kHz ticks
        self.write(T_RELOAD_H, (0x03,))
        self.write(T_RELOAD_L, (0xE8,))  # 1000 ticks: 25 ms
        self.write(TX_ASK, (0x40,))  # 100 % ASK
        self.write(MODE, (0x3D,))  # CRC preset 0x6363
        self.write(TX_CONTROL, (self.read(TX_CONTROL) | 0x03,))  # antenna on

    def antenna(self, on):
        value = self.read(TX_CONTROL)
        self.write(TX_CONTROL, (value | 0x03 if on else value & ~0x03,))

    def transceive(self, data, tx_last_bits=0):
        """Send `data` (the last byte cut to `tx_last_bits` bits if not 0).

        Returns (status, reply bytes, reply bit count).
        """
        self.write(COMMAND, (IDLE,))
        self.write(COM_IRQ, (0x7F,))  # Set1 = 0: clear every flag
        self.write(FIFO_LEVEL, (0x80,))  # flush, while idle
        self.write(FIFO_DATA, data)
        # StartSend may stay set after a frame on some chips: clear it before Transceive,
        # which would otherwise transmit at once with the previous frame's bit count.
        self.write(BIT_FRAMING, (tx_last_bits,))
        self.write(COMMAND, (TRANSCEIVE,))
        self.write(BIT_FRAMING, (0x80 | tx_last_bits,))  # StartSend
        deadline = time.ticks_add(time.ticks_ms(), self.deadline_ms)
        while True:
            irq = self.read(COM_IRQ)
            if irq & DONE_IRQ:
                break
            if irq & TIMER_IRQ:
                return TIMEOUT, b"", 0
            if time.ticks_diff(deadline, time.ticks_ms()) < 0:
                return FAULT, b"", 0
        errors = self.read(ERROR)
        if errors & HARD_ERRORS:
            return ERROR_STATUS, b"", 0
        level = self.read(FIFO_LEVEL)
        if not level and not errors:
            return TIMEOUT, b"", 0  # a flag left over on a clone whose flags do not clear
        last_bits = self.read(CONTROL) & 0x07
        reply = self.read_fifo(level) if level else b""
        bits = (level - 1) * 8 + last_bits if last_bits and level else level * 8
        return (COLLISION if errors & COLL_ERR else OK), reply, bits

"""Raspberry Pi Pico (MicroPython) RC522 -> USB-serial bridge: wiring and the main loop.

Pins follow firmware/README.md. To add a second reader, add its (CS, RST) pair to READERS.
"""

import select
import sys
import time

import machine
from bridge import Bridge
from rc522 import Rc522

SPI_ID = 0
SCK, MOSI, MISO = 18, 19, 16
READERS = ((17, 20),)  # (chip select GP, reset GP) per reader; e.g. add (21, 22)
SPI_HZ = 1000000
POLL_MS = 20  # a tag placed is reported within 20 ms; the board has nothing else to do


def build(write=None):
    Pin = machine.Pin
    spi = machine.SPI(
        SPI_ID,
        baudrate=SPI_HZ,
        polarity=0,
        phase=0,
        sck=Pin(SCK),
        mosi=Pin(MOSI),
        miso=Pin(MISO),
    )
    chips = [
        Rc522(spi, Pin(cs, Pin.OUT, value=1), Pin(rst, Pin.OUT, value=1)) for cs, rst in READERS
    ]
    return Bridge(chips, write or sys.stdout.write)


def console_input():
    """A function returning the characters waiting on the USB console, never blocking."""
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)

    def read():
        text = ""
        while poller.poll(0):
            text += sys.stdin.read(1)
        return text

    return read


def run(bridge, read_input, steps=None):
    """Poll every POLL_MS; lines typed by the host are commands (LIST)."""
    bridge.start()
    pending = ""
    while steps is None or steps > 0:
        started = time.ticks_ms()
        bridge.step()
        pending += read_input().replace("\r", "\n")  # mpremote sends \r for Enter
        while "\n" in pending:
            line, pending = pending.split("\n", 1)
            bridge.command(line)
        pending = pending[-64:]
        elapsed = time.ticks_diff(time.ticks_ms(), started)
        time.sleep_ms(max(0, POLL_MS - elapsed))
        if steps is not None:
            steps -= 1


def main():
    run(build(), console_input())


if __name__ == "__main__":
    main()

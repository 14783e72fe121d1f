"""The one pin table: code defaults, the build guide's wiring table and docs/wiring.svg.

Everything that names a Pi pin reads it from here, so the drawing, the docs and the
defaults cannot disagree. GPIO numbers are Broadcom numbers (what gpiozero takes).
"""

from __future__ import annotations

from dataclasses import dataclass

# The 40-pin header, physical pin -> function. Odd pins are the left column (towards the
# board's inside), even pins the right column (towards the edge).
HEADER: dict[int, str] = {
    1: "3V3", 2: "5V", 3: "GPIO2", 4: "5V", 5: "GPIO3", 6: "GND", 7: "GPIO4", 8: "GPIO14",
    9: "GND", 10: "GPIO15", 11: "GPIO17", 12: "GPIO18", 13: "GPIO27", 14: "GND",
    15: "GPIO22", 16: "GPIO23", 17: "3V3", 18: "GPIO24", 19: "GPIO10", 20: "GND",
    21: "GPIO9", 22: "GPIO25", 23: "GPIO11", 24: "GPIO8", 25: "GND", 26: "GPIO7",
    27: "GPIO0", 28: "GPIO1", 29: "GPIO5", 30: "GND", 31: "GPIO6", 32: "GPIO12",
    33: "GPIO13", 34: "GND", 35: "GPIO19", 36: "GPIO16", 37: "GPIO26", 38: "GPIO20",
    39: "GND", 40: "GPIO21",
}  # fmt: skip

SPI_BUS = 0
CE0_DEVICE = 0  # first reader: /dev/spidev0.0
CE1_DEVICE = 1  # second reader: /dev/spidev0.1

RC522_RST_GPIO = 25
SECOND_RC522_RST_GPIO = 24
LED_GPIO = 17
BUZZER_GPIO = 18


@dataclass(frozen=True)
class Wire:
    """One jumper wire: a module pin to a header pin."""

    part: str
    signal: str
    header_pin: int
    note: str = ""

    @property
    def gpio(self) -> int | None:
        """The Broadcom number of the header pin, or None for power and ground."""
        function = HEADER[self.header_pin]
        return int(function[4:]) if function.startswith("GPIO") else None


def header_pin_of(gpio: int) -> int:
    """The physical header pin carrying `gpio` (ValueError if the header has none)."""
    for pin, function in HEADER.items():
        if function == f"GPIO{gpio}":
            return pin
    raise ValueError(f"GPIO{gpio} is not on the 40-pin header")


READER_1 = "RC522 #1"
READER_2 = "RC522 #2"

WIRING: tuple[Wire, ...] = (
    Wire(READER_1, "SDA", 24, "chip select CE0"),
    Wire(READER_1, "SCK", 23, "SPI0 clock"),
    Wire(READER_1, "MOSI", 19, "SPI0 MOSI"),
    Wire(READER_1, "MISO", 21, "SPI0 MISO"),
    Wire(READER_1, "GND", 20, "any GND pin; 25 works too"),
    Wire(READER_1, "RST", header_pin_of(RC522_RST_GPIO), "reset"),
    Wire(READER_1, "3.3V", 17, "3.3 V only (pin 1 works too); never 5 V"),
    Wire(READER_2, "SDA", 26, "chip select CE1"),
    Wire(READER_2, "RST", header_pin_of(SECOND_RC522_RST_GPIO), "its own reset"),
    Wire(READER_2, "SCK", 23, "shared with RC522 #1"),
    Wire(READER_2, "MOSI", 19, "shared with RC522 #1"),
    Wire(READER_2, "MISO", 21, "shared with RC522 #1"),
    Wire(READER_2, "GND", 25, "any GND pin"),
    Wire(READER_2, "3.3V", 1, "3.3 V only; never 5 V"),
    Wire("LED", "+ (via 330 ohm)", header_pin_of(LED_GPIO), "long leg"),
    Wire("LED", "-", 14, "short leg to GND"),
    # A module (buzzer + transistor): a bare buzzer draws more than a GPIO pin should give.
    Wire("Buzzer module", "S", header_pin_of(BUZZER_GPIO), "signal; high-level trigger"),
    Wire("Buzzer module", "+", 1, "3.3 V (shared with RC522 #2)"),
    Wire("Buzzer module", "-", 9, "GND"),
)
UNUSED_RC522_PINS = ("IRQ",)

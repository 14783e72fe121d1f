"""Layer 1: the SPI device (spidev, mode 0) with an optional gpiozero chip select.

A chip select on a plain GPIO lets a third or fourth reader share the bus beyond the
Pi's two hardware CE lines; gpiozero rather than RPi.GPIO because the latter fails on the
Pi 5. Both packages are imported only when a real device is opened.
"""

from __future__ import annotations

from typing import Any

from hardware.errors import ConfigError


class SpiTransport:
    """`xfer2()` with chip select held low for the call, like spidev itself."""

    def __init__(self, spi: Any, cs: Any = None) -> None:
        self.spi = spi
        self.cs = cs

    def xfer2(self, data: list[int]) -> list[int]:
        if self.cs is None:
            return self.spi.xfer2(data)
        self.cs.on()
        try:
            return self.spi.xfer2(data)
        finally:
            self.cs.off()

    def close(self) -> None:
        self.spi.close()
        if self.cs is not None:
            self.cs.close()


def parse_spi_target(netloc: str) -> tuple[int, int]:
    """`spi0.1` -> (0, 1)."""
    bus, dot, device = netloc.removeprefix("spi").partition(".")
    if not netloc.startswith("spi") or not dot or not bus.isdigit() or not device.isdigit():
        raise ConfigError(f"bad SPI device {netloc!r}: write spi<bus>.<device>, e.g. spi0.0")
    return int(bus), int(device)


def open_spi(
    bus: int, device: int, *, speed: int = 1_000_000, cs: int | None = None
) -> SpiTransport:
    """Open /dev/spidev<bus>.<device>; with `cs`, that BCM pin is the chip select instead."""
    import spidev

    spi = spidev.SpiDev()
    spi.open(bus, device)
    spi.mode = 0
    spi.max_speed_hz = speed
    select = None
    if cs is not None:
        spi.no_cs = True
        try:
            select = gpio_output(cs, active_high=False, initial_value=False)
        except BaseException:  # not left holding the SPI device
            spi.close()
            raise
    return SpiTransport(spi, select)


def gpio_output(pin: int, **options: Any) -> Any:
    """A gpiozero OutputDevice on BCM `pin`; a pin gpiozero refuses (in use, no pin factory)
    is an OSError, like a missing SPI device, so callers catch one kind of failure."""
    from gpiozero import OutputDevice
    from gpiozero.exc import GPIOZeroError

    try:
        return OutputDevice(pin, **options)
    except GPIOZeroError as err:
        raise OSError(f"GPIO{pin}: {err}") from err

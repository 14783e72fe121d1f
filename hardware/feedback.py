"""Scan feedback at the table: an LED and a buzzer on gpiozero, or nothing at all.

Players look at their cards, not at the screen, so a scan should be answered by light
and sound. Every pattern runs in gpiozero's background thread: the caller (the UI's
event handler) never waits.
"""

from __future__ import annotations

import os
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from hardware.hub import one_line
from hardware.pins import BUZZER_GPIO, LED_GPIO


@dataclass(frozen=True)
class Blink:
    """`n` pulses of `on` seconds with `off` seconds between; n=None repeats until stopped."""

    on: float
    off: float
    n: int | None


@dataclass(frozen=True)
class Pattern:
    led: Blink | None
    buzzer: Blink | None


PI_MODEL = Path("/proc/device-tree/model")  # "Raspberry Pi 5 Model B Rev 1.0" on a Pi
NOT_A_PI = "this computer is not a Raspberry Pi"

ACCEPTED = Pattern(led=Blink(0.2, 0.0, 1), buzzer=Blink(0.05, 0.0, 1))
REFUSED = Pattern(led=Blink(0.3, 0.15, 2), buzzer=Blink(0.3, 0.15, 2))
ATTENTION = Pattern(led=Blink(0.5, 1.5, None), buzzer=None)


class Feedback(Protocol):
    def accepted(self) -> None: ...
    def refused(self) -> None: ...
    def attention(self) -> None: ...
    def clear(self) -> None: ...
    def close(self) -> None: ...


class NullFeedback:
    """No LED, no buzzer: feedback is off or there are no pins; `reason` says which."""

    def __init__(self, reason: str = "feedback is off") -> None:
        self.reason = reason

    def accepted(self) -> None:
        pass

    def refused(self) -> None:
        pass

    def attention(self) -> None:
        pass

    def clear(self) -> None:
        pass

    def close(self) -> None:
        pass


class GpioFeedback:
    """An LED and/or a buzzer; pass None for a part that is not fitted.

    `speed` divides every duration (tests run the real patterns ten times faster).
    """

    def __init__(
        self,
        led_pin: int | None = LED_GPIO,
        buzzer_pin: int | None = BUZZER_GPIO,
        *,
        speed: float = 1.0,
        pin_factory: Any = None,
    ) -> None:
        from gpiozero import LED, Buzzer

        self.speed = speed
        self.led = LED(led_pin, pin_factory=pin_factory) if led_pin is not None else None
        try:
            self.buzzer = (
                Buzzer(buzzer_pin, pin_factory=pin_factory) if buzzer_pin is not None else None
            )
        except Exception:
            if self.led is not None:
                self.led.close()
            raise

    def accepted(self) -> None:
        self._play(ACCEPTED)

    def refused(self) -> None:
        self._play(REFUSED)

    def attention(self) -> None:
        """Blink slowly until `clear()` or the next scan's pattern."""
        self._play(ATTENTION)

    def clear(self) -> None:
        for device in (self.led, self.buzzer):
            if device is not None:
                device.off()

    def close(self) -> None:
        for device in (self.led, self.buzzer):
            if device is not None:
                device.close()

    def _play(self, pattern: Pattern) -> None:
        self.clear()
        if self.led is not None and pattern.led is not None:
            self.led.blink(*self._times(pattern.led), n=pattern.led.n, background=True)
        if self.buzzer is not None and pattern.buzzer is not None:
            self.buzzer.beep(*self._times(pattern.buzzer), n=pattern.buzzer.n, background=True)

    def _times(self, blink: Blink) -> tuple[float, float]:
        return blink.on / self.speed, blink.off / self.speed


def gpio_possible(model: Path = PI_MODEL) -> bool:
    """Whether gpiozero could find pins here: on a Raspberry Pi, with a pin factory named
    in the environment (gpiozero's GPIOZERO_PIN_FACTORY, or PIGPIO_ADDR for a Pi across the
    network), or with one already chosen in this process. Anywhere else, importing gpiozero
    only to hear that no pin factory loads kept 4 MB of modules for the whole run."""
    if os.environ.get("GPIOZERO_PIN_FACTORY") or os.environ.get("PIGPIO_ADDR"):
        return True
    gpiozero = sys.modules.get("gpiozero")
    if gpiozero is not None and gpiozero.Device.pin_factory is not None:
        return True
    return is_raspberry_pi(model)


def is_raspberry_pi(model: Path | None = None) -> bool:
    """Whether the device tree names a Raspberry Pi (`model` read now: PI_MODEL by default)."""
    try:
        return (model or PI_MODEL).read_bytes().startswith(b"Raspberry Pi")
    except OSError:
        return False


def make_feedback(
    enabled: bool = True,
    led_pin: int | None = LED_GPIO,
    buzzer_pin: int | None = BUZZER_GPIO,
    *,
    model: Path = PI_MODEL,
) -> GpioFeedback | NullFeedback:
    """GpioFeedback when enabled and the pins can be had, else NullFeedback with the reason.

    A laptop has no GPIO and a Pi may lack permissions: neither may stop the app.
    """
    if not enabled or (led_pin is None and buzzer_pin is None):
        return NullFeedback()
    if not gpio_possible(model):
        return NullFeedback(f"no LED or buzzer: {NOT_A_PI}")
    try:
        with warnings.catch_warnings():  # each failed pin factory warns; the reason says it
            warnings.simplefilter("ignore")
            return GpioFeedback(led_pin, buzzer_pin)
    except Exception as err:  # gpiozero raises many kinds when no pin factory works
        return NullFeedback(f"no LED or buzzer: {one_line(err)}")

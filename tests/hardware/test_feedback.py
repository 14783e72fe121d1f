import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from hardware.feedback import (
    ACCEPTED,
    ATTENTION,
    NOT_A_PI,
    REFUSED,
    GpioFeedback,
    NullFeedback,
    gpio_possible,
    make_feedback,
)
from hardware.pins import BUZZER_GPIO, LED_GPIO, header_pin_of

ROOT = Path(__file__).resolve().parents[2]
SPEED = 10  # every pattern ten times faster than at the table


@pytest.fixture
def feedback():
    made = GpioFeedback(speed=SPEED, pin_factory=MockFactory())
    yield made
    made.close()


def pulses(pin, settle_count, timeout=1.0):
    """Wait for `settle_count` recorded states, then return (state, seconds held) pairs."""
    deadline = time.monotonic() + timeout
    while len(pin.states) < settle_count:
        assert time.monotonic() < deadline, f"only {pin.states}"
        time.sleep(0.002)
    states = pin.states
    return [(a.state, b.timestamp) for a, b in zip(states, states[1:], strict=False)]


def assert_pattern(actual, expected):
    """The states in order, each held at least as long as the pattern says: a timer never
    fires early. How much longer depends on the machine's load, so it is not asserted."""
    assert [s for s, _ in actual] == [s for s, _ in expected]
    for (_, got), (_, want) in zip(actual, expected, strict=True):
        assert got >= want * 0.9, (actual, expected)


def test_defaults_come_from_the_pin_table(feedback):
    assert (feedback.led.pin.info.name, feedback.buzzer.pin.info.name) == ("GPIO17", "GPIO18")
    # gpiozero's own board map agrees with our header table
    assert feedback.led.pin.info.number == header_pin_of(LED_GPIO)
    assert feedback.buzzer.pin.info.number == header_pin_of(BUZZER_GPIO)


def test_accepted_is_one_short_blink_and_one_short_beep(feedback):
    feedback.accepted()
    led = pulses(feedback.led.pin, 3)
    beep = pulses(feedback.buzzer.pin, 3)
    assert_pattern(led[1:], [(True, ACCEPTED.led.on / SPEED)])
    assert_pattern(beep[1:], [(True, ACCEPTED.buzzer.on / SPEED)])
    assert feedback.led.value == 0 and feedback.buzzer.value == 0


def test_refused_is_two_longer_beeps(feedback):
    feedback.refused()
    beep = pulses(feedback.buzzer.pin, 5)
    on, off = REFUSED.buzzer.on / SPEED, REFUSED.buzzer.off / SPEED
    assert_pattern(beep[1:], [(True, on), (False, off), (True, on)])
    assert REFUSED.buzzer.on > ACCEPTED.buzzer.on * 2


def test_attention_blinks_slowly_until_cleared():
    speed = 40  # the slow blink, forty times faster
    feedback = GpioFeedback(speed=speed, pin_factory=MockFactory())
    feedback.attention()  # returning at all shows patterns play in the background: it is endless
    led = pulses(feedback.led.pin, 4, timeout=2.0)
    on, off = ATTENTION.led.on / speed, ATTENTION.led.off / speed
    assert_pattern(led[1:3], [(True, on), (False, off)])
    assert feedback.buzzer.pin.states[-1].state is False  # silent
    feedback.clear()
    count = len(feedback.led.pin.states)
    time.sleep((ATTENTION.led.on + ATTENTION.led.off) / speed + 0.02)
    assert len(feedback.led.pin.states) <= count + 1  # at most the final off
    assert feedback.led.value == 0
    feedback.close()


def test_a_new_pattern_replaces_a_running_one():
    speed = 40
    feedback = GpioFeedback(speed=speed, pin_factory=MockFactory())
    feedback.attention()
    feedback.accepted()
    pulses(feedback.led.pin, 3)
    time.sleep((ATTENTION.led.on + ATTENTION.led.off) / speed + 0.02)
    assert feedback.led.value == 0  # the slow blink did not resume
    feedback.close()


def test_null_feedback_when_off_or_without_pins(monkeypatch):
    assert isinstance(make_feedback(enabled=False), NullFeedback)
    assert isinstance(make_feedback(led_pin=None, buzzer_pin=None), NullFeedback)

    class NoPins(MockFactory):
        def pin(self, spec, **kwargs):
            raise RuntimeError("no GPIO on this machine")

    monkeypatch.setattr(Device, "pin_factory", NoPins())
    made = make_feedback()
    assert isinstance(made, NullFeedback)
    assert made.reason == "no LED or buzzer: RuntimeError: no GPIO on this machine"
    made.accepted()
    made.refused()
    made.attention()
    made.clear()
    made.close()


def test_make_feedback_uses_the_configured_factory_and_pins(monkeypatch):
    monkeypatch.setattr(Device, "pin_factory", MockFactory())
    made = make_feedback(led_pin=5, buzzer_pin=None)
    assert isinstance(made, GpioFeedback)
    assert made.led.pin.info.name == "GPIO5" and made.buzzer is None
    made.refused()  # no buzzer fitted: the LED alone still blinks
    assert made.led.pin.states[-1].state is True or pulses(made.led.pin, 2)[1][0] is True
    made.close()


@pytest.fixture
def no_factory_named(monkeypatch):
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.delenv("PIGPIO_ADDR", raising=False)
    monkeypatch.setattr(Device, "pin_factory", None)


def model_file(tmp_path, words: bytes):
    model = tmp_path / "model"
    model.write_bytes(words)
    return model


def test_gpio_is_looked_for_only_where_it_can_be(no_factory_named, monkeypatch, tmp_path):
    assert gpio_possible(model_file(tmp_path, b"Raspberry Pi 5 Model B Rev 1.0\0"))
    assert not gpio_possible(model_file(tmp_path, b"Pine64 RockPro64\0"))
    assert not gpio_possible(tmp_path / "absent")  # a laptop has no device tree
    monkeypatch.setattr(Device, "pin_factory", MockFactory())  # one chosen in this process
    assert gpio_possible(tmp_path / "absent")
    monkeypatch.setattr(Device, "pin_factory", None)
    for name, value in (("GPIOZERO_PIN_FACTORY", "mock"), ("PIGPIO_ADDR", "table-pi.local")):
        monkeypatch.setenv(name, value)
        assert gpio_possible(tmp_path / "absent"), name
        monkeypatch.delenv(name)


def test_a_pi_whose_pins_cannot_be_had_says_why(no_factory_named, tmp_path):
    made = make_feedback(model=model_file(tmp_path, b"Raspberry Pi 4 Model B\0"))
    assert isinstance(made, NullFeedback)  # this machine only claims to be a Pi
    assert made.reason.startswith("no LED or buzzer: ") and NOT_A_PI not in made.reason


def test_off_a_pi_gpiozero_is_not_even_imported(tmp_path):
    """It would keep 4 MB of modules for the whole run, only to hear it has no pins."""
    script = (
        "import sys; from pathlib import Path; from hardware.feedback import make_feedback\n"
        "made = make_feedback(model=Path(sys.argv[1]))\n"
        "print(made.reason); print('gpiozero' in sys.modules)"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("GPIOZERO_PIN_FACTORY", "PIGPIO_ADDR")}
    out = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "absent")],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert out.stdout.splitlines() == [f"no LED or buzzer: {NOT_A_PI}", "False"]

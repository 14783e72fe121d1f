from pathlib import Path

from gpiozero.pins.mock import MockFactory

from hardware import pins, wiring_svg
from hardware.pins import HEADER, WIRING, header_pin_of

COMMITTED_SVG = Path(__file__).parents[2] / "docs" / "wiring.svg"


def test_header_table_agrees_with_gpiozeros_board_map():
    factory = MockFactory()
    for physical, function in HEADER.items():
        if function.startswith("GPIO"):
            assert factory.pin(int(function[4:])).info.number == physical, function


def test_reader_wiring_matches_the_spi0_pins():
    first = {w.signal: w for w in WIRING if w.part == pins.READER_1}
    assert {s: first[s].gpio for s in ("SDA", "SCK", "MOSI", "MISO", "RST")} == {
        "SDA": 8,
        "SCK": 11,
        "MOSI": 10,
        "MISO": 9,
        "RST": pins.RC522_RST_GPIO,
    }
    assert (first["SDA"].header_pin, first["RST"].header_pin) == (24, 22)
    second = {w.signal: w for w in WIRING if w.part == pins.READER_2}
    assert (second["SDA"].header_pin, second["SDA"].gpio) == (26, 7)
    assert second["RST"].gpio == pins.SECOND_RC522_RST_GPIO != pins.RC522_RST_GPIO
    for shared in ("SCK", "MOSI", "MISO"):
        assert second[shared].header_pin == first[shared].header_pin


def test_no_wire_goes_to_5v_and_every_supply_is_3v3_or_gnd():
    for wire in WIRING:
        assert HEADER[wire.header_pin] != "5V", wire
        if wire.signal == "3.3V":
            assert HEADER[wire.header_pin] == "3V3"
        if wire.signal in ("GND", "-"):
            assert HEADER[wire.header_pin] == "GND"


def test_no_two_signals_share_a_gpio_unless_they_are_the_shared_bus():
    owners = {}
    for wire in WIRING:
        if wire.gpio is not None:
            owners.setdefault(wire.gpio, set()).add(wire.signal)
    assert all(len(signals) == 1 for signals in owners.values()), owners


def test_header_pin_of_refuses_gpios_off_the_header():
    assert header_pin_of(pins.LED_GPIO) == 11
    try:
        header_pin_of(30)
    except ValueError as err:
        assert "GPIO30 is not on the 40-pin header" in str(err)
    else:
        raise AssertionError("GPIO30 accepted")


def test_committed_svg_is_the_generated_one(tmp_path):
    assert wiring_svg.main([str(tmp_path / "w.svg")]) == 0
    assert COMMITTED_SVG.read_text() == (tmp_path / "w.svg").read_text(), (
        "docs/wiring.svg is stale: run python -m hardware.wiring_svg docs/wiring.svg"
    )


def test_svg_draws_every_wire_and_every_header_pin():
    svg = wiring_svg.render()
    assert svg.count("<polyline") == len(WIRING)
    assert svg.count("<circle") == 40
    assert "never 5 V" in svg


def test_build_guide_carries_the_generated_wiring_table():
    guide = (COMMITTED_SVG.parent / "hardware.md").read_text()
    assert wiring_svg.markdown_table() in guide
    assert "![Wiring diagram](wiring.svg)" in guide

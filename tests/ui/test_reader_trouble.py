"""A reader that cannot open is named with the fix, never a raw exception, and every such
message has its entry in docs/troubleshooting.md, found by the words the screen shows."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from hardware.diagnose import diagnose
from hardware.errors import ConfigError, MissingDependency, Unsupported
from hardware.urls import parse_reader_spec, parse_reader_url
from tests.ui.apphelp import close_app, frames, open_app, press
from tests.ui.test_app_flow import start_game
from ui import reader_words
from ui.reader_words import ReaderTrouble, open_named, status_words, words

DOC = Path(__file__).resolve().parents[2] / "docs" / "troubleshooting.md"
SPI_OFF = FileNotFoundError(2, "No such file or directory")


def headings() -> list[str]:
    return re.findall(r"^## (.+)$", DOC.read_text(encoding="utf-8"), re.MULTILINE)


def entry_for(headline: str) -> str | None:
    """The heading whose words start the headline ("…" stands for any name)."""
    for heading in headings():
        pattern = ".*".join(re.escape(part) for part in heading.split("…"))
        if re.match(pattern, headline):
            return heading
    return None


def url(text: str):
    return parse_reader_url(text)


SHOWN = [  # (reader URL, what it raised or reported): every branch of diagnose, and more
    ("rc522://spi0.0", SPI_OFF),
    ("mfrc522://spi0.0", SPI_OFF),
    ("rc522://spi0.0", PermissionError(13, "Permission denied")),
    ("serial:///dev/ttyACM0", PermissionError(13, "Permission denied")),
    ("serial:///dev/ttyACM0", FileNotFoundError(2, "No such file or directory")),
    ("serial:///dev/ttyACM0", "disconnected: SerialException: [Errno 2] No such file"),
    ("serial:///dev/ttyACM0", "waiting for HELLO (is the bridge firmware flashed?)"),
    ("keyboard:///dev/input/event3", OSError(19, "No such device")),
    ("rc522://spi0.0", MissingDependency("rc522:// needs the spidev package: pip install spidev")),
    ("mfrc522://spi0.0", Unsupported("mfrc522:// cannot run here (no SOC): use rc522://")),
    ("script:///no/such", ConfigError("cannot read script /no/such: No such file or directory")),
    ("rc522://spi0.0", "error: ChipFault: VersionReg reads 0x00: no chip answering (wiring?)"),
]


@pytest.mark.parametrize(("text", "problem"), SHOWN)
def test_each_message_names_the_device_and_has_an_entry(text, problem):
    trouble = words(url(text), problem)
    line = str(trouble)
    assert line.startswith(text) and "Errno" not in line and "Error:" not in line, line
    assert entry_for(trouble.headline), f"no '## {trouble.headline}' in {DOC.name}"


@pytest.mark.parametrize("spec", ["nosuch://x", "", "rc522://spi9?x", "rc522://spi0.0?rst=x"])
def test_a_bad_reader_list_has_an_entry_too(spec):
    with pytest.raises(ReaderTrouble) as caught:
        open_named(spec)
    assert entry_for(caught.value.headline), caught.value.headline


def test_spi_off_on_a_pi_has_an_entry_too(on_a_pi):
    trouble = words(url("rc522://spi0.0"), SPI_OFF)
    assert trouble.headline == "SPI is off" and entry_for(trouble.headline)


def test_spi_off_reads_as_the_clis_advice_for_that_device(on_a_pi):
    line = str(words(url("rc522://spi0.0"), SPI_OFF))
    assert line == f"rc522://spi0.0: {diagnose('rc522', SPI_OFF)}"
    assert status_words(parse_reader_spec("seat1=sim://")[0], "seat1", "ok") == "ok"


@pytest.fixture
def spi_off(monkeypatch, tmp_path, on_a_pi):
    def refuse(reader_url):
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(reader_words, "open_reader", refuse)
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    app = open_app(reader="seat1=rc522://spi0.0")
    yield app
    close_app(app)


def test_the_top_bar_names_the_reader_and_a_touch_shows_the_fix(spi_off, caplog):
    app = spi_off
    assert app.reader_status == "seat1 (rc522://spi0.0) did not open: SPI is off"
    with caplog.at_level(logging.WARNING):
        app.open_readers()
    assert any("SPI is off" in r.getMessage() for r in caplog.records), "not logged"
    screen = start_game(app)
    assert "seat1 (rc522://spi0.0) did not open: SPI is off" in screen.ids.status.text
    press(screen.ids.status)
    assert "raspi-config" in app.session.banner and "then reboot" in app.session.banner
    assert "Errno" not in app.session.banner


def test_settings_test_reader_says_the_device_and_the_fix(spi_off):
    settings = spi_off.root.get_screen("settings")
    spi_off.goto("settings")
    frames()
    settings.start_test("rc522://spi0.0")
    message = settings.ids.banner.message
    assert message.startswith("Reader rc522://spi0.0: SPI is off: enable it with raspi-config")
    assert message.endswith("then reboot") and "Errno" not in message

"""One error family for readers, and the capabilities every reader declares."""

import sys

import pytest

from hardware.errors import (
    OPEN_ERRORS,
    ChipFault,
    ConfigError,
    MissingDependency,
    Noise,
    ReaderError,
    TagError,
    Unsupported,
)
from hardware.factory import open_readers
from hardware.rc522 import NtagError, Rc522Reader
from hardware.rc522.ndef import NdefError
from hardware.reader import Reader
from hardware.script import ScriptError
from hardware.sim import SimChip
from hardware.sim.reader import SimReader


def test_every_reader_error_has_one_base():
    for kind in (ChipFault, Noise, NtagError, NdefError, ScriptError, MissingDependency):
        assert issubclass(kind, ReaderError)
    assert issubclass(NtagError, TagError) and issubclass(NdefError, TagError)
    assert OPEN_ERRORS == (ReaderError, OSError)


@pytest.mark.parametrize(
    "spec",
    [
        "nope://",
        "sim://?bogus=1",
        "rc522://spi0.0?speed=fast",
        "mfrc522://spi9",
        "serial:///dev/ttyX?baud=fast",
        "script:///no/such/file.script",
        "keyboard://?grab=1",
    ],
)
def test_bad_input_is_a_config_error_with_one_line(spec):
    with pytest.raises(ConfigError) as caught:
        open_readers(spec)
    assert isinstance(caught.value, OPEN_ERRORS) and "\n" not in str(caught.value)


def test_a_gpio_library_that_refuses_this_board_is_unsupported(monkeypatch):
    class RefusingFinder:
        """RPi.GPIO's own import raises RuntimeError off a Pi and on a Pi 5."""

        def find_spec(self, name, path=None, target=None):
            if name.startswith("RPi"):
                raise RuntimeError("This module can only be run on a Raspberry Pi!")
            return None

    for name in ("RPi", "RPi.GPIO", "mfrc522", "mfrc522.MFRC522", "mfrc522.SimpleMFRC522"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(sys, "meta_path", [RefusingFinder(), *sys.meta_path])
    with pytest.raises(Unsupported, match="mfrc522:// cannot run here .*use rc522://"):
        open_readers("mfrc522://spi0.0")


def test_capabilities_are_declared_on_the_base_class():
    base = Reader()
    assert (base.closed, base.status, base.can_place, base.describe()) == (
        False,
        "ok",
        False,
        "Reader",
    )
    sim = SimReader()
    assert sim.can_place and sim.describe() == "RC522, not read yet"
    sim.poll()
    assert sim.describe() == "RC522 VersionReg 0x92"
    reader = Rc522Reader(SimChip())
    assert not reader.can_place
    reader.close()
    assert reader.closed

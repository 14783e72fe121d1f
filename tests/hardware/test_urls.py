import subprocess
import sys

import pytest

from hardware import factory
from hardware.factory import MissingDependency, open_readers, reader_spec
from hardware.script import ScriptReader
from hardware.urls import ReaderUrl, parse_reader_spec, parse_reader_url


def test_design_examples_parse():
    assert parse_reader_url("rc522://spi0.0?rst=25") == ReaderUrl(
        "rc522", "rc522", "spi0.0", {"rst": "25"}, "rc522://spi0.0?rst=25"
    )
    assert parse_reader_url("mfrc522://spi0.0").target == "spi0.0"
    assert parse_reader_url("serial:///dev/ttyACM0").target == "/dev/ttyACM0"
    assert parse_reader_url("script://path/to/file").target == "path/to/file"
    assert parse_reader_url("script:///abs/file").target == "/abs/file"
    assert parse_reader_url("sim://").target == ""
    assert parse_reader_url("keyboard://").target == ""


def test_named_readers_keep_their_own_options():
    urls = parse_reader_spec("seat1=rc522://spi0.0,center=rc522://spi0.1?cs=8&rst=24")
    assert [(u.name, u.scheme, u.target, u.query) for u in urls] == [
        ("seat1", "rc522", "spi0.0", {}),
        ("center", "rc522", "spi0.1", {"cs": "8", "rst": "24"}),
    ]


def test_unnamed_readers_are_named_after_their_scheme():
    urls = parse_reader_spec("rc522://spi0.0, rc522://spi0.1 ,sim://,rc522://spi1.0")
    assert [u.name for u in urls] == ["rc522", "rc522-2", "sim", "rc522-3"]


def test_explicit_name_colliding_with_a_default_is_refused():
    with pytest.raises(ValueError, match="'rc522-2' used twice"):
        parse_reader_spec("rc522://spi0.0,rc522://spi0.1,rc522-2=sim://")


@pytest.mark.parametrize(
    ("spec", "names"),
    [
        ("", "no reader given"),
        ("sim://,,sim://", "stray comma"),
        ("rc522", "not a URL"),
        ("nfc://spi0.0", "unknown reader scheme 'nfc'"),
        ("rc522://spi0", "bad target 'spi0'"),
        ("rc522:///dev/spidev0.0", "bad target '/dev/spidev0.0'"),
        ("serial://", "bad target ''"),
        ("script://", "bad target ''"),
        ("sim://x", "bad target 'x'"),
        ("rc522://spi0.0?rst", "bad option 'rst'"),
        ("rc522://spi0.0?rst=1&rst=2", "option 'rst' given twice"),
        ("1seat=sim://", "bad reader name '1seat'"),
        ("a=sim://,a=sim://", "'a' used twice"),
    ],
)
def test_bad_specs_say_which_part_is_wrong(spec, names):
    with pytest.raises(ValueError, match=names) as caught:
        parse_reader_spec(spec)
    assert "\n" not in str(caught.value)


def test_spec_comes_from_argument_then_environment_then_sim(monkeypatch):
    monkeypatch.delenv("COMPANION_READER", raising=False)
    assert reader_spec() == ("sim://", "default")
    monkeypatch.setenv("COMPANION_READER", "  ")
    assert reader_spec() == ("sim://", "default")
    monkeypatch.setenv("COMPANION_READER", "serial:///dev/ttyACM0")
    assert reader_spec() == ("serial:///dev/ttyACM0", "COMPANION_READER")
    assert reader_spec("keyboard://") == ("keyboard://", "--reader")


def test_open_readers_opens_scripts_by_url(tmp_path, monkeypatch):
    script = tmp_path / "game.script"
    script.write_text("scan 04A1B2C3D4E5F6 @seat2\n")
    monkeypatch.setenv("COMPANION_READER", f"table=script://{script}")
    (reader,) = open_readers()
    assert isinstance(reader, ScriptReader)
    assert reader.name == "table"
    assert [(e.reader, e.kind, e.uid) for e in reader.poll()] == [
        ("seat2", "placed", "04A1B2C3D4E5F6")
    ]


def test_a_failing_reader_closes_the_ones_already_opened(tmp_path, monkeypatch):
    script = tmp_path / "s"
    script.write_text("")
    opened = []
    real = factory.open_script

    def recording_open_script(name, target, query):
        opened.append(real(name, target, query))
        return opened[-1]

    monkeypatch.setattr(factory, "open_script", recording_open_script)
    with pytest.raises(ValueError, match="cannot read script"):
        open_readers(f"a=script://{script},b=script://{tmp_path}/missing")
    assert [getattr(r, "closed", False) for r in opened] == [True]


def test_missing_third_party_package_is_one_clear_line(tmp_path, monkeypatch):
    (tmp_path / "fake_backend.py").write_text(
        "def open_it(name, target, query):\n    import serial_not_installed_here\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(factory.BACKENDS, "serial", "fake_backend:open_it")
    with pytest.raises(MissingDependency, match=r"^serial:// needs the serial_not_installed_here"):
        open_readers("serial:///dev/ttyACM0")


def test_backends_are_imported_lazily():
    code = (
        "import sys; import hardware.factory, hardware.urls;"
        "heavy = {'serial', 'spidev', 'gpiozero', 'kivy', 'mfrc522', 'evdev'} & set(sys.modules);"
        "print(sorted(heavy))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"

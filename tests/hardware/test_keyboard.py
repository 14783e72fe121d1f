import io
import os
from types import SimpleNamespace

import pytest

from hardware.factory import MissingDependency, open_readers
from hardware.keyboard import KeyboardReader, evdev_text, keys_to_text, stream_text


def moves(events):
    return [(e.reader, e.kind, e.uid) for e in events]


def test_each_line_is_a_tag_placed_then_removed():
    reader = KeyboardReader(
        stream_text(io.StringIO("04a1b2c3d4e5f6\r\nDEADBEEF\n")), name="wedge", clock=lambda: 5.0
    )
    events = reader.poll()
    assert moves(events) == [
        ("wedge", "placed", "04A1B2C3D4E5F6"),
        ("wedge", "removed", "04A1B2C3D4E5F6"),
        ("wedge", "placed", "DEADBEEF"),
        ("wedge", "removed", "DEADBEEF"),
    ]
    assert {e.at for e in events} == {5.0}
    assert reader.status == "ok"


def test_non_hex_lines_are_ignored_with_a_status_message():
    reader = KeyboardReader(stream_text(io.StringIO("hello world\n0012345678\nDEADBEEF\n")))
    assert moves(reader.poll()) == [
        ("keyboard", "placed", "DEADBEEF"),
        ("keyboard", "removed", "DEADBEEF"),
    ]
    assert reader.status == "ignored '0012345678': not a tag uid in hex"


def test_a_pipe_delivers_partial_lines_and_end_of_input():
    read_fd, write_fd = os.pipe()
    with os.fdopen(read_fd) as stream:
        reader = KeyboardReader(stream_text(stream))
        assert reader.poll() == []  # nothing typed: returns at once
        os.write(write_fd, b"04A1B2")
        assert reader.poll() == []
        os.write(write_fd, b"C3\n04A1")
        assert moves(reader.poll()) == [
            ("keyboard", "placed", "04A1B2C3"),
            ("keyboard", "removed", "04A1B2C3"),
        ]
        os.write(write_fd, b"B2C3D4E5F6")
        os.close(write_fd)
        reader.poll()  # the rest of the line
        assert [e.kind for e in reader.poll()] == ["placed", "removed"]
        assert reader.status == "end of input"
        assert reader.poll() == []


def key(code, value=1, type_=1):
    return SimpleNamespace(type=type_, code=code, value=value)


def test_evdev_key_presses_become_text():
    # D E A D B E E F Enter, each with its key-up (value 0) and a sync event (type 0)
    codes = [32, 18, 30, 32, 48, 18, 18, 33, 28]
    events = [e for c in codes for e in (key(c), key(c, value=0), key(0, 0, type_=0))]
    assert keys_to_text(events) == "DEADBEEF\n"
    assert keys_to_text([key(79), key(82), key(96), key(34)]) == "10\n?"


def test_evdev_source_is_non_blocking():
    class Device:
        def __init__(self):
            self.batches = [[key(2), key(3), key(4), key(5), key(6), key(7), key(8), key(9)]]

        def read(self):
            if not self.batches:
                raise BlockingIOError
            return iter(self.batches.pop(0))

    read = evdev_text(Device())
    assert read() == "12345678"
    assert read() == ""


def test_url_opens_stdin_and_refuses_options(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("DEADBEEF\n"))
    (reader,) = open_readers("door=keyboard://")
    assert moves(reader.poll())[0] == ("door", "placed", "DEADBEEF")
    with pytest.raises(ValueError, match="keyboard:// takes no options, got grab"):
        open_readers("keyboard://?grab=1")


def test_an_input_device_needs_evdev(monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "evdev", None)
    with pytest.raises(MissingDependency, match="^keyboard:// needs the evdev package"):
        open_readers("keyboard:///dev/input/event3")

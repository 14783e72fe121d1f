"""`companion reader test` with no --reader tests what the app would use (issue 14): the
environment, else the readers Settings saved in the app's save file, else sim:// said to be
no hardware; and it will not fight a running app for its readers."""

from __future__ import annotations

import sqlite3

import pytest

from companion.cli import main
from companion.paths import READERS_KEY, SAVE_FILE, app_holding, saved_setting
from companion.saves import take_lock
from companion.store import Store


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    monkeypatch.delenv("COMPANION_READER", raising=False)
    return tmp_path


def save_readers(data, spec):
    store = Store(data / SAVE_FILE)
    store.set_setting(READERS_KEY, spec)
    store.close()


def reader_test(capsys, *args):
    status = main(["reader", "test", *args])
    return status, capsys.readouterr().out.splitlines()


def test_the_readers_saved_in_settings_are_the_ones_tested(data, capsys):
    save_readers(data, "bench=sim://")
    status, lines = reader_test(capsys)
    assert status == 0
    assert lines[0].startswith("testing bench=sim://: the readers saved in Settings")
    assert str(data / SAVE_FILE) in lines[0]
    assert lines[1].startswith("bench (sim://)")


def test_the_environment_beats_settings_as_in_the_app(data, capsys, monkeypatch):
    save_readers(data, "bench=sim://")
    monkeypatch.setenv("COMPANION_READER", "table=sim://")
    status, lines = reader_test(capsys)
    assert status == 0 and lines[0].startswith("testing table=sim://: from $COMPANION_READER")


def test_with_nothing_configured_the_simulated_reader_says_it_tests_no_hardware(data, capsys):
    status, lines = reader_test(capsys)
    assert status == 0
    assert "testing sim://: the simulated reader" in lines[0]
    assert "tests no hardware" in lines[0] and "'rc522://spi0.0?rst=25'" in lines[0]
    assert not (data / SAVE_FILE).exists()  # looking made nothing


def test_an_unreadable_save_is_said_and_sim_is_still_tested(data, capsys):
    (data / SAVE_FILE).write_bytes(b"not a database at all" * 100)
    with pytest.raises(sqlite3.Error):
        saved_setting(READERS_KEY, data / SAVE_FILE)
    status, lines = reader_test(capsys)
    assert status == 0 and "could not be read" in lines[0]


def test_a_running_app_is_not_fought_for_a_real_reader(data, capsys, tmp_path):
    script = tmp_path / "bench.script"
    script.write_text("scan 04A1B2C3D4E5F6\n")
    save_readers(data, f"bench=script://{script}")
    held = take_lock(data / SAVE_FILE)
    try:
        assert app_holding(data / SAVE_FILE).startswith("process ")
        status, lines = reader_test(capsys, "--seconds", "0.1")
    finally:
        held.close()
    assert status == 1
    assert "sudo systemctl stop companion" in lines[-1]
    assert app_holding(data / SAVE_FILE) is None
    status, lines = reader_test(capsys, "--seconds", "0.1")
    assert status == 0 and any("placed 04A1B2C3D4E5F6" in line for line in lines)

"""Kivy's home (set by `python -m ui`) and the app's files share one data directory."""

from __future__ import annotations

from pathlib import Path

from ui.paths import data_dir


def test_companion_data_wins_and_is_made(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here" and data_dir().is_dir()


def test_the_app_keeps_its_files_where_main_puts_kivy_home(tmp_path, monkeypatch):
    from ui.app import CompanionApp

    monkeypatch.delenv("COMPANION_DATA", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "companion"
    assert Path(CompanionApp().get_application_config()).parent == data_dir()

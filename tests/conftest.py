"""Fixtures shared across the test folders."""

from __future__ import annotations

import pytest


@pytest.fixture
def on_a_pi(tmp_path, monkeypatch):
    """This machine as a Raspberry Pi 4 to code that asks the device tree (hardware.feedback)."""
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.5\0")
    monkeypatch.setattr("hardware.feedback.PI_MODEL", model)
    return model

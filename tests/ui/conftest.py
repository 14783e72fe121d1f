"""The `app` fixture: the real CompanionApp on a fresh data directory, tracking which tags lie
on its simulated reader (`app.on_reader`), so tests lift a card before laying it again."""

from __future__ import annotations

import pytest


@pytest.fixture
def app(tmp_path, monkeypatch):
    from tests.ui.apphelp import close_app, open_app  # opens a window: only when used

    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    app = open_app()
    app.on_reader = set()  # uids lying on the simulated reader, as its events say

    def track(_app, event):
        (app.on_reader.add if event.kind == "placed" else app.on_reader.discard)(event.uid)

    app.bind(on_reader_event=track)
    yield app
    close_app(app)

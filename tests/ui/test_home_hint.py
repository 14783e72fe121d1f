"""Home's line when nothing is unfinished (issue 14): the virtual table is offered only when a
simulated reader gives one, and with no deck at all the first thing to do is to enroll."""

from __future__ import annotations

from tests.ui.apphelp import close_app, frames, open_app


def hint(app) -> str:
    home = app.root.get_screen("home")
    home.on_pre_enter()
    frames()
    assert home.ids.nothing.text == home.hint and home.ids.nothing.opacity == 1
    return home.hint


def test_a_real_reader_and_no_deck_says_enroll_not_virtual_table(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    script = tmp_path / "bench.script"
    script.write_text("# a reader that is not simulated\n")
    app = open_app(reader=f"script://{script}")
    try:
        assert app.sim is None
        app.store.delete_deck("broken-and-beautiful", "Test deck")
        assert hint(app).startswith("No deck yet: enroll your copy in Decks")
        app.store.save_deck("broken-and-beautiful", "Ours", 'game = "broken-and-beautiful"\n')
        assert "virtual table" not in hint(app)
    finally:
        close_app(app)


def test_the_simulated_reader_offers_the_virtual_table(app):
    assert app.sim is not None
    assert "virtual table" in hint(app)

"""A card placed again a moment after its own accepted scan is not played twice (issue 11)."""

from __future__ import annotations

from tests.ui.test_app_flow import start_game


def test_a_phantom_re_placement_is_ignored_and_said_but_a_later_one_plays(app):
    start_game(app)
    app.session.rescan.window = 1.0  # the default
    uid = sorted(app.table.state.deck)[0]
    reader = app.reader_names()[0]
    assert app.session.scan(uid, reader, at=100.0)
    dealt = app.table.view().zone("draft").size
    assert not app.session.scan(uid, reader, at=100.4)  # the bridge's phantom DEL+ADD
    assert "Ignored: the" in app.session.banner and app.session.banner_kind == "info"
    assert app.table.view().zone("draft").size == dealt
    # a second later the same card is a real scan again: here, refused as already dealt
    assert not app.session.scan(uid, reader, at=101.5)
    assert app.session.banner_kind == "refused"

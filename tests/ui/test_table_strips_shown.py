"""A scan redraws only the strips whose player or collection changed: a deal leaves every
strip alone, a kept card re-shows its keeper's strip (and only theirs) with the card."""

from __future__ import annotations

from companion.deck import load_deck
from companion.table import Table
from tests.ui.apphelp import frames
from ui.app import EXAMPLES
from ui.widgets.strip import PlayerStrip


def test_only_a_changed_players_strip_is_shown_again(app, monkeypatch):
    deck = load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")
    app.open_table(Table.start(app.store, deck, ["Ana", "Ben", "Cleo"]))
    app.goto("table")
    frames(2)
    shown = []
    show = PlayerStrip.show
    monkeypatch.setattr(
        PlayerStrip,
        "show",
        lambda strip, player, zones: (shown.append(player.name), show(strip, player, zones)),
    )
    while app.table.prompt.phase == "deal":
        assert shown == []  # a dealt card changes no player's strip
        assert app.session.scan(app.table.view().zone("deck").pieces[0].uid)
        frames()
    assert shown == [app.table.prompt.player]  # the deal done: the first drafter is marked
    shown.clear()
    drafter = app.table.prompt.player
    assert app.session.scan(app.table.view().zone("draft").pieces[0].uid)
    frames()
    assert app.session.tap("keep")
    frames()
    strips = app.root.get_screen("table").strips
    keeper = next(s for s in strips if s.player == drafter)
    # the drafter's strip again (their collection), and whoever's turn mark moved
    assert drafter in shown and len(keeper.runs) == 1 and len(keeper.runs[0].looks) == 1
    assert set(shown) <= {drafter, app.table.prompt.player} and keeper.active is (
        drafter == app.table.prompt.player
    )

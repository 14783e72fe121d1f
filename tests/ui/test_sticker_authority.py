"""A stranger's sticker at a running Who Broke It? table (issue 25 item 3): a second Broken
Vase, added at once, is refused with a message and scanning it ends nothing; a record with
a null attribute or a uid of its own is added as what the schema allows, under the uid the
reader read, into the table's deck (not the one the sticker names). And names at Setup
(item 4)."""

from __future__ import annotations

from tests.ui.apphelp import press, until
from tests.ui.test_setup_seats import choose
from tests.ui.test_sticker_records import lay, written
from tests.ui.test_who_broke_it_app import party_deck
from ui.records import RECORDS_KEY

NEW = "04C0FFEE00A001"
VASE = b'\x01["who-broke-it","broken-vase",{},"Party deck"]'


def seated(app, names: list[str]):
    """Setup with the party deck chosen and these names typed, Start pressed."""
    app.store.save_deck("who-broke-it", "Party deck", party_deck().to_toml())
    setup = choose(app, "Party deck")
    for row, name in zip(setup.seats(), [*names, "", "", "", ""][:6], strict=True):
        row.ids.name.text = name
    press(setup.ids.start)
    return setup


def start(app):
    seated(app, ["Ana", "Ben"])
    screen = app.root.get_screen("table")
    press(next(b for b in screen.ids.options.children if getattr(b, "text", "") == "Dealt"))
    return screen


def test_a_second_broken_vase_added_at_once_is_refused_and_ends_nothing(app):
    start(app)
    app.store.set_setting(RECORDS_KEY, "add")
    written(app, NEW, VASE)
    lay(app, NEW)
    until(lambda: "Broken Vase" in app.session.banner)
    assert "already has its Broken Vase" in app.session.banner
    assert NEW not in app.table.components and not app.table.finished
    deck = next(d for d in app.decks() if d.name == "Party deck")
    assert deck.get(NEW) is None  # the deck is not changed either


def test_a_strangers_uid_and_null_attribute_are_not_taken(app):
    start(app)
    vase = next(u for u, c in app.table.components.items() if c.kind == "broken-vase")
    record = f'\x01["who-broke-it","alibi",{{"uid":"{vase}","x":null}},"Not ours"]'.encode()
    written(app, NEW, record)
    lay(app, NEW)
    assert app.session.banner_kind == "record"
    press(app.root.get_screen("table").ids.enroll)  # "Add it": a TypeError closed the app
    assert app.table.components[NEW].kind == "alibi"
    assert app.table.components[vase].kind == "broken-vase"
    assert [d.name for d in app.decks() if d.get(NEW) is not None] == ["Party deck"]


def test_setup_refuses_names_that_differ_only_by_case_and_cleans_controls(app):
    """Issue 25 item 4 at the app's Setup: the names go through companion.names too."""
    setup = seated(app, ["Ana", "ana"])
    assert app.root.current == "setup" and "the same name" in setup.ids.banner.message
    setup.seats()[1].ids.name.text = "B\x1b\u202een"
    press(setup.ids.start)
    assert app.root.current == "table" and app.table.players == ["Ana", "Ben"]

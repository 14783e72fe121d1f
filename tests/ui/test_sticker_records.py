"""A sticker enrolled elsewhere carries what it is: at this table it is offered in one tap,
or added at once when Settings says so, and a record that does not parse is a plain unknown
sticker (issue 12)."""

from __future__ import annotations

from companion.deck import make_component
from companion.identity import decode as read
from companion.identity import encode, home_deck, identity_of
from companion.store import Store
from hardware.sim.reader import SimReader
from tests.ui.apphelp import frames, press, until
from tests.ui.test_app_flow import start_game
from ui.records import RECORDS_KEY

NEW = "04C0FFEE00A001"
GAME = "broken-and-beautiful"


def written(app, uid: str, payload: bytes) -> None:
    """A sticker written at another companion: on the reader, record written, lifted."""
    app.sim.place(uid)
    app.sim.write_identity(uid, payload)
    app.sim.remove(uid)
    until(lambda: uid not in app.on_reader)


def teapot_record() -> bytes:
    teapot = make_component(GAME, {"uid": NEW, "kind": "teapot", "pattern": "crane", "ingots": 2})
    return encode(identity_of(teapot, GAME, "Test deck"))


def lay(app, uid: str) -> None:
    before = app.session.revision
    app.sim.place(uid)
    until(lambda: app.session.banner or app.session.revision > before)
    frames(2)


def test_an_unknown_sticker_that_says_what_it_is_is_added_in_one_tap(app):
    screen = start_game(app)
    app.session.dismiss()
    written(app, NEW, teapot_record())
    lay(app, NEW)
    assert app.session.banner_kind == "record"
    assert (
        "crane teapot (2 ingots), for this table's deck 'Test deck'. Add it?" in app.session.banner
    )
    assert screen.ids.enroll.text == "Add it"
    press(screen.ids.enroll)
    assert app.table.components[NEW].label == "crane teapot"
    deck = next(d for d in app.decks() if d.name == "Test deck")
    assert deck.get(NEW).get("ingots") == 2  # saved in its deck, not only in this game


def test_with_the_setting_it_is_added_at_once_and_the_scan_plays(app):
    start_game(app)
    app.store.set_setting(RECORDS_KEY, "add")
    written(app, NEW, teapot_record())
    lay(app, NEW)
    assert NEW in app.table.view().zone("draft").pieces[-1].uid
    assert app.session.banner_kind in ("", "info")


def test_a_record_that_does_not_parse_is_a_plain_unknown_sticker(app):
    screen = start_game(app)
    written(app, NEW, b"\x01not json")
    lay(app, NEW)
    assert app.session.banner_kind == "unknown" and screen.ids.enroll.text == "Enroll now"


def test_enrolling_in_decks_writes_the_sticker_and_an_empty_companion_adds_it(app, tmp_path):

    decks = app.root.get_screen("decks")
    app.goto("decks")
    frames(2)
    decks.create_deck(GAME, "Our copy")
    app.sim.place(NEW)  # scanned, and left on the reader while the card is described
    until(lambda: decks.pane == "enroll")
    for value in ("teapot", "crane", 2):
        decks.choose(value)
    assert "Written on the sticker." in decks.ids.banner.message
    record = read(app.sim.read_identity(NEW))
    assert (record.game, record.kind, dict(record.attrs), record.deck) == (
        GAME, "teapot", {"pattern": "crane", "ingots": 2}, "Our copy",
    )  # fmt: skip
    tag = app.sim.box[NEW]  # the physical sticker, carried to a friend's companion
    app.sim.remove(NEW)
    friend_reader = SimReader(name="friend")  # another Pi's reader, another empty save
    friend_reader.sim.place(tag)
    friend = Store(tmp_path / "friend.db")
    assert friend.decks() == []
    identity = read(friend_reader.read_identity(NEW))
    deck = home_deck(identity, [])
    deck.add(identity.component(NEW))
    friend.save_deck(deck.game, deck.name, deck.to_toml())
    ((game, name, _toml),) = friend.decks()
    assert (game, name, deck.get(NEW).label) == (GAME, "Our copy", "crane teapot")

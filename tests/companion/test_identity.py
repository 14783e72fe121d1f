"""Stickers that carry their identity: the payload format, and a sticker written at one
companion enrolled by a second, empty one (the real driver on the simulated chip)."""

import pytest

from companion import identity
from companion.deck import Deck, load_deck, parse_deck
from companion.identity import PAYLOAD_LIMIT, Identity, decode, encode, home_deck, identity_of
from companion.store import Store
from hardware.rc522.ndef import IDENTITY_MIME
from hardware.sim.reader import SimReader

from .conftest import EXAMPLES

UID = "04A1B2C3D4E5F6"


def demo_deck() -> Deck:
    return load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")


def test_payload_version_1_is_a_version_byte_and_compact_json():
    cup = Identity("broken-and-beautiful", "cup", {"pattern": "wave", "ingots": 2}, "Our copy")
    payload = encode(cup)
    assert payload == b'\x01["broken-and-beautiful","cup",{"pattern":"wave","ingots":2},"Our copy"]'
    assert decode(payload) == cup


def test_hardware_and_companion_agree_on_the_record_type():
    assert identity.MIME_TYPE == IDENTITY_MIME


def test_every_demo_card_fits_and_a_long_deck_name_is_shortened():
    for game, deck_file in (
        ("broken-and-beautiful", "broken-and-beautiful-demo.toml"),
        ("mintsugi", "mintsugi-demo.toml"),
        ("who-broke-it", "who-broke-it-demo.toml"),
    ):
        deck = load_deck(EXAMPLES / deck_file)
        for component in deck:
            found = identity_of(component, game, "A deck with a very long name indeed " * 3)
            payload = encode(found)
            assert len(payload) <= PAYLOAD_LIMIT
            back = decode(payload)
            assert back is not None and back.deck.startswith("A deck with")
            assert back.component(component.uid) == component


def test_implied_values_and_owner_notes_stay_off_the_sticker():
    deck = parse_deck(
        'game = "broken-and-beautiful"\nname = "x"\n[[component]]\nuid = "04A1B2C3D4E5F6"\n'
        'kind = "gold"\nnote = "bent corner"\n'
    )
    gold = identity_of(deck.get(UID), "broken-and-beautiful", "x")
    assert gold.attrs == {}
    assert decode(encode(gold)).component(UID).get("ingots") == 3


@pytest.mark.parametrize(
    "payload",
    [
        b"",
        b"\x02" + encode(Identity("mintsugi", "cup", {"ingots": 1}))[1:],  # a future version
        b'\x01["mintsugi","cup",{"ingots":1}',  # torn JSON
        b'\x01["chess","pawn",{},"x"]',  # a game this companion does not know
        b'\x01["mintsugi","tea-jar",{"ingots":1},"x"]',  # not a Mintsugi kind
        b'\x01["mintsugi","cup",{"ingots":"two"},"x"]',  # fails the schema
        b'\x01{"game":"mintsugi"}',
        b"\x01\xff\xfe",
    ],
)
def test_anything_that_does_not_parse_is_a_plain_unknown_sticker(payload):
    assert decode(payload) is None


def test_a_record_too_big_for_any_name_is_refused_in_one_line():
    huge = Identity("broken-planet", "island", {"note": "x" * 200}, "")
    with pytest.raises(ValueError, match="holds 109"):
        encode(huge)


def test_home_deck_prefers_the_named_deck_of_the_game():
    cup = Identity("broken-and-beautiful", "cup", {"pattern": "wave", "ingots": 2}, "Ours")
    ours, other = Deck("broken-and-beautiful", "Ours"), Deck("broken-and-beautiful", "Spare")
    mint = Deck("mintsugi", "Ours")
    assert home_deck(cup, [mint, other, ours]) is ours
    assert home_deck(cup, [mint, other]) is other
    new = home_deck(cup, [mint])
    assert (new.game, new.name, len(new)) == ("broken-and-beautiful", "Ours", 0)


def test_a_sticker_written_here_is_enrolled_by_a_second_empty_companion():
    deck = demo_deck()
    deck.name = "Our copy"
    cup = next(c for c in deck if c.kind == "teapot")
    here = SimReader(name="here")
    tag = here.place(cup.uid)  # a virtual NTAG213, with its own memory
    here.poll()
    here.write_identity(cup.uid, encode(identity_of(cup, deck.game, deck.name)))

    there = SimReader(name="there")  # the friend's companion: its own chip and reader
    there.sim.place(here.sim.remove(tag))
    assert [e.kind for e in there.poll()] == ["placed"]
    store = Store()  # nothing enrolled there
    found = decode(there.read_identity(cup.uid))
    assert found is not None
    decks = [parse_deck(toml) for _, _, toml in store.decks()]
    home = home_deck(found, decks)
    home.add(found.component(cup.uid))
    store.save_deck(home.game, home.name, home.to_toml())

    [(game, name, toml)] = store.decks()
    assert (game, name) == ("broken-and-beautiful", deck.name)
    assert parse_deck(toml).get(cup.uid) == cup

"""A sticker's identity is data, never authority (issue 25 item 3): it names a game, a kind
and that kind's attributes, checked by the schema; never a uid, never a deck, never past a
game's set-up limits. And a fuzz of the bytes a stranger could write, through the parser
and the records path (decode, the component, its deck file, the running game)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.deck import Deck, DeckError, load_deck, parse_deck
from companion.identity import Identity, decode, encode, home_deck
from companion.inputs import IllegalInput
from companion.store import Store
from companion.table import Table

from .conftest import EXAMPLES

UID = "04C0FFEE00A001"
OTHER = "04B10000000001"  # the demo deck's Broken Vase


def wbi_table() -> Table:
    deck = load_deck(EXAMPLES / "who-broke-it-demo.toml")
    return Table.start(Store(), deck, ["Ana", "Ben", "Cleo"])


def test_an_attribute_named_uid_never_chooses_the_uid():
    payload = b'\x01["broken-and-beautiful","gold",{"uid":"04B10000000001"},"x"]'
    found = decode(payload)
    assert found is not None and "uid" not in found.attrs
    assert found.component(UID).uid == UID
    sneaky = Identity("broken-and-beautiful", "gold", {"uid": OTHER, "note": "x"})
    assert sneaky.component(UID).uid == UID and "note" not in sneaky.component(UID).attrs


def test_a_null_attribute_is_refused_and_an_unknown_null_one_ignored():
    assert decode(b'\x01["mintsugi","cup",{"ingots":null},"x"]') is None
    found = decode(b'\x01["who-broke-it","alibi",{"colour":null},"x"]')
    assert found is not None and dict(found.attrs) == {}
    deck = Deck("who-broke-it", "x")
    deck.add(found.component(UID))
    assert parse_deck(deck.to_toml()).get(UID).kind == "alibi"  # TypeError before


def test_at_a_table_the_tables_deck_decides_not_the_stickers():
    cup = Identity("broken-and-beautiful", "cup", {"pattern": "wave", "ingots": 2}, "Spare")
    ours, spare = Deck("broken-and-beautiful", "Ours"), Deck("broken-and-beautiful", "Spare")
    assert home_deck(cup, [spare, ours], "Ours") is ours
    new = home_deck(cup, [spare], "Ours")
    assert (new.name, len(new)) == ("Ours", 0)


def test_a_second_broken_vase_cannot_join_a_running_game():
    table = wbi_table()
    vase = Identity("who-broke-it", "broken-vase").component(UID)
    with pytest.raises(IllegalInput, match="already has its Broken Vase"):
        table.admit(vase)
    with pytest.raises(IllegalInput, match="already has its Broken Vase"):
        table.enroll(vase)
    assert UID not in table.components
    table.tap("dealt")
    with pytest.raises(IllegalInput):  # still an unknown sticker: scanning it ends nothing
        table.scan(UID)
    assert not table.finished
    assert table.enroll(Identity("who-broke-it", "spare-vase").component(UID))


# the bytes a stranger could write on a sticker
json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
GAMES = ["broken-and-beautiful", "mintsugi", "who-broke-it", "broken-planet", "chess"]
KINDS = ["cup", "gold", "jug", "teapot", "broken-vase", "alibi", "island", "pawn", "tea-jar"]
KEYS = ["uid", "kind", "pattern", "ingots", "note", "deck", "number", "colour"]
attrs = st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=5), json_value, max_size=4)
body = st.tuples(st.sampled_from(GAMES), st.sampled_from(KINDS), attrs, st.text(max_size=20))


def payloads():
    shaped = body.map(lambda b: b"\x01" + _json(b))
    return shaped | st.binary(max_size=120) | st.binary(max_size=60).map(lambda b: b"\x01" + b)


def _json(value) -> bytes:
    return json.dumps(value, allow_nan=True).encode()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payloads())
def test_fuzz_a_strangers_record_is_a_checked_component_or_nothing(payload):
    found = decode(payload)  # never raises
    if found is None:
        return
    component = found.component(UID)
    assert component.uid == UID and component.kind == found.kind
    deck = home_deck(found, [], "Our copy")
    assert deck.name == "Our copy"
    try:
        deck.add(component)
    except DeckError:
        return
    back = parse_deck(deck.to_toml())  # the deck file a record makes parses back
    assert back.get(UID) == component
    assert decode(encode(found)) == found

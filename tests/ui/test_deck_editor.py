import pytest

from companion.deck import DeckError, load_deck, parse_deck
from companion.store import Store
from ui import deck_editor as ed

BNB = "broken-and-beautiful"
UID = "04A1B2C3D4E5F6"


@pytest.fixture
def store():
    s = Store()
    yield s
    s.close()


def stored(store):
    return {(g, n): t for g, n, t in store.decks()}


def test_create_deck_saves_an_empty_deck_and_refuses_duplicates_and_blank_names(store):
    deck = ed.create_deck(store, BNB, "  Our copy ")
    assert deck.name == "Our copy"
    assert parse_deck(stored(store)[(BNB, "Our copy")]).components == {}
    with pytest.raises(DeckError, match="already"):
        ed.create_deck(store, BNB, "Our copy")
    with pytest.raises(DeckError, match="name"):
        ed.create_deck(store, BNB, "   ")
    with pytest.raises(DeckError, match="unknown game"):
        ed.create_deck(store, "chess", "x")


def test_enrollment_takes_three_taps_for_a_cup_or_a_tray_one_for_gold(store):
    deck = ed.create_deck(store, BNB, "d")
    cup = ed.Enrollment(deck, UID)
    assert cup.step == "kind"
    assert cup.choose("cup") == "pattern"
    assert {"wave", "blossom", "crane", "lattice"} <= set(cup.patterns)
    assert cup.choose("wave") == "ingots"
    assert cup.choose(2) == "done"
    assert cup.choice == {"kind": "cup", "pattern": "wave", "ingots": 2}
    tray = ed.Enrollment(deck, "04000000000001")
    tray.choose("serving-tray")
    assert tray.step == "pattern"  # "every card shows a pattern except gold" (rulings B13)
    gold = ed.Enrollment(deck, "04000000000002")
    assert gold.choose("gold") == "done"
    with pytest.raises(DeckError):
        gold.choose("cup")


def test_back_undoes_the_last_tap(store):
    e = ed.Enrollment(ed.create_deck(store, BNB, "d"), UID)
    e.choose("cup")
    e.choose("wave")
    e.back()
    assert e.step == "pattern"
    e.back()
    assert e.step == "kind"


def test_put_component_saves_immediately_and_edits_in_place(store):
    deck = ed.create_deck(store, BNB, "d")
    ed.put_component(store, deck, UID.lower(), {"kind": "cup", "pattern": "wave", "ingots": 2})
    saved = parse_deck(stored(store)[(BNB, "d")])
    assert saved.get(UID).label == "wave cup"
    ed.put_component(store, deck, UID, {"kind": "bowl", "pattern": "crane", "ingots": 1})
    saved = parse_deck(stored(store)[(BNB, "d")])
    assert len(saved) == 1 and saved.get(UID).label == "crane bowl"
    ed.remove_component(store, deck, UID)
    assert len(parse_deck(stored(store)[(BNB, "d")])) == 0


def test_put_component_refuses_a_kind_of_another_game(store):
    deck = ed.create_deck(store, BNB, "d")
    with pytest.raises(DeckError, match="jug"):
        ed.put_component(store, deck, UID, {"kind": "jug", "pattern": "wave", "ingots": 1})
    assert len(parse_deck(stored(store)[(BNB, "d")])) == 0


def test_progress_counts_against_a_whole_copy_as_the_rulebook_lists_it(store):
    deck = ed.create_deck(store, BNB, "d")
    ed.put_component(store, deck, UID, {"kind": "cup", "pattern": "wave", "ingots": 2})
    assert [p.text for p in ed.progress(deck)] == [
        "pottery cards 1/39", "gold cards 0/3", "serving trays 0/2", "storage boxes 0/2",
    ]  # fmt: skip
    assert ed.summary(deck) == "1 of 46 cards: pottery cards 1/39"
    mintsugi = ed.create_deck(store, "mintsugi", "m")
    ed.put_component(store, mintsugi, UID, {"kind": "jug", "pattern": "wave", "ingots": 1})
    assert ed.summary(mintsugi) == "1 card: jug 1"  # the prototype names no count


def test_import_of_a_bad_file_raises_one_line_and_changes_nothing(store, tmp_path):
    ed.create_deck(store, BNB, "d")
    before = store.decks()
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'game = "broken-and-beautiful"\n\n[[component]]\nuid = "04AABBCC"\nkind = "spoon"\n'
    )
    with pytest.raises(DeckError) as err:
        ed.import_deck(store, bad)
    assert "\n" not in str(err.value) and "spoon" in str(err.value)
    with pytest.raises(DeckError, match="cannot read"):
        ed.import_deck(store, tmp_path / "missing.toml")
    assert store.decks() == before


def test_export_then_import_round_trips(store, tmp_path):
    demo = ed.import_deck(store, ed.EXAMPLES / f"{BNB}-demo.toml")
    path = ed.export_deck(demo, tmp_path)
    assert path.parent == tmp_path and path.suffix == ".toml"
    assert load_deck(path) == demo
    store.delete_deck(demo.game, demo.name)
    assert ed.import_deck(store, str(path)) == demo
    assert ed.stored_decks(store) == ([demo], [])


def test_export_to_an_unwritable_place_is_a_deck_error(store, tmp_path):
    deck = ed.create_deck(store, BNB, "d")
    with pytest.raises(DeckError, match="cannot write"):
        ed.export_deck(deck, tmp_path / "no" / "such" / "dir" / "x.toml")


def test_a_stored_deck_that_no_longer_parses_is_reported_not_raised(store):
    store.save_deck(BNB, "broken", "game = 'broken-and-beautiful'\n[[component]]\nkind='cup'\n")
    decks, problems = ed.stored_decks(store)
    assert decks == [] and "uid" in problems[0]

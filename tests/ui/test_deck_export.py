"""Deck export cannot inject (issue 11): whatever a deck holds, the file parses back to the
same deck and nothing more; it is written only as a .toml where the player chose, and an
existing file is replaced only after a second tap."""

from __future__ import annotations

import tomllib

import pytest

from companion.deck import Deck, DeckError, load_deck, make_component, parse_deck
from tests.ui.test_decks import screen  # noqa: F401  (fixture)
from ui import deck_editor as ed

BNB = "broken-and-beautiful"
HOSTILE = 'x"\n\n[[component]]\nuid = "04AAAAAAAAAAAA"\nkind = "cup"\u0007\\'


def hostile_deck() -> Deck:
    deck = Deck(BNB, HOSTILE)
    extra = {"import os; os.system('touch pwned') #": 1, "note": HOSTILE, "bad key\n=": "\x00"}
    fields = {"uid": "04BBBBBBBBBBBB", "kind": "cup", "pattern": "wave", "ingots": 1, **extra}
    deck.add(make_component(BNB, fields))
    return deck


def test_names_and_extra_fields_cannot_add_components_or_break_the_file():
    deck = hostile_deck()
    text = deck.to_toml()
    tomllib.loads(text)  # parses
    assert parse_deck(text) == deck  # and means exactly the deck: one component, same fields
    assert not any(line.startswith("import") for line in text.splitlines())


def test_export_writes_only_toml_files_where_asked(tmp_path):
    deck = hostile_deck()
    for bad in ("", "   ", str(tmp_path / "evil.pth"), str(tmp_path / "deck.toml.py")):
        with pytest.raises(DeckError):
            ed.export_deck(deck, bad)
    assert list(tmp_path.iterdir()) == []
    written = ed.export_deck(deck, tmp_path)
    assert written.parent == tmp_path and written.suffix == ".toml"
    assert load_deck(written) == deck


def test_replacing_a_file_takes_a_second_tap(screen, tmp_path):  # noqa: F811
    target = tmp_path / "ours.toml"
    target.write_text("precious\n")
    screen.open_deck(ed.create_deck(screen.store, BNB, "Ours"))
    screen.export_deck(str(target))
    assert target.read_text() == "precious\n"
    assert "tap Export again" in screen.ids.banner.message
    screen.export_deck(str(target))
    assert load_deck(target).name == "Ours"
    with pytest.raises(DeckError, match="already exists"):
        ed.export_deck(screen.deck, target)  # no confirmation, no overwrite

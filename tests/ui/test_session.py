"""The session words the table's refusals: an unknown tag (as the table decides) offers
enrollment of its canonical uid; a malformed uid is a plain refusal."""

from __future__ import annotations

from companion.store import Store
from companion.table import Table
from tests.companion.conftest import make_deck
from ui.session import Session


def session() -> Session:
    deck = make_deck("broken-and-beautiful", [("cup", "wave", 1)] * 12)
    return Session(table=Table.start(Store(), deck, ["Ana", "Ben"]))


def test_an_unknown_tag_offers_enrollment_of_its_canonical_uid():
    s = session()
    assert not s.scan("04:c0:ff:ee:00:00:01")
    assert s.banner_kind == "unknown" and s.unknown_uid == "04C0FFEE000001"
    assert s.banner == "This tag (04C0FFEE000001) is not in the deck. Enroll it?"


def test_a_malformed_uid_is_refused_not_offered_for_enrollment():
    s = session()
    assert not s.scan("not a uid")
    assert s.banner_kind == "refused" and s.unknown_uid == ""

"""Replies lost on the air while several tags are in the field (issue 13): one lost reply
after a collision choice, or two lost wake-ups after a tag was found, hide no tag."""

from __future__ import annotations

import pytest

from hardware.rc522.chip import Frame, Status
from hardware.rc522.crc import with_crc
from hardware.rc522.iso14443a import HLTA
from hardware.sim import Quirks
from tests.hardware.test_iso14443a_strength import iso_with
from tests.hardware.test_iso14443a_wire_strength import Recording

TWO = ("DEADBE0F", "DEADBE4F")  # the same uid but for bit 30 of the level


class Losing:
    """The chip, except that the replies to the frames `lose(data)` picks are lost."""

    def __init__(self, chip, lose) -> None:
        self.chip, self.lose, self.after_collision = chip, lose, False

    def transceive(self, data: bytes, **kwargs: int) -> Frame:
        if self.lose(data):
            return Frame(Status.TIMEOUT)
        frame = self.chip.transceive(data, **kwargs)
        self.after_collision = frame.status is Status.COLLISION
        return frame


def test_one_lost_reply_after_a_collision_choice_hides_no_tag() -> None:
    iso = iso_with(*TWO)
    lost = []

    def lose(data: bytes) -> bool:
        if iso.chip.after_collision and not lost and data[1] != 0x70:
            lost.append(data)
            return True
        return False

    iso.chip = Losing(iso.chip, lose)
    inventory = iso.inventory()
    assert lost  # a reply was lost right after the choice
    assert sorted(card.hex for card in inventory.cards) == sorted(TWO) and inventory.clean


def test_two_lost_wake_ups_after_a_tag_was_found_hide_no_tag() -> None:
    iso = iso_with(*TWO)
    halted, lost = [], []

    def lose(data: bytes) -> bool:
        halted.append(data == with_crc(HLTA))
        if any(halted) and data == b"\x52" and len(lost) < 2:
            lost.append(data)
            return True
        return False

    iso.chip = Losing(iso.chip, lose)
    inventory = iso.inventory()
    assert len(lost) == 2
    assert sorted(card.hex for card in inventory.cards) == sorted(TWO) and inventory.clean


@pytest.mark.parametrize("skips", [False, True])
def test_a_choice_met_by_silence_is_reversed_within_the_same_poll(skips) -> None:
    """Three uids differing in the last byte only: after the first collision the second is
    mid-byte, and on a chip whose CollPos skips the RxAlign bits the earlier reading points
    at a bit the tags agree on. The bit chosen there has no tag; the walk must turn back to
    the other bit, not give up or go astray."""
    uids = ("DEADBE00", "DEADBE01", "DEADBE04")
    iso = iso_with(*uids, quirks=Quirks(coll_pos_skips_rx_align=skips))
    iso.chip = recording = Recording(iso.chip)
    inventory = iso.inventory()
    assert sorted(card.hex for card in inventory.cards) == sorted(uids) and inventory.clean
    halts = [frame for frame, _ in recording.sent if frame.startswith("50 00")]
    assert len(halts) == 3  # each tag selected and halted once: no round walked twice


def test_a_garbled_reply_then_silence_is_not_an_empty_field() -> None:
    iso = iso_with("DEADBE0F")
    sent = []

    def lose(data: bytes) -> bool:
        sent.append(data)
        return data == b"\x52" and len(sent) > 1  # every wake-up after the first is lost

    iso.chip = Garbling(Losing(iso.chip, lose))
    inventory = iso.inventory()
    assert inventory.cards == [] and not inventory.clean  # the tag may well be there


class Garbling:
    """The chip, except that the first anticollision reply arrives garbled."""

    def __init__(self, chip) -> None:
        self.chip, self.garbled = chip, False

    def transceive(self, data: bytes, **kwargs: int) -> Frame:
        frame = self.chip.transceive(data, **kwargs)
        if data[0] == 0x93 and data[1] != 0x70 and not self.garbled:
            self.garbled = True
            return Frame(Status.ERROR, detail="parity error")
        return frame

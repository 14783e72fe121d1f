"""ISO 14443A edges the reader tests did not reach (issue 13): tags whose uids first differ
in the last bits of a cascade level, uids that contain the cascade tag byte, the fields sent
at each level, and a poll whose wake-up replies are lost after it found a tag."""

from __future__ import annotations

import pytest

from hardware.rc522 import Rc522Reader
from hardware.rc522.chip import Frame, Status
from hardware.rc522.crc import with_crc
from hardware.rc522.iso14443a import HLTA, WUPA, Iso14443a, bcc, cascade_levels
from hardware.sim import Classic1K, LongUidTag, Ntag213, Quirks, SimChip, VirtualClock
from hardware.sim.tags import Tag


def tag(uid: str) -> Tag:
    return {8: Classic1K, 14: Ntag213, 20: LongUidTag}[len(uid)](uid)


def iso_with(*uids: str | Tag, quirks: Quirks | None = None) -> Iso14443a:
    """The driver's ISO layer on a simulated chip (of these quirks), initialised, with these
    tags (or tags of these uids) in the field."""
    clock = VirtualClock(1000.0)
    chip = SimChip(clock=clock, seed=1, quirks=quirks or Quirks())
    reader = Rc522Reader(chip, clock=clock)
    reader.poll()  # initialises the chip
    for uid in uids:
        chip.place(uid if isinstance(uid, Tag) else tag(uid))
    return reader.iso


def flip(uid: str, level: int, bit: int) -> str:
    """`uid` with bit `bit` (8-31) of cascade level `level` flipped. Before the last level
    the level's byte 0 is the cascade tag, so its bytes 1-3 are uid bytes."""
    data = bytearray.fromhex(uid)
    last = (len(data) - 4) // 3
    byte = 3 * level + bit // 8 - (level != last)
    data[byte] ^= 1 << (bit % 8)
    return data.hex().upper()


@pytest.mark.parametrize("bit", [8, 29, 30, 31])
@pytest.mark.parametrize(
    ("uid", "level"),
    [
        ("DEADBE0F", 0),
        ("04A1B2C3D4E5F6", 0),
        ("04A1B2C3D4E5F6", 1),
        ("0102030405060708090A", 0),
        ("0102030405060708090A", 1),
        ("0102030405060708090A", 2),
    ],
)
def test_two_tags_differing_only_late_in_a_cascade_level_are_both_read(uid, level, bit) -> None:
    other = flip(uid, level, bit)
    inventory = iso_with(uid, other).inventory()
    assert sorted(card.hex for card in inventory.cards) == sorted([uid, other])
    assert inventory.clean


@pytest.mark.parametrize("uids", [("DEADBE0F", "DFADBE0F"), ("04A1B2C3D4E5F6", "04A1B2C2D4E5F6")])
def test_two_tags_differing_in_the_first_bit_of_a_level_are_both_read(uids) -> None:
    inventory = iso_with(*uids).inventory()
    assert sorted(card.hex for card in inventory.cards) == sorted(uids) and inventory.clean


def test_four_tags_pairing_two_first_levels_with_two_second_levels_are_all_read() -> None:
    """Walking the second level of one first-level branch must not mark anything done in
    the other branch, though the two differ only in the last bit of the first level."""
    uids = [f"04A1{a}C3D4E5{b}" for a in ("B2", "32") for b in ("F6", "76")]
    inventory = iso_with(*uids).inventory()
    assert sorted(card.hex for card in inventory.cards) == sorted(uids) and inventory.clean


@pytest.mark.parametrize("uid", ["DEADBE88", "12885678", "04A1B2C3D4E588"])
def test_a_uid_containing_the_cascade_tag_byte_is_read(uid) -> None:
    inventory = iso_with(uid).inventory()
    assert [card.hex for card in inventory.cards] == [uid] and inventory.clean


def test_each_cascade_level_sends_its_part_of_the_uid_and_its_check_byte() -> None:
    def level(*data: int) -> bytes:
        return bytes([*data, bcc(bytes(data))])

    assert cascade_levels(bytes.fromhex("DEADBEEF")) == [level(0xDE, 0xAD, 0xBE, 0xEF)]
    assert cascade_levels(bytes.fromhex("04A1B2C3D4E5F6")) == [
        level(0x88, 0x04, 0xA1, 0xB2),
        level(0xC3, 0xD4, 0xE5, 0xF6),
    ]
    assert cascade_levels(bytes.fromhex("0102030405060708090A")) == [
        level(0x88, 0x01, 0x02, 0x03),
        level(0x88, 0x04, 0x05, 0x06),
        level(0x07, 0x08, 0x09, 0x0A),
    ]
    assert bcc(bytes([0x88, 0x04, 0xA1, 0xB2])) == 0x88 ^ 0x04 ^ 0xA1 ^ 0xB2
    for size in (3, 5, 8, 11):
        with pytest.raises(ValueError, match=f"4, 7 or 10 bytes, not {size}"):
            cascade_levels(bytes(size))


class SilentAfterHalt:
    """The chip, except that once a tag has been halted every WUPA meets silence, as when
    the next wake-up replies are lost on the air."""

    def __init__(self, chip) -> None:
        self.chip, self.halted = chip, False

    def transceive(self, data: bytes, **kwargs: int) -> Frame:
        self.halted |= data == with_crc(HLTA)
        if self.halted and data == bytes([WUPA]):
            return Frame(Status.TIMEOUT)
        return self.chip.transceive(data, **kwargs)


def test_lost_wake_ups_after_a_collision_make_the_poll_unclean() -> None:
    iso = iso_with("DEADBE0F", "DEADBE4F")
    iso.chip = SilentAfterHalt(iso.chip)
    inventory = iso.inventory()
    assert len(inventory.cards) == 1 and not inventory.clean  # the other tag may be there


def test_a_lone_tag_read_in_full_is_a_clean_poll_whatever_follows() -> None:
    iso = iso_with("DEADBE0F")
    iso.chip = SilentAfterHalt(iso.chip)
    inventory = iso.inventory()
    assert [card.hex for card in inventory.cards] == ["DEADBE0F"] and inventory.clean


def test_an_empty_field_is_a_clean_poll_with_no_cards() -> None:
    inventory = iso_with().inventory()
    assert inventory.cards == [] and inventory.clean

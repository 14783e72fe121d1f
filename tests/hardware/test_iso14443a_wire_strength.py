"""The bytes the driver puts on the air are ISO 14443-3's own (issue 13). The simulated tags
take the command codes from the driver, so they would follow it into a wrong one; real tags
would not. Each frame below is written out from the standard, not from the driver."""

from __future__ import annotations

import pytest

from hardware.errors import Noise
from hardware.rc522.chip import Frame, Status
from hardware.rc522.crc import with_crc
from hardware.sim.tags import Tag
from tests.hardware.test_iso14443a_strength import iso_with


class Recording:
    """The chip, remembering every frame sent and how."""

    def __init__(self, chip) -> None:
        self.chip, self.sent = chip, []

    def transceive(self, data: bytes, **kwargs: int) -> Frame:
        self.sent.append((data.hex(" ").upper(), kwargs.get("tx_last_bits", 0)))
        return self.chip.transceive(data, **kwargs)


def test_a_poll_of_one_tag_sends_wupa_anticollision_select_and_halt() -> None:
    iso = iso_with("DEADBE0F")
    iso.chip = recording = Recording(iso.chip)
    [card] = iso.inventory().cards
    bcc = 0xDE ^ 0xAD ^ 0xBE ^ 0x0F
    select = with_crc(bytes([0x93, 0x70, 0xDE, 0xAD, 0xBE, 0x0F, bcc])).hex(" ").upper()
    assert recording.sent[:4] == [
        ("52", 7),  # WUPA: a short frame of 7 bits
        ("93 20", 0),  # anticollision, cascade level 1, no uid bit known yet
        (select, 0),  # select: the level's 4 uid bytes, their BCC and CRC_A
        ("50 00 57 CD", 0),  # HLTA with its CRC_A
    ]
    assert card.hex == "DEADBE0F"


def commands(uid: str) -> list[str]:
    """The first two bytes of each frame a poll of the one tag `uid` sends."""
    iso = iso_with(uid)
    iso.chip = recording = Recording(iso.chip)
    iso.inventory()
    return [frame[:5] for frame, _ in recording.sent]


def test_longer_uids_are_selected_cascade_level_by_level() -> None:
    assert commands("04A1B2C3D4E5F6") == ["52", "93 20", "93 70", "95 20", "95 70", "50 00"]
    assert commands("0102030405060708090A") == [
        "52", "93 20", "93 70", "95 20", "95 70", "97 20", "97 70", "50 00",
    ]  # fmt: skip


class MifareMini(Tag):
    """SAK 0x09: uid complete (bit 3, 0x04, clear) though bit 1 is set."""

    sak = 0x09


def test_only_the_cascade_bit_of_the_sak_asks_for_another_level() -> None:
    [card] = iso_with(MifareMini("DEADBE0F")).inventory().cards
    assert (card.hex, card.sak) == ("DEADBE0F", 0x09)


def test_selecting_a_known_uid_that_is_not_in_the_field_is_noise_not_a_card() -> None:
    iso = iso_with("DEADBE0F")
    assert iso.wake()
    assert iso.select_uid(bytes.fromhex("DEADBE0F")).sak == 0x08
    iso.halt()
    assert iso.wake()  # WUPA wakes the halted tag, which does not answer another uid
    with pytest.raises(Noise, match="tag 04A1B2C3D4E5F6 did not answer its select"):
        iso.select_uid(bytes.fromhex("04A1B2C3D4E5F6"))


class BadCrcSak:
    """The chip, except that a select is answered by a SAK whose CRC_A is wrong."""

    def __init__(self, chip) -> None:
        self.chip = chip

    def transceive(self, data: bytes, **kwargs: int) -> Frame:
        frame = self.chip.transceive(data, **kwargs)
        if data[1:2] == b"\x70":
            return Frame(Status.OK, bytes([0x08, 0, 0]), 24)
        return frame


def test_a_select_answered_with_a_bad_crc_is_noise_not_a_card() -> None:
    iso = iso_with("DEADBE0F")
    iso.chip = BadCrcSak(iso.chip)
    assert iso.wake()
    with pytest.raises(Noise, match="did not answer its select"):
        iso.select_uid(bytes.fromhex("DEADBE0F"))

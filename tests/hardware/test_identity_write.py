"""Identity records on NTAG stickers through our driver and the simulated chip: the write,
its read-back, a tag lifted mid-write, and readers that cannot write saying so."""

import pytest

from hardware.errors import CannotWrite, TornWrite
from hardware.keyboard import KeyboardReader
from hardware.rc522 import NtagError
from hardware.rc522.ndef import IDENTITY_MIME
from hardware.rc522.ntag import USER_START
from hardware.script import ScriptReader
from hardware.sim import Classic1K, Ntag213, Ntag216

from .conftest import run

UID = "04A1B2C3D4E5F6"
PAYLOAD = b'\x01["broken-and-beautiful","cup",{"pattern":"wave","ingots":2},"Our copy"]'
LONGEST = bytes([1]) + b"x" * (144 - 6 - len(IDENTITY_MIME) - 1)  # fills an NTAG213


class LiftedMidWrite(Ntag213):
    """An NTAG213 that leaves the field when page write number `after` + 1 arrives: the
    hand lifting the card, as the reader sees it (the write is never heard, nor acked)."""

    def __init__(self, uid, chip, after):
        super().__init__(uid)
        self.chip, self.writes_left = chip, after

    def command(self, frame):
        if frame[0] == 0xA2:
            if self.writes_left == 0:
                self.chip.remove(self)
                return None
            self.writes_left -= 1
        return super().command(frame)


def page_writes(payload):
    """How many page writes one identity takes: the empty message first, then every page."""
    return 1 + -(-(len(payload) + len(IDENTITY_MIME) + 6) // 4)


def test_identity_round_trip_and_nothing_locked(reader, chip, clock):
    tag = chip.place(Ntag213(UID))
    run(reader, clock, 2)
    assert reader.can_write and reader.read_identity(UID) is None
    reader.write_identity(UID, PAYLOAD)
    assert reader.read_identity(UID) == PAYLOAD
    assert tag.memory[10:12] == b"\x00\x00"  # static lock bytes untouched
    reader.write_identity(UID, PAYLOAD.replace(b"cup", b"bowl"))  # still writable
    assert b"bowl" in reader.read_identity(UID)
    assert run(reader, clock, 10) == []  # writing did not disturb presence


def test_the_longest_payload_fits_an_ntag213_and_one_more_byte_does_not(reader, chip, clock):
    chip.place(Ntag213(UID))
    run(reader, clock, 1)
    reader.write_identity(UID, LONGEST)
    assert reader.read_identity(UID) == LONGEST
    with pytest.raises(NtagError, match="do not fit"):
        reader.write_identity(UID, LONGEST + b"x")
    assert reader.read_identity(UID) == LONGEST  # a refused write changed nothing


def test_other_records_are_ignored_and_bigger_tags_work(reader, chip, clock):
    from hardware.rc522 import text_record

    chip.place(Ntag216(UID))
    run(reader, clock, 1)
    reader.write_ndef(UID, [text_record("a phone wrote this")])
    assert reader.read_identity(UID) is None
    reader.write_identity(UID, PAYLOAD)
    assert reader.read_identity(UID) == PAYLOAD


@pytest.mark.parametrize("after", range(page_writes(PAYLOAD)))
def test_a_tag_lifted_mid_write_is_reported_and_holds_no_half_record(reader, chip, clock, after):
    tag = chip.place(LiftedMidWrite(UID, chip, after=10**6))
    run(reader, clock, 1)
    older = PAYLOAD.replace(b"cup", b"bowl")
    reader.write_identity(UID, older)
    tag.writes_left = after
    with pytest.raises(TornWrite, match="left the reader.*place it again"):
        reader.write_identity(UID, PAYLOAD)
    assert tag not in chip.tags
    run(reader, clock, 5)
    chip.place(tag)
    run(reader, clock, 2)
    # Lifted before any page was written, the old record is whole; after that, the tag
    # holds an empty message until the very last page: never half a record.
    assert reader.read_identity(UID) == (older if after == 0 else None)
    tag.writes_left = 10**6
    reader.write_identity(UID, PAYLOAD)  # placed again, it writes
    assert reader.read_identity(UID) == PAYLOAD


def test_every_page_write_was_counted(reader, chip, clock):
    tag = chip.place(LiftedMidWrite(UID, chip, after=10**6))
    run(reader, clock, 1)
    reader.write_identity(UID, PAYLOAD)
    assert 10**6 - tag.writes_left == page_writes(PAYLOAD)
    assert tag.page(USER_START)[0] == 0x03 and tag.page(USER_START)[1] > 0


def test_a_classic_card_cannot_carry_an_identity(reader, chip, clock):
    chip.place(Classic1K("DEADBEEF"))
    run(reader, clock, 1)
    with pytest.raises(NtagError, match="not an NTAG"):
        reader.write_identity("DEADBEEF", PAYLOAD)


def test_readers_that_only_report_uids_say_so_plainly(tmp_path):
    script = tmp_path / "s.script"
    script.write_text("scan 04A1B2C3D4E5F6\n")
    readers = [ScriptReader(script), KeyboardReader(lambda: "", name="kb")]
    for reader in readers:
        assert not reader.can_write
        with pytest.raises(CannotWrite, match=f"^{reader.name}: .*(uids|uid)"):
            reader.write_identity(UID, PAYLOAD)
        with pytest.raises(CannotWrite):
            reader.read_identity(UID)


def test_the_mfrc522_package_and_the_serial_bridge_cannot_write():
    from hardware.mfrc522_backend import Mfrc522PackageReader
    from hardware.serial_bridge import SerialBridgeReader

    assert not Mfrc522PackageReader.can_write and not SerialBridgeReader.can_write
    assert "mfrc522 package" in Mfrc522PackageReader.cannot_write
    assert "serial bridge" in SerialBridgeReader.cannot_write

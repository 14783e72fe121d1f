"""NTAG commands and NDEF on the simulator: round trips, limits, and no NTAG talk to Classics."""

import pytest

from hardware.rc522 import NtagError, mime_record, text_record
from hardware.rc522.ndef import NdefError, decode_message, encode_message, unwrap_tlv, wrap_tlv
from hardware.sim import Classic1K, Ntag213, Ntag215

from .conftest import kinds, run

UID = "04A1B2C3D4E5F6"


def test_ndef_text_record_round_trip_on_ntag213(reader, chip, clock):
    tag = chip.place(Ntag213(UID))
    run(reader, clock, 2)
    assert reader.read_ndef(UID) == []  # shipped with an empty NDEF TLV
    reader.write_ndef(
        UID, [text_record("cup wave 2"), mime_record("application/x-component", b"\x01\x02")]
    )
    records = reader.read_ndef(UID)
    assert records[0].text == "cup wave 2"
    assert records[1].type == b"application/x-component" and records[1].payload == b"\x01\x02"
    assert tag.memory[16] == 0x03  # the TLV starts the user memory, as phones expect
    assert run(reader, clock, 20) == []  # reading did not disturb presence


def test_long_message_uses_the_three_byte_tlv_length_on_ntag215(reader, chip, clock):
    tag = chip.place(Ntag215(UID))
    run(reader, clock, 1)
    text = "x" * 300
    reader.write_ndef(UID, [text_record(text)])
    assert tag.memory[16:18] == b"\x03\xff"
    assert reader.read_ndef(UID)[0].text == text


def test_too_long_for_ntag213_is_refused(reader, chip, clock):
    chip.place(Ntag213(UID))
    run(reader, clock, 1)
    with pytest.raises(NtagError, match="do not fit"):
        reader.write_ndef(UID, [text_record("x" * 200)])


def test_classic_is_never_sent_ntag_commands(reader, chip, clock):
    tag = chip.place(Classic1K("DEADBEEF"))
    run(reader, clock, 1)
    seen = []
    receive = tag.receive
    tag.receive = lambda bits: seen.append(bits) or receive(bits)
    with pytest.raises(NtagError, match="not an NTAG"):
        reader.read_ndef("DEADBEEF")
    assert all(len(bits) == 7 or bits[:8] != [0, 0, 0, 0, 1, 1, 0, 0] for bits in seen)  # no 0x30


def test_reading_an_absent_tag_says_so(reader, chip, clock):
    run(reader, clock, 1)
    with pytest.raises(NtagError, match="not on reader"):
        reader.read_ndef(UID)


def test_ntag_get_version_and_read_wrap(reader, chip, clock):
    chip.place(Ntag213(UID))
    run(reader, clock, 1)
    reader.iso.wake()
    reader.iso.select_uid(bytes.fromhex(UID))
    from hardware.rc522 import Ntag

    ntag = Ntag(reader.chip)
    assert ntag.get_version()[6] == 0x0F
    assert ntag.read(44)[4:8] == bytes.fromhex("04A1B2") + bytes([0x88 ^ 0x04 ^ 0xA1 ^ 0xB2])
    with pytest.raises(NtagError, match="NAK"):
        ntag.read(45)


def test_tag_with_one_resting_and_another_read_keeps_both(reader, chip, clock):
    chip.place(Ntag213(UID))
    chip.place(Classic1K("DEADBEEF"))
    assert len(run(reader, clock, 2)) == 2
    reader.write_ndef(UID, [text_record("bowl")])
    assert run(reader, clock, 20) == []
    chip.remove(UID)
    assert kinds(run(reader, clock, 5)) == [("removed", UID)]


def test_tlv_forms_and_terminator():
    assert wrap_tlv(b"ab") == b"\x03\x02ab\xfe"
    assert wrap_tlv(b"a" * 300)[:4] == b"\x03\xff\x01\x2c"
    assert (
        unwrap_tlv(b"\x00\x01\x03\xa0\x0c\x34\x03\x02ab\xfe") == b"ab"
    )  # NULL and lock TLVs skipped
    assert unwrap_tlv(b"\xfe\x03\x02ab") is None
    with pytest.raises(NdefError):
        unwrap_tlv(b"\x03\x10ab")


def test_message_encoding_flags_and_long_records():
    records = [text_record("a"), mime_record("a/b", b"z" * 300)]
    data = encode_message(records)
    assert data[0] & 0xD0 == 0x90  # MB and SR on the first record
    assert decode_message(data) == records
    with pytest.raises(NdefError):
        decode_message(data[:-5])

"""A Type 2 tag of 256+ pages whose capability container claims a large memory (issue 25
item 3): READ names a page in one byte, so reading it must stop at page 255 and end in a
reader error, never a ValueError that would crash the app."""

import pytest

from hardware.errors import ReaderError
from hardware.rc522.ndef import IDENTITY_MIME, encode_message, mime_record, wrap_tlv
from hardware.sim import Ntag216

from .conftest import run

UID = "04A1B2C3D4E5F6"


class BigType2(Ntag216):
    """300 pages and a CC that says 2,040 bytes of user memory (its largest value)."""

    pages, cc_size = 300, 0xFF


def test_a_record_past_page_255_is_a_reader_error(reader, chip, clock):
    tag = chip.place(BigType2(UID))
    run(reader, clock, 1)
    big = wrap_tlv(encode_message([mime_record(IDENTITY_MIME, b"\x01" + b"x" * 1500)]))
    tag.memory[16 : 16 + len(big)] = big  # a stranger's writer, not ours
    with pytest.raises(ReaderError):  # ValueError ("bytes must be in range(0, 256)") before
        reader.read_identity(UID)


def test_a_small_record_on_such_a_tag_still_reads(reader, chip, clock):
    tag = chip.place(BigType2(UID))
    run(reader, clock, 1)
    small = wrap_tlv(encode_message([mime_record(IDENTITY_MIME, b"\x01[]")]))
    tag.memory[16 : 16 + len(small)] = small
    assert reader.read_identity(UID) == b"\x01[]"

"""NTAG21x commands on a selected tag (SAK 0x00): READ, WRITE, GET_VERSION, user memory.

Never sent to a MIFARE Classic (SAK 0x08): its 0x60 is AUTH, the source of the "AUTH
ERROR" reports from drivers that treat every tag as a Classic and every Classic as NTAG.
"""

from __future__ import annotations

from hardware.errors import ChipFault, TagError, TornWrite
from hardware.rc522.chip import LONG, Mfrc522, Status
from hardware.rc522.crc import crc_ok, with_crc

READ, WRITE, GET_VERSION = 0x30, 0xA2, 0x60
ACK = 0x0A
USER_START = 4
LAST_PAGE = 0xFF  # the highest page READ and WRITE can name
EMPTY_NDEF_PAGE = bytes((0x03, 0x00, 0xFE, 0x00))  # an empty NDEF TLV, then the terminator
NTAG_SIZES = {0x0F: "NTAG213", 0x11: "NTAG215", 0x13: "NTAG216"}


class NtagError(TagError):
    """A NAK, a garbled reply, or a tag that is not NTAG21x-shaped."""


class Ntag:
    def __init__(self, chip: Mfrc522) -> None:
        self.chip = chip

    def _reply(self, command: list[int], length: int) -> bytes:
        frame = self.chip.transceive(with_crc(command), timeout=LONG)
        if frame.status is Status.CHIP:
            raise ChipFault(frame.detail)
        if frame.status is not Status.OK:
            raise NtagError(f"command 0x{command[0]:02X}: {frame.status.value}")
        if frame.bits == 4:
            raise NtagError(f"command 0x{command[0]:02X}: NAK 0x{frame.data[0] & 0x0F:X}")
        if len(frame.data) != length + 2 or not crc_ok(frame.data):
            raise NtagError(f"command 0x{command[0]:02X}: garbled reply")
        return frame.data[:-2]

    def get_version(self) -> bytes:
        return self._reply([GET_VERSION], 8)

    def read(self, page: int) -> bytes:
        """16 bytes: four pages from `page` (the tag wraps past its last page)."""
        return self._reply([READ, page], 16)

    def write(self, page: int, data: bytes) -> None:
        if len(data) != 4:
            raise ValueError("an NTAG page holds 4 bytes")
        frame = self.chip.transceive(with_crc([WRITE, page, *data]), timeout=LONG)
        if frame.status is Status.CHIP:
            raise ChipFault(frame.detail)
        if frame.status is not Status.OK or frame.bits != 4 or frame.data[0] & 0x0F != ACK:
            raise NtagError(f"write to page {page} was not acknowledged")

    def user_size(self) -> int:
        """Bytes of user memory from the capability container (page 3)."""
        cc = self.read(3)[:4]
        if cc[0] != 0xE1:
            raise NtagError(f"no NDEF capability container (page 3 reads {cc.hex()})")
        return cc[2] * 8

    def read_user(self, length: int | None = None) -> bytes:
        """User memory from page 4, as far as the capability container says (or `length`),
        but never past page 255: READ takes a one-byte page number, so a Type 2 tag (or a
        stranger's CC) claiming more is read up to there, and a message running past it
        does not parse (NdefError), as a torn one would not."""
        size = self.user_size() if length is None else length
        size = min(size, 4 * (LAST_PAGE + 1 - USER_START))
        data = bytearray()
        page = USER_START
        while len(data) < size:
            data += self.read(page)
            page += 4
        return bytes(data[:size])

    def write_user(self, data: bytes) -> None:
        """Write user memory from its first page, that first page last.

        `data` starts with an NDEF TLV (NFC Forum Type 2 Tag, "write NDEF"): the first
        page is set to an empty NDEF message before anything else and gets its real length
        last, so a tag lifted mid-write holds an empty message, never half of one that
        parses. A single page write is atomic on the tag. TornWrite if a page write fails."""
        if len(data) > min(self.user_size(), 4 * (LAST_PAGE + 1 - USER_START)):
            raise NtagError(f"{len(data)} bytes do not fit in this tag's user memory")
        padded = data + bytes(-len(data) % 4)
        pages = [padded[offset : offset + 4] for offset in range(0, len(padded), 4)]
        try:
            self.write(USER_START, EMPTY_NDEF_PAGE)
            for number, page in enumerate(pages[1:], start=USER_START + 1):
                self.write(number, page)
            self.write(USER_START, pages[0])
        except NtagError as err:
            raise TornWrite(f"{err}: the write stopped part-way") from None

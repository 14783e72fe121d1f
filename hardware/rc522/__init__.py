"""Our MFRC522 driver (`rc522://`), in the five layers of DESIGN.md: transport, chip
registers, ISO 14443A, presence tracking with a watchdog, and the reader."""

from hardware.errors import ChipFault, Noise
from hardware.rc522.chip import Frame, Mfrc522, Status
from hardware.rc522.iso14443a import Card, Inventory, Iso14443a
from hardware.rc522.ndef import Record, mime_record, text_record
from hardware.rc522.ntag import Ntag, NtagError
from hardware.rc522.presence import PresenceTracker
from hardware.rc522.reader import Rc522Reader, open_rc522

__all__ = [
    "Card",
    "ChipFault",
    "Frame",
    "Inventory",
    "Iso14443a",
    "Mfrc522",
    "Noise",
    "Ntag",
    "NtagError",
    "PresenceTracker",
    "Rc522Reader",
    "Record",
    "Status",
    "mime_record",
    "open_rc522",
    "text_record",
]

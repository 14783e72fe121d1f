"""Layer 3: ISO 14443-3 type A: wake, anticollision and select at cascade levels 1-3, halt.

`inventory()` finds every tag in the field with a binary tree walk over the uid bits:
each round wakes all tags with WUPA, resolves one uid bit by bit (at a collision it takes
the branch not yet known to be exhausted), selects it and halts it. WUPA every round is
what real tags need: a tag woken from HALT that was not selected goes back to HALT, so a
REQA-based loop finds the second tag only on the very first poll.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hardware.errors import ChipFault, Noise
from hardware.rc522.chip import Frame, Mfrc522, Status
from hardware.rc522.crc import crc_ok, with_crc

REQA, WUPA = 0x26, 0x52
HLTA = (0x50, 0x00)
SEL = (0x93, 0x95, 0x97)
CASCADE_TAG = 0x88
SAK_CASCADE = 0x04
CHOICE_TRIES = 2  # silent answers before a branch chosen at a collision counts as empty
RETRY_WAKES = 3  # WUPAs before silence counts, when a tag is expected

Path = tuple[int, ...]


def bcc(data: bytes) -> int:
    value = 0
    for byte in data:
        value ^= byte
    return value


def cascade_levels(uid: bytes) -> list[bytes]:
    """The 5-byte field sent at each cascade level: [0x88] + 3 uid bytes (all but the last
    level), 4 uid bytes at the last, each followed by its BCC."""
    if len(uid) not in (4, 7, 10):
        raise ValueError(f"a uid has 4, 7 or 10 bytes, not {len(uid)}")
    chunks, rest = [], uid
    while len(rest) > 4:
        chunks.append(bytes([CASCADE_TAG]) + rest[:3])
        rest = rest[3:]
    chunks.append(rest)
    return [chunk + bytes([bcc(chunk)]) for chunk in chunks]


def _bits(data: bytes) -> list[int]:
    return [(byte >> i) & 1 for byte in data for i in range(8)]


def _pack(bits: list[int]) -> bytes:
    out = bytearray((len(bits) + 7) // 8)
    for i, bit in enumerate(bits):
        out[i // 8] |= bit << (i % 8)
    return bytes(out)


@dataclass(frozen=True)
class Card:
    uid: bytes
    sak: int

    @property
    def hex(self) -> str:
        return self.uid.hex().upper()

    @property
    def is_ntag(self) -> bool:
        """NTAG21x (and other Type 2 tags) answer SAK 0x00; MIFARE Classic 1K 0x08."""
        return self.sak & 0x7F == 0x00


@dataclass
class Inventory:
    """One poll's findings; `clean` is False when noise may have hidden a tag."""

    cards: list[Card] = field(default_factory=list)
    clean: bool = True


class Iso14443a:
    def __init__(self, chip: Mfrc522) -> None:
        self.chip = chip

    def _exchange(self, data: bytes, **kwargs: int) -> Frame:
        frame = self.chip.transceive(data, **kwargs)
        if frame.status is Status.CHIP:
            raise ChipFault(frame.detail)
        if frame.status is Status.ERROR:
            raise Noise(frame.detail)
        return frame

    def wake(self, command: int = WUPA) -> bool:
        """True if any tag answered (even with colliding ATQAs)."""
        return self._exchange(bytes([command]), tx_last_bits=7).status is not Status.TIMEOUT

    def halt(self) -> None:
        """HLTA; sent after a failed select too, since any frame puts a READY tag to rest.
        A halted tag stays silent, so whatever comes back is ignored."""
        frame = self.chip.transceive(with_crc(HLTA))
        if frame.status is Status.CHIP:
            raise ChipFault(frame.detail)

    def select(self, exhausted: set[Path] | None = None) -> tuple[Card, list[tuple[Path, int]]]:
        """Anticollision and select of one woken tag; returns it and the collision choices
        made on the way (prefix, bit) for the tree walk."""
        exhausted = exhausted if exhausted is not None else set()
        uid = bytearray()
        path: list[int] = []
        choices: list[tuple[Path, int]] = []
        for sel in SEL:
            known = self._anticollision(sel, path, exhausted, choices)
            level = _pack(known[:32])
            if len(known) == 40 and known[32:] != _bits(bytes([bcc(level)])):
                raise Noise("anticollision reply with a bad BCC")
            frame = self._exchange(with_crc([sel, 0x70, *level, bcc(level)]))
            if frame.status is not Status.OK or frame.bits != 24 or not crc_ok(frame.data):
                raise Noise("no clean SAK")
            sak = frame.data[0]
            if not sak & SAK_CASCADE:
                if level[0] == CASCADE_TAG and not uid:
                    raise Noise("cascade tag without a cascade bit")
                return Card(bytes(uid + level), sak), choices
            if level[0] != CASCADE_TAG:
                raise Noise("cascade bit without a cascade tag")
            uid += level[1:]
            path += known[:32]
        raise Noise("more than three cascade levels")

    def _anticollision(
        self, sel: int, path: list[int], exhausted: set[Path], choices: list[tuple[Path, int]]
    ) -> list[int]:
        """The 40 bits (uid part + BCC) of one cascade level, choosing at each collision.

        A choice is checked by the tags' answer: silence twice means no tag has that bit,
        so its branch is marked exhausted and the other bit taken. That is what makes a
        collision position read one way or the other (see `_collision_at`) safe.
        """
        known: list[int] = []
        pending, silent = False, 0  # is the last known bit a choice no tag answered yet?
        while len(known) < 32:
            whole, extra = divmod(len(known), 8)
            frame = self._exchange(
                bytes([sel, ((2 + whole) << 4) | extra]) + _pack(known),
                tx_last_bits=extra,
                rx_align=extra,
            )
            if frame.status is Status.TIMEOUT:
                if not pending:
                    raise Noise("a tag went quiet during anticollision")
                silent += 1
                if silent == CHOICE_TRIES:
                    prefix, bit = choices.pop()
                    exhausted.add(prefix + (bit,))
                    choices.append((prefix, 1 - bit))
                    known[-1] = 1 - bit
                    pending, silent = False, 0
                continue
            pending, silent = False, 0
            heard = _bits(frame.data)[extra : frame.bits]
            if frame.status is Status.OK:
                known += heard
                if len(known) != 40:
                    raise Noise(f"anticollision reply of {len(known)} bits")
                return known
            position = _collision_at(frame.coll_pos, whole, extra)
            known += heard[: position - len(known)]
            prefix = tuple(path + known)
            bit = 0 if prefix + (1,) in exhausted else 1
            choices.append((prefix, bit))
            known.append(bit)
            pending = True
        return known

    def select_uid(self, uid: bytes) -> Card:
        """Select a tag whose uid is known, without anticollision (after `wake()`)."""
        sak = 0
        for sel, level in zip(SEL, cascade_levels(uid), strict=False):
            frame = self._exchange(with_crc([sel, 0x70, *level]))
            if frame.status is not Status.OK or frame.bits != 24 or not crc_ok(frame.data):
                raise Noise(f"tag {uid.hex().upper()} did not answer its select")
            sak = frame.data[0]
        return Card(uid, sak)

    def inventory(self, *, max_tags: int = 8, wake_attempts: int = 1) -> Inventory:
        """Every tag in the field, each selected and halted once. Raises ChipFault.

        `wake_attempts` > 1 repeats a WUPA met with silence: the first WUPA only settles a
        tag left READY or ACTIVE by a lost frame, and a frame may be lost itself. Once
        anything answered this poll, every round gets RETRY_WAKES: a weakly coupled tag
        hears only some WUPAs, and the silence of one round says little.
        """
        found: dict[str, Card] = {}
        exhausted: set[Path] = set()
        noisy = False
        complete = False
        for _ in range(2 * max_tags):
            try:
                attempts = wake_attempts if not found and not noisy else RETRY_WAKES
                if not any(self.wake() for _ in range(max(attempts, wake_attempts))):
                    # Silence is an empty field only if nothing was heard this poll; after
                    # a collision promised more tags it is a lost frame.
                    complete = not found and not noisy
                    break
                card, choices = self.select(exhausted)
            except Noise:
                noisy = True
                self.halt()
                continue
            found[card.hex] = card
            self.halt()
            if _exhaust(exhausted, choices):
                complete = True  # every branch walked: noise in earlier rounds is moot
                break
        return Inventory(list(found.values()), complete)


def _collision_at(coll_pos: int, whole: int, extra: int) -> int:
    """The uid bit (0-based, this cascade level) where a collision was reported.

    The datasheet does not say whether CollPos counts the `extra` RxAlign bits before the
    first received bit. Counted, the collision is at `whole * 8 + coll_pos - 1`; not
    counted, `extra` bits later. Every bit before the earlier reading is agreed by all
    tags either way, so the earlier one in range is taken: if it is wrong, every tag
    agrees on that bit, and the choice made there meets silence and is reversed.
    """
    counted = whole * 8 + coll_pos - 1
    for position in (counted, counted + extra):
        if whole * 8 + extra <= position < 32:
            return position
    raise Noise("collision position out of range")


def _exhaust(exhausted: set[Path], choices: list[tuple[Path, int]]) -> bool:
    """Mark the branch just walked as done, upwards while both sides are done; True when
    the whole tree is (every tag answering WUPA has been found)."""
    for prefix, bit in reversed(choices):
        exhausted.add(prefix + (bit,))
        if prefix + (1 - bit,) not in exhausted:
            return False
    return True

"""ISO 14443A for the bridge: wake, select through every cascade level, halt.

Each poll is WUPA + select + HLTA, so a tag resting on the antenna is found every time
(WUPA wakes a halted tag, REQA would not) and never left ACTIVE between polls.
"""

import rc522

WUPA = 0x52
SEL = (0x93, 0x95, 0x97)
HLTA = (0x50, 0x00)
CASCADE_BIT = 0x04


def crc_a(data):
    crc = 0x6363
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = (crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)
    return bytes((crc & 0xFF, crc >> 8))


def wake(chip):
    """WUPA: (status, atqa)."""
    status, reply, bits = chip.transceive(bytes((WUPA,)), 7)
    if status == rc522.OK and bits != 16:
        return rc522.ERROR_STATUS, b""
    return status, reply


def select(chip):
    """Anticollision and select at every cascade level: (status, uid bytes, sak)."""
    uid = b""
    for command in SEL:
        status, field, bits = chip.transceive(bytes((command, 0x20)))
        if status != rc522.OK:
            return status, b"", 0
        if bits != 40 or field[0] ^ field[1] ^ field[2] ^ field[3] != field[4]:
            return rc522.ERROR_STATUS, b"", 0
        frame = bytes((command, 0x70)) + field
        status, reply, bits = chip.transceive(frame + crc_a(frame))
        if status != rc522.OK:
            return status, b"", 0
        if bits != 24 or crc_a(reply[:1]) != reply[1:]:
            return rc522.ERROR_STATUS, b"", 0
        sak = reply[0]
        if not sak & CASCADE_BIT:
            return rc522.OK, uid + field[:4], sak
        uid += field[1:4]  # field[0] is the cascade tag 0x88
    return rc522.ERROR_STATUS, b"", 0


def halt(chip):
    chip.transceive(bytes(HLTA) + crc_a(bytes(HLTA)))


def read_tag(chip, wakes=1):
    """One poll: ("tag", uid hex, sak), ("miss",) when nothing answered, ("noise",) else.

    `wakes` > 1 repeats a WUPA met with silence, as the Pi driver does when a tag is
    expected: a lost frame, or a weakly coupled tag that hears only some WUPAs, is then
    not a miss.
    """
    status = rc522.TIMEOUT
    while status == rc522.TIMEOUT and wakes > 0:
        status, _ = wake(chip)
        wakes -= 1
    if status == rc522.TIMEOUT:
        return ("miss",)
    if status == rc522.OK or status == rc522.COLLISION:
        status, uid, sak = select(chip)
        # HLTA even after a failed select: a tag left READY would ignore the next WUPA
        # and look absent, turning noise into a miss.
        halt(chip)
    if status != rc522.OK:
        return ("fault",) if status == rc522.FAULT else ("noise",)
    return ("tag", "".join(f"{b:02X}" for b in uid), sak)

"""The simulated MFRC522 against the datasheet and ISO 14443-3, independent of our driver."""

import pytest

from hardware.rc522.crc import crc_a, crc_ok, with_crc
from hardware.rc522.registers import Cmd, Reg
from hardware.sim import Classic1K, LongUidTag, Ntag213, Ntag216, Quirks, SimChip, State


def read(chip, reg):
    return chip.xfer2([0x80 | (reg << 1), 0])[1]


def write(chip, reg, *values):
    chip.xfer2([(reg << 1) & 0x7E, *values])


def transceive(chip, data, tx_last_bits=0, rx_align=0):
    """A minimal exchange by hand: returns (fifo bytes, ComIrq, ErrorReg, ControlReg)."""
    write(chip, Reg.ComIrq, 0x7F)
    write(chip, Reg.FIFOLevel, 0x80)
    write(chip, Reg.FIFOData, *data)
    write(chip, Reg.Command, Cmd.Transceive)
    write(chip, Reg.BitFraming, 0x80 | (rx_align << 4) | tx_last_bits)
    irq, error, level, control = (
        read(chip, r) for r in (Reg.ComIrq, Reg.Error, Reg.FIFOLevel, Reg.Control)
    )
    return bytes(read(chip, Reg.FIFOData) for _ in range(level)), irq, error, control


def powered(**quirks):
    chip = SimChip(quirks=Quirks(**quirks))
    write(chip, Reg.TMode, 0x80)
    write(chip, Reg.Mode, 0x3D)
    write(chip, Reg.TxControl, 0x83)
    return chip


@pytest.fixture
def live():
    chip = SimChip()
    write(chip, Reg.TMode, 0x80)
    write(chip, Reg.Mode, 0x3D)
    write(chip, Reg.TxControl, 0x83)
    return chip


@pytest.mark.parametrize(("data", "crc"), [("5000", "57CD"), ("3004", "26EE"), ("", "6363")])
def test_crc_a_vectors(data, crc):
    assert crc_a(bytes.fromhex(data)).hex().upper() == crc
    assert crc_ok(with_crc(bytes.fromhex(data) or b"\x00"))


def test_crc_coprocessor_gives_the_vectors_with_the_crc_a_preset():
    chip = SimChip()
    write(chip, Reg.Mode, 0x3D)
    for data, expected in ((b"\x50\x00", (0x57, 0xCD)), (b"\x30\x04", (0x26, 0xEE))):
        write(chip, Reg.DivIrq, 0x04)
        write(chip, Reg.FIFOData, *data)
        write(chip, Reg.Command, Cmd.CalcCRC)
        assert read(chip, Reg.DivIrq) & 0x04
        assert (read(chip, Reg.CRCResultL), read(chip, Reg.CRCResultH)) == expected


def test_spi_framing_single_and_burst():
    chip = SimChip()
    write(chip, Reg.TPrescaler, 0xA9)
    assert chip.xfer2([0x80 | (Reg.TPrescaler << 1), 0]) == [0, 0xA9]
    # Burst read: each MOSI byte names the next register, a final 0x00 ends it.
    addresses = [0x80 | (r << 1) for r in (Reg.Version, Reg.TPrescaler, Reg.Control)]
    assert chip.xfer2(addresses + [0]) == [0, 0x92, 0xA9, 0x10]
    # Burst write: every byte after the address goes to the one register (the FIFO).
    write(chip, Reg.FIFOData, 1, 2, 3, 4, 5)
    assert read(chip, Reg.FIFOLevel) == 5
    assert chip.xfer2([0x80 | (Reg.FIFOData << 1)] * 5 + [0])[1:] == [1, 2, 3, 4, 5]
    assert chip.counters.transactions == 6


def test_fifo_flush_overflow_and_irq_set_clear_semantics():
    chip = SimChip()
    write(chip, Reg.FIFOData, *range(70))
    assert read(chip, Reg.FIFOLevel) == 64 and read(chip, Reg.Error) & 0x10
    write(chip, Reg.FIFOLevel, 0x80)
    assert read(chip, Reg.FIFOLevel) == 0 and not read(chip, Reg.Error) & 0x10
    write(chip, Reg.ComIrq, 0x7F)
    assert read(chip, Reg.ComIrq) == 0
    write(chip, Reg.ComIrq, 0x80 | 0x21)  # Set1: set the written one-bits
    assert read(chip, Reg.ComIrq) == 0x21
    write(chip, Reg.ComIrq, 0x01)  # bit 7 clear: clear the written one-bits
    assert read(chip, Reg.ComIrq) == 0x20


@pytest.mark.parametrize("version", [0x91, 0x92, 0x88, 0x12])
def test_version_register_is_selectable_and_survives_soft_reset(version):
    chip = SimChip(version=version)
    write(chip, Reg.Command, Cmd.SoftReset)
    assert read(chip, Reg.Version) == version


def test_silent_field_raises_the_timer_flag_only_with_tauto(live):
    _, irq, _, _ = transceive(live, [0x52], tx_last_bits=7)
    assert irq & 0x01 and not irq & 0x20
    write(live, Reg.TMode, 0x00)
    _, irq, _, _ = transceive(live, [0x52], tx_last_bits=7)
    assert not irq & 0x01


def test_reqa_wakes_idle_only_and_wupa_wakes_halt(live):
    tag = live.place(Classic1K("DEADBEEF"))
    data, irq, _, _ = transceive(live, [0x26], tx_last_bits=7)
    assert data == b"\x04\x00" and irq & 0x20 and tag.state is State.READY
    transceive(live, [0x93, 0x20])
    sak, *_ = transceive(
        live, with_crc([0x93, 0x70, 0xDE, 0xAD, 0xBE, 0xEF, 0xDE ^ 0xAD ^ 0xBE ^ 0xEF])
    )
    assert sak == with_crc([0x08]) and tag.state is State.ACTIVE
    transceive(live, with_crc([0x50, 0x00]))
    assert tag.state is State.HALT
    assert transceive(live, [0x26], tx_last_bits=7)[0] == b""
    assert transceive(live, [0x52], tx_last_bits=7)[0] == b"\x04\x00"


def test_an_unexpected_frame_drops_an_active_tag(live):
    tag = live.place(Classic1K("01020304"))
    transceive(live, [0x26], tx_last_bits=7)
    transceive(live, with_crc([0x93, 0x70, 1, 2, 3, 4, 4]))
    assert tag.state is State.ACTIVE
    transceive(live, [0x26], tx_last_bits=7)  # REQA is not for an ACTIVE tag
    assert tag.state is State.IDLE


def test_field_off_silences_tags_and_field_on_resets_them(live):
    tag = live.place(Ntag213("04A1B2C3D4E5F6"))
    transceive(live, [0x52], tx_last_bits=7)
    write(live, Reg.TxControl, 0x80)
    assert transceive(live, [0x52], tx_last_bits=7)[0] == b""
    assert tag.state is State.READY  # unpowered; it forgets when power returns
    write(live, Reg.TxControl, 0x83)
    assert tag.state is State.IDLE


def test_two_tags_collide_on_atqa_and_anticollision(live):
    live.place(Classic1K("DEADBEEF"))
    live.place(Ntag213("04A1B2C3D4E5F6"))
    data, irq, error, _ = transceive(live, [0x52], tx_last_bits=7)
    assert data == b"\x44\x00" and error & 0x08 and irq & 0x02
    assert read(live, Reg.Coll) & 0x1F == 7  # ATQA bit 6 differs: the 7th bit
    data, _, error, _ = transceive(live, [0x93, 0x20])
    # 0xDE = 11011110, 0x88 = 10001000 (cascade tag): first difference at bit 1.
    assert error & 0x08 and read(live, Reg.Coll) & 0x1F == 2
    assert data[0] & 0x03 == (0xDE | 0x88) & 0x03


def test_anticollision_with_known_bits_answers_the_rest_aligned(live):
    live.place(Classic1K("DEADBEEF"))
    transceive(live, [0x52], tx_last_bits=7)
    # Send 3 known bits of 0xDE (110 -> 0b110), receive the remaining 37 at RxAlign 3.
    data, _, error, control = transceive(
        live, [0x93, 0x23, 0xDE & 0x07], tx_last_bits=3, rx_align=3
    )
    assert not error
    assert data[0] & 0xF8 == 0xDE & 0xF8
    assert data[1:5] == bytes([0xAD, 0xBE, 0xEF, 0xDE ^ 0xAD ^ 0xBE ^ 0xEF])
    assert control & 0x07 == (3 + 37) % 8


def test_cascade_level_three_tag_reports_cascade_sak(live):
    tag = live.place(LongUidTag("0102030405060708090A"))
    transceive(live, [0x52], tx_last_bits=7)
    for sel, level in zip((0x93, 0x95), tag.levels[:2], strict=True):
        sak, *_ = transceive(live, with_crc([sel, 0x70, *level]))
        assert sak[0] == 0x04
    sak, *_ = transceive(live, with_crc([0x97, 0x70, *tag.levels[2]]))
    assert sak[0] == 0x20 and tag.state is State.ACTIVE


def active_ntag(chip, tag):
    transceive(chip, [0x52], tx_last_bits=7)
    for sel, level in zip((0x93, 0x95), tag.levels, strict=True):
        transceive(chip, with_crc([sel, 0x70, *level]))
    assert tag.state is State.ACTIVE


def test_ntag_memory_layout_read_wrap_write_and_version(live):
    tag = live.place(Ntag213("04A1B2C3D4E5F6"))
    active_ntag(live, tag)
    data, *_ = transceive(live, with_crc([0x30, 0]))
    assert crc_ok(data)
    assert data[:4] == bytes([0x04, 0xA1, 0xB2, 0x88 ^ 0x04 ^ 0xA1 ^ 0xB2])
    assert data[4:8] == bytes.fromhex("C3D4E5F6") and data[12:16] == bytes.fromhex("E1101200")
    assert transceive(live, with_crc([0x30, 43]))[0][8:16] == data[:8]  # wraps to page 0
    reply, _, _, control = transceive(live, with_crc([0xA2, 5, 1, 2, 3, 4]))
    assert reply == b"\x0a" and control & 0x07 == 4
    assert transceive(live, with_crc([0x30, 5]))[0][:4] == b"\x01\x02\x03\x04"
    assert transceive(live, with_crc([0xA2, 0, 1, 2, 3, 4]))[0] == b"\x00"  # uid page: NAK
    version, *_ = transceive(live, with_crc([0x60]))
    assert version[:8] == bytes.fromhex("0004040201000F03")


def test_ntag216_is_bigger():
    tag = Ntag216("04A1B2C3D4E5F6")
    assert tag.pages == 231 and tag.page(3) == bytes.fromhex("E1106D00")


def test_hardware_crc_enable_bits(live):
    tag = live.place(Ntag213("04A1B2C3D4E5F6"))
    active_ntag(live, tag)
    write(live, Reg.TxMode, 0x80)
    write(live, Reg.RxMode, 0x80)
    data, _, error, _ = transceive(live, [0x30, 0])  # the chip appends the CRC itself
    assert len(data) == 18 and not error & 0x04
    live.faults.noise_next = 1
    _, _, error, _ = transceive(live, [0x30, 0])
    assert error & 0x04


def test_faults_dead_bus_missed_reply_and_hang(live):
    live.place(Classic1K("DEADBEEF"))
    live.faults.miss_next = 1
    assert transceive(live, [0x52], tx_last_bits=7)[0] == b""
    assert transceive(live, [0x52], tx_last_bits=7)[0] == b"\x04\x00"
    live.faults.dead_bus = 0xFF
    assert read(live, Reg.Version) == 0xFF
    live.faults.dead_bus = None
    live.faults.hung = True
    _, irq, _, _ = transceive(live, [0x52], tx_last_bits=7)
    assert irq == 0
    write(live, Reg.Command, Cmd.SoftReset)
    assert not live.faults.hung and read(live, Reg.TxControl) == 0x80


def test_remove_by_uid_or_object():
    chip = SimChip()
    tag = chip.place(Classic1K("DEADBEEF"))
    assert chip.remove("deadbeef") is tag and chip.tags == []
    assert chip.remove(tag) is None


# --- the datasheet's open questions, one switch each (hardware/sim/chip.py, Quirks) ---------


@pytest.mark.parametrize("latched", [False, True])
def test_start_send_one_shot_or_latched(latched):
    chip = powered(latched_start_send=latched)
    tag = chip.place(Classic1K("DEADBEEF"))
    assert transceive(chip, [0x52], tx_last_bits=7)[0] == b"\x04\x00"
    assert bool(read(chip, Reg.BitFraming) & 0x80) is latched
    exchanges = chip.counters.exchanges
    write(chip, Reg.Command, Cmd.Idle)
    write(chip, Reg.FIFOData, 0x93, 0x20)
    write(chip, Reg.Command, Cmd.Transceive)  # latched: sends now, still framed as 7 bits
    assert chip.counters.exchanges - exchanges == (1 if latched else 0)
    assert tag.state is (State.IDLE if latched else State.READY)


@pytest.mark.parametrize("idle_only", [False, True])
def test_flush_while_a_command_runs(idle_only):
    chip = powered(flush_idle_only=idle_only)
    write(chip, Reg.Command, Cmd.Transceive)
    write(chip, Reg.FIFOData, 1, 2, 3)
    write(chip, Reg.FIFOLevel, 0x80)
    assert read(chip, Reg.FIFOLevel) == (3 if idle_only else 0)
    write(chip, Reg.Command, Cmd.Idle)
    write(chip, Reg.FIFOLevel, 0x80)
    assert read(chip, Reg.FIFOLevel) == 0


def test_a_late_reply_lands_after_some_register_reads():
    chip = powered(reply_reads=3)
    chip.place(Classic1K("DEADBEEF"))
    write(chip, Reg.ComIrq, 0x7F)
    write(chip, Reg.FIFOData, 0x52)
    write(chip, Reg.Command, Cmd.Transceive)
    write(chip, Reg.BitFraming, 0x87)
    assert [read(chip, Reg.ComIrq) & 0x20 for _ in range(3)] == [0, 0, 0x20]
    assert read(chip, Reg.FIFOLevel) == 2


@pytest.mark.parametrize("sticky", [False, True])
def test_interrupt_flags_that_do_not_clear(sticky):
    chip = powered(sticky_irq=sticky)
    chip.place(Classic1K("DEADBEEF"))
    transceive(chip, [0x52], tx_last_bits=7)
    write(chip, Reg.ComIrq, 0x7F)
    assert bool(read(chip, Reg.ComIrq) & 0x20) is sticky


@pytest.mark.parametrize(("skips", "coll_pos"), [(False, 4), (True, 1)])
def test_coll_pos_with_or_without_rx_align(skips, coll_pos):
    chip = powered(coll_pos_skips_rx_align=skips)
    chip.place(Classic1K("DEADBEEF"))
    chip.place(Classic1K("DEADBEE7"))  # 0xEF, 0xE7: uid bit 27 differs
    transceive(chip, [0x52], tx_last_bits=7)
    # 27 known bits (3 of them in the last byte): the collision is the first bit received
    known = [0x93, 0x53, 0xDE, 0xAD, 0xBE, 0x07]
    _, _, error, _ = transceive(chip, known, tx_last_bits=3, rx_align=3)
    assert error & 0x08 and read(chip, Reg.Coll) & 0x1F == coll_pos


def test_a_weak_tag_hears_every_other_wupa():
    chip = powered(weak_tags=True)
    chip.place(Classic1K("DEADBEEF"))
    heard = []
    for _ in range(4):
        heard.append(transceive(chip, [0x52], tx_last_bits=7)[0] != b"")
        write(chip, Reg.TxControl, 0x80)  # field off and on: the tag starts afresh
        write(chip, Reg.TxControl, 0x83)
    assert heard == [True, False, True, False]


def test_a_garbled_reply_raises_err_irq_alone(live):
    live.place(Classic1K("DEADBEEF"))
    live.faults.garble_next = 1
    data, irq, error, _ = transceive(live, [0x52], tx_last_bits=7)
    assert (data, irq & 0x23, error) == (b"", 0x02, 0x02)

"""The MFRC522 register map and bit names (datasheet section 9), shared by driver and simulator.

One table for both sides keeps the addresses honest: the simulator is tested against the
datasheet values in tests, not against the driver's own reading of them.
"""

from __future__ import annotations

from enum import IntEnum


class Reg(IntEnum):
    Command = 0x01
    ComIEn = 0x02
    DivIEn = 0x03
    ComIrq = 0x04
    DivIrq = 0x05
    Error = 0x06
    Status1 = 0x07
    Status2 = 0x08
    FIFOData = 0x09
    FIFOLevel = 0x0A
    WaterLevel = 0x0B
    Control = 0x0C
    BitFraming = 0x0D
    Coll = 0x0E
    Mode = 0x11
    TxMode = 0x12
    RxMode = 0x13
    TxControl = 0x14
    TxASK = 0x15
    CRCResultH = 0x21
    CRCResultL = 0x22
    ModWidth = 0x24
    RFCfg = 0x26
    TMode = 0x2A
    TPrescaler = 0x2B
    TReloadH = 0x2C
    TReloadL = 0x2D
    TCounterH = 0x2E
    TCounterL = 0x2F
    AutoTest = 0x36
    Version = 0x37


class Cmd(IntEnum):
    Idle = 0x00
    Mem = 0x01
    GenerateRandomID = 0x02
    CalcCRC = 0x03
    Transmit = 0x04
    NoCmdChange = 0x07
    Receive = 0x08
    Transceive = 0x0C
    MFAuthent = 0x0E
    SoftReset = 0x0F


# CommandReg
POWER_DOWN = 0x10
# ComIrqReg / DivIrqReg (bit 7 is Set1/Set2: 1 sets the written 1-bits, 0 clears them)
SET = 0x80
TX_IRQ = 0x40
RX_IRQ = 0x20
IDLE_IRQ = 0x10
ERR_IRQ = 0x02
TIMER_IRQ = 0x01
CRC_IRQ = 0x04
# ErrorReg
WR_ERR = 0x80
TEMP_ERR = 0x40
BUFFER_OVFL = 0x10
COLL_ERR = 0x08
CRC_ERR = 0x04
PARITY_ERR = 0x02
PROTOCOL_ERR = 0x01
# FIFOLevelReg
FLUSH_BUFFER = 0x80
# BitFramingReg
START_SEND = 0x80
# CollReg
VALUES_AFTER_COLL = 0x80
COLL_POS_NOT_VALID = 0x20
# TxModeReg / RxModeReg
CRC_EN = 0x80
# TxControlReg: both antenna drivers
ANTENNA = 0x03
# TModeReg
T_AUTO = 0x80

FIFO_SIZE = 64
# VersionReg: NXP's own chips, the values seen on clone boards, and what an empty bus reads
GENUINE = {0x91: "MFRC522 v1.0", 0x92: "MFRC522 v2.0"}
VERSIONS = {**GENUINE, 0x88: "FM17522 clone", 0x12: "counterfeit"}
NO_CHIP = (0x00, 0xFF)  # MISO floating low, or nothing driving it

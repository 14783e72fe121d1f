"""companion and hardware each normalise uids (neither may import the other): they must agree."""

from __future__ import annotations

import pytest

from companion.uids import canonical_uid
from hardware.events import normalise_uid

GOOD = [
    "04a1b2c3d4e5f6",
    "04:A1:B2:C3:D4:E5:F6",
    "de ad be ef",
    "A1B2C3D4",
    "04-11-22-33-44-55-66-77-88-99",
]
BAD = ["", "04A1B2", "04A1B2C3D4E5F", "zz11223344", "04A1B2C3D4E5F6AA"]


@pytest.mark.parametrize("text", GOOD)
def test_both_normalise_alike(text: str) -> None:
    assert canonical_uid(text) == normalise_uid(text)
    uid = canonical_uid(text)
    assert len(uid) in (8, 14, 20) and uid == uid.upper()


@pytest.mark.parametrize("text", BAD)
def test_both_refuse_alike(text: str) -> None:
    with pytest.raises(ValueError):
        canonical_uid(text)
    with pytest.raises(ValueError):
        normalise_uid(text)

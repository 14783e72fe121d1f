"""Every reading of the datasheet the simulator can take (hardware/sim/chip.py, `Quirks`),
as pytest parameters, for the driver's and the firmware's tests alike."""

from __future__ import annotations

import itertools
from dataclasses import fields

import pytest

from hardware.sim import Quirks

CHOICES = {
    "latched_start_send": (False, True),
    "flush_idle_only": (False, True),
    "reply_reads": (0, 3),
    "sticky_irq": (False, True),
    "coll_pos_skips_rx_align": (False, True),
    "weak_tags": (False, True),
}


def claimed(quirks: Quirks) -> bool:
    """Every in-spec reading, and the out-of-spec sticky flags while replies are instant
    (with flags that never clear and a reply that comes late, nothing can tell an old
    flag from a new one: docs/driver.md)."""
    return quirks.in_spec or not quirks.reply_reads


def label(quirks: Quirks) -> str:
    changed = [
        field.name if isinstance(value, bool) else f"{field.name}={value}"
        for field in fields(quirks)
        if (value := getattr(quirks, field.name)) != field.default
    ]
    return ",".join(changed) or "default"


ALL = [
    Quirks(**dict(zip(CHOICES, values, strict=True)))
    for values in itertools.product(*CHOICES.values())
]
CLAIMED = [pytest.param(quirks, id=label(quirks)) for quirks in ALL if claimed(quirks)]
assert {field.name for field in fields(Quirks)} == set(CHOICES), "a switch is not tested"

"""`sim://`: virtual tags placed from another thread reach events, options parse."""

import threading

import pytest

from hardware.sim import Classic1K, LongUidTag, Ntag213, VirtualClock
from hardware.sim.reader import SimReader, open_sim, tag_for

from .conftest import kinds, run


def test_tag_for_picks_the_tag_type_by_uid_length():
    assert isinstance(tag_for("deadbeef"), Classic1K)
    assert isinstance(tag_for("04:a1:b2:c3:d4:e5:f6"), Ntag213)
    assert isinstance(tag_for("0102030405060708090A"), LongUidTag)
    with pytest.raises(ValueError):
        tag_for("0102")


def test_place_remove_toggle():
    clock = VirtualClock()
    reader = SimReader(clock=clock)
    reader.place("04A1B2C3D4E5F6")
    reader.place("04A1B2C3D4E5F6")  # already there: still one tag
    assert kinds(run(reader, clock, 2)) == [("placed", "04A1B2C3D4E5F6")]
    assert reader.toggle("04A1B2C3D4E5F6") is False
    assert kinds(run(reader, clock, 4)) == [("removed", "04A1B2C3D4E5F6")]
    assert (
        reader.toggle("DEADBEEF") is True
        and reader.remove("DEADBEEF")
        and not reader.remove("DEADBEEF")
    )
    assert reader.name == "sim"


def test_placing_from_another_thread_while_polling():
    reader = SimReader(name="table")
    uids = [f"04{i:02X}A1B2C3D4E5" for i in range(6)]
    done = threading.Event()

    def table():
        for uid in uids:
            reader.toggle(uid)
        done.set()

    events = []
    thread = threading.Thread(target=table)
    thread.start()
    while not done.is_set():
        events += reader.poll()
    thread.join()
    events += reader.poll() + reader.poll()
    assert sorted(event.uid for event in events) == sorted(uids)


def test_open_sim_options():
    reader = open_sim("sim", "", {"tags": "2", "version": "0x12"})
    assert [event.kind for event in reader.poll()] == ["placed", "placed"]
    assert reader.version == 0x12
    with pytest.raises(ValueError, match="does not take"):
        open_sim("sim", "", {"bogus": "1"})
    with pytest.raises(ValueError):
        open_sim("sim", "", {"tags": "many"})


def test_demo_tag_comes_and_goes():
    clock = VirtualClock()
    reader = SimReader(clock=clock, demo=1.0)
    events = run(reader, clock, 60)
    assert [event.kind for event in events][:2] == ["placed", "removed"]

"""`companion deck write-tags`: every sticker of a deck written as it is placed, through
the real CLI on sim:// and through our driver on a simulated chip with a lifted tag."""

from __future__ import annotations

import io

from companion.cli import main
from companion.cli.tags import write_tags
from companion.deck import Deck, make_component
from companion.identity import decode
from hardware.sim import Ntag213
from hardware.sim.reader import SimReader

GAME = "broken-and-beautiful"


def sim_uid(n: int) -> str:
    """The uid sim://?tags=N gives its Nth virtual NTAG213."""
    return f"04{n:02X}5A1E7C3B90"


def deck_of(*uids: str) -> Deck:
    deck = Deck(GAME, "Our copy")
    for n, uid in enumerate(uids):
        fields = {"uid": uid, "kind": "cup", "pattern": "wave", "ingots": n % 4}
        deck.add(make_component(GAME, fields))
    return deck


def deck_file(tmp_path, deck: Deck) -> str:
    path = tmp_path / "deck.toml"
    path.write_text(deck.to_toml())
    return str(path)


def test_the_cli_writes_every_sticker_with_a_progress_count(tmp_path, capsys):
    path = deck_file(tmp_path, deck_of(sim_uid(1), sim_uid(2), sim_uid(3)))
    code = main(["deck", "write-tags", path, "--reader", "sim://?tags=3", "--seconds", "10"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[0] == "Place each sticker of Our copy on sim: 0/3 written"
    assert [line.split(":")[0] for line in out[1:]] == ["1/3 written", "2/3 written", "3/3 written"]


def test_stickers_not_placed_in_time_are_counted_and_strangers_named(tmp_path, capsys):
    path = deck_file(tmp_path, deck_of(sim_uid(1), "04AA0000000001"))
    code = main(["deck", "write-tags", path, "--reader", "sim://?tags=2", "--seconds", "0.3"])
    out = capsys.readouterr().out
    assert code == 1
    assert f"{sim_uid(2)}: not a sticker of Our copy" in out
    assert "1/2 written: the wave cup" in out
    assert out.endswith("1 of 2 not written yet: run it again\n")


def test_a_reader_that_cannot_write_says_so_and_nothing_waits(tmp_path, capsys):
    script = tmp_path / "s.script"
    script.write_text(f"scan {sim_uid(1)}\n")
    path = deck_file(tmp_path, deck_of(sim_uid(1)))
    code = main(["deck", "write-tags", path, "--reader", f"script://{script}"])
    assert code == 2
    assert capsys.readouterr().err == (
        "companion: script: a scan script replays uids; there is no sticker to write to\n"
    )


class SlipsOnce(Ntag213):
    """An NTAG213 that leaves the field at its second page write, once."""

    lifted = False

    def __init__(self, uid, chip):
        super().__init__(uid)
        self.chip = chip

    def command(self, frame):
        if frame[0] == 0xA2 and self.page(4)[1] == 0 and not self.lifted:
            self.lifted = True
            self.chip.remove(self)
            return None
        return super().command(frame)


class PatientPlayer(SimReader):
    """The simulated reader, with a player who puts a card back once it was seen lifted."""

    def poll(self):
        events = super().poll()
        for event in events:
            if event.kind == "removed":
                self.sim.place(self.slipped)
        return events


def test_written_stickers_read_back_as_their_components_and_a_lifted_one_is_retried():
    deck = deck_of(sim_uid(1), sim_uid(2))
    reader = PatientPlayer(name="table")
    reader.place(sim_uid(1))
    reader.slipped = reader.sim.place(SlipsOnce(sim_uid(2), reader.sim))
    out = io.StringIO()
    assert write_tags(deck, [reader], out, seconds=10) == 0
    text = out.getvalue()
    assert f"{sim_uid(2)}: the wave cup was not written: tag {sim_uid(2)} left the reader" in text
    assert text.rstrip().endswith(f"2/2 written: the wave cup ({sim_uid(2)})")
    assert reader.slipped.lifted
    for component in deck:
        found = decode(reader.read_identity(component.uid))
        assert found.deck == "Our copy" and found.component(component.uid) == component

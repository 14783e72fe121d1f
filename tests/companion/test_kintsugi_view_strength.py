"""The shared screen's picture of a Broken and Beautiful / Mintsugi table (issue "mutation
score at least 90 %"): each player's ingots read from afar, the first player's mark, what
shows at breakage, collections grouped by kind, the bank in the status line."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from companion.deck import load_deck
from companion.store import Store
from companion.table import Table
from hardware.script import ScanStep, load_script
from tests.companion.conftest import DATA, EXAMPLES

DECK = load_deck(EXAMPLES / "broken-and-beautiful-demo.toml")
SCRIPT = load_script(EXAMPLES / "broken-and-beautiful-3p.script")


def a_table(**options: object) -> tuple[Table, Iterator]:
    """The demo deck at 3 players and the demo script's steps, to be played on it."""
    return Table.start(Store(), DECK, ["Ana", "Ben", "Cleo"], **options), iter(SCRIPT)


def play_until(table: Table, steps: Iterator, done: Callable[[Table], bool]) -> Table:
    for step in steps:
        if isinstance(step, ScanStep):
            table.scan(step.uid, step.reader)
        else:
            table.tap(step.option, step.arg)
        if done(table):
            return table
    return table


def test_each_players_ingots_are_the_figure_read_from_afar_and_the_first_player_is_marked():
    table, steps = a_table(first=1)
    players = table.view().players
    for player in players:
        emphasised = [c.key for c in player.counters if c.emphasis]
        assert emphasised == ["ingots"]
    assert [p.marks for p in players] == [(), ("first player",), ()]
    play_until(table, steps, lambda t: t.finished)
    assert table.finished and all(p.marks == () for p in table.view().players)


def test_what_shows_at_breakage_is_its_own_zone_only_while_players_turn_cards():
    table, steps = a_table()
    assert table.view().zone("showing").pieces == ()
    play_until(table, steps, lambda t: t.state.phase == "broke")
    showing = table.view().zone("showing").pieces
    assert showing and [p.uid for p in showing] == list(table.state.causes)
    assert all(p.label == table.components[p.uid].label for p in showing)
    play_until(table, steps, lambda t: t.state.phase != "broke")
    assert table.view().zone("showing").pieces == ()


def test_collections_group_by_kind_in_the_rulebooks_order_and_the_draft_shows_its_cards():
    table, steps = a_table()
    play_until(table, steps, lambda t: t.state.phase == "repair")
    view = table.view()
    kinds = table.state.rules.kinds
    for name in ("Ana", "Ben", "Cleo"):
        zone = view.zone(f"collection:{['Ana', 'Ben', 'Cleo'].index(name)}")
        assert zone.owner == name and zone.group_by_kind
        order = [kinds.index(p.kind) for p in zone.pieces]
        assert order == sorted(order)
    table, steps = a_table()
    play_until(table, steps, lambda t: t.state.phase == "draft")
    draft = table.view().zone("draft").pieces
    assert [p.uid for p in draft] == list(table.state.draft) and len(draft) == 7


def test_the_status_line_says_the_supply_or_an_unlimited_bank():
    table, _steps = a_table()
    assert table.view().status == "Round 1 · Deal · deck 46 left · supply 14 ingots"
    mintsugi = load_deck(DATA / "mintsugi-3p.toml")  # its default (M8): an unlimited bank
    assert (
        Table.start(Store(), mintsugi, ["Ana", "Ben", "Cleo"])
        .view()
        .status.endswith("· bank: unlimited")
    )

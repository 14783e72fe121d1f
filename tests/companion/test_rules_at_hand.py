"""The rule at hand: every phase of every game has a passage, every refusal names one, and
every quote is found word for word in the rulebook we ship or in docs/rulings.md."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from companion.deck import load_deck
from companion.games import definition, playable
from companion.games.broken_planet.mapfile import load_map
from companion.inputs import IllegalInput
from companion.store import Store
from companion.table import Table, seat_readers
from hardware.script import ScanStep, load_script
from tests.companion.conftest import DATA, EXAMPLES

ROOT = Path(__file__).resolve().parents[2]
GAMES = [d.name for d in playable()]


def words(text: str) -> str:
    """Line breaks and runs of spaces do not count: the rulebooks and Markdown wrap lines."""
    return " ".join(text.split())


def raw_map(game: str) -> dict:
    package, _, name = definition(game).passages.partition(":")
    path = ROOT.joinpath(*package.split("."), name)
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_the_engine_can_prompt_has_a_passage(game):
    engine = definition(game).make_engine()
    handled = {name[4:].replace("_", "-") for name in dir(engine) if name.startswith("_on_")}
    if handled:  # an engine that dispatches by phase name: each such phase is declared
        assert set(engine.phases) == handled
    rules = definition(game).rules_at_hand()
    assert set(rules.phases) == set(engine.phases)
    for phase in engine.phases:
        assert rules.at_hand(phase), phase


@pytest.mark.parametrize("game", GAMES)
def test_every_quote_is_in_the_shipped_rulebook_or_the_rulings_word_for_word(game):
    data = raw_map(game)
    rulebook = words((ROOT / "docs" / "rules" / data["rulebook"]).read_text(encoding="utf-8"))
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    for key, passage in data["passages"].items():
        assert words(passage["quote"]) in rulebook, key
    for key, ruling in data.get("rulings", {}).items():
        heading = re.search(rf"^### {key}\. (.+)$", rulings, re.M)
        assert heading and heading.group(1).startswith(ruling["title"]), key
        assert words(ruling["quote"]) in words(rulings), key


def test_each_shipped_rulebook_names_its_source():
    for path in sorted((ROOT / "docs" / "rules").glob("*.txt")):
        assert path.read_text(encoding="utf-8").startswith("Source: "), path.name


def refusals_raised(package: Path) -> set[str]:
    """The `rule` of every IllegalInput a game's modules raise; each must name one."""
    found = set()
    for module in package.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalInput":
                rule = [k.value for k in node.keywords if k.arg == "rule"]
                assert rule and isinstance(rule[0], ast.Constant), f"{module}:{node.lineno}"
                found.add(rule[0].value)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_has_a_passage_and_every_mapped_refusal_exists(game):
    package = definition(game).passages.partition(":")[0]
    raised = refusals_raised(ROOT.joinpath(*package.split(".")))
    rules = definition(game).rules_at_hand()
    assert set(rules.refusals) == raised
    assert all(rules.refusals[key] for key in raised)


SCRIPTS = [
    ("broken-and-beautiful", EXAMPLES / "broken-and-beautiful-demo.toml",
     EXAMPLES / "broken-and-beautiful-3p.script", ["Ana", "Ben", "Cleo"]),
    ("mintsugi", DATA / "mintsugi-3p.toml", DATA / "mintsugi-3p.script", ["Ana", "Ben", "Cleo"]),
    ("who-broke-it", EXAMPLES / "who-broke-it-demo.toml", EXAMPLES / "who-broke-it-6p.script",
     ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]),
    ("broken-planet", EXAMPLES / "broken-planet-demo.toml", EXAMPLES / "broken-planet-3p.script",
     ["Ana", "Ben", "Cleo"]),
]  # fmt: skip
EXTRA = {"broken-planet": {"map": load_map(EXAMPLES / "broken-planet-demo-map.toml")}}


@pytest.mark.parametrize(("game", "deck", "script", "players"), SCRIPTS)
def test_a_whole_game_meets_only_mapped_phases_and_refusals(game, deck, script, players):
    steps = load_script(script)
    readers = {s.reader for s in steps if isinstance(s, ScanStep)}
    table = Table.start(
        Store(),
        load_deck(deck),
        players,
        seats=seat_readers(sorted(readers), len(players)),
        extra=EXTRA.get(game),
    )
    rules = definition(game).rules_at_hand()
    seen = set()
    for step in steps:
        seen.add(table.prompt.phase)
        try:
            if isinstance(step, ScanStep):
                table.scan(step.uid, step.reader)
            else:
                seat = players.index(step.seat) if step.seat else None
                table.tap(step.option, step.arg, seat=seat)
        except IllegalInput as refused:
            assert refused.rule in rules.refusals, refused.message
    assert table.finished and table.rules_at_hand()
    assert seen | {"over"} <= set(rules.phases)


def test_a_refusal_shows_its_own_passage_before_the_phases():
    table = Table.start(
        Store(), load_deck(EXAMPLES / "broken-and-beautiful-demo.toml"), ["Ana", "Ben"]
    )
    with pytest.raises(IllegalInput) as refused:
        table.tap("keep")
    assert refused.value.rule == "not-now"
    passages = table.rules_at_hand(refused.value.rule)
    assert passages[0].quote.startswith("Broken and Beautiful is played in rounds.")
    assert passages[1].source == "Broken and Beautiful rulebook, 1. Starting a Round"
    assert passages[2].source.startswith("Ruling B6, End of game (docs/rulings.md)")
    assert table.rules_at_hand() == passages[1:]


def test_the_cli_quotes_a_phase_with_a_refusal_first_and_refuses_unknowns_in_one_line(capsys):
    from companion.cli import main

    assert main(["rules", "mintsugi", "repair", "--refusal", "repair-broken-only"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Mintsugi, repair:"
    assert out[1] == "  Mintsugi rules (prototype), Repairing Items:"
    assert sum(line.startswith("  Ruling M6,") for line in out) == 1  # shown once
    assert main(["rules", "who-broke-it"]) == 0
    out = capsys.readouterr().out
    assert all(
        f"Who Broke It?, {phase}:" in out
        for phase in definition("who-broke-it").make_engine().phases
    )
    assert main(["rules", "mintsugi", "fly"]) == 2
    assert capsys.readouterr().err.startswith(
        "companion: Mintsugi has no phase 'fly' (known: deal,"
    )

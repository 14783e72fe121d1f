"""docs/formats.md says what the code does: its component tables are generated from the
games' definitions and every example in it parses or runs as shown."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

from companion.cli.export import evening_field
from companion.cli.score import score_json
from companion.deck import parse_deck
from companion.evening import Evening, Played
from hardware.bridge_protocol import parse_command, parse_line
from hardware.script import parse_script
from hardware.urls import parse_reader_spec
from tools.formats_doc import DOC, rewritten

TEXT = DOC.read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    """The fenced blocks written in `language` ("" for plain ones), in order."""
    return [
        body for lang, body in re.findall(r"```(\w*)\n(.*?)```", TEXT, re.S) if lang == language
    ]


def test_the_component_tables_are_the_definitions():
    assert rewritten(TEXT) == TEXT, "run tools/formats_doc.py"


def test_each_score_example_gives_the_output_shown():
    examples = blocks("json")
    assert len(examples) >= 4
    for given, shown in zip(examples[::2], examples[1::2], strict=True):
        assert score_json(given).to_json() == json.loads(shown)


def test_the_deck_example_parses_and_the_script_example_reads():
    deck = parse_deck(blocks("toml")[0])
    assert deck.get("04A1B2C3D4E5F6").label == "wave cup"
    script = next(b for b in blocks("") if b.startswith("# a comment"))
    lines = [re.split(r"\s{3,}", line)[0] for line in script.splitlines()]
    steps = parse_script("\n".join(lines))
    assert [type(s).__name__ for s in steps] == [
        "ScanStep",
        "ScanStep",
        "TapStep",
        "TapStep",
        "TapStep",
    ]
    assert steps[1].reader == "seat2" and steps[3].arg == "04A1B2C3D4E5F6"


def test_every_reader_url_shown_parses():
    urls = [
        line for b in blocks("") for line in b.splitlines() if "://" in line and " " not in line
    ]
    assert len(urls) >= 4
    for spec in urls:
        assert parse_reader_spec(spec)
    assert [u.name for u in parse_reader_spec(urls[2])] == ["seat1", "center"]


def test_every_bridge_line_shown_has_a_good_checksum():
    lines = [line for b in blocks("") for line in b.splitlines() if line.startswith("RFID1")]
    assert {parse_line(line)[0] for line in lines} == {"HELLO", "ADD", "HB", "DEL", "ERR"}
    assert parse_command("LIST*02") == "LIST"


def test_the_history_evening_shown_is_what_history_gives():
    shown = json.loads(next(b for b in blocks("text") if b.startswith('{"number"')))
    began = datetime.strptime(shown["began"], "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
    games = tuple(
        Played(n, "who-broke-it", began.timestamp() + n * 3600, began.timestamp() + n * 3600 + 60,
               ("Ana",), ("Ana",), ())
        for n in range(shown["games"])
    )  # fmt: skip
    evening = Evening(shown["number"], games)
    assert evening_field(evening, shown["game"] - 1) == shown


def test_the_random_set_up_example_lays_the_map_it_says():
    """A game's own words in the script contract: Broken Planet's random set-up (P16) entered
    as shown gives the demo map's own set-up, and the pawns are asked next."""
    from tests.companion.test_broken_planet import engine, run
    from tests.companion.test_broken_planet_random_setup import fresh, map_of

    block = next(b for b in blocks("") if b.startswith("# Broken Planet's random set-up"))
    lines = [re.split(r"\s{3,}", line)[0] for line in block.splitlines()]
    steps = parse_script("\n".join(lines))
    assert [(s.option, s.arg) for s in steps[:2]] == [("temple", "none"), ("temple", "diamond")]
    eng, s = fresh()
    s = run(eng, s, *lines)
    assert s.phase == "pawns" and map_of(s) == map_of(fresh(eng=engine())[1])

"""Fuzzing every `companion` entry point and the deck, score and script parsers (issue 11):
whatever comes in, the answer is a result or one line and exit 2, never a traceback.

In-process (`companion.cli.main`) and bounded by `max_examples`, so CI spends seconds here.
"""

from __future__ import annotations

import io
import json

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.cli.reader_test import run_reader_test
from companion.cli.score import ScoreInputError, score_json
from companion.deck import DeckError, parse_deck
from hardware.script import ScriptError, parse_script
from tests.companion.conftest import DATA

FAST = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
GAMES = st.sampled_from(["broken-and-beautiful", "mintsugi", "who-broke-it", "nope", ""])
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(), st.text(max_size=30)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=25,
)
TOML_VALUES = st.recursive(
    st.one_of(st.booleans(), st.integers(-(2**63), 2**63 - 1), st.text(max_size=30)),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=15,
)
COMPONENT = st.dictionaries(
    st.sampled_from(["uid", "kind", "pattern", "ingots", "extra"]) | st.text(max_size=8),
    st.sampled_from(["04A1B2C3D4E5F6", "cup", "wave", 2, 99, "gold"]) | TOML_VALUES,
    max_size=5,
)
DECKS = st.one_of(
    st.text(max_size=300),
    st.fixed_dictionaries(
        {"game": GAMES, "component": st.lists(COMPONENT | TOML_VALUES, max_size=4) | TOML_VALUES},
        optional={"name": TOML_VALUES},
    ).map(tomli_w.dumps),
)
SCRIPT_LINES = st.lists(
    st.one_of(
        st.text(max_size=40),
        st.builds("scan {} {}".format, st.text("0123456789ABCDEFabcdef:- ", max_size=22),
                  st.sampled_from(["", "@seat2", "seat2", "@"])),
        st.builds("tap {} {}".format, st.sampled_from(["keep", "sell", "done", "undo", "repair", ""]),
                  st.text(max_size=16)),
    ),
    max_size=12,
).map("\n".join)  # fmt: skip
BYTES = st.binary(max_size=200) | st.sampled_from([b"\xef\xbb\xbf", b"\xff\xfe{}", b"\x00" * 50])


def assert_answered(code: int, capsys, ok: tuple[int, ...] = (0, 2)) -> None:
    out, err = capsys.readouterr()
    assert code in ok, (code, err)
    assert "Traceback" not in err and "Traceback" not in out
    if code == 2:
        assert err.startswith("companion: ") and err.count("\n") == 1, err


@FAST
@given(data=st.one_of(JSON.map(json.dumps), st.text(max_size=200).map(str.encode), BYTES))
def test_score(tmp_path, capsys, data):
    path = tmp_path / "in.json"
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    assert_answered(main(["score", str(path)]), capsys)


@FAST
@given(data=st.one_of(DECKS.map(str.encode), BYTES))
def test_deck_check(tmp_path, capsys, data):
    path = tmp_path / "deck.toml"
    path.write_bytes(data)
    assert_answered(main(["deck", "check", str(path)]), capsys)


@FAST
@given(
    script=st.one_of(SCRIPT_LINES.map(str.encode), BYTES),
    players=st.text(",AnaBen ", max_size=12),
    new=st.text(",AnaBenCy", max_size=6),
    setting=st.lists(st.text(max_size=12), max_size=2),
    game=GAMES,
)
def test_play(tmp_path, capsys, script, players, new, setting, game):
    path = tmp_path / "game.script"
    path.write_bytes(script)
    argv = ["play", "--game", game, "--deck", str(DATA / "bnb-2p.toml"), "--players", players]
    argv += ["--script", str(path), "--new-players", new]
    argv += [arg for pair in setting for arg in ("--setting", pair)]
    assert_answered(main(argv), capsys)


@FAST
@given(db=st.sampled_from(["", " ", "save.db", "no/such/dir/x.db", "."]), garbage=BYTES)
def test_play_with_a_save(tmp_path, capsys, db, garbage):
    if db == "save.db":
        (tmp_path / db).write_bytes(garbage)
    argv = ["play", "--game", "broken-and-beautiful", "--deck", str(DATA / "bnb-2p.toml")]
    argv += ["--players", "Ana,Ben", "--script", str(DATA / "bnb-2p.script")]
    code = main([*argv, "--db", str(tmp_path / db) if db.strip() else db])
    assert_answered(code, capsys)


READER_SPECS = st.one_of(
    st.text(max_size=40),
    st.builds(
        "{}://{}?{}".format,
        st.sampled_from(["rc522", "mfrc522", "sim", "script", "serial", "bogus"]),
        st.text("spi0123456789./", max_size=20),
        st.text("tagsversionrstcs=&0x123456789.", max_size=30),
    ),
)


@FAST
@given(spec=READER_SPECS)
def test_reader_test(spec):
    out = io.StringIO()
    status = run_reader_test(spec, 0.0, out)  # rc522/serial fail to open here: status 1
    assert status in (0, 1, 2) and "Traceback" not in out.getvalue()


PARSERS = {
    "deck": (DECKS, lambda text: parse_deck(text, "fuzz.toml"), DeckError),
    "score": (JSON.map(json.dumps) | st.text(max_size=100), score_json, ScoreInputError),
    "script": (SCRIPT_LINES, lambda text: parse_script(text, "fuzz.script"), ScriptError),
}


@pytest.mark.parametrize("name", PARSERS)
@FAST
@given(data=st.data())
def test_parsers_raise_only_their_own_one_line_errors(name, data):
    texts, parse, error = PARSERS[name]
    try:
        parse(data.draw(texts))
    except error as err:
        assert "\n" not in str(err)


@pytest.mark.parametrize("depth", [10, 5000])
def test_nesting_at_any_depth(tmp_path, capsys, depth):
    (tmp_path / "x.json").write_text("[" * depth + "]" * depth)
    assert_answered(main(["score", str(tmp_path / "x.json")]), capsys)

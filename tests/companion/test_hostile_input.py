"""Bad input found by fuzzing the CLI (issue 11): each answers in one line with exit 2,
reads a bounded amount, and quotes no file's contents."""

from __future__ import annotations

import json
import os
import signal

import pytest

from companion.cli import main
from tests.companion.conftest import DATA, EXAMPLES

PLAY = ["play", "--game", "broken-and-beautiful", "--players", "Ana,Ben,Cleo"]
DECK = DATA / "bnb-3p.toml"
SCRIPT = DATA / "bnb-3p.script"
BOM = "\ufeff"


def refused(capsys, *argv: str) -> str:
    """Run the CLI; it must exit 2 with exactly one line on stderr and no traceback."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert err.startswith("companion: ") and err.count("\n") == 1
    assert "Traceback" not in err and len(err) < 400
    return err


def test_deeply_nested_json_and_toml(tmp_path, capsys):
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    assert "nested too deeply" in refused(capsys, "score", str(tmp_path / "deep.json"))
    (tmp_path / "deep.toml").write_text('game = "mintsugi"\nx = ' + "[" * 5000 + "]" * 5000)
    assert "nested too deeply" in refused(capsys, "deck", "check", str(tmp_path / "deep.toml"))


@pytest.mark.parametrize("value", ["[1, 2]", "[true]", '["ab"]', "7"])
def test_components_that_are_not_tables_name_their_line(tmp_path, capsys, value):
    deck = tmp_path / "d.toml"
    deck.write_text(f'game = "broken-and-beautiful"\nname = "x"\ncomponent = {value}\n')
    err = refused(capsys, "deck", "check", str(deck))
    assert f"{deck}:3: components must be written as [[component]] tables" in err


def test_an_inline_component_error_points_at_its_key_not_line_0(tmp_path, capsys):
    deck = tmp_path / "d.toml"
    deck.write_text('game = "broken-and-beautiful"\n\ncomponent = [{uid = "zz", kind = "cup"}]\n')
    assert f"{deck}:3: component 1:" in refused(capsys, "deck", "check", str(deck))


@pytest.mark.parametrize("what", ["deck", "score", "script", "map", "play-map", "score-map"])
@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_devices_and_fifos_are_refused_before_reading(tmp_path, capsys, what, special):
    """Issue 25: /dev/zero was read until memory ran out (maps), a FIFO blocked forever."""
    if special == "fifo":
        special = str(tmp_path / "fifo")
        os.mkfifo(special)  # nobody writes: an open() without O_NONBLOCK would wait forever
    planet = [
        "play",
        "--game",
        "broken-planet",
        "--deck",
        str(EXAMPLES / "broken-planet-demo.toml"),
    ]
    planet += ["--players", "Ana,Ben", "--script", str(EXAMPLES / "broken-planet-2p.script")]
    score = tmp_path / "score.json"
    score.write_text(json.dumps({"game": "broken-planet", "map": special, "players": [
        {"name": "Ana"}, {"name": "Ben"}]}))  # fmt: skip
    argv = {
        "deck": ["deck", "check", special],
        "score": ["score", special],
        "script": [*PLAY, "--deck", str(DECK), "--script", special],
        "map": ["map", "check", special],
        "play-map": [*planet, "--map", special],
        "score-map": ["score", str(score)],
    }[what]
    assert "is a device or a pipe, not a file" in refused(capsys, *argv)


def test_a_script_reader_on_dev_zero_reads_nothing():
    from companion.cli.reader_test import run_reader_test

    lines = []
    assert run_reader_test("script:///dev/zero", 0.0, _Lines(lines)) == 2
    assert "/dev/zero is a device, a pipe or a folder, not a script" in "".join(lines)


class _Lines:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def write(self, text: str) -> None:
        self.lines.append(text)

    def flush(self) -> None:
        pass


def test_a_byte_order_mark_is_accepted_everywhere(tmp_path, capsys):
    for source, name in ((DECK, "deck.toml"), (SCRIPT, "game.script")):
        (tmp_path / name).write_text(BOM + source.read_text(), encoding="utf-8")
    score = tmp_path / "score.json"
    score.write_text(BOM + (DATA.parents[1] / "examples" / "score-example.json").read_text())
    deck, script = str(tmp_path / "deck.toml"), str(tmp_path / "game.script")
    assert main(["deck", "check", deck]) == 0
    assert main(["score", str(score)]) == 0
    assert main([*PLAY, "--deck", deck, "--script", script]) == 0
    capsys.readouterr()


def test_a_huge_line_is_not_echoed_whole(tmp_path, capsys):
    deck = tmp_path / "d.toml"
    deck.write_text('game = "broken-and-beautiful"\n[[component]]\nuid = "' + "A" * 10**7 + '"\n')
    refused(capsys, "deck", "check", str(deck))  # under 400 characters
    score = tmp_path / "s.json"
    score.write_text('{"game": "' + "x" * 10**6 + '", "players": []}')
    refused(capsys, "score", str(score))


def test_an_empty_save_name_is_refused(capsys):
    err = refused(capsys, *PLAY, "--deck", str(DECK), "--script", str(SCRIPT), "--db", "")
    assert "no save file named" in err


def test_a_script_error_names_the_file_and_line_not_its_contents(tmp_path, capsys):
    secret = tmp_path / "passwd"
    secret.write_text("# users\nroot:x:0:0:secret-hash:/root:/bin/bash\n")
    err = refused(capsys, *PLAY, "--deck", str(DECK), "--script", str(secret))
    assert f"{secret}:2:" in err and "root" not in err.replace(str(secret), "")
    from hardware.factory import open_readers

    with pytest.raises(ValueError) as raised:
        open_readers(f"script://{secret}")
    assert f"{secret}:2:" in str(raised.value) and "secret-hash" not in str(raised.value)


@pytest.mark.parametrize(
    "argv", [["play", "--setting", "-x"], ["play"], ["score"], ["bogus"], ["deck", "check"]]
)
def test_a_command_line_argparse_refuses_is_one_line_too(capsys, argv):
    assert "--help shows the usage" in refused(capsys, *argv)


# -- issue 25: tracebacks and hangs the CLI fuzz found ------------------------------------


class _TooSlow(Exception):
    pass


def _alarm(_signum, _frame):
    raise _TooSlow


def within(seconds: float, *argv: str) -> int:
    """Run the CLI, failing (not hanging the suite) if it has not answered in `seconds`: a
    guard against a hang, far above the milliseconds these take, not a speed figure."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return main(list(argv))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("number", ["9223372036854775808", "-1", "0", "1e3", "9" * 5000])
def test_a_game_number_out_of_range_is_one_line(tmp_path, capsys, number):
    from companion.store import Store

    Store(tmp_path / "x.db").close()  # a save there: the number is what is refused
    assert "GAME_ID" in refused(capsys, "export", "bgstats", number, "--db", str(tmp_path / "x.db"))


@pytest.mark.parametrize(
    ("game", "most"), [("broken-planet", 5), ("broken-and-beautiful", 4), ("who-broke-it", 6)]
)
def test_a_player_count_past_the_game_is_refused_before_scoring(tmp_path, capsys, game, most):
    path = tmp_path / "s.json"
    table = [{"name": f"P{n}", "temples": [], "relics": []} for n in range(20_000)]
    path.write_text(json.dumps({"game": game, "favor": {"temples": {}, "relics": {}},
                                "players": table}))  # fmt: skip
    code = within(20, "score", str(path))
    _out, err = capsys.readouterr()
    assert code == 2 and "players: " in err and f"at most {most} players, not 20000" in err


@pytest.mark.parametrize("relics", [[{}], [[]], [None], [1], "x"])
def test_a_broken_planet_table_with_relics_of_the_wrong_type_is_one_line(tmp_path, capsys, relics):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"game": "broken-planet", "favor": {"temples": {}, "relics": {}},
        "players": [{"name": "Ana", "relics": relics}, {"name": "Ben"}]}))  # fmt: skip
    assert "players[0].relics" in refused(capsys, "score", str(path))


MAP = (EXAMPLES / "broken-planet-demo-map.toml").read_text()


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('offer_order = ["build", "craft", "attack"]', "offer_order = 5", "offer_order"),
        ('offer_order = ["build", "craft", "attack"]', 'offer_order = ["build", 1, "craft"]',
         "offer_order"),
        ("routes = [\n  [1, 2],", "routes = [\n  [[1],[2]], [1, 2],", "route [[1], [2]]"),
        ("routes = [\n  [1, 2],", "routes = [\n  [true, 2],", "route [True, 2]"),
    ],
)  # fmt: skip
def test_a_map_with_values_of_the_wrong_type_is_one_line(tmp_path, capsys, old, new, said):
    assert old in MAP
    path = tmp_path / "map.toml"
    path.write_text(MAP.replace(old, new, 1))
    assert said in refused(capsys, "map", "check", str(path))


@pytest.mark.parametrize("seconds", ["inf", "nan", "-1", "1e400", "86401"])
@pytest.mark.parametrize("command", [["reader", "test", "--reader", "sim://"],
                                     ["deck", "write-tags", str(DECK), "--reader", "sim://"]])  # fmt: skip
def test_a_duration_that_never_ends_is_refused(capsys, command, seconds):
    assert "seconds must be 0-86400" in refused(capsys, *command, "--seconds", seconds)


def test_a_bad_reader_url_is_one_line_on_stderr(capsys):
    assert "no reader given" in refused(capsys, "reader", "test", "--reader", " ", "--seconds", "0")

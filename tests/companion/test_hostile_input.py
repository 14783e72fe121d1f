"""Bad input found by fuzzing the CLI (issue 11): each answers in one line with exit 2,
reads a bounded amount, and quotes no file's contents."""

from __future__ import annotations

import pytest

from companion.cli import main
from tests.companion.conftest import DATA

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


@pytest.mark.parametrize("what", ["deck", "score", "script", "reader"])
def test_dev_zero_is_read_only_so_far(capsys, what):
    zero = "/dev/zero"
    if what == "deck":
        err = refused(capsys, "deck", "check", zero)
    elif what == "score":
        err = refused(capsys, "score", zero)
    elif what == "script":
        err = refused(capsys, *PLAY, "--deck", str(DECK), "--script", zero)
    else:
        from companion.cli.reader_test import run_reader_test

        lines = []
        assert run_reader_test(f"script://{zero}", 0.0, _Lines(lines)) == 2
        err = "companion: " + "".join(lines)
    assert "larger than 4 MB" in err


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

"""A property-based fuzz of every `companion` subcommand (issue 25 item 2): whatever the
command line and whatever the files it names (garbage, a FIFO, /dev/zero, a folder, another
program's SQLite file, a damaged save, maps and score tables with values of every type), the
answer is exit 0, 1 or 2, one line on stderr for an error, never a traceback, and never past
a time limit.

In-process (`companion.cli.main(argv)`), so a few thousand cases take well under a minute;
COMPANION_FUZZ_EXAMPLES=50000 (say) runs a longer hunt. A few cases run the real command in
a subprocess: what a shell user sees, exit code and all.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import tomllib
from contextlib import closing
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from tests.companion.conftest import DATA, EXAMPLES
from tests.companion.test_fuzz_cli import BYTES, DECKS, JSON, SCRIPT_LINES, TOML_VALUES

EXAMPLES_RUN = int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "1000"))
LIMIT = 20.0  # seconds one command may take here before it counts as a hang (they take ms)
ROOT = DATA.parents[1]

# Files every case can name, copied afresh for each case (commands may set a save aside).
FIXED = {
    "bnb-deck.toml": DATA / "bnb-3p.toml",
    "bnb.script": DATA / "bnb-3p.script",
    "planet-deck.toml": EXAMPLES / "broken-planet-demo.toml",
    "planet.script": EXAMPLES / "broken-planet-2p.script",
    "map.toml": EXAMPLES / "broken-planet-demo-map.toml",
    "wbi-deck.toml": EXAMPLES / "who-broke-it-demo.toml",
    "wbi.script": EXAMPLES / "who-broke-it-2p.script",
    "score.json": EXAMPLES / "score-example.json",
}
GAMES = st.sampled_from(
    ["broken-and-beautiful", "mintsugi", "broken-planet", "who-broke-it", "nope", "", "-x"]
)
# A name in the case's folder (half the time one of the case's own files), or something
# else a shell user might type.
OWN = st.sampled_from(["fuzz.toml", "fuzz.json", "fuzz.script", "fuzz.bin"])
NAMES = OWN | st.sampled_from(
    [*FIXED, "empty", "save.db", "foreign.db", "fifo", "folder", "missing", "/dev/zero",
     "/dev/null", "-", ""]
)  # fmt: skip
TEXT = st.text(max_size=20)
ARG = NAMES | TEXT

MAP_DATA = tomllib.loads(FIXED["map.toml"].read_text())


def _mutated_map(draw: st.DrawFn) -> bytes:
    """The demo map with one value anywhere in it replaced by a TOML value of any type."""
    data = json.loads(json.dumps(MAP_DATA))
    node: object = data
    for _ in range(draw(st.integers(1, 4))):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        if draw(st.booleans()) or not isinstance(node[key], dict | list):
            node[key] = draw(TOML_VALUES)
            break
        node = node[key]
    return tomli_w.dumps(data).encode()


SCORE_SHAPES = st.fixed_dictionaries(
    {
        "game": GAMES,
        "players": st.lists(
            st.fixed_dictionaries(
                {"name": st.text(max_size=6) | JSON},
                optional={k: JSON for k in ("temples", "relics", "cards", "ingots", "hand")},
            )
            | JSON,
            max_size=7,
        ),
    },
    optional={
        "favor": st.fixed_dictionaries({"temples": JSON, "relics": JSON}) | JSON,
        "map": NAMES | JSON,
        "settings": JSON,
    },
)


@st.composite
def fuzz_files(draw: st.DrawFn) -> dict[str, bytes]:
    """The case's own files, by name: a map or a deck, a score table, a script, bytes."""
    toml = _mutated_map(draw) if draw(st.booleans()) else draw(DECKS).encode()
    return {
        "fuzz.toml": toml,
        "fuzz.json": json.dumps(draw(SCORE_SHAPES | JSON)).encode(),
        "fuzz.script": draw(SCRIPT_LINES).encode(),
        "fuzz.bin": draw(BYTES),
    }


def _play(game, deck, players, script, extra):
    return ["play", "--game", game, "--deck", deck, "--players", players, "--script", script,
            *extra]  # fmt: skip


PLAY_EXTRA = st.lists(
    st.sampled_from(["--json", "--strict"])
    | st.tuples(st.sampled_from(["--db", "--map", "--setting", "--new-players"]), ARG),
    max_size=3,
).map(lambda items: [a for item in items for a in ((item,) if isinstance(item, str) else item)])

COMMANDS = st.one_of(
    # the case's own files where the command reads them, most often: that is where the types
    # of every value are tried
    st.sampled_from(
        [
            ["map", "check", "fuzz.toml"],
            ["score", "fuzz.json"],
            ["deck", "check", "fuzz.toml"],
            ["score", "-"],
        ]
    ),  # fmt: skip
    st.tuples(st.just("score"), NAMES).map(list),
    st.tuples(st.just("deck"), st.just("check"), ARG).map(list),
    st.tuples(st.just("map"), st.just("check"), ARG).map(list),
    st.builds(lambda f, g: ["map", "check", f, "--game", g], ARG, GAMES),
    st.builds(_play, GAMES, NAMES, st.text(",AnaBenCy ", max_size=12), NAMES, PLAY_EXTRA),
    st.builds(
        _play,
        st.just("broken-and-beautiful"),
        st.just("bnb-deck.toml"),
        st.just("Ana,Ben,Cleo"),
        st.sampled_from(["bnb.script", "fuzz.script"]),
        st.just(["--db", "save.db"]),
    ),
    st.builds(
        _play,
        st.just("broken-planet"),
        st.just("planet-deck.toml"),
        st.just("Ana,Ben"),
        st.just("planet.script"),
        st.builds(lambda m: ["--map", m], st.sampled_from(["fuzz.toml", "map.toml", "fifo"])),
    ),
    st.builds(lambda d, j: ["history", "--db", d, *j], NAMES, st.sampled_from([[], ["--json"]])),
    st.builds(
        lambda n, d, f: ["export", "bgstats", n, "--db", d, *f],
        st.sampled_from(["1", "2", "0", "-1", "9223372036854775808", "x", "1e3"]) | TEXT,
        NAMES,
        st.sampled_from([[], ["--json"], ["--qr"]]),
    ),
    st.builds(lambda g, p: ["rules", g, *p], GAMES | TEXT, st.lists(TEXT, max_size=1)),
    st.builds(
        lambda r, s: ["reader", "test", "--reader", r, "--seconds", s],
        st.sampled_from(["sim://", "script://bnb.script", "script://fifo", "bogus://"]) | TEXT,
        st.sampled_from(["0", "0.01", "inf", "nan", "-1", "1e400"]),
    ),
    st.builds(
        lambda f, s: ["deck", "write-tags", f, "--reader", "sim://", "--seconds", s],
        ARG,
        st.sampled_from(["0", "nan", "inf"]),
    ),
    st.lists(TEXT | st.sampled_from(["--db", "--json", "-h", "check", "test"]), max_size=5),
)


class TooSlow(Exception):
    """A command ran past LIMIT: a hang, or a quadratic walk over a huge input."""


def _alarm(_signum, _frame):
    raise TooSlow


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """The files each case starts from: examples, a played save, another program's SQLite."""
    folder = tmp_path_factory.mktemp("template")
    for name, source in FIXED.items():
        shutil.copy(source, folder / name)
    (folder / "empty").write_bytes(b"")
    (folder / "folder").mkdir()
    with closing(sqlite3.connect(folder / "foreign.db")) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.commit()
    argv = _play("broken-and-beautiful", "bnb-deck.toml", "Ana,Ben,Cleo", "bnb.script", [])
    code = run_in(folder, [*argv, "--db", "save.db"], b"")[0]
    assert code == 0
    return folder


def run_in(folder: Path, argv: list[str], stdin: bytes) -> tuple[int, str, str]:
    """`companion ARGV` with FOLDER as the working directory, in this process."""
    out, err = io.StringIO(), io.StringIO()
    saved = (os.getcwd(), sys.stdin, sys.stdout, sys.stderr)
    os.chdir(folder)
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="strict")
    sys.stdout, sys.stderr = out, err
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, LIMIT)
    try:
        code = main(argv)
    except SystemExit as done:  # argparse's --help: printed, then exit 0
        code = done.code
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        os.chdir(saved[0])
        sys.stdin, sys.stdout, sys.stderr = saved[1:]
    return code, out.getvalue(), err.getvalue()


def assert_answered(code: int, out: str, err: str) -> None:
    assert code in (0, 1, 2), (code, err)
    assert "Traceback" not in out + err, err
    if code == 2:
        assert err.startswith("companion: ") and err.count("\n") == 1, err


@settings(
    max_examples=EXAMPLES_RUN,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(argv=COMMANDS, own=fuzz_files(), stdin=BYTES | JSON.map(lambda v: json.dumps(v).encode()))
def test_every_subcommand_answers_in_one_line_and_in_time(workdir, argv, own, stdin):
    fresh(workdir)
    for name, body in own.items():
        (workdir.folder / name).write_bytes(body)
    assert_answered(*run_in(workdir.folder, argv, stdin))


class Workdir:
    """One folder for every case, put back as the template left it before each (copying a
    folder per case would cost more than most commands take)."""

    def __init__(self, template: Path, folder: Path) -> None:
        self.template, self.folder = template, folder
        shutil.copytree(template, folder)
        os.mkfifo(folder / "fifo")  # nobody ever writes to it
        self.names = {p.name for p in folder.iterdir()}
        self.files = [p.name for p in template.iterdir() if p.is_file()]
        self.seen = {name: _mark(folder / name) for name in self.files}


def _mark(path: Path) -> tuple[int, int, int] | None:
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


def fresh(work: Workdir) -> None:
    for path in work.folder.iterdir():
        if path.name not in work.names:
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    for name in work.files:  # saves may have been set aside, stamped or replaced
        if _mark(work.folder / name) != work.seen[name]:
            shutil.copyfile(work.template / name, work.folder / name)
            work.seen[name] = _mark(work.folder / name)


@pytest.fixture(scope="module")
def workdir(template) -> Workdir:
    """In memory (/dev/shm) where there is one: a save commits with fsync, which on a busy
    SD card or disk costs more than the command itself."""
    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else None) as scratch:
        work = Workdir(template, Path(scratch) / "case")
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("COMPANION_DATA", str(work.folder / "data"))  # the app's save, if used
            yield work


SHELL = [
    (["deck", "check", "fifo"], 2),
    (["score", "-"], 2),  # stdin is /dev/zero below: bounded, refused
    (["play", "--game", "broken-and-beautiful", "--deck", "bnb-deck.toml", "--players",
      "Ana,Ben,Cleo", "--script", "bnb.script", "--db", "bnb-deck.toml"], 2),
    (["export", "bgstats", "9223372036854775808", "--db", "save.db"], 2),
    (["history", "--db", "save.db"], 0),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "expected"), SHELL)
def test_as_a_shell_user_runs_it(template, tmp_path, argv, expected):
    folder = tmp_path / "case"
    shutil.copytree(template, folder)
    os.mkfifo(folder / "fifo")
    env = {**os.environ, "COMPANION_DATA": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [sys.executable, "-m", "companion", *argv],
            cwd=folder,
            stdin=zero,
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
    assert done.returncode == expected, done.stderr
    assert_answered(done.returncode, done.stdout, done.stderr)


@settings(
    max_examples=max(100, EXAMPLES_RUN // 4),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(body=st.composite(_mutated_map)())
def test_a_map_with_any_value_of_any_type_anywhere(workdir, body):
    """`map check` and `play --map` read every value of the map through its type check
    (issue 25: offer_order = 5, ["build", 1, "craft"], routes = [[[1], [2]]] raised)."""
    fresh(workdir)
    (workdir.folder / "fuzz.toml").write_bytes(body)
    assert_answered(*run_in(workdir.folder, ["map", "check", "fuzz.toml"], b""))

"""`python -m ui --demo` finds the demo decks in any install (issue 14): the clone's examples/,
else the copy a wheel installs under the environment's prefix."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from companion.paths import SHARED_EXAMPLES, examples_dir

ROOT = Path(__file__).resolve().parents[2]


def test_in_the_clone_the_examples_folder_is_used():
    assert examples_dir() == ROOT / "examples"


def test_every_demo_deck_is_shipped_to_where_examples_dir_looks():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = config["tool"]["setuptools"]["data-files"][str(SHARED_EXAMPLES)]
    files = {p for pattern in shipped for p in ROOT.glob(pattern)}
    assert set((ROOT / "examples").glob("*-demo.toml")) <= files


@pytest.mark.skipif(
    not all(importlib.util.find_spec(m) for m in ("setuptools", "wheel")),
    reason="building the wheel needs setuptools and wheel",
)
def test_a_non_editable_install_finds_its_demo_decks(tmp_path):
    source = tmp_path / "src"  # a copy: building in the clone would leave build/ in it
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for package in ("companion", "hardware", "ui", "examples"):
        shutil.copytree(
            ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    env = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation"]
    subprocess.run([*pip, "--prefix", str(env), str(source)], check=True, capture_output=True)
    found = subprocess.run(
        [str(env / "bin/python"), "-c",
         "import tomllib; from companion.paths import examples_dir; d = examples_dir(); print(d);"
         "print(len(tomllib.loads((d / 'broken-and-beautiful-demo.toml').read_text())['component']))"],
        cwd=tmp_path, capture_output=True, text=True, check=True,
    )  # fmt: skip
    where, count = found.stdout.split()
    assert Path(where) == env / SHARED_EXAMPLES and count == "46"

"""`python -m ui --help` tells where the readers come from, in the order the app applies."""

from __future__ import annotations

import pytest

from ui.__main__ import main


def test_reader_help_names_every_source_in_precedence_order(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    words = " ".join(capsys.readouterr().out.split())
    sources = ["--reader URL", "$COMPANION_READER", "Settings", "sim://"]
    where = [words.find(s, words.rfind("--reader URL")) for s in sources]
    assert -1 not in where and where == sorted(where), words


def test_without_a_display_it_suggests_what_ends_and_shows_something(capsys, monkeypatch):
    """Not SDL_VIDEODRIVER=offscreen, which ran an app nobody could see or end (issue 24)."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("os.path.exists", lambda path: False)  # no /dev/fb0
    assert main([]) == 1
    said = capsys.readouterr().err
    assert len(said.strip().splitlines()) == 1
    assert "./dev run" in said and "tools/screenshots.py" in said
    assert "offscreen" not in said

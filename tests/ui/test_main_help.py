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

"""ui/records.py names what it needs of the app (RecordsHost) instead of importing ui.app,
which composes it: the two modules no longer import each other, not even for type hints."""

from __future__ import annotations

import ast
from pathlib import Path

import ui.records

ROOT = Path(__file__).resolve().parents[2]


def imported(path: Path) -> set[str]:
    """Every module a file imports anywhere in it, under `if TYPE_CHECKING:` too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_records_do_not_import_the_app_that_composes_them():
    assert "ui.records" in imported(ROOT / "ui" / "app.py")
    assert not {"ui.app", "ui"} & imported(ROOT / "ui" / "records.py")


def test_the_app_is_a_records_host():
    """Every member RecordsHost names, the app has (a rename in one shows here)."""
    from ui.app import CompanionApp

    wanted = set(ui.records.RecordsHost.__annotations__) | {
        name for name in vars(ui.records.RecordsHost) if not name.startswith("_")
    }
    source = (ROOT / "ui" / "app.py").read_text(encoding="utf-8")  # attributes: set there
    missing = [n for n in wanted if not hasattr(CompanionApp, n) and f"self.{n} =" not in source]
    assert wanted >= {"hub", "session", "store", "table", "decks", "join_game"}
    assert missing == []

"""Lay the layout audit's screenshots out on contact sheets, one or a few PNGs a reviewer
can scan in a minute: `python tools/contact_sheet.py FOLDER [--out SHEETS] [--per 24]`.

FOLDER is what `UI_AUDIT_SHEET=FOLDER ./dev test tests/ui/test_layout_audit.py` wrote: a
folder per scenario of numbered 800x480 PNGs named after their state. Each sheet is a grid
of thumbnails, each captioned with its scenario and state, drawn by Kivy in an offscreen
window (as tools/screenshots.py runs), so it needs nothing the app does not.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import _prepare_environment  # noqa: E402  (Kivy's offscreen set-up)

THUMB = (400, 240)  # half of the 800x480 window: small, still readable
CAPTION = 18
COLUMNS = 4
GAP = 6  # px between thumbnails


def shots(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.png"))


def caption(path: Path, folder: Path) -> str:
    scenario = path.parent.relative_to(folder).as_posix()
    return f"{scenario} · {path.stem.split('-', 1)[-1].replace('-', ' ')}"


def sheets(folder: Path, out: Path, per: int = 24) -> list[Path]:
    """Write the sheets; return their paths (none when there is nothing to lay out)."""
    found = [p for p in shots(folder) if out not in p.parents]
    if not found:
        return []
    _prepare_environment(Path(tempfile.mkdtemp(prefix="contact-sheet-")))
    from kivy.core.window import Window  # noqa: F401  (the GL context the images need)
    from kivy.graphics import Color, Rectangle
    from kivy.lang import Builder
    from kivy.uix.image import Image
    from kivy.uix.label import Label
    from kivy.uix.widget import Widget

    out.mkdir(parents=True, exist_ok=True)
    written = []
    width, height = THUMB[0] + GAP, THUMB[1] + CAPTION + GAP
    for start in range(0, len(found), per):
        batch = found[start : start + per]
        rows = -(-len(batch) // COLUMNS)
        sheet = Widget(size=(COLUMNS * width, rows * height))
        with sheet.canvas.before:  # a PNG is transparent where nothing is drawn
            Color(0.3, 0.3, 0.3, 1)
            Rectangle(pos=(0, 0), size=sheet.size)
        for i, path in enumerate(batch):
            x, top = (i % COLUMNS) * width, sheet.height - (i // COLUMNS) * height
            words = Label(text=caption(path, folder)[:70], font_size=13, size=(THUMB[0], CAPTION),
                          pos=(x, top - CAPTION), halign="left", valign="middle")  # fmt: skip
            words.text_size = words.size
            words.texture_update()
            sheet.add_widget(words)
            shot = Image(
                source=str(path), fit_mode="contain", size=THUMB, pos=(x, top - height + GAP)
            )
            sheet.add_widget(shot)
        Builder.sync()  # kv's canvas updates wait for it (a running app's frame calls it)
        target = out / f"sheet-{start // per + 1:02d}.png"
        sheet.export_to_png(str(target))
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", help="the folder UI_AUDIT_SHEET named")
    parser.add_argument("--out", help="where the sheets go (default FOLDER/sheets)")
    parser.add_argument("--per", type=int, default=24, help="screenshots a sheet")
    args = parser.parse_args(argv)
    folder = Path(args.folder)
    if not folder.is_dir():
        print(f"contact_sheet: no folder {folder}", file=sys.stderr)
        return 2
    written = sheets(folder, Path(args.out) if args.out else folder / "sheets", max(args.per, 1))
    for path in written:
        print(path)
    if not written:
        print(f"contact_sheet: no screenshots in {folder}", file=sys.stderr)
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())

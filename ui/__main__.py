"""`python -m ui [--reader URL] [--demo]`: the touchscreen app.

Kivy reads its environment when first imported, so everything it must know (no argument
parsing of its own, the 800x480 default; its home: ui/__init__.py) is set first.
"""

from __future__ import annotations

import argparse
import os
import sys

# Not SDL_VIDEODRIVER=offscreen: that runs the app where nobody can see or end it.
NO_DISPLAY = (
    "ui: no display here (no DISPLAY, WAYLAND_DISPLAY or /dev/fb0), and the app needs one. "
    "./dev run plays the headless demo game in this terminal; "
    ".venv/bin/python tools/screenshots.py OUT draws every screen into PNG files in OUT"
)


def has_display() -> bool:
    return any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")) or (
        os.path.exists("/dev/fb0")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ui", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--reader",
        metavar="URL",
        help="reader URL spec for this run; without it, $COMPANION_READER, else the reader "
        "list saved in Settings, else sim:// (the simulated reader)",
    )
    parser.add_argument("--demo", action="store_true", help="add the example decks if missing")
    args = parser.parse_args(argv)
    if not has_display():
        print(NO_DISPLAY, file=sys.stderr)
        return 1
    os.environ["KIVY_NO_ARGS"] = "1"  # KIVY_HOME: set by importing the ui package
    os.environ.setdefault("KCFG_GRAPHICS_WIDTH", "800")
    os.environ.setdefault("KCFG_GRAPHICS_HEIGHT", "480")
    from ui.app import CompanionApp

    CompanionApp(reader=args.reader, demo=args.demo).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())

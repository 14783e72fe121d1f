"""A link as a QR code (segno: maintained, pure Python), and `python -m companion.qr URL`,
which prints its modules for a process that should not import segno.

The app draws one QR code a game, yet importing segno would keep 2.7 MB for the rest of
the evening: segno's writers import `xml.sax.saxutils`, which imports `urllib.request`,
`http.client` and `email`. So the app asks a child Python for the modules
(`ui.widgets.qr`) and never imports this module; the command line, which ends after one
code, does.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import segno

BORDER = 4  # the quiet zone a scanner needs, in modules
PNG_SCALE = 8  # pixels a module


def qr_code(url: str) -> segno.QRCode:
    """The URL as a QR code a phone reads off the screen: segno picks the smallest size,
    with error correction M or better, so a glare on the glass does not stop it."""
    return segno.make(url, error="m", micro=False)


def module_rows(url: str) -> list[str]:
    """The code's rows from the top, quiet zone included: "1" a dark module, "0" a light."""
    return [
        "".join("1" if dark else "0" for dark in row) for row in qr_code(url).matrix_iter(border=4)
    ]


def for_terminal(url: str, columns: int, png: Path) -> str:
    """What `export bgstats --qr` prints above the link. The code in half-block characters
    (two modules a character cell, one above the other: square on a terminal) when it fits
    `columns`; a terminal that wraps the rows makes something no phone can read, so a wider
    code is written to `png` instead, and one plain line says where (OSError if it cannot be
    written). A BG Stats link makes a code of 120-150 modules: most terminals get the file."""
    code = qr_code(url)
    width = code.symbol_size(border=BORDER)[0]
    if width <= columns:
        text = io.StringIO()
        code.terminal(out=text, compact=True, border=BORDER)
        return text.getvalue()
    code.save(str(png), kind="png", scale=PNG_SCALE, border=BORDER)
    return (
        f"The QR code ({width} columns) is wider than this terminal ({columns}); it is in a"
        f" picture:\n{png}\nScan the picture with the phone, or open the link below on it.\n"
    )


if __name__ == "__main__":
    print("\n".join(module_rows(sys.argv[1])))

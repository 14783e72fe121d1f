"""A link as a QR code (segno: maintained, pure Python), and `python -m companion.qr URL`,
which prints its modules for a process that should not import segno.

The app draws one QR code a game, yet importing segno would keep 2.7 MB for the rest of
the evening: segno's writers import `xml.sax.saxutils`, which imports `urllib.request`,
`http.client` and `email`. So the app asks a child Python for the modules
(`ui.widgets.qr`) and never imports this module; the command line, which ends after one
code, does.
"""

from __future__ import annotations

import sys

import segno


def qr_code(url: str) -> segno.QRCode:
    """The URL as a QR code a phone reads off the screen: segno picks the smallest size,
    with error correction M or better, so a glare on the glass does not stop it."""
    return segno.make(url, error="m", micro=False)


def module_rows(url: str) -> list[str]:
    """The code's rows from the top, quiet zone included: "1" a dark module, "0" a light."""
    return [
        "".join("1" if dark else "0" for dark in row) for row in qr_code(url).matrix_iter(border=4)
    ]


if __name__ == "__main__":
    print("\n".join(module_rows(sys.argv[1])))

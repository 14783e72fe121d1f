"""Draw docs/wiring.svg (and the build guide's table) from the pin table, so the pictures
cannot drift from the code.

Run `python -m hardware.wiring_svg docs/wiring.svg`; a test compares the committed file
with a fresh drawing.
"""

from __future__ import annotations

import sys
from html import escape

from hardware.pins import HEADER, WIRING, Wire

ROW = 22
TOP = 70
HEADER_X = 520  # odd pins; even pins one column to the right
PIN_GAP = 30
PART_X = 40
PART_W = 150
LANE_X = 250
LANE_GAP = 9
RIGHT_PART_X = 740

SIGNAL_COLOURS = {
    "3.3V": "#e67e22",
    "GND": "#222222",
    "SCK": "#d4ac0d",
    "MOSI": "#2e86c1",
    "MISO": "#8e44ad",
    "SDA": "#27ae60",
    "RST": "#7f8c8d",
}
FUNCTION_COLOURS = {"3V3": "#e67e22", "5V": "#c0392b", "GND": "#222222"}


def _pin_xy(pin: int) -> tuple[int, int]:
    row, column = (pin - 1) // 2, (pin - 1) % 2
    return HEADER_X + column * PIN_GAP, TOP + row * ROW


def _colour(wire: Wire) -> str:
    return SIGNAL_COLOURS.get(wire.signal, "#c0392b" if "+" in wire.signal else "#222222")


def _header() -> list[str]:
    x0, y0 = _pin_xy(1)
    shapes = [
        f'<rect x="{x0 - 14}" y="{y0 - 14}" width="{PIN_GAP + 28}" height="{20 * ROW + 6}" '
        'rx="4" fill="#1d1d1d"/>',
        f'<text x="{x0 + PIN_GAP // 2}" y="{y0 - 24}" text-anchor="middle" '
        'font-weight="bold">Pi 40-pin header</text>',
    ]
    for pin, function in HEADER.items():
        x, y = _pin_xy(pin)
        fill = FUNCTION_COLOURS.get(function, "#2ecc71" if function.startswith("GPIO") else "#999")
        shapes.append(f'<circle cx="{x}" cy="{y}" r="6" fill="{fill}"/>')
        anchor, dx = ("end", -20) if pin % 2 else ("start", 20)
        shapes.append(
            f'<text x="{x + dx}" y="{y + 4}" text-anchor="{anchor}" font-size="10">'
            f"{pin} {function}</text>"
        )
    return shapes


def _parts() -> list[str]:
    shapes: list[str] = []
    parts = list(dict.fromkeys(wire.part for wire in WIRING))
    next_y = {True: TOP, False: TOP}  # per side
    lane = 0
    for part in parts:
        wires = [wire for wire in WIRING if wire.part == part]
        on_left = part.startswith("RC522")
        y = next_y[on_left]
        x = PART_X if on_left else RIGHT_PART_X
        height = 24 + ROW * len(wires)
        shapes.append(
            f'<rect x="{x}" y="{y - 20}" width="{PART_W}" height="{height}" rx="6" '
            'fill="#eef3f8" stroke="#34495e"/>'
        )
        shapes.append(f'<text x="{x + 8}" y="{y - 4}" font-weight="bold">{escape(part)}</text>')
        for index, wire in enumerate(wires):
            wy = y + 12 + index * ROW
            colour = _colour(wire)
            px, py = _pin_xy(wire.header_pin)
            label_x, end_x = (x + 8, x + PART_W) if on_left else (x + PART_W - 8, x)
            anchor = "start" if on_left else "end"
            shapes.append(
                f'<text x="{label_x}" y="{wy + 4}" text-anchor="{anchor}" font-size="11">'
                f"{escape(wire.signal)}</text>"
            )
            bend = LANE_X + lane * LANE_GAP if on_left else RIGHT_PART_X - 20 - lane % 6 * 9
            points = f"{end_x},{wy} {bend},{wy} {bend},{py} {px},{py}"
            lane += 1
            shapes.append(
                f'<polyline points="{points}" fill="none" stroke="{colour}" '
                'stroke-width="2" stroke-opacity="0.85"/>'
            )
        next_y[on_left] = y + height + 24
    return shapes


def render() -> str:
    """The whole drawing as SVG text (deterministic: same table, same bytes)."""
    height = TOP + 20 * ROW + 90
    body = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="940" '
        f'height="{height}" viewBox="0 0 940 {height}" font-family="sans-serif" font-size="12">',
        '<rect width="100%" height="100%" fill="white"/>',
        '<text x="20" y="24" font-size="16" font-weight="bold">'
        "Table companion: RC522 readers, LED and buzzer on a Raspberry Pi</text>",
        *_header(),
        *_parts(),
        f'<text x="20" y="{height - 40}" fill="#c0392b" font-weight="bold">'
        "RC522 VCC goes to 3.3 V (pin 17 or 1), never 5 V. IRQ stays unconnected.</text>",
        f'<text x="20" y="{height - 20}" font-size="11">'
        "Generated from hardware/pins.py by python -m hardware.wiring_svg docs/wiring.svg</text>",
        "</svg>",
    ]
    return "\n".join(body) + "\n"


def markdown_table() -> str:
    """The wiring as the Markdown table docs/hardware.md carries (a test compares them)."""
    lines = ["| part | module pin | header pin | function | note |", "|---|---|---|---|---|"]
    for wire in WIRING:
        lines.append(
            f"| {wire.part} | {wire.signal} | {wire.header_pin} | "
            f"{HEADER[wire.header_pin]} | {wire.note} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m hardware.wiring_svg OUTPUT.svg", file=sys.stderr)
        return 2
    with open(args[0], "w", encoding="utf-8") as out:
        out.write(render())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

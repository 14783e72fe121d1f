"""Draw docs/wiring.svg (and the build guide's table) from the pin table, so the pictures
cannot drift from the code.

The drawing has no wires to follow. The 2x20 header sits in the middle as it is on the
board (pin 1 top left, odd pins left, even pins right), every pin with its number and
name; each pin the table uses gets a tag on its outer side naming what connects there.
Below, one box per device lists its own pins and the header pin each goes to. Colour
helps, text says everything.

Run `python -m hardware.wiring_svg docs/wiring.svg`; a test compares the committed file
with a fresh drawing. Same table, same bytes: nothing here depends on the clock, the
platform or dict order other than the table's own.
"""

from __future__ import annotations

import math
import sys
from html import escape

from hardware.pins import HEADER, UNUSED_RC522_PINS, WIRING, Wire

# The RC522 module's pins in the order the common blue board prints them on its strip.
RC522_BOARD_ORDER = ("SDA", "SCK", "MOSI", "MISO", "IRQ", "GND", "RST", "3.3V")
# SPI0's names for its GPIOs (Broadcom numbers), as pinout charts print them.
SPI0_NAMES = {7: "CE1", 8: "CE0", 9: "MISO", 10: "MOSI", 11: "SCLK"}

WIDTH = 1040
CX = WIDTH // 2
ROW = 24
HEADER_TOP = 192  # centre of the first row
PIN_GAP = 30  # between the odd and the even column
NUMBER_GAP = 22  # circle centre to the pin number
NAME_GAP = 50  # circle centre to the pin name
LABEL_TO_TAG = 14
MARGIN = 20

SIGNAL_COLOURS = {
    "3.3V": "#e67e22",
    "GND": "#222222",
    "-": "#222222",
    "SCK": "#b7950b",
    "MOSI": "#2e86c1",
    "MISO": "#8e44ad",
    "SDA": "#1e8449",
    "RST": "#5d6d7e",
}
PLUS_COLOURS = {"LED": "#c0392b", "Buzzer module": "#c2185b"}
FALLBACK_COLOUR = "#566573"
FUNCTION_FILLS = {"3V3": "#e67e22", "5V": "#c0392b", "GND": "#000000"}
GPIO_FILL = "#bdc3c7"
WARNING_RED = "#b03a2e"


# Layout helpers -----------------------------------------------------------------------


def text_width(text: str, size: int, bold: bool = False) -> int:
    """A generous estimate of the drawn width (DejaVu Sans is about 0.6 em a character)."""
    return math.ceil(len(text) * size * (0.68 if bold else 0.62))


def pin_xy(pin: int) -> tuple[int, int]:
    """Centre of a header pin: pin 1 top left, odd pins left column, even pins right."""
    row, column = (pin - 1) // 2, (pin - 1) % 2
    return CX - PIN_GAP // 2 + column * PIN_GAP, HEADER_TOP + row * ROW


def pin_name(pin: int) -> str:
    """What the header pin is: `GPIO8 (CE0)`, `GND`, `3V3`..."""
    function = HEADER[pin]
    gpio = _gpio(function)
    if gpio in SPI0_NAMES:
        return f"{function} ({SPI0_NAMES[gpio]})"
    return function


def _gpio(function: str) -> int | None:
    return int(function[4:]) if function.startswith("GPIO") else None


def _pin_detail(pin: int) -> str:
    """`GPIO8, CE0` for the legend's `-> pin 24 (GPIO8, CE0)`."""
    return pin_name(pin).replace(" (", ", ").rstrip(")")


def colour_of(wire: Wire) -> str:
    if "+" in wire.signal:
        return PLUS_COLOURS.get(wire.part, FALLBACK_COLOUR)
    return SIGNAL_COLOURS.get(wire.signal, FALLBACK_COLOUR)


def _tint(colour: str, keep: float = 0.16) -> str:
    """`colour` mixed with white (keep = share of the colour)."""
    channels = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(255 - (255 - c) * keep):02x}" for c in channels)


def joined_parts(parts: list[str]) -> str:
    """`RC522 #1`, `RC522 #2` -> `RC522 #1+#2`; unrelated parts -> `LED + Buzzer`."""
    if len(parts) == 1:
        return parts[0]
    heads = {part.rpartition(" ")[0] for part in parts}
    if len(heads) == 1 and "" not in heads:
        return f"{heads.pop()} " + "+".join(part.rpartition(" ")[2] for part in parts)
    return " + ".join(parts)


def tags() -> dict[int, tuple[str, str]]:
    """Header pin -> (tag text, colour) for every pin the table uses, in pin order."""
    by_pin: dict[int, dict[str, list[Wire]]] = {}
    for wire in WIRING:
        by_pin.setdefault(wire.header_pin, {}).setdefault(wire.signal, []).append(wire)
    result = {}
    for pin in sorted(by_pin):
        signals = by_pin[pin]
        text = " / ".join(
            f"{joined_parts(list(dict.fromkeys(w.part for w in wires)))} {signal}"
            for signal, wires in signals.items()
        )
        result[pin] = (text, colour_of(next(iter(signals.values()))[0]))
    return result


def keep_free_pins() -> list[int]:
    """The 5 V pins: nothing of ours goes there (the display's power wire may), and the
    drawing says so."""
    return [pin for pin, function in HEADER.items() if function == "5V"]


def shared_pins() -> list[int]:
    """Header pins that take a wire from more than one device (one jumper fits a pin)."""
    parts: dict[int, set[str]] = {}
    for wire in WIRING:
        parts.setdefault(wire.header_pin, set()).add(wire.part)
    return sorted(pin for pin, users in parts.items() if len(users) > 1)


TAG_H = 18
NAME_W = max(text_width(pin_name(pin), 12, bold=True) for pin in HEADER)
TAG_W = max(text_width(text, 12, bold=True) for text, _ in tags().values()) + 30


def tag_box(pin: int) -> tuple[int, int, int, int]:
    """(x, y, width, height) of the tag beside `pin`, on the pin's outer side."""
    x, y = pin_xy(pin)
    if pin % 2:
        return x - NAME_GAP - NAME_W - LABEL_TO_TAG - TAG_W, y - TAG_H // 2, TAG_W, TAG_H
    return x + NAME_GAP + NAME_W + LABEL_TO_TAG, y - TAG_H // 2, TAG_W, TAG_H


# Drawing ------------------------------------------------------------------------------


def _text(x: int, y: int, text: str, **attributes: str | int) -> str:
    attrs = "".join(
        f' {key.rstrip("_").replace("_", "-")}="{value}"' for key, value in attributes.items()
    )
    return f'<text x="{x}" y="{y}"{attrs}>{escape(text)}</text>'


def _warning() -> list[str]:
    supply_pins = " or ".join(
        str(pin) for pin in dict.fromkeys(w.header_pin for w in WIRING if w.signal == "3.3V")
    )
    unused = " and ".join(UNUSED_RC522_PINS)
    verb = "stays" if len(UNUSED_RC522_PINS) == 1 else "stay"
    five_volt = " and ".join(str(pin) for pin in keep_free_pins())
    return [
        f'<rect class="warning" x="{MARGIN}" y="54" width="{WIDTH - 2 * MARGIN}" height="62" '
        f'rx="6" fill="#fdedec" stroke="{WARNING_RED}" stroke-width="2.5"/>',
        _text(
            CX,
            80,
            f"RC522 VCC goes to 3.3 V (pin {supply_pins}), never 5 V. {unused} {verb} unconnected.",
            text_anchor="middle",
            font_size=17,
            font_weight="bold",
            fill=WARNING_RED,
        ),
        _text(
            CX,
            104,
            f"Pins {five_volt} carry 5 V: only the display's power wire goes there (black: pin 6). "
            "5 V on an RC522 can harm it and the Pi.",
            text_anchor="middle",
            font_size=13,
            fill=WARNING_RED,
        ),
    ]


def _header() -> list[str]:
    (left, top), (right, bottom) = pin_xy(1), pin_xy(40)
    shapes = [
        _text(
            CX,
            HEADER_TOP - 52,
            "Raspberry Pi 40-pin header, seen from above",
            text_anchor="middle",
            font_size=14,
            font_weight="bold",
        ),
        _text(
            CX,
            HEADER_TOP - 35,
            "Turn the Pi so the header runs down its right edge, USB ports at the bottom: "
            "pin 1 is top left (square solder pad).",
            text_anchor="middle",
            font_size=11,
            fill="#444",
        ),
        _text(left - 18, HEADER_TOP - 17, "odd pins", text_anchor="end", font_size=11),
        _text(right + 18, HEADER_TOP - 17, "even pins (board edge)", font_size=11),
        f'<rect class="header-body" x="{left - 14}" y="{top - 14}" '
        f'width="{right - left + 28}" height="{bottom - top + 28}" rx="4" fill="#1d1d1d"/>',
    ]
    used = tags()
    for pin in HEADER:
        x, y = pin_xy(pin)
        outward = -1 if pin % 2 else 1
        anchor = "end" if pin % 2 else "start"
        in_use = pin in used
        ink = {"fill": "#111", "font_weight": "bold"} if in_use else {"fill": "#888"}
        fill = FUNCTION_FILLS.get(HEADER[pin], GPIO_FILL)
        ring = ' stroke="#ffffff" stroke-width="2.5"' if in_use else ' stroke="#777"'
        shapes += [
            f'<g class="pin" data-pin="{pin}">',
            f'<circle cx="{x}" cy="{y}" r="{7 if in_use else 6}" fill="{fill}"{ring}/>',
            _text(x + outward * NUMBER_GAP, y + 4, str(pin), text_anchor=anchor, **ink),
            _text(x + outward * NAME_GAP, y + 4, pin_name(pin), text_anchor=anchor, **ink),
            "</g>",
        ]
    return shapes


def _tags() -> list[str]:
    shapes = []
    for pin, (text, colour) in tags().items():
        tx, ty, tw, th = tag_box(pin)
        x, y = pin_xy(pin)
        # a pale band from the tag to the pin, behind the pin's own labels: the eye
        # follows the row, nothing crosses it
        band_x0, band_x1 = (tx + tw, x) if pin % 2 else (x, tx)
        swatch_x = tx + tw - 14 if pin % 2 else tx + 4
        text_x = tx + 8 if pin % 2 else tx + 18
        shapes += [
            f'<rect class="band" x="{band_x0}" y="{ty + 2}" width="{band_x1 - band_x0}" '
            f'height="{th - 4}" fill="{_tint(colour, 0.10)}"/>',
            f'<g class="tag" data-pin="{pin}">',
            f'<rect class="tag-box" x="{tx}" y="{ty}" width="{tw}" height="{th}" rx="4" '
            f'fill="{_tint(colour)}" stroke="{colour}" stroke-width="2"/>',
            f'<rect x="{swatch_x}" y="{ty + 4}" width="10" height="{th - 8}" fill="{colour}"/>',
            _text(text_x, ty + 13, text, font_weight="bold", fill="#111"),
            "</g>",
        ]
    for pin in keep_free_pins():
        tx, ty, tw, th = tag_box(pin)
        text_x = tx + tw - 8 if pin % 2 else tx + 8
        shapes += [
            f'<g class="keep-free" data-pin="{pin}">',
            f'<rect x="{tx}" y="{ty}" width="{tw}" height="{th}" rx="4" fill="white" '
            f'stroke="{WARNING_RED}" stroke-width="1.5" stroke-dasharray="4 3"/>',
            _text(
                text_x,
                ty + 13,
                "5 V: display only",
                text_anchor="end" if pin % 2 else "start",
                fill=WARNING_RED,
            ),
            "</g>",
        ]
    return shapes  # drawn before the header, so the bands lie behind the pin labels


def _legend_lines(part: str) -> list[tuple[str, str, str, str]]:
    """(module pin, where it goes, note, colour) for one device, board order for RC522s."""
    wires = [wire for wire in WIRING if wire.part == part]
    lines = [
        (
            wire.signal,
            f"\u2192 pin {wire.header_pin} ({_pin_detail(wire.header_pin)})",
            wire.note,
            colour_of(wire),
        )
        for wire in wires
    ]
    if part.startswith("RC522"):
        lines += [(pin, "not connected", "", "") for pin in UNUSED_RC522_PINS]
        lines.sort(key=lambda line: RC522_BOARD_ORDER.index(line[0]))
    return lines


LEGEND_ROW = 22


def _legend_box(part: str, x: int, y: int, width: int) -> tuple[list[str], int]:
    lines = _legend_lines(part)
    height = 36 + LEGEND_ROW * len(lines)
    signal_w = max(text_width(signal, 12, bold=True) for signal, *_ in lines) + 12
    target_w = max(text_width(target, 12) for _, target, *_ in lines) + 16
    shapes = [
        f'<g class="legend" data-part="{escape(part)}">',
        f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="6" fill="#f7f9fb" '
        'stroke="#34495e"/>',
        _text(x + 12, y + 21, part, font_size=14, font_weight="bold"),
    ]
    for index, (signal, target, note, colour) in enumerate(lines):
        ly = y + 42 + index * LEGEND_ROW
        if colour:
            swatch = f'fill="{colour}"'
        else:
            swatch = 'fill="white" stroke="#888" stroke-dasharray="2 2"'
        shapes += [
            f'<rect x="{x + 12}" y="{ly - 10}" width="14" height="14" rx="2" {swatch}/>',
            _text(x + 34, ly + 2, signal, font_weight="bold", fill="#111" if colour else "#777"),
            _text(
                x + 34 + signal_w,
                ly + 2,
                target,
                class_="legend-line",
                data_signal=escape(signal),
                fill="#111" if colour else "#777",
            ),
        ]
        if note:
            shapes.append(
                _text(x + 34 + signal_w + target_w, ly + 2, note, font_size=11, fill="#555")
            )
    shapes.append("</g>")
    return shapes, height


def _legend(top: int) -> tuple[list[str], int]:
    """Device boxes two a row, in the table's order; returns the shapes and the bottom."""
    parts = list(dict.fromkeys(wire.part for wire in WIRING))
    width = (WIDTH - 2 * MARGIN - MARGIN) // 2
    shapes = [
        _text(
            MARGIN,
            top,
            "Each device's own pins, and where each one goes on the header",
            font_size=14,
            font_weight="bold",
        )
    ]
    y = top + 12
    for start in range(0, len(parts), 2):
        heights = []
        for column, part in enumerate(parts[start : start + 2]):
            box, height = _legend_box(part, MARGIN + column * (width + MARGIN), y, width)
            shapes += box
            heights.append(height)
        y += max(heights) + 14
    return shapes, y


def _board_note(top: int) -> tuple[list[str], int]:
    shared = shared_pins()
    order = " ".join(RC522_BOARD_ORDER)
    shapes = [
        _text(
            MARGIN,
            top + 14,
            f"RC522 pin order as printed on the common blue board, left to right: {order}",
            font_size=13,
            font_weight="bold",
        ),
        _text(
            MARGIN,
            top + 32,
            "Other boards order them differently: always go by the names printed on the board.",
            font_size=12,
        ),
    ]
    cell_w = 64
    for index, signal in enumerate(RC522_BOARD_ORDER):
        cx = MARGIN + index * (cell_w + 4)
        colour = SIGNAL_COLOURS.get(signal, "")
        style = (
            f'fill="{_tint(colour)}" stroke="{colour}" stroke-width="2"'
            if colour and signal not in UNUSED_RC522_PINS
            else 'fill="white" stroke="#888" stroke-dasharray="3 2"'
        )
        shapes += [
            f'<rect x="{cx}" y="{top + 44}" width="{cell_w}" height="24" rx="3" {style}/>',
            _text(cx + cell_w // 2, top + 61, signal, text_anchor="middle", font_weight="bold"),
        ]
        if signal in UNUSED_RC522_PINS:
            shapes.append(
                _text(
                    cx + cell_w // 2,
                    top + 82,
                    "not connected",
                    text_anchor="middle",
                    font_size=10,
                    fill="#777",
                )
            )
    y = top + 104
    if shared:
        pins = " and ".join(filter(None, (", ".join(map(str, shared[:-1])), str(shared[-1]))))
        shapes += (
            _text(
                MARGIN,
                y,
                f"Pins {pins} each take a wire from every device named on their tag.",
                font_weight="bold",
            ),
            _text(
                MARGIN,
                y + 18,
                "One header pin holds one jumper: join those wires on a breadboard "
                "or use a Y (splitter) jumper.",
            ),
        )
        y += 38
    return shapes, y


def render() -> str:
    """The whole drawing as SVG text (deterministic: same table, same bytes)."""
    legend, legend_bottom = _legend(pin_xy(40)[1] + 54)
    notes, notes_bottom = _board_note(legend_bottom + 4)
    height = notes_bottom + 30
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Verdana, sans-serif" '
        'font-size="12">',
        '<rect width="100%" height="100%" fill="white"/>',
        _text(
            MARGIN,
            36,
            "Table companion: wiring two RC522 readers, an LED and a buzzer to a Raspberry Pi",
            font_size=18,
            font_weight="bold",
        ),
        *_warning(),
        *_tags(),
        *_header(),
        *legend,
        *notes,
        _text(
            MARGIN,
            height - 12,
            "Generated from hardware/pins.py by python -m hardware.wiring_svg docs/wiring.svg",
            font_size=10,
            fill="#666",
        ),
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
    with open(args[0], "w", encoding="utf-8", newline="\n") as out:
        out.write(render())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

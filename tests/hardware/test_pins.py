import re
from pathlib import Path
from xml.etree import ElementTree

from gpiozero.pins.mock import MockFactory

from hardware import pins, wiring_svg
from hardware.pins import HEADER, UNUSED_RC522_PINS, WIRING, header_pin_of

COMMITTED_SVG = Path(__file__).parents[2] / "docs" / "wiring.svg"
SVG = "{http://www.w3.org/2000/svg}"


def test_header_table_agrees_with_gpiozeros_board_map():
    factory = MockFactory()
    for physical, function in HEADER.items():
        if function.startswith("GPIO"):
            assert factory.pin(int(function[4:])).info.number == physical, function


def test_reader_wiring_matches_the_spi0_pins():
    first = {w.signal: w for w in WIRING if w.part == pins.READER_1}
    assert {s: first[s].gpio for s in ("SDA", "SCK", "MOSI", "MISO", "RST")} == {
        "SDA": 8,
        "SCK": 11,
        "MOSI": 10,
        "MISO": 9,
        "RST": pins.RC522_RST_GPIO,
    }
    assert (first["SDA"].header_pin, first["RST"].header_pin) == (24, 22)
    second = {w.signal: w for w in WIRING if w.part == pins.READER_2}
    assert (second["SDA"].header_pin, second["SDA"].gpio) == (26, 7)
    assert second["RST"].gpio == pins.SECOND_RC522_RST_GPIO != pins.RC522_RST_GPIO
    for shared in ("SCK", "MOSI", "MISO"):
        assert second[shared].header_pin == first[shared].header_pin


def test_no_wire_goes_to_5v_and_every_supply_is_3v3_or_gnd():
    for wire in WIRING:
        assert HEADER[wire.header_pin] != "5V", wire
        if wire.signal == "3.3V":
            assert HEADER[wire.header_pin] == "3V3"
        if wire.signal in ("GND", "-"):
            assert HEADER[wire.header_pin] == "GND"


def test_no_two_signals_share_a_gpio_unless_they_are_the_shared_bus():
    owners = {}
    for wire in WIRING:
        if wire.gpio is not None:
            owners.setdefault(wire.gpio, set()).add(wire.signal)
    assert all(len(signals) == 1 for signals in owners.values()), owners


def test_header_pin_of_refuses_gpios_off_the_header():
    assert header_pin_of(pins.LED_GPIO) == 11
    try:
        header_pin_of(30)
    except ValueError as err:
        assert "GPIO30 is not on the 40-pin header" in str(err)
    else:
        raise AssertionError("GPIO30 accepted")


def test_committed_svg_is_the_generated_one(tmp_path):
    assert wiring_svg.main([str(tmp_path / "w.svg")]) == 0
    fresh = (tmp_path / "w.svg").read_text(encoding="utf-8")
    assert COMMITTED_SVG.read_text(encoding="utf-8") == fresh, (
        "docs/wiring.svg is stale: run python -m hardware.wiring_svg docs/wiring.svg"
    )
    assert wiring_svg.render() == fresh  # deterministic


def _svg():
    return ElementTree.fromstring(wiring_svg.render())


def _groups(root, cls):
    return {g.get("data-pin"): g for g in root.iter(f"{SVG}g") if g.get("class") == cls}


def _texts(element):
    return [t.text for t in element.iter(f"{SVG}text")]


def _parts_named(tag_text):
    """'RC522 #1+#2 SCK' -> {'RC522 #1', 'RC522 #2'}; 'LED + (via 330 ohm)' -> {'LED'}."""
    named = set()
    for part in {w.part for w in WIRING}:
        head, _, tail = part.rpartition(" ")
        if re.search(rf"(^|\W){re.escape(part)}(\W|$)", tag_text) or re.search(
            rf"{re.escape(head)} (#\d+\+)*{re.escape(tail)}(\+|\s)", tag_text
        ):
            named.add(part)
    return named


def test_every_used_pin_has_a_tag_naming_its_devices_and_signals():
    tags = _groups(_svg(), "tag")
    assert set(tags) == {str(w.header_pin) for w in WIRING}
    for pin, group in tags.items():
        (text,) = _texts(group)
        wires = [w for w in WIRING if str(w.header_pin) == pin]
        assert _parts_named(text) == {w.part for w in wires}, (pin, text)
        for wire in wires:
            assert wire.signal in text, (pin, text)
    assert _texts(tags["23"]) == ["RC522 #1+#2 SCK"]
    assert _texts(tags["24"]) == ["RC522 #1 SDA"]


def test_every_header_pin_is_drawn_with_its_number_and_name():
    pins_drawn = _groups(_svg(), "pin")
    assert sorted(pins_drawn, key=int) == [str(p) for p in range(1, 41)]
    for pin, group in pins_drawn.items():
        assert len(list(group.iter(f"{SVG}circle"))) == 1
        number, name = _texts(group)
        assert number == pin and name.split(" ")[0] == HEADER[int(pin)]


def test_header_is_in_its_real_orientation():
    x1, y1 = wiring_svg.pin_xy(1)
    x2, y2 = wiring_svg.pin_xy(2)
    x39, y39 = wiring_svg.pin_xy(39)
    assert x1 < x2 and y1 == y2 and x39 == x1 and y39 > y1
    for pin in HEADER:  # tags on the outside: odd pins left, even pins right
        x, _ = wiring_svg.pin_xy(pin)
        tx, _, tw, _ = wiring_svg.tag_box(pin)
        assert (tx + tw < x) if pin % 2 else (tx > x)


def test_nothing_crosses_no_wires_and_no_overlapping_labels():
    root = _svg()
    assert not [e for e in root.iter() if e.tag in (f"{SVG}line", f"{SVG}polyline", f"{SVG}path")]
    boxes = []
    for pin in HEADER:  # each pin's number and name, as the generator lays them out
        x, y = wiring_svg.pin_xy(pin)
        width = wiring_svg.NAME_GAP + wiring_svg.text_width(wiring_svg.pin_name(pin), 12, True)
        left = x - width if pin % 2 else x
        boxes.append((f"label {pin}", left, y - 9, width, 18))
    for group in _groups(root, "tag").values():
        (rect,) = [r for r in group.iter(f"{SVG}rect") if r.get("class") == "tag-box"]
        box = tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))
        boxes.append((f"tag {group.get('data-pin')}", *box))
    for pin in HEADER:
        if HEADER[pin] == "5V":
            boxes.append((f"keep-free {pin}", *wiring_svg.tag_box(pin)))
    body = next(r for r in root.iter(f"{SVG}rect") if r.get("class") == "header-body")
    body_bottom = float(body.get("y")) + float(body.get("height"))
    legend_tops = [
        float(next(g.iter(f"{SVG}rect")).get("y"))
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "legend"
    ]
    assert min(legend_tops) > body_bottom
    for name, x, _y, w, _h in boxes:
        assert 0 <= x and x + w <= wiring_svg.WIDTH, name
    for i, (a, ax, ay, aw, ah) in enumerate(boxes):
        for b, bx, by, bw, bh in boxes[i + 1 :]:
            overlap = ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah
            assert not overlap, (a, b)


def test_every_text_fits_inside_the_drawing():
    root = _svg()
    for text in root.iter(f"{SVG}text"):
        size = int(text.get("font-size", 12))
        width = wiring_svg.text_width(text.text, size, text.get("font-weight") == "bold")
        x = float(text.get("x"))
        left = {"end": x - width, "middle": x - width / 2}.get(text.get("text-anchor"), x)
        assert 0 <= left and left + width <= wiring_svg.WIDTH, text.text


def test_legend_lists_every_wire_and_the_unconnected_irq():
    root = _svg()
    legends = {g.get("data-part"): g for g in root.iter(f"{SVG}g") if g.get("class") == "legend"}
    assert list(legends) == list(dict.fromkeys(w.part for w in WIRING))
    for wire in WIRING:
        texts = _texts(legends[wire.part])
        target = f"\u2192 pin {wire.header_pin} ({HEADER[wire.header_pin]}"
        assert any(t.startswith(target) for t in texts), (wire, texts)
    reader = _texts(legends[pins.READER_1])
    assert "\u2192 pin 24 (GPIO8, CE0)" in reader
    for unused in UNUSED_RC522_PINS:
        assert reader[reader.index(unused) + 1] == "not connected"
    signals = [t for t in reader if t in wiring_svg.RC522_BOARD_ORDER]
    assert signals == list(wiring_svg.RC522_BOARD_ORDER)  # listed in board order


def test_rc522_board_order_covers_the_module_and_spi_names_match():
    reader_signals = {w.signal for w in WIRING if w.part.startswith("RC522")}
    assert set(wiring_svg.RC522_BOARD_ORDER) == reader_signals | set(UNUSED_RC522_PINS)
    spi_name = {"SCK": "SCLK", "MOSI": "MOSI", "MISO": "MISO"}
    for wire in WIRING:
        if wire.signal in spi_name:
            assert wiring_svg.SPI0_NAMES[wire.gpio] == spi_name[wire.signal], wire
        if wire.signal == "SDA":
            assert wiring_svg.SPI0_NAMES[wire.gpio].startswith("CE"), wire


def test_svg_warns_and_sends_nothing_to_5v():
    svg = wiring_svg.render()
    root = _svg()
    assert "RC522 VCC goes to 3.3 V (pin 17 or 1), never 5 V. IRQ stays unconnected." in svg
    assert "SDA SCK MOSI MISO IRQ GND RST 3.3V" in svg
    five_volt = {str(p) for p, f in HEADER.items() if f == "5V"}
    assert five_volt and not five_volt & set(_groups(root, "tag"))
    assert set(_groups(root, "keep-free")) == five_volt


def test_build_guide_carries_the_generated_wiring_table():
    guide = (COMMITTED_SVG.parent / "hardware.md").read_text()
    assert wiring_svg.markdown_table() in guide
    assert "![Wiring diagram](wiring.svg)" in guide


def test_build_guide_prose_names_the_pins_of_the_table():
    guide = " ".join((COMMITTED_SVG.parent / "hardware.md").read_text().split())
    wiring = guide[guide.index("## Wiring") : guide.index("## Pi set-up")]
    second = {w.signal: w for w in WIRING if w.part == pins.READER_2}
    bus = ", ".join(str(second[s].header_pin) for s in ("SCK", "MOSI"))
    expected = [
        f"(pins {bus} and {second['MISO'].header_pin})",
        f"pins of its own ({second['3.3V'].header_pin} and {second['GND'].header_pin})",
        f"(CE1, pin {second['SDA'].header_pin})",
        f"(GPIO{pins.SECOND_RC522_RST_GPIO}, pin {second['RST'].header_pin})",
        f"defaults are GPIO{pins.LED_GPIO} (LED) and GPIO{pins.BUZZER_GPIO} (buzzer)",
        f"rc522://spi0.0?rst={pins.RC522_RST_GPIO}",
        f"rc522://spi0.1?rst={pins.SECOND_RC522_RST_GPIO}",
        "Pins {} are 5 V".format(" and ".join(str(p) for p, f in HEADER.items() if f == "5V")),
        " ".join(wiring_svg.RC522_BOARD_ORDER),
    ]
    for phrase in expected:
        assert phrase in wiring, phrase


def test_the_buzzer_takes_its_current_from_a_supply_pin_never_from_a_gpio():
    """A GPIO pin should give a few mA; a buzzer draws 20-30 (issue 24): the GPIO only
    signals a module (its own transistor switches the buzzer), whose + is on 3.3 V."""
    buzzer = {w.signal: w for w in WIRING if w.part.startswith("Buzzer")}
    assert buzzer["S"].gpio == pins.BUZZER_GPIO
    assert HEADER[buzzer["+"].header_pin] == "3V3" and HEADER[buzzer["-"].header_pin] == "GND"
    guide = " ".join((COMMITTED_SVG.parent / "hardware.md").read_text().split())
    assert "high-level trigger" in guide and "NPN transistor" in guide


def test_the_5v_pins_are_left_to_the_displays_power_wire_as_the_docs_say():
    svg = wiring_svg.render()
    assert "only the display&#x27;s power wire goes there (black: pin 6)" in svg
    assert svg.count("5 V: display only") == len(wiring_svg.keep_free_pins())
    assert "nothing connects there" not in svg  # it said so while the docs put the display there
    evening = " ".join((COMMITTED_SVG.parent / "first-evening.md").read_text().split())
    assert "power from pins 2 or 4 (5 V) and 6 (GND)" in evening

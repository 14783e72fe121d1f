"""Every text a player can see: inside its widget and the window, whole, clear of other
texts and controls, and large enough to read from a seat (docs/ui.md, "The layout audit").

A label's ink is where its glyphs are: Kivy centres the texture in the widget, and the text
sits in the texture by its padding, halign and valign. Overlaps are measured between inks,
not widget boxes, so two labels whose boxes touch but whose words do not are no finding.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from kivy.core.text import Label as CoreLabel
from kivy.core.text.markup import MarkupLabel
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput
from kivy.uix.vkeyboard import VKeyboard
from kivy.uix.widget import Widget

from tests.ui.audit.tree import (
    Finding,
    Rect,
    ancestors,
    clip,
    ident,
    in_draw_order,
    in_sight,
    inside,
    intersect,
    opaque,
    path,
    plain,
    rect,
    scrolled,
    shown,
    window_rect,
)

BODY, NAME, PROMPT = 20, 28, 30  # px at 800x480: the least a player reads from a seat
TARGET = 48  # px: the least a fingertip hits
SLACK = 2  # px an overlap must exceed: anti-aliased edges touch
SIZE = re.compile(r"\[size=(\d+(?:\.\d+)?)(?:sp|dp|px)?\]|\[/size\]")
TAG = re.compile(r"\[/?[a-z_]+(?:=[^\]]*)?\]")
FIGURE_IDS = ("key_figure", "total", "totals", "score")


@dataclass
class Context:
    """What the audit is told about the state: players' names, the prompt's widget, the
    widgets that must never be covered."""

    names: frozenset[str] = frozenset()
    prompt: tuple[Widget, ...] = ()
    must_show: tuple[Widget, ...] = ()
    figures: tuple[Widget, ...] = field(default_factory=tuple)


def ink(label: Label) -> Rect | None:
    """Where the label's glyphs are drawn (window pixels, after the soft-keyboard pan)."""
    tw, th = label.texture_size
    core = label._label
    if tw <= 0 or th <= 0 or core is None:
        return None
    left, bottom, right, top = rect(label)
    cx, cy = (left + right) / 2, (bottom + top) / 2
    tx, ty = cx - tw / 2, cy - th / 2
    pl, pt, pr, pb = label.padding  # Kivy 2.3: left, top, right, bottom
    cw, ch = min(core.content_width, tw), min(core.content_height, th)
    inner = (tx + pl, ty + pb, tx + tw - pr, ty + th - pt)
    halign = label.halign if label.text_size[0] is not None else "center"
    if halign in ("left", "justify", "auto"):
        x = inner[0]
    elif halign == "right":
        x = inner[2] - cw
    else:
        x = (inner[0] + inner[2] - cw) / 2
    if label.text_size[1] is None or label.valign == "middle":
        y = (inner[1] + inner[3] - ch) / 2
    elif label.valign == "top":
        y = inner[3] - ch
    else:
        y = inner[1]
    return x, y, x + cw, y + ch


def sizes(label: Widget) -> list[tuple[str, float]]:
    """(words, font size in px) for each run of the text: markup [size=] runs have theirs."""
    if not (isinstance(label, Label) and label.markup):
        return [(plain(label), float(label.font_size))]
    runs, stack, at = [], [float(label.font_size)], 0
    text = label.text
    for match in SIZE.finditer(text):
        runs.append((TAG.sub("", text[at : match.start()]), stack[-1]))
        if match.group(1):
            stack.append(float(match.group(1)))
        elif len(stack) > 1:
            stack.pop()
        at = match.end()
    runs.append((TAG.sub("", text[at:]), stack[-1]))
    return [(words.strip(), size) for words, size in runs if words.strip()]


def role(label: Widget, context: Context) -> str:
    if label in context.prompt:
        return "prompt"
    if label in context.figures:
        return "figure"
    text = plain(label).lstrip("> ").strip()
    if text and text in context.names and not isinstance(label, ButtonBehavior):
        return "name"  # a name on a button is the button's words: body text
    name = ident(label)
    if name == "prompt":
        return "prompt"
    if any(name.startswith(f) for f in FIGURE_IDS):
        return "figure"
    return "body"


@cache
def _measure(text: str, font_size: float, font_name: str, bold: bool, line_height: float,
             width: float | None, markup: bool) -> tuple[int, int]:  # fmt: skip
    cls = MarkupLabel if markup else CoreLabel
    core = cls(text=text, font_size=font_size, font_name=font_name, bold=bold,
               line_height=line_height, text_size=(width, None), padding=0)  # fmt: skip
    core.refresh()
    return core.content_width, core.content_height


def cut(label: Label) -> str:
    """Why the label does not show all its words, or "" when it does."""
    width = label.text_size[0]
    if not label.text or width is None or width <= 0:
        return ""
    room = max(width - label.padding[0] - label.padding[2], 1)
    key = (float(label.font_size), str(label.font_name), bool(label.bold), label.line_height)
    if label.shorten:
        one_line = _measure(label.text, *key, None, label.markup)[0]
        return "shortened with an ellipsis" if one_line > room + 1 else ""
    full = _measure(label.text, *key, room, label.markup)[1]
    if full > label._label.content_height + 1:
        return f"{full - label._label.content_height} px of its lines are not drawn"
    longest = max(plain(label).split(), key=len, default="")
    if longest and _measure(longest, *key, None, False)[0] > room + 1:
        return f"the word {longest!r} is broken across lines"
    return ""


def check_texts(state: str, context: Context) -> list[Finding]:
    findings: list[Finding] = []
    order = in_draw_order()
    rank = {w: i for i, w in enumerate(order)}
    covers = [w for w in order if opaque(w) and shown(w)]
    seen: list[tuple[Widget, Rect]] = []
    for widget in order:
        if not in_sight(widget):
            continue
        if isinstance(widget, Label) and shown(widget) and plain(widget):
            where = _visible_ink(widget, covers, rank)
            if where is None:
                continue
            findings += _one_text(state, widget, where, context)
            seen.append((widget, where))
            partly = _partly_covered(widget, where, covers, rank)
            if partly is not None:
                findings.append(
                    Finding(state, "overlap", path(widget), f"partly drawn over by {path(partly)}")
                )
        elif isinstance(widget, TextInput) and shown(widget):
            findings += _font(state, widget, context)
    findings += _overlaps(state, seen, order, covers, rank)
    return findings


def _visible_ink(label: Label, covers: list[Widget], rank: dict) -> Rect | None:
    box = ink(label)
    if box is None:
        return None
    seen = intersect(box, clip(label))
    if seen is None:
        return None  # scrolled out of sight
    for cover in covers:
        if (
            rank[cover] > rank[label]
            and cover not in ancestors(label)
            and inside(box, shown_part(cover) or (0, 0, 0, 0), 0)
        ):
            return None  # wholly under a cover or popup: not seen
    return seen


def shown_part(cover: Widget) -> Rect | None:
    """What of a solid widget is drawn: a scrolled one is cut by its view."""
    return intersect(rect(cover), clip(cover))


def _partly_covered(label: Label, box: Rect, covers: list[Widget], rank: dict) -> Widget | None:
    for cover in covers:
        if rank[cover] <= rank[label] or cover in ancestors(label) or isinstance(cover, VKeyboard):
            continue
        seen = shown_part(cover)
        hit = intersect(box, seen) if seen else None
        if hit and hit[2] - hit[0] > SLACK and hit[3] - hit[1] > SLACK:
            return cover
    return None


def _one_text(state: str, label: Label, box: Rect, context: Context) -> list[Finding]:
    found = []
    where = path(label)
    whole = ink(label)
    if not scrolled(label) and not inside(whole, window_rect()):
        found.append(Finding(state, "text-off-window", where, "its text runs off the window"))
    tw, th = label.texture_size
    if tw > label.width + 1 or th > label.height + 1:
        found.append(Finding(state, "text-outside-widget", where,
                             f"text {tw:.0f}x{th:.0f} px in a {label.width:.0f}x{label.height:.0f} widget"))  # fmt: skip
    why = cut(label)
    if why and not (why.startswith("shortened") and role(label, context) == "body"):
        found.append(Finding(state, "text-cut", where, why))
    return found + _font(state, label, context)


def _font(state: str, widget: Widget, context: Context) -> list[Finding]:
    kind = role(widget, context)
    least = {"prompt": PROMPT, "name": NAME}.get(kind, BODY)
    small = []
    for words, size in sizes(widget):
        need = NAME if kind == "figure" and any(c.isdigit() for c in words) else least
        if size < need - 0.5:
            small.append(f"{words[:24]!r} at {size:.0f} px (a {kind} needs {need})")
    if not small:
        return []
    return [Finding(state, "text-size", path(widget), "; ".join(small[:2]))]


def _apart(lower: Widget, upper: Widget, covers: list[Widget], rank: dict) -> bool:
    """A solid panel lies between the two: the upper one is on it, the lower one under it
    (what of the lower one shows is the panel's finding, "partly drawn over")."""
    if rank[lower] > rank[upper]:
        lower, upper = upper, lower
    lifted = (upper, *ancestors(upper))
    return any(
        rank[lower] < rank[c] <= rank[upper] and c in lifted and c not in ancestors(lower)
        for c in covers
    )


def _overlaps(state: str, seen: list[tuple[Widget, Rect]], order: list[Widget],
              covers: list[Widget], rank: dict) -> list[Finding]:  # fmt: skip
    found = []
    for i, (one, a) in enumerate(seen):
        for other, b in seen[i + 1 :]:
            hit = intersect(a, b)
            if not (hit and hit[2] - hit[0] > SLACK and hit[3] - hit[1] > SLACK):
                continue
            if (
                other in ancestors(one)
                or one in ancestors(other)
                or _apart(one, other, covers, rank)
            ):
                continue
            found.append(
                Finding(state, "overlap", path(other), f"its text is drawn over {path(one)}'s")
            )
    controls = [  # a composite control's area is not all drawn: only its texts count
        w for w in order
        if isinstance(w, ButtonBehavior | TextInput) and shown(w)
        and (isinstance(w, Label | TextInput) or opaque(w))
    ]  # fmt: skip
    boxes = [(c, intersect(rect(c), clip(c))) for c in controls]
    for label, a in seen:
        for control, box in boxes:
            hit = intersect(a, box) if box else None
            if not (hit and hit[2] - hit[0] > SLACK and hit[3] - hit[1] > SLACK):
                continue
            if control is label or control in ancestors(label) or label in ancestors(control):
                continue
            if not _apart(label, control, covers, rank):
                found.append(
                    Finding(state, "overlap", path(label), f"its text lies on {path(control)}")
                )
    return found


def check_targets(state: str, controls: list[Widget]) -> list[Finding]:
    found = []
    for control in controls:
        if isinstance(control, VKeyboard):
            continue
        left, bottom, right, top = rect(control)
        if right - left < TARGET - 0.5 or top - bottom < TARGET - 0.5:
            found.append(Finding(state, "target-size", path(control),
                                 f"{right - left:.0f}x{top - bottom:.0f} px (a fingertip needs {TARGET})"))  # fmt: skip
    return found

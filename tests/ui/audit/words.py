"""Words players should never read: what the code calls things, not what players do.

A uid is allowed where the sentence is about the tag itself ("Unknown sticker 04A1..."),
and in Decks, which lists stickers: that is how a player finds the sticker; anywhere else
it stands where a name should be.
"""

from __future__ import annotations

import re
from functools import cache

from kivy.uix.label import Label
from kivy.uix.textinput import TextInput

from tests.ui.audit.tree import Finding, ancestors, in_draw_order, in_sight, path, plain, shown

SCRIPT_WORDS = "attack build dealt diamond die discard done gem island keep pass player sell take"


@cache
def patterns() -> dict[str, re.Pattern[str]]:
    from companion.games import definitions

    slugs = "|".join(re.escape(d.name) for d in definitions() if "-" in d.name or d.name.islower())
    return {
        "a game's internal name": re.compile(rf"(?<![\w/.-])(?:{slugs})(?![\w-])"),
        "a ruling's code": re.compile(r"(?<![\w-])[BMWP]\d{1,2}\b"),
        "a script's option word": re.compile(rf"\btap (?:{'|'.join(SCRIPT_WORDS.split())})\b"),
        "a command-line flag": re.compile(r"(?<![\w-])--[a-z][a-z-]+"),
        "a chip register's name": re.compile(r"\b[A-Z][A-Za-z]*Reg\b|\b0x[0-9A-Fa-f]{2}\b"),
        "a Python repr": re.compile(r"object at 0x|<class '|\[\'|\{\'|Traceback|\b[A-Z]\w*Error\b"),
        "a checkbox drawn in text": re.compile(r"\[[ xX]\]"),
        "a raw tag uid": re.compile(r"\b04[0-9A-F]{12}\b"),
    }


def about_a_tag(text: str) -> bool:
    return bool(re.search(r"sticker|tag|uid|card .* not in|unknown", text, re.IGNORECASE))


def identifiers(text: str, stickers: bool = False) -> list[str]:
    """What in `text` is an internal identifier, each as 'what: the words'."""
    found = []
    for what, pattern in patterns().items():
        match = pattern.search(text)
        if match and not (what == "a raw tag uid" and (stickers or about_a_tag(text))):
            found.append(f"{what}: {match.group(0)!r}")
    return found


def check_words(state: str) -> list[Finding]:
    findings = []
    for widget in in_draw_order():
        if not isinstance(widget, Label | TextInput) or not shown(widget) or not in_sight(widget):
            continue
        if isinstance(widget, TextInput) and widget.text:
            continue  # what a player typed is theirs
        stickers = any(type(a).__name__ == "DecksScreen" for a in ancestors(widget))
        for found in identifiers(plain(widget), stickers):
            findings.append(Finding(state, "identifier", path(widget), found))
    return findings

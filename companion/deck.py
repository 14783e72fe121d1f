"""Decks: the enrolled components of one physical copy of a game, and their TOML files.

Errors name the file and line, because the person fixing a deck file is holding a sticker
and a text editor, not a debugger.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from companion.component import Component
from companion.textfile import clip, read_text
from companion.uids import canonical_uid


class DeckError(ValueError):
    """A deck file that cannot be used; the message is one line naming where."""


@dataclass
class Deck:
    game: str
    name: str
    components: dict[str, Component] = field(default_factory=dict)

    def get(self, uid: str) -> Component | None:
        return self.components.get(uid)

    def __iter__(self) -> Iterator[Component]:
        return iter(self.components.values())

    def __len__(self) -> int:
        return len(self.components)

    def add(self, component: Component) -> None:
        existing = self.components.get(component.uid)
        if existing is not None and existing != component:
            raise DeckError(f"tag {component.uid} is already enrolled as the {existing.label}")
        self.components[component.uid] = component

    def remove(self, uid: str) -> None:
        self.components.pop(uid, None)

    def counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for component in self:
            counts[component.kind] = counts.get(component.kind, 0) + 1
        return counts

    def to_toml(self) -> str:
        """The deck file, written by a TOML writer that quotes and escapes every name and
        value, so whatever a deck holds it parses back to the same deck and nothing more."""
        components = [component.to_toml_fields() for component in self]
        return tomli_w.dumps({"game": self.game, "name": self.name, "component": components})


_COMPONENT_HEADER = re.compile(r"^\s*\[\[\s*component\s*\]\]")
_COMPONENT_KEY = re.compile(r"^\s*component\s*=")


def make_component(game: str, fields: Mapping[str, Any]) -> Component:
    """Check one component's fields against its game's schema; ValueError names the field.

    Attributes the schema does not know are kept as they are (an owner's own notes)."""
    from companion.games import definition

    info = definition(game)
    data = dict(fields)
    if "uid" not in data:
        raise ValueError("missing 'uid'")
    uid = canonical_uid(str(data.pop("uid")))
    kind_name = data.pop("kind", None)
    if not isinstance(kind_name, str):
        raise ValueError("missing 'kind'")
    kind = info.kind(kind_name)
    if info.kinds is None:
        return Component(uid, kind_name, data, kind_name.replace("-", " "))
    if kind is None:
        names = ", ".join(info.kind_names())
        raise ValueError(f"kind {kind_name!r} is not a {info.title} kind ({names})")
    attrs = {}
    for attribute in kind.attributes:
        if attribute.name in kind.fixed:
            value = data.pop(attribute.name, kind.fixed[attribute.name])
        elif attribute.name in data:
            value = data.pop(attribute.name)
        elif attribute.word:
            continue  # a word the card may not show (a teapot with no pattern)
        else:
            raise ValueError(f"missing '{attribute.name}' ({attribute.question.lower()})")
        attrs[attribute.name] = attribute.check(value)
    attrs.update(data)
    return Component(uid, kind.name, attrs, kind.describe(attrs))


def parse_deck(text: str, source: str = "deck") -> Deck:
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as err:
        raise DeckError(f"{source}: not valid TOML: {clip(str(err))}") from None
    except RecursionError:
        raise DeckError(f"{source}: not a deck file (nested too deeply)") from None
    game = data.get("game")
    if not isinstance(game, str):
        raise DeckError(f'{source}:1: missing game = "..." at the top')
    from companion.games import definition

    try:
        definition(game)
    except ValueError as err:
        raise DeckError(f"{source}: {clip(str(err))}") from None
    deck = Deck(game, str(data.get("name", Path(source).stem)))
    lines = text.splitlines()
    headers = [n for n, line in enumerate(lines, start=1) if _COMPONENT_HEADER.match(line)]
    # `component = [...]` (inline) has no header lines: its errors point at the key's line.
    key = next((n for n, line in enumerate(lines, 1) if _COMPONENT_KEY.match(line)), 1)
    entries = data.get("component", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise DeckError(f"{source}:{key}: components must be written as [[component]] tables")
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        line = headers[index] if len(headers) == len(entries) else key
        where = f"{source}:{line}"
        try:
            component = make_component(game, entry)
        except ValueError as err:
            raise DeckError(f"{where}: component {index + 1}: {clip(str(err))}") from None
        if component.uid in seen:
            raise DeckError(
                f"{where}: tag {component.uid} is listed twice (first at line {seen[component.uid]})"
            )
        seen[component.uid] = line
        deck.components[component.uid] = component
    return deck


def load_deck(path: str | Path) -> Deck:
    path = Path(path)
    try:
        text = read_text(path, "deck file")
    except OSError as err:
        raise DeckError(f"cannot read deck file {path}: {err.strerror}") from None
    except ValueError as err:
        raise DeckError(str(err)) from None
    return parse_deck(text, str(path))

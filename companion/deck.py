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

from companion.uids import canonical_uid


class DeckError(ValueError):
    """A deck file that cannot be used; the message is one line naming where."""


@dataclass(frozen=True)
class Component:
    """A tagged thing of one game: its kind and the attributes its game's schema gives it.

    `label` is what players call it ("wave cup"), made by the game's definition when the
    component is checked, so every screen and message names it the same way."""

    uid: str
    kind: str
    attrs: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""

    def get(self, name: str, default: Any = None) -> Any:
        return self.attrs.get(name, default)

    def to_toml_fields(self) -> dict[str, Any]:
        return {"uid": self.uid, "kind": self.kind, **self.attrs}


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
        lines = [f"game = {_toml_str(self.game)}", f"name = {_toml_str(self.name)}"]
        for component in self:
            lines += ["", "[[component]]"]
            for key, value in component.to_toml_fields().items():
                lines.append(f"{key} = {_toml_value(value)}")
        return "\n".join(lines) + "\n"


def _toml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    return _toml_str(str(value))


_COMPONENT_HEADER = re.compile(r"^\s*\[\[\s*component\s*\]\]")


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
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DeckError(f"{source}: not valid TOML: {err}") from None
    game = data.get("game")
    if not isinstance(game, str):
        raise DeckError(f'{source}:1: missing game = "..." at the top')
    from companion.games import definition

    try:
        definition(game)
    except ValueError as err:
        raise DeckError(f"{source}: {err}") from None
    deck = Deck(game, str(data.get("name", Path(source).stem)))
    header_lines = [
        n for n, line in enumerate(text.splitlines(), start=1) if _COMPONENT_HEADER.match(line)
    ]
    entries = data.get("component", [])
    if not isinstance(entries, list):
        raise DeckError(f"{source}: components must be written as [[component]] tables")
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        line = header_lines[index] if index < len(header_lines) else 0
        where = f"{source}:{line}"
        try:
            component = make_component(game, entry)
        except ValueError as err:
            raise DeckError(f"{where}: component {index + 1}: {err}") from None
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
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise DeckError(f"cannot read deck file {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise DeckError(f"{path}: not a text file") from None
    return parse_deck(text, str(path))

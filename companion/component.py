"""A tagged thing of one game. Apart from the deck files, so the engine contract can name
it without reaching the deck's loader (which asks the games registry: an import circle)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


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

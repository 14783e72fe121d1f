"""The rule at hand: the rulebook passage behind a prompt or a refusal, and the project's
ruling where the rulebook is silent, quoted word for word, never rewritten.

Players argue about rules mid-game; the table answers with the text itself. Each game keeps
one map (TOML, in its own package) from its phases and its refusals' `rule` keys to
passages quoted from the rulebook we ship (`docs/rules/`) and to rulings quoted from
`docs/rulings.md`; tests hold every quote to those texts and every phase to a passage.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class Passage:
    """A quote and where it comes from ("Broken and Beautiful rulebook, 2. Drafting").

    `source` names a ruling's code and file for the CLI's readers; `heading` is what the
    table shows players, who have neither ("House ruling: End of game")."""

    source: str
    quote: str
    shown_as: str = ""

    @property
    def heading(self) -> str:
        return self.shown_as or self.source


@dataclass(frozen=True)
class RuleMap:
    """One game's passages by phase and by refusal (`IllegalInput.rule`)."""

    rulebook: str  # the shipped text in docs/rules/ the passages are quoted from
    phases: Mapping[str, tuple[Passage, ...]]
    refusals: Mapping[str, tuple[Passage, ...]]

    def at_hand(self, phase: str, refusal: str = "") -> tuple[Passage, ...]:
        """The passages behind a refusal (if one was just made), then the phase's, once each."""
        found = self.refusals.get(refusal, ()) + self.phases.get(phase, ())
        return tuple(dict.fromkeys(found))


@cache
def load_rule_map(package: str, name: str) -> RuleMap:
    """Read a game's map `name` from its `package`; ValueError naming a reference that
    leads nowhere (a typo in the map is a bug to see at once, not a silent gap)."""
    data = tomllib.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
    book = data["source"]
    passages = {
        key: Passage(f"{book}, {entry['section']}", entry["quote"])
        for key, entry in data.get("passages", {}).items()
    }
    for key, entry in data.get("rulings", {}).items():
        passages[key] = Passage(
            f"Ruling {key}, {entry['title']} (docs/rulings.md)",
            entry["quote"],
            f"House ruling: {entry['title']}",
        )

    def resolve(refs: Mapping[str, list[str]]) -> dict[str, tuple[Passage, ...]]:
        unknown = sorted({ref for keys in refs.values() for ref in keys} - set(passages))
        if unknown:
            raise ValueError(f"{package}/{name}: no passage or ruling {', '.join(unknown)}")
        return {key: tuple(passages[ref] for ref in keys) for key, keys in refs.items()}

    return RuleMap(data["rulebook"], resolve(data["phases"]), resolve(data["refusals"]))

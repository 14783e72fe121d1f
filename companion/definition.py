"""What a game is, as data: its components, player range, settings and factories.

Everything outside a game's own package (deck files, `deck check`, enrollment, setup, the
score command, the screens) asks the game's definition, so a new game is its package and
its board, and no core or generic-screen file changes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.engine import Engine, PlayerSetup, ScoreSheet, Setup
    from companion.rules_at_hand import RuleMap


def imported(target: str) -> Callable[..., Any]:
    """`module:name`, imported when first called: a game's definition names its engine and
    scorer without importing them, so finding the games stays cheap and cycle-free."""

    def call(*args: Any) -> Any:
        module, _, name = target.partition(":")
        return getattr(importlib.import_module(module), name)(*args)

    return call


@dataclass(frozen=True)
class Setting:
    """A ruling players may reasonably disagree on; `choices` are the accepted values."""

    key: str
    default: Any
    choices: tuple[Any, ...]
    help: str
    labels: tuple[str, ...] = ()  # a short word per choice for a button; the choice itself if ()
    # chosen per game on Setup (a row of the labels there, at the stored ruling), not only in
    # Settings: what a table decides afresh each evening (Broken Planet's printed or random map)
    at_setup: bool = False

    def __post_init__(self) -> None:
        """A choice asked at Setup stands alone on its row, with no question beside it: its
        labels must say what each choice is ("random set-up", never "yes")."""
        if self.at_setup and len(self.labels) != len(self.choices):
            raise ValueError(f"setting {self.key} is chosen at Setup: it needs a label a choice")

    def label(self, value: Any) -> str:
        if self.labels and value in self.choices:
            return self.labels[self.choices.index(value)]
        return str(value)


@dataclass(frozen=True)
class Attribute:
    """One thing printed on a component that the rules read (a B&B card's pattern, its ingots).

    `word` attributes take any single word (`choices` then only suggest); otherwise
    `choices` empty means a whole number from `low` to `high`."""

    name: str
    question: str  # asked at enrollment: "Which pattern does it show?"
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 9
    unit: str = ""  # "ingot": how a value reads ("2 ingots")
    word: bool = False

    def check(self, value: Any) -> Any:
        """The value as stored; ValueError naming the attribute when it cannot be."""
        if self.word:
            if not isinstance(value, str) or not value.strip():
                raise ValueError(f"'{self.name}' must be a word such as \"{self.example}\"")
            return value.strip().lower()
        if self.choices:
            if not isinstance(value, str) or value.strip().lower() not in self.choices:
                raise ValueError(
                    f"'{self.name}' must be one of {', '.join(self.choices)}, got {value!r}"
                )
            return value.strip().lower()
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not self.low <= value <= self.high
        ):
            raise ValueError(
                f"'{self.name}' must be a whole number {self.low}-{self.high}, got {value!r}"
            )
        return value

    @property
    def example(self) -> str:
        return self.choices[0] if self.choices else "wave"

    def describe(self, value: Any) -> str:
        if self.unit and isinstance(value, int):
            return f"{value} {self.unit}{'s' * (value != 1)}"
        return str(value)


@dataclass(frozen=True)
class ComponentKind:
    """A kind of tagged component: its name in deck files, what it is called, what it shows.

    `fixed` holds attribute values the rules imply (a gold card always sells for 3): they
    are never asked and may be left out of a deck file."""

    name: str
    label: str
    attributes: tuple[Attribute, ...] = ()
    fixed: Mapping[str, Any] = field(default_factory=dict)
    label_with: str = ""  # an attribute whose value goes before the label ("wave cup")

    def asks(self) -> tuple[Attribute, ...]:
        return tuple(a for a in self.attributes if a.name not in self.fixed)

    def describe(self, attrs: Mapping[str, Any]) -> str:
        prefix = attrs.get(self.label_with) if self.label_with else None
        return f"{prefix} {self.label}" if prefix else self.label


@dataclass(frozen=True)
class BoxShare:
    """How many of a whole copy's components are of these kinds, from the rulebook's
    component list ("39 pottery cards"): what an enrolled deck is measured against."""

    label: str  # "pottery cards"
    kinds: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class NextStart:
    """How the next game of the evening starts, with the same players in the same seats:
    who goes first, and why in the players' words (`why`). Who starts is a rule, so each
    game says it (its definition's `next_start`); the table only carries it out.

    `choosers` are the players the rules let choose who goes first (Broken and Beautiful:
    whoever came last); `first` is then where the choice starts, and `chose` words the
    choice ("{first}" is the chosen player's name)."""

    players: tuple[PlayerSetup, ...]
    first: int
    why: str
    choosers: tuple[str, ...] = ()
    chose: str = ""

    def said(self, first: int) -> str:
        """The line the new game opens with, once `first` is known."""
        if not self.choosers:
            return self.why
        return self.chose.replace("{first}", self.players[first].name)


def next_clockwise(setup: Setup, _sheet: ScoreSheet) -> NextStart:
    """Where a rulebook does not say who starts the next game: the player after the one who
    started this one, clockwise (docs/rulings.md, "Playing again")."""
    first = (setup.first + 1) % len(setup.players)
    name = setup.players[first].name
    return NextStart(
        setup.players,
        first,
        f"{name} starts: the next player clockwise from {setup.players[setup.first].name}",
    )


@dataclass(frozen=True)
class GameDefinition:
    """One game, registered by name in `companion.games`.

    `kinds` None means any kind is accepted (a game whose components are not modelled
    yet). `engine` builds the rules engine from resolved settings; `score_json` scores a
    table described in JSON (`companion score`); `board` names the screen's board widget.
    `fixed_settings` are values the game always plays for rulings it does not offer."""

    name: str
    title: str
    kinds: tuple[ComponentKind, ...] | None
    min_players: int = 2
    max_players: int = 4
    settings: tuple[Setting, ...] = ()
    player_options: tuple[Setting, ...] = ()  # asked per player at setup (new to the game?)
    version: int = 1  # bumped when a rule or a default changes
    # per older version, the values its games played for settings they did not store, so
    # a game saved under an older version resumes under the rules it started with
    legacy: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    engine: Callable[[Mapping[str, Any]], Engine] | None = None
    score_json: Callable[[Mapping[str, Any], Mapping[str, Any]], ScoreSheet] | None = None
    board: str = ""
    fixed_settings: Mapping[str, Any] = field(default_factory=dict)
    cards_in_box: int | None = None  # how many tagged components a whole copy has, if known
    box: tuple[BoxShare, ...] = ()  # the rulebook's component list, as far as it goes
    bgg_id: int | None = None  # BoardGameGeek's id, sent to BG Stats; None where not known
    # "package:file" of the game's map of rulebook passages (companion.rules_at_hand)
    passages: str = ""
    # files a game reads at setup besides the deck, by name ("map"): path -> JSON-ready data,
    # ValueError naming the file and line when it cannot be used; stored in Setup.extra
    setup_files: Mapping[str, Callable[[str], Any]] = field(default_factory=dict)
    # who starts the next game with the same players (Play again); None: the next player
    # clockwise. Given the finished game's setup and score sheet.
    next_start: Callable[[Setup, ScoreSheet], NextStart] | None = None

    def kind(self, name: str) -> ComponentKind | None:
        if self.kinds is None:
            return None
        return next((k for k in self.kinds if k.name == name), None)

    def describe(self, component: Any) -> str:
        """A component's label with the attributes its label leaves out: "wave cup (2 ingots)"."""
        kind = self.kind(component.kind)
        if kind is None:
            return component.label
        extra = [
            a.describe(component.attrs[a.name])
            for a in kind.attributes
            if a.name != kind.label_with and a.name in component.attrs
        ]
        return f"{component.label} ({', '.join(extra)})" if extra else component.label

    def box_shortfall(self, counts: Mapping[str, int]) -> list[tuple[BoxShare, int]]:
        """Each share of a whole copy a deck with these per-kind `counts` has fewer of, with
        how many it has: what to enroll next."""
        found = [(share, sum(counts.get(k, 0) for k in share.kinds)) for share in self.box]
        return [(share, have) for share, have in found if have < share.count]

    def at_setup(self) -> tuple[Setting, ...]:
        """The settings a table chooses on Setup for each game (`Setting.at_setup`)."""
        return tuple(s for s in self.settings if s.at_setup)

    def kind_names(self) -> tuple[str, ...]:
        return tuple(k.name for k in self.kinds or ())

    def resolve(self, chosen: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with the players' choices; unknown keys or values are refused."""
        values = {**self.fixed_settings, **{s.key: s.default for s in self.settings}}
        known = {s.key: s for s in self.settings}
        for key, value in (chosen or {}).items():
            if key not in known and self.fixed_settings.get(key) == value:
                continue  # asking for what this game always plays is not an error
            if key not in known:
                names = ", ".join(known) or "none"
                raise ValueError(f"unknown setting {key!r} for {self.title} (settings: {names})")
            if value not in known[key].choices:
                choices = ", ".join(str(c) for c in known[key].choices)
                raise ValueError(f"setting {key} must be one of {choices}, got {value!r}")
            values[key] = value
        return values

    def saved_settings(self, version: int, stored: Mapping[str, Any]) -> dict[str, Any]:
        """The settings a game saved under ruleset `version` plays; ValueError when this
        companion cannot play that version any more."""
        if version == self.version:
            return dict(stored)
        if version in self.legacy:
            return {**self.legacy[version], **stored}
        raise ValueError(
            f"it was started under {self.title} rules version {version}; this companion "
            f"plays version {self.version}"
        )

    def again(self, setup: Setup, sheet: ScoreSheet) -> NextStart:
        """How the next game with these players starts, by this game's rule."""
        return (self.next_start or next_clockwise)(setup, sheet)

    def rules_at_hand(self) -> RuleMap | None:
        """The game's passages by phase and refusal; None for a game without a map."""
        if not self.passages:
            return None
        from companion.rules_at_hand import load_rule_map

        package, _, name = self.passages.partition(":")
        return load_rule_map(package, name)

    def make_engine(self, settings: Mapping[str, Any] | None = None) -> Engine:
        if self.engine is None:
            raise ValueError(f"{self.title} has no rules engine yet")
        return self.engine(self.resolve(settings))

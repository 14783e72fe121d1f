"""Deck editing for the Decks screen, kept free of Kivy so it is tested without a window.

Every change is written to the store before it returns: a sticker enrolled at the table must
survive the app being closed a second later. Errors come back as DeckError with one line a
player can read in a banner.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from pathlib import Path

from companion.deck import Component, Deck, DeckError, load_deck, make_component, parse_deck
from companion.definition import Attribute
from companion.games import definition, definitions
from companion.inputs import IllegalInput
from companion.paths import examples_dir
from companion.store import Store, StoreError

EXAMPLES = examples_dir()  # the clone's examples/, or an install's copy
MAX_COMBOS = 20  # answers shown at once in a run (4 patterns x 4 ingot values fit 800x480)
# what the editor's calls raise, each with a one-line message for the screen's banner
FAILURES = (DeckError, ValueError, StoreError, OSError)
NUMBER_CHOICES = 4  # buttons for a number: low .. low+3 (a B&B card shows 0-3 ingots)


def enrollable_games() -> dict[str, str]:
    """Each game whose kinds are known (so it can be enrolled by tapping kind icons), by
    name, and the title players read for it."""
    return {info.name: info.title for info in definitions() if info.kinds is not None}


def game_named(text: str) -> str:
    """The game a picker's text stands for: a title players read, or the game's name."""
    return next((name for name, title in enrollable_games().items() if title == text), text)


@cache
def reference_deck(game: str) -> Deck | None:
    """The demo deck's mix stands in for 'a full copy' when showing enrollment progress.

    Cached and shared: callers only read it.
    """
    path = EXAMPLES / f"{game}-demo.toml"
    try:
        return load_deck(path)
    except DeckError:
        return None


def stored_decks(store: Store) -> tuple[list[Deck], list[str]]:
    """Decks in the store, plus one message per stored deck that no longer parses."""
    decks, problems = [], []
    for game, name, text in store.decks():
        try:
            decks.append(parse_deck(text, f"{game}/{name}"))
        except DeckError as err:
            problems.append(str(err))
    return decks, problems


def save(store: Store, deck: Deck) -> None:
    store.save_deck(deck.game, deck.name, deck.to_toml())


def create_deck(store: Store, game: str, name: str) -> Deck:
    name = name.strip()
    if not name:
        raise DeckError("give the deck a name")
    try:
        definition(game)
    except ValueError as err:
        raise DeckError(str(err)) from None
    if any(g == game and n == name for g, n, _ in store.decks()):
        raise DeckError(f"there is already a {game} deck called {name!r}")
    deck = Deck(game, name)
    save(store, deck)
    return deck


def delete_deck(store: Store, deck: Deck) -> None:
    store.delete_deck(deck.game, deck.name)


def put_component(
    store: Store,
    deck: Deck,
    uid: str,
    choice: dict[str, object],
    admit: Callable[[Component], object] | None = None,
) -> Component:
    """Enroll a new sticker or re-describe an enrolled one (edit), then save the deck.

    `admit` is the running game's check (Table.admit) for a card that joins it: what it
    refuses (a second Broken Vase) is a DeckError before the deck is changed or saved."""
    try:
        component = make_component(deck.game, {"uid": uid, **choice})
        if admit is not None:
            admit(component)
    except ValueError as err:
        raise DeckError(str(err)) from None
    except IllegalInput as err:
        raise DeckError(err.message) from None
    deck.remove(component.uid)
    deck.add(component)
    save(store, deck)
    return component


def remove_component(store: Store, deck: Deck, uid: str) -> None:
    deck.remove(uid)
    save(store, deck)


def import_deck(store: Store, path: str | Path) -> Deck:
    """Load a deck file into the store, replacing a deck of the same game and name.

    A file that does not parse raises before anything is written, so the store is unchanged.
    """
    path = Path(str(path).strip()).expanduser()
    if not str(path) or path.is_dir():
        raise DeckError(f"{path}: give the path of a .toml deck file")
    deck = load_deck(path)
    save(store, deck)
    return deck


def export_target(deck: Deck, path: str | Path) -> Path:
    """Where Export writes: the .toml file named, or `<game>-<name>.toml` in the folder named.

    Only where the player chose, and only a deck file: never "" (the app's working folder)
    and never another kind of file (a `.pth` in a virtual environment runs as Python).
    """
    if not str(path).strip():
        raise DeckError("type the file or folder to export to")
    target = Path(str(path).strip()).expanduser()
    if target.is_dir():
        target = target / f"{deck.game}-{_slug(deck.name)}.toml"
    if target.suffix.lower() != ".toml":
        raise DeckError(f"{target.name}: a deck file's name ends in .toml")
    return target


def export_deck(deck: Deck, path: str | Path, *, replace: bool = False) -> Path:
    """Write the deck file; an existing file is replaced only with `replace` (confirmed)."""
    target = export_target(deck, path)
    try:
        with target.open("w" if replace else "x", encoding="utf-8") as handle:
            handle.write(deck.to_toml())
    except FileExistsError:
        raise DeckError(f"{target} already exists") from None
    except OSError as err:
        raise DeckError(f"cannot write {target}: {err.strerror}") from None
    return target


def _slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-") or "deck"


@dataclass(frozen=True)
class KindProgress:
    kind: str  # the icon shown: the kind, or the first kind of a share of the box
    label: str
    have: int
    expected: int | None  # None: the game does not say how many a whole copy has

    @property
    def text(self) -> str:
        return (
            f"{self.label} {self.have}/{self.expected}"
            if self.expected
            else f"{self.label} {self.have}"
        )


def progress(deck: Deck) -> list[KindProgress]:
    """Against a whole copy as the rulebook lists it (Broken and Beautiful: 39 pottery cards,
    3 gold, 2 trays, 2 boxes), not the demo deck's made-up mix; else per kind, in catalogue
    order, with kinds outside the catalogue (any-kind games) after."""
    counts = deck.counts()
    game = definition(deck.game)
    if game.box:
        return [
            KindProgress(s.kinds[0], s.label, sum(counts.get(k, 0) for k in s.kinds), s.count)
            for s in game.box
        ]
    kinds = list(game.kind_names())
    kinds += sorted(k for k in counts if k not in kinds)
    return [KindProgress(k, k.replace("-", " "), counts.get(k, 0), None) for k in kinds]


def summary(deck: Deck) -> str:
    """One line for the deck list: how many of a whole copy, and what so far."""
    whole = definition(deck.game).cards_in_box
    parts = [p.text for p in progress(deck) if p.have]
    n = len(deck)
    total = f"{n} of {whole} cards" if whole else f"{n} card{'s' * (n != 1)}"
    return total + (": " + ", ".join(parts) if parts else "")


@dataclass
class Run:
    """Several cards alike (a whole copy has many): what they are is chosen once, all of it
    ("wave cup, 2 ingots") or only the start ("wave cup"), then every sticker scanned is
    enrolled with it, asking only what is left; the last one can be taken back."""

    deck: Deck
    preset: dict[str, object]
    enrolled: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        kind = definition(self.deck.game).kind(str(self.preset["kind"]))
        assert kind is not None
        fields = {
            a.name: a.describe(self.preset[a.name]) for a in kind.asks() if a.name in self.preset
        }
        words = [fields.pop(kind.label_with, ""), kind.label]
        return " ".join(w for w in words if w) + (
            f" ({', '.join(fields.values())})" if fields else ""
        )

    def enrollment(self, uid: str) -> Enrollment:
        return Enrollment(self.deck, uid, dict(self.preset), combine=True)

    def take_back(self, store: Store) -> str | None:
        """Remove the run's last enrolled sticker from the deck; its uid, or None."""
        if not self.enrolled:
            return None
        uid = self.enrolled.pop()
        remove_component(store, self.deck, uid)
        return uid


@dataclass
class Enrollment:
    """Choosing what one sticker is: its kind, then each attribute its game's schema asks
    of that kind (a B&B cup: pattern, then ingots; a gold card: nothing more)."""

    deck: Deck
    uid: str
    choice: dict[str, object] = field(default_factory=dict)
    combine: bool = False  # offer every question left as one set of buttons (a run)

    @property
    def kinds(self) -> list[str]:
        return list(definition(self.deck.game).kind_names())

    @property
    def attribute(self) -> Attribute | None:
        """The attribute asked now (None while the kind is unknown or all is answered)."""
        kind = definition(self.deck.game).kind(str(self.choice.get("kind", "")))
        if kind is None:
            return None
        return next((a for a in kind.asks() if a.name not in self.choice), None)

    @property
    def step(self) -> str:
        """The next question: "kind", an attribute's name, or "done"."""
        if "kind" not in self.choice:
            return "kind"
        attribute = self.attribute
        return attribute.name if attribute else "done"

    def values(self, attribute: Attribute | None = None) -> list[object]:
        """The answers offered for `attribute` (the current one by default): its words (plus
        the ones this deck and the demo deck use), or the usual range of a number."""
        attribute = attribute or self.attribute
        if attribute is None:
            return []
        if attribute.word:
            reference = reference_deck(self.deck.game)
            found = [c.get(attribute.name) for c in [*self.deck, *(reference or ())]]
            return list(dict.fromkeys([*attribute.choices, *sorted(str(v) for v in found if v)]))
        if attribute.choices:
            return list(attribute.choices)
        top = min(attribute.high, attribute.low + NUMBER_CHOICES - 1)
        return list(range(attribute.low, top + 1))

    @property
    def patterns(self) -> list[str]:
        return [str(v) for v in self.values()]

    def combos(self) -> list[dict[str, object]]:
        """In a run, every answer to all the questions left at once ("wave, 2 ingots"), when
        there are few enough to show as buttons: one tap a card instead of two. Else []."""
        kind = definition(self.deck.game).kind(str(self.choice.get("kind", "")))
        left = [a for a in kind.asks() if a.name not in self.choice] if kind else []
        if not self.combine or len(left) < 2:
            return []
        answers = [[(a.name, v) for v in self.values(a)] for a in left]
        found = [dict(pairs) for pairs in product(*answers)]
        return found if len(found) <= MAX_COMBOS else []

    def choose(self, value: object) -> str:
        """Record the answer to the current step (a dict: the answers to several, from
        `combos`); returns the next step."""
        step = self.step
        if step == "done":
            raise DeckError("this sticker is already described")
        if isinstance(value, dict):
            self.choice.update(value)
        else:
            self.choice[step] = value
        return self.step

    def back(self) -> None:
        """Undo the last answer (a mistaken tap)."""
        if self.choice:
            self.choice.popitem()

"""Deck editing for the Decks screen, kept free of Kivy so it is tested without a window.

Every change is written to the store before it returns: a sticker enrolled at the table must
survive the app being closed a second later. Errors come back as DeckError with one line a
player can read in a banner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from companion.catalog import GAMES, game_info
from companion.deck import Component, Deck, DeckError, load_deck, make_component, parse_deck
from companion.store import Store
from ui.theme import PATTERNS

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
INGOT_CHOICES = (0, 1, 2, 3)


def enrollable_games() -> list[str]:
    """Only games whose kinds are known can be enrolled by tapping kind icons."""
    return [name for name, info in GAMES.items() if info.kinds is not None]


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
        game_info(game)
    except ValueError as err:
        raise DeckError(str(err)) from None
    if any(g == game and n == name for g, n, _ in store.decks()):
        raise DeckError(f"there is already a {game} deck called {name!r}")
    deck = Deck(game, name)
    save(store, deck)
    return deck


def delete_deck(store: Store, deck: Deck) -> None:
    store.delete_deck(deck.game, deck.name)


def put_component(store: Store, deck: Deck, uid: str, choice: dict[str, object]) -> Component:
    """Enroll a new sticker or re-describe an enrolled one (edit), then save the deck."""
    try:
        component = make_component(deck.game, {"uid": uid, **choice})
    except ValueError as err:
        raise DeckError(str(err)) from None
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
    kind: str
    have: int
    expected: int | None  # None: no reference mix for this game

    @property
    def text(self) -> str:
        name = self.kind.replace("-", " ")
        return f"{name} {self.have}/{self.expected}" if self.expected else f"{name} {self.have}"


def progress(deck: Deck) -> list[KindProgress]:
    """Per kind, in catalogue order; kinds outside the catalogue (any-kind games) follow."""
    counts = deck.counts()
    reference = reference_deck(deck.game)
    expected = reference.counts() if reference else {}
    kinds = list(game_info(deck.game).kinds or ())
    kinds += sorted(k for k in counts if k not in kinds)
    return [KindProgress(k, counts.get(k, 0), expected.get(k)) for k in kinds]


def summary(deck: Deck) -> str:
    """One line for the deck list: total and the kinds enrolled so far."""
    parts = [p.text for p in progress(deck) if p.have]
    return f"{len(deck)} cards" + (": " + ", ".join(parts) if parts else "")


@dataclass
class Enrollment:
    """Choosing what one sticker is: kind, then pattern, then ingots, skipping what is implied.

    Gold cards take one tap (no pattern, ingots implied), patternless kinds two, others three.
    """

    deck: Deck
    uid: str
    choice: dict[str, object] = field(default_factory=dict)

    @property
    def kinds(self) -> list[str]:
        return list(game_info(self.deck.game).kinds or ())

    @property
    def patterns(self) -> list[str]:
        found = [c.pattern for c in self.deck if c.pattern]
        reference = reference_deck(self.deck.game)
        found += [c.pattern for c in reference or () if c.pattern]
        return list(dict.fromkeys([*PATTERNS, *sorted(found)]))

    @property
    def step(self) -> str:
        """The next question: "kind", "pattern", "ingots", or "done"."""
        kind = self.choice.get("kind")
        if kind is None:
            return "kind"
        if "pattern" not in self.choice and self._has_pattern(str(kind)):
            return "pattern"
        if "ingots" not in self.choice and kind not in game_info(self.deck.game).no_ingots:
            return "ingots"
        return "done"

    def choose(self, value: object) -> str:
        """Record the answer to the current step; returns the next step."""
        step = self.step
        if step == "done":
            raise DeckError("this sticker is already described")
        self.choice[step] = value
        return self.step

    def back(self) -> None:
        """Undo the last answer (a mistaken tap)."""
        if self.choice:
            self.choice.popitem()

    def _has_pattern(self, kind: str) -> bool:
        reference = reference_deck(self.deck.game)
        if reference is None:
            return True
        return any(c.pattern for c in reference if c.kind == kind)

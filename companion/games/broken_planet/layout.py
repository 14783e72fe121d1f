"""The rulebook's random set-up (setting `map_setup` = random, docs/rulings.md P16): the table
lays the standard temples face down, drops the island tokens, flips the temples, and then
tells the companion what lies where.

"Place 13 temples face down on the map. Max. one temple per island. One island will start
with no temples. Place three Hazardous tokens (10) on three random islands ... Place five
Movement tokens (10) on random islands. Flip over the temples and the map is set up."

The companion asks island by island for the flipped temple (or none), then token by token
for its island (a tap on the map: the `island N` options the board already answers). Each
answer is an input like any other, so the set-up is stored with the game by its input log,
replays, and undo takes back one answer at a time. The counts are checked as they are
entered: exactly one island without a temple (so at most one per island and 13 on the
printed map's 14 islands), three hazardous tokens on three islands, five movement tokens.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import Option, Prompt
from companion.games.broken_planet import words
from companion.games.broken_planet.state import BPState, standard_temple
from companion.games.broken_planet.tablet import STANDARD
from companion.inputs import IllegalInput, Input, Tap

PHASE = "layout"
HAZARDS = 3  # "three Hazardous tokens (10) on three random islands"
MOVEMENTS = 5  # "five Movement tokens (10) on random islands"
NONE = "none"
FACES = {**{g: g.capitalize() for g in STANDARD if g != "die"}, "die": "Resource die"}


def chosen(settings: Mapping[str, Any]) -> bool:
    """Whether the game starts from the random set-up (saves from before the setting existed
    stored no value: they played the printed one)."""
    return settings.get("map_setup", "printed") == "random"


def _left(s: BPState) -> list[int]:
    """The islands whose temple is still to be said, in number order."""
    return [n for n in sorted(s.map.islands) if n not in s.temples and n != s.bare]


def _island(s: BPState) -> int | None:
    """The island asked now: the lowest numbered one not yet answered."""
    return next(iter(_left(s)), None)


def _must_be_bare(s: BPState) -> bool:
    """Only the last island is left and none is bare yet: it is the one without a temple."""
    return not s.bare and len(_left(s)) == 1


def _tokens(s: BPState) -> tuple[int, int]:
    return sum(s.hazard.values()), sum(s.movement.values())


def prompt(s: BPState) -> Prompt:
    island = _island(s)
    if island is not None:
        must_be_bare = _must_be_bare(s)
        options = tuple(
            Option("temple", label, face, not must_be_bare, f"island {island} is the last: "
                   "one island starts with no temple")
            for face, label in FACES.items()
        ) + (Option("temple", "No temple", NONE, not s.bare,
                    f"island {s.bare} already starts with no temple"),)  # fmt: skip
        return Prompt(
            PHASE,
            None,
            ("Random set-up. " if not (s.temples or s.bare) else "")
            + f"Island {island}: which temple lies face up on it?",
            options,
        )
    hazards, movements = _tokens(s)
    kind, n, of = ("hazardous", hazards, HAZARDS) if hazards < HAZARDS else (
        "movement", movements, MOVEMENTS)  # fmt: skip
    return Prompt(
        PHASE,
        None,
        f"{kind.capitalize()} token {n + 1} of {of}: tap the island it lies on",
        tuple(
            Option(
                "island",
                f"Island {i}",
                str(i),
                kind != "hazardous" or i not in s.hazard,
                "it has a hazardous token already",
            )
            for i in sorted(s.map.islands)
        ),
    )


def apply(s: BPState, action: Input) -> None:
    island = _island(s)
    if island is not None:
        if not (isinstance(action, Tap) and action.option == "temple"):
            raise words.not_now(prompt(s), action)
        _temple(s, island, (action.arg or "").strip().lower())
        return
    if not (isinstance(action, Tap) and action.option == "island"):
        raise words.not_now(prompt(s), action)
    _token(s, words.island(s, action.arg))


def _temple(s: BPState, island: int, face: str) -> None:
    if face not in (*FACES, NONE):
        raise IllegalInput(
            f"Say which temple: {', '.join(FACES)} or none (no temple)", rule="temple-face"
        )
    if face == NONE:
        if s.bare:
            raise IllegalInput(
                f"Island {s.bare} already starts with no temple: only one island does",
                rule="one-bare-island",
            )
        s.bare = island
        s.event = f"Island {island} starts with no temple"
        return
    if _must_be_bare(s):
        raise IllegalInput(
            f"Island {island} is the last: one island starts with no temple, so this one does",
            rule="one-bare-island",
        )
    s.temples[island] = (standard_temple(s.map, island, face),)
    s.event = f"Island {island}: the {face} temple"


def _token(s: BPState, island: int) -> None:
    hazards, movements = _tokens(s)
    if hazards < HAZARDS:
        if island in s.hazard:
            raise IllegalInput(
                f"Island {island} has a hazardous token already: the three lie on three islands",
                rule="hazard-islands",
            )
        s.hazard[island] = 1
        s.event = f"A hazardous token on island {island} ({hazards + 1} of {HAZARDS})"
        return
    s.movement[island] = s.movement.get(island, 0) + 1
    s.event = f"A movement token on island {island} ({movements + 1} of {MOVEMENTS})"
    if movements + 1 == MOVEMENTS:
        s.phase = "pawns"
        s.say("the map is set up")

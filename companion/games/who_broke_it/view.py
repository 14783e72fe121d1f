"""The shared screen's picture of a Who Broke It? table: counts for everything hidden, cards
only where every player saw them (the discard pile, the reveal).

It reads no private field of the state (a Call Mum's scans), so a private check cannot
reach the screen.
"""

from __future__ import annotations

from companion.engine import Prompt
from companion.games.who_broke_it.effects import cards
from companion.games.who_broke_it.state import WbiState
from companion.view import Counter, Piece, PlayerView, View, Zone


def _piece(s: WbiState, uid: str) -> Piece:
    return Piece(uid, s.label(uid), s.kind(uid))


def _marks(s: WbiState, p: int) -> tuple[str, ...]:
    marks = [
        ("immune", s.immune[p]),
        ("false-accused", s.accused[p]),
        ("lost", s.loser == p),
    ]
    return tuple(word for word, on in marks if on)


def render(s: WbiState, prompt: Prompt) -> View:
    way = "clockwise" if s.direction == 1 else "anticlockwise"
    actors = set(prompt.actors)
    players = tuple(
        PlayerView(
            name,
            (Counter("hand", cards(s.hands[p]), s.hands[p], emphasis=True),),
            _marks(s, p),
            name in actors,
        )
        for p, name in enumerate(s.names)
    )
    hands = tuple(
        Zone(
            f"hand:{p}",
            f"{name}'s hand",
            (_piece(s, s.revealed[p]),) if p in s.revealed else (),
            count=None if p in s.revealed else s.hands[p],
            owner=name,
        )
        for p, name in enumerate(s.names)
    )
    seen = set(s.discard) | set(s.revealed.values()) | set(s.aside_shown.values())
    unseen = tuple(_piece(s, uid) for uid in sorted(s.components, key=s.label) if uid not in seen)
    zones = (
        Zone("discard", "Discard pile", tuple(_piece(s, uid) for uid in s.discard)),
        Zone("deck", "Deck", count=s.deck),
        Zone("aside", "Set aside", tuple(_piece(s, u) for u in s.aside_shown.values()), s.aside),
        *hands,
        # every card nobody has seen played, in no order that says where it is: only the
        # virtual table lists it, so a game can be tried without cards
        Zone("unseen", "In hands, the deck or set aside", unseen, offstage=True),
    )
    if s.phase == "over":
        status = f"Game over · {s.names[s.loser]} lost" if s.loser is not None else "Game over"
    elif s.phase == "deal":
        status = f"Deal · deck {s.deck}"
    else:
        status = f"{s.name}'s turn · {way} · deck {s.deck}"
    board = {
        "direction": way,
        "turn": s.name,
        "last_card": s.kind(s.discard[-1]) if s.discard else None,
        "effect": s.effect,
    }
    return View("who-broke-it", status, prompt, players, zones, s.event, board=board)

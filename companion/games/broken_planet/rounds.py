"""The turn's end: the Offer Card passes clockwise, the round indicator moves each time the
starting player offers again, and after its last spot every player makes a Last Offer."""

from __future__ import annotations

from companion.games.broken_planet.state import BPState
from companion.games.broken_planet.tablet import gems_text


def _reset_offer(s: BPState) -> None:
    if s.tendered:  # laid down and not spent: back into the hand they never left
        s.say(f"{s.names[s.offer]} takes back {gems_text(s.tendered)}")
    s.stage, s.used, s.pending, s.tendered = 0, frozenset(), (), {}


def close_offer(s: BPState) -> None:
    """The offer player has made all offers: the compasses are revealed (or, in the Last
    Offer, the next player offers)."""
    name = s.names[s.offer]
    _reset_offer(s)
    if s.phase == "last":
        s.last_done += 1
        if s.last_done == s.players:
            s.phase = "over"
            s.say(f"{name} ends the Last Offer: the game is over, count favor")
            return
        s.offer = (s.offer + 1) % s.players
        s.say(f"{name} ends the Last Offer; {s.names[s.offer]} makes theirs")
        return
    s.phase, s.choices = "choose", {}
    s.say(f"{name} has made all offers: reveal the compasses and enter each island")


def end_turn(s: BPState) -> None:
    """Attack rubies go back to the pile, the Offer Card passes clockwise."""
    s.supply["ruby"] += s.rubies_out
    s.rubies_out, s.attacks, s.tasks = 0, {}, []
    _reset_offer(s)
    s.offer = (s.offer + 1) % s.players
    s.phase = "offer"
    if s.offer == s.start:
        s.round += 1
        if s.round > s.map.rounds[s.players]:
            s.phase, s.last_done = "last", 0
            s.say(f"the round indicator reaches the Last Offer: {s.names[s.offer]} first")
            return
        s.say(f"round {s.round} of {s.map.rounds[s.players]}")
    s.say(f"{s.names[s.offer]} takes the Offer Card", "; ")

"""What each card does to the counts, following the rulebook and docs/rulings.md (W rulings).

"If the entire effect of a card cannot be used, it will have no effect": every effect first
checks that all of it can happen, and otherwise says why it does nothing. The referee never
sees hands, so an effect that moves cards tells players what to do and updates the counts.
"""

from __future__ import annotations

from companion.engine import Option
from companion.games.who_broke_it.state import WbiState
from companion.words import plural

# What a card asks its player to choose; `{their}` is "your" in the prompt (said to the
# player by name) and "their" in the narration (said about them), so neither mixes persons.
ASKS_TARGET = {
    "false-accusation": "choose the player whose next card does nothing",
    "its-their-fault": "choose the player who takes {their} hand",
    "evil-twin": "choose the player to swap hands with",
    "call-mum": "choose the player Mum checks",
}


def asks(s: WbiState, kind: str, prompt: bool) -> str:
    """The choice `kind` asks of the current player: the prompt says it to them and names
    the players they may choose; the narration says it about them."""
    if not prompt:
        return f"{s.name} must {ASKS_TARGET[kind].format(their='their')}"
    choices = either([o.label for o in targets(s, kind) if o.enabled])
    return f"{s.name}: {ASKS_TARGET[kind].format(their='your')} ({choices})"


def either(names: list[str]) -> str:
    """'Ben', 'Ben or Cleo', 'Ben, Cleo or Ana': the players a choice may name."""
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else "".join(names)


def cards(n: int) -> str:
    """'1 card', '3 cards': what a hand, a pile or a deal holds."""
    return plural(n, "card")


def start(s: WbiState, kind: str) -> str:
    """Carry out `kind` for the current player, or ask for its target (phase 'target') or
    the card it discards (phase 'distract'); the words say what happened."""
    me, name = s.turn, s.name
    if kind == "hide-the-evidence":
        if not s.hands[me]:
            return f"no effect: {name} has no card left to shuffle in"
        alone = not s.deck
        s.hands[me] -= 1
        s.out -= 1
        hid = f"{name} shuffles one card from their hand into the deck"
        if alone:  # the draw that follows takes it straight back
            hid += f", which was empty: it is the deck's only card, so {name} draws it back"
        return done(s, kind, hid)
    if kind in ("blind-accusation", "share-the-blame"):
        return _pass_along(s, kind)
    if kind == "alibi":
        s.immune[me] = True
        return done(s, kind, f"{name} is immune to card effects until their next turn")
    if kind == "excuses-excuses":
        return _reverse(s)
    if kind == "distraction":
        if not s.hands[me]:
            return f"no effect: {name} has no card left to discard"
        s.phase = "distract"
        return f"{name} discards one more card"
    if kind == "shouting-match":
        return _shouting_match(s)
    if kind in ASKS_TARGET:
        why = _cannot_start(s, kind)
        if why:
            return f"no effect: {why}"
        if not any(o.enabled for o in targets(s, kind)):
            return f"no effect: {_nobody(s, kind)}"
        s.phase, s.pending = "target", kind
        return asks(s, kind, prompt=False)
    return "it does nothing"  # the Spare Vase


def done(s: WbiState, kind: str, words: str) -> str:
    s.effect = kind
    return words


def _cannot_start(s: WbiState, kind: str) -> str:
    if kind == "its-their-fault" and not s.hands[s.turn]:
        return f"{s.name} has no cards to give"
    if kind == "evil-twin" and not s.deck:
        return f"the deck is empty, so {s.name} cannot draw first"
    return ""


def _nobody(s: WbiState, kind: str) -> str:
    reasons = "; ".join(o.reason for o in targets(s, kind))
    return f"nobody can be chosen ({reasons})"


def targets(s: WbiState, kind: str) -> list[Option]:
    """Every player the card may name, each disabled with the reason when it may not."""
    me = s.turn
    mine = s.hands[me]
    options = []
    for q in s.order(s.after(me)):
        if q == me and not _self_allowed(s, kind):
            continue
        who = s.names[q]
        reason = ""
        if s.immune[q]:
            reason = f"{who} is immune (Alibi)"
        elif kind == "its-their-fault" and s.hands[q] < mine:
            reason = f"{who} holds {cards(s.hands[q])}; {s.name} gives {mine}"
        elif kind == "call-mum" and not s.hands[q]:
            reason = f"{who} holds no cards"
        options.append(Option("player", who, who, enabled=not reason, reason=reason))
    return options


def _self_allowed(s: WbiState, kind: str) -> bool:
    """May the card name its own player? False Accusation's "one player" (W5) and Call Mum's
    "choose a player" (W10, setting `call_mum_self`) name no exception."""
    if kind == "call-mum":
        return s.settings["call_mum_self"] == "yes"
    return kind == "false-accusation"


def choose(s: WbiState, target: int) -> str:
    """The pending card's effect on the chosen player (already checked as enabled)."""
    kind, me, name, who = s.pending, s.turn, s.name, s.names[target]
    s.pending = ""
    if kind == "false-accusation":
        s.accused[target] = True
        return done(s, kind, f"{name} accuses {who}: {who}'s next card does nothing")
    if kind == "its-their-fault":
        given = s.hands[me]
        return done(
            s,
            kind,
            f"{name} gives their {cards(given)} to {who} and takes {given} of {who}'s "
            f"own cards, face down",
        )
    if kind == "evil-twin":
        s.out += 1
        s.hands[me] += 1
        s.hands[me], s.hands[target] = s.hands[target], s.hands[me]
        return done(s, kind, f"{name} draws 1, then swaps hands with {who}")
    s.phase, s.target = "call-mum", target
    return f"Mum checks {who}'s hand: {who} scans every card in it on the reader, privately"


def _pass_along(s: WbiState, kind: str) -> str:
    """Blind Accusation / Share the Blame: one card each along the direction of play,
    immune players left out (W4); counts do not change."""
    ring = [p for p in s.order(s.turn) if not s.immune[p]]
    if len(ring) < 2:
        return "no effect: everyone else is immune"
    empty = [s.names[p] for p in ring if not s.hands[p]]
    if empty:
        return f"no effect: {' and '.join(empty)} {'has' if len(empty) == 1 else 'have'} no card"
    pairs = [(s.names[p], s.names[ring[(i + 1) % len(ring)]]) for i, p in enumerate(ring)]
    if kind == "blind-accusation":
        moves = ", ".join(f"{a} from {b}" for a, b in pairs)
        what = "everyone takes one card, face down, from the next player"
    else:
        moves = ", ".join(f"{a} to {b}" for a, b in pairs)
        what = "everyone chooses one card and gives it to the next player"
    return done(s, kind, f"{what}, all at once ({moves})")


def _reverse(s: WbiState) -> str:
    others = [q for q in range(s.players) if q != s.turn]
    sizes = {s.hands[q] for q in others}
    if len(sizes) > 1:
        held = ", ".join(f"{s.names[q]} {s.hands[q]}" for q in others)
        return f"no effect: the other players hold different numbers of cards ({held})"
    s.direction = -s.direction
    way = "clockwise" if s.direction == 1 else "anticlockwise"
    return done(s, "excuses-excuses", f"play now goes {way}")


def _shouting_match(s: WbiState) -> str:
    """Gather the hands, deal them one at a time from the next player (W8), so any extra
    cards go to the players who play next."""
    keep = s.settings["shouting_match_alibi"] == "keep"
    ring = [p for p in s.order(s.after(s.turn)) if not (keep and s.immune[p])]
    total = sum(s.hands[p] for p in ring)
    if len(ring) < 2 or not total:
        return "no effect: there are not two hands to shuffle together"
    for i, p in enumerate(ring):
        s.hands[p] = total // len(ring) + (i < total % len(ring))
    dealt = ", ".join(f"{s.names[p]} {s.hands[p]}" for p in ring)
    kept = [s.names[p] for p in range(s.players) if p not in ring]
    also = f"; {' and '.join(kept)} keep{'s' * (len(kept) == 1)} their hand (Alibi)" if kept else ""
    return done(
        s,
        "shouting-match",
        f"{s.name} shuffles {cards(total)} from {len(ring)} hands together and deals them "
        f"one at a time from {s.names[ring[0]]} ({dealt}){also}",
    )

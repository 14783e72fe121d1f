"""Reading what players tapped or scanned: islands, gems, relics and whose input it is.

Every refusal is one sentence a player reads as is (IllegalInput), on the shared screen: one
that depends on a hidden hand says nothing of what it holds (`cannot_from_hand`).
Relics lie "next to the ancient tablet clearly visible", so a refusal may name them."""

from __future__ import annotations

from companion.engine import Prompt
from companion.games.broken_planet.state import BPState
from companion.games.broken_planet.tablet import GEMS, RELICS
from companion.inputs import IllegalInput, Input, Scan, Tap


def not_now(prompt: Prompt, action: Input) -> IllegalInput:
    """The refusal for an input the current prompt does not ask for, naming what it does."""
    can = list(dict.fromkeys(o.word for o in prompt.options if o.enabled))
    if prompt.expects_scan:
        can.append("scan")
    said = f"'{action.option}'" if isinstance(action, Tap) else "That scan"
    return IllegalInput(
        f"{said} is not possible now (you can: {', '.join([*can, 'undo'])})", rule="not-now"
    )


def island(s: BPState, arg: str | None) -> int:
    text = (arg or "").strip()
    if not text:
        raise IllegalInput(
            "Say which island: tap it on the map (tap island N)", rule="which-island"
        )
    if not text.isdigit() or int(text) not in s.map.islands:
        raise IllegalInput(f"There is no island {text} on this map", rule="which-island")
    return int(text)


def cannot_from_hand(s: BPState, player: int, what: str, then: str = "") -> str:
    """Why `what` (pay for the Amber Anvil, discard those gems, ...) is refused when the
    reason is `player`'s hidden hand. It is read on the shared screen, so it names neither
    the gems held nor the ones missing, and the same words come whatever the hand: its owner
    learns why by holding their name. `then` is a fix that names no gem either."""
    said = f"{s.names[player]} cannot {what}: hold your name to see your hand"
    return f"{said}; {then}" if then else said


def gem_words(s: BPState, action: Input, limit: int) -> list[str]:
    """Gems named by a tap (`ruby ruby emerald`) or one gem card scanned."""
    if isinstance(action, Scan):
        card = s.components[action.uid]
        if card.kind != "gem":
            raise IllegalInput(
                f"The {card.label} is not a gem card: scan a gem or tap one", rule="which-gem"
            )
        words = [str(card.get("gem"))]
    else:
        words = [w.rstrip("s").replace("rubie", "ruby") for w in (action.arg or "").split()]
    if not words:
        raise IllegalInput(f"Say which gem: {', '.join(GEMS)}", rule="which-gem")
    bad = [w for w in words if w not in GEMS]
    if bad:
        raise IllegalInput(f"'{bad[0]}' is not a gem (gems: {', '.join(GEMS)})", rule="which-gem")
    if len(words) > limit:
        raise IllegalInput(f"That is {len(words)} gems; only {limit} now", rule="too-many-gems")
    return words


def player_named(s: BPState, arg: str | None) -> int:
    for index, name in enumerate(s.names):
        if name.lower() == (arg or "").strip().lower():
            return index
    raise IllegalInput(f"Say who: {', '.join(s.names)}", rule="which-player")


def check_seat(s: BPState, action: Input, player: int) -> None:
    """A tap made for a seat must be that player's own turn, at a seat of this table."""
    seat = action.seat
    if seat is None or seat == player:
        return
    if not 0 <= seat < s.players:
        raise IllegalInput("That seat is not at this table", rule="which-player")
    raise IllegalInput(
        f"It is {s.names[player]}'s turn, not {s.names[seat]}'s", rule="not-your-turn"
    )


def relic_uid(s: BPState, action: Input, holder: int | None) -> str:
    """A relic card scanned, or tapped by uid or kind, held by `holder` (None: the pile)."""
    if isinstance(action, Scan):
        uid = action.uid
    else:
        arg = (action.arg or "").strip().lower()
        held = s.pile() if holder is None else s.relics_of(holder)
        uid = next((u for u in held if arg in (u.lower(), s.relic_kind(u))), arg.upper())
    card = s.components.get(uid)
    if card is None and isinstance(action, Tap) and arg in RELICS:
        raise IllegalInput(_none_of_kind(s, arg, holder), rule="relic-elsewhere")
    if card is None or card.kind != "relic":
        raise IllegalInput(
            "Scan a relic card, or tap relic with its kind (bronze, silver, golden)",
            rule="which-relic",
        )
    if s.relics.get(uid) != holder:
        where = "the pile" if holder is None else f"{s.names[holder]}'s relics"
        raise IllegalInput(
            f"That {s.relic_kind(uid)} relic is not in {where}", rule="relic-elsewhere"
        )
    return uid


def _none_of_kind(s: BPState, kind: str, holder: int | None) -> str:
    """A relic kind tapped that `holder` (None: the pile) has none of, with what they have."""
    if holder is None:
        return f"No {kind} relic is left in the pile"
    kinds = sorted({s.relic_kind(u) for u in s.relics_of(holder)}, key=RELICS.index)
    name = s.names[holder]
    has = f": tap {' or '.join(kinds)}" if kinds else ""
    return f"{name} has no {kind} relic{has}"

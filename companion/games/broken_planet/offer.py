"""The offer phase (and the Last Offer): build temples, craft relics, attack islands, in the
order the tablet prints, with the temple effects that act during it.

Options are enabled from public facts only (the tablet's order, what is built, free slots,
the relic pile); whether the offer player can pay is checked when they try, so the shared
screen never reveals what a hidden hand holds.
"""

from __future__ import annotations

from companion.engine import Option, Prompt
from companion.games.broken_planet import effects, words
from companion.games.broken_planet.state import BPState, MapTemple
from companion.games.broken_planet.tablet import (
    DOING,
    RELICS,
    TEMPLES,
    gems_text,
    temple_name,
)
from companion.inputs import IllegalInput, Input, Scan, Tap

RUBY = {"ruby": 1}


def _stage_refusal(s: BPState, action: str) -> str:
    order = s.map.offer_order
    if order.index(action) < s.stage:
        done = order[s.stage]
        return (
            f"{s.names[s.offer]} has moved on to {DOING[done]}: the tablet's order is "
            f"{', '.join(order)}"
        )
    return ""


def _advance(s: BPState, action: str) -> None:
    s.stage = max(s.stage, s.map.offer_order.index(action))


def _afford(s: BPState, cost: dict[str, int], what: str) -> None:
    name = s.names[s.offer]
    if s.can_pay(s.offer, cost):
        return
    if s.tendering(cost):
        raise IllegalInput(
            f"{name} has laid down {gems_text(s.tendered)}; {what} costs {gems_text(cost)}:"
            " scan the rest",
            rule="cannot-pay",
        )
    raise IllegalInput(words.cannot_from_hand(s, s.offer, f"pay for {what}"), rule="cannot-pay")


def _tender(s: BPState, gem: str) -> None:
    """A gem card laid on the reader: it will pay for the next thing that costs that gem."""
    name = s.names[s.offer]
    if s.hands[s.offer].get(gem, 0) <= s.tendered.get(gem, 0):
        # the card lies on the reader for all to see; how many more the hand holds is secret
        raise IllegalInput(
            words.cannot_from_hand(
                s, s.offer, "lay down that gem", "Undo a slip, or pay by tapping"
            ),
            rule="not-in-hand",
        )
    s.tendered[gem] = s.tendered.get(gem, 0) + 1
    s.event = f"{name} lays down a {gem} ({gems_text(s.tendered)} down)"


# -- building --------------------------------------------------------------------------
def build_refusal(s: BPState, key: str) -> str:
    """Why the offer player cannot start building `key` now ("" if they may try)."""
    p, card = s.offer, s.map.temples[key]
    if why := _stage_refusal(s, "build"):
        return why
    if s.has(p, key):
        return f"{s.names[p]}'s {temple_name(key)} is already built"
    if card.after and not s.has(p, card.after) and not effects.opal_observatory(s, p):
        return f"{temple_name(key)} needs {temple_name(card.after)} built first"
    if not any(s.slot_for(i) is not None for i in s.map.islands):
        return "No island has a free temple slot"
    return ""


def _slot_cost(s: BPState, island: int, cost: dict[str, int]) -> tuple[dict[str, int], bool]:
    """The cost on this island: one more sapphire on a sapphire-locked slot."""
    locked = s.slot_for(island)
    if locked is None:
        raise IllegalInput(f"Island {island} has no free temple slot", rule="no-free-slot")
    if locked:
        cost = {**cost, "sapphire": cost.get("sapphire", 0) + 1}
    return cost, locked


def _start_build(s: BPState, uid: str, island: int | None = None) -> None:
    """Start building the temple `uid`; with its island named at once (`build KEY N`), the
    island's price is checked here too, so a refusal reads the same whatever the hand."""
    token = s.components[uid]
    key = str(token.get("temple"))
    p = s.offer
    if token.get("colour") != s.colour(p):
        owner = next((o for o in range(s.players) if s.colour(o) == token.get("colour")), None)
        whose = f"{s.names[owner]}'s" if owner is not None else f"a {token.get('colour')}"
        raise IllegalInput(
            f"That is {whose} {temple_name(key)}: {s.names[p]} builds {s.colour(p)} temples",
            rule="own-temples",
        )
    if why := build_refusal(s, key):
        raise IllegalInput(why, rule="cannot-build")
    cost, what = dict(s.map.temples[key].cost), f"the {temple_name(key)}"
    if island is not None:
        cost, what = _slot_cost(s, island, cost)[0], f"{what} on island {island}"
    _afford(s, cost, what)
    s.pending = ("build", uid)
    s.event = f"{s.names[p]} builds the {temple_name(key)}: on which island?"


def _token_for(s: BPState, key: str) -> str:
    colour = s.colour(s.offer)
    for uid, c in s.components.items():
        if c.kind == "temple" and c.get("temple") == key and c.get("colour") == colour:
            return uid
    raise IllegalInput(
        f"No {colour} {temple_name(key)} token is enrolled: scan the token or enroll it",
        rule="temple-token",
    )


def _finish_build(s: BPState, uid: str, island: int) -> None:
    p = s.offer
    key = str(s.components[uid].get("temple"))
    cost, locked = _slot_cost(s, island, dict(s.map.temples[key].cost))
    _afford(s, cost, f"the {temple_name(key)} on island {island}")
    s.pay(p, cost)
    s.place(island, MapTemple(uid, s.map.temples[key].gives, p, key, locked))
    s.built[p].append(key)
    _advance(s, "build")
    s.pending = ()
    s.event = f"{s.names[p]} built the {temple_name(key)} on island {island} for {gems_text(cost)}"
    effects.on_built(s, key)


# -- crafting and the anvil ----------------------------------------------------------------
def craft_refusal(s: BPState, kind: str) -> str:
    if why := _stage_refusal(s, "craft"):
        return why
    if not s.pile(kind):
        return f"No {kind} relic is left in the pile"
    return ""


def _craft(s: BPState, uid: str) -> None:
    kind = s.relic_kind(uid)
    if why := craft_refusal(s, kind):
        raise IllegalInput(why, rule="cannot-craft")
    cost, _favor = s.map.relic(kind, s.players)
    _afford(s, dict(cost), f"a {kind} relic")
    s.pay(s.offer, cost)
    s.relics[uid] = s.offer
    _advance(s, "craft")
    s.event = f"{s.names[s.offer]} crafted a {kind} relic for {gems_text(dict(cost))}"


def _on_anvil(s: BPState, action: Input) -> None:
    p = s.offer
    if s.pending == ("anvil",):
        s.pending = ("anvil", words.relic_uid(s, action, p))
        s.event = f"{s.names[p]} gives back a {s.relic_kind(s.pending[1])} relic: which one from the pile?"
        return
    mine, theirs = s.pending[1], words.relic_uid(s, action, None)
    s.pay(p, RUBY)
    del s.relics[mine]
    s.relics[theirs] = p
    s.used |= {"anvil"}
    _advance(s, "craft")
    s.pending = ()
    s.event = (
        f"Amber Anvil: {s.names[p]} paid a ruby and swapped a {s.relic_kind(mine)} relic "
        f"for a {s.relic_kind(theirs)} relic"
    )


# -- attacks -------------------------------------------------------------------------------
def attack_refusal(s: BPState, how: str) -> str:
    """Why an attack of this kind (ruby, altar, crypt) is not possible now."""
    if s.phase == "last":
        return "Attacking is not allowed during the Last Offer"
    if why := _stage_refusal(s, "attack"):
        return why
    if how != "ruby":
        return effects.free_attack_refusal(s, how)
    return ""


def _attack(s: BPState, how: str, island: int) -> None:
    p, name = s.offer, s.names[s.offer]
    if why := attack_refusal(s, how):
        raise IllegalInput(why, rule="cannot-attack")
    if island in s.attacks:
        raise IllegalInput(f"Island {island} is already attacked this turn", rule="attacked-once")
    own = island in s.pawns[p]
    if how == "crypt" and not own:
        raise IllegalInput(
            f"The Crystal Crypt attacks the island {name}'s pawn stands on", rule="crypt-own-island"
        )
    if how == "ruby" and own and s.settings["attack_own_island"] == "no":
        raise IllegalInput(
            f"{name} cannot attack the island {name}'s own pawn stands on", rule="attack-own-island"
        )
    if how == "ruby":
        _afford(s, RUBY, "an attack")
        s.pay(p, RUBY)
        s.supply["ruby"] -= 1
        s.rubies_out += 1
    else:
        effects.free_ruby(s, how)
    s.attacks[island] = how
    _advance(s, "attack")
    s.event = f"{name} attacks island {island}" + effects.ATTACK_NOTE[how]


# -- the prompt ------------------------------------------------------------------------------
def _options(s: BPState) -> tuple[Option, ...]:
    p = s.offer
    builds = [
        Option(
            "build",
            f"Build {temple_name(k)} ({gems_text(dict(s.map.temples[k].cost))}, "
            f"{s.map.temples[k].favor} favor)",
            k,
            not (why := build_refusal(s, k)),
            why,
        )
        for k in TEMPLES
        if not s.has(p, k)
    ]
    crafts = [
        Option(
            "craft",
            f"Craft {kind} relic ({gems_text(dict(s.map.relic(kind, s.players)[0]))}, "
            f"{s.map.relic(kind, s.players)[1]} favor)",
            kind,
            not (why := craft_refusal(s, kind)),
            why,
        )
        for kind in RELICS
    ]
    attacks = (
        []
        if s.phase == "last"
        else [
            Option(
                "attack",
                "Attack an island (1 ruby)",
                None,
                not (why := attack_refusal(s, "ruby")),
                why,
            )
        ]
    )
    owed = effects.crypt_owed(s)
    done = Option("done", "End offers", None, not owed, owed)
    return (*builds, *crafts, *effects.offer_options(s), *attacks, done)


def prompt(s: BPState) -> Prompt:
    if s.pending:
        return effects.pending_prompt(s)
    name = s.names[s.offer]
    # two lines of the table's 350 px column: the options under it say what may be done,
    # in the tablet's order, and End offers is in sight below them
    crypt = "; the Crystal Crypt attacks for free" if effects.crypt_owed(s) else ""
    title = "Last Offer" if s.phase == "last" else f"Round {s.round}"
    return Prompt(
        s.phase,
        name,
        f"{title}: {name} offers: scan or tap{crypt}",
        _options(s),
        expects_scan=True,
        detail={"offer": name, "attacked": sorted(s.attacks), "stage": s.map.offer_order[s.stage]},
    )


# -- inputs ----------------------------------------------------------------------------------
def apply(s: BPState, action: Input) -> None:
    words.check_seat(s, action, s.offer)
    if s.pending:
        _on_pending(s, action)
    elif isinstance(action, Scan):
        _on_scan(s, action)
    else:
        _on_tap(s, action)


def _on_scan(s: BPState, action: Scan) -> None:
    card = s.components[action.uid]
    if card.kind == "temple":
        _start_build(s, action.uid)
    elif card.kind == "relic" and action.uid not in s.relics:
        _craft(s, action.uid)
    elif card.kind == "gem":
        _tender(s, str(card.get("gem")))
    elif card.kind == "relic":
        holder = s.names[s.relics[action.uid]]
        raise IllegalInput(
            f"That {card.get('relic')} relic is {holder}'s: craft relics from the pile",
            rule="relic-elsewhere",
        )
    else:
        raise IllegalInput(
            f"The {card.label} is not used now: scan a temple token, a relic card or a gem card",
            rule="not-now",
        )


def _on_tap(s: BPState, tap: Tap) -> None:
    """A typed tap's words are read whole, as `tap island` reads them: `craft bronze relic`
    or `attack 5 6` is refused by name, never half-read."""
    text = (tap.arg or "").strip()
    if tap.option == "build" and text:
        name, _, where = text.partition(" ")
        if name not in TEMPLES:
            raise IllegalInput(
                f"'{name}' is not a temple (e.g. build sapphire-shrine)", rule="temple-name"
            )
        island = words.island(s, where) if where else None
        _start_build(s, _token_for(s, name), island)
        if island is not None:
            _finish_build(s, s.pending[1], island)
    elif tap.option == "craft" and text:
        if text not in RELICS:
            raise IllegalInput(
                f"'{text}' is not a relic (bronze, silver or golden)", rule="which-relic"
            )
        pile = s.pile(text)
        if not pile:
            raise IllegalInput(craft_refusal(s, text), rule="cannot-craft")
        _craft(s, pile[0])
    elif tap.option in ("attack", "altar", "crypt"):
        how = "ruby" if tap.option == "attack" else tap.option
        if how == "crypt" and not text and len(set(s.pawns[s.offer])) == 1:
            text = str(s.pawns[s.offer][0])
        if text:
            _attack(s, how, words.island(s, text))
        elif why := attack_refusal(s, how):
            raise IllegalInput(why, rule="cannot-attack")
        else:
            if how == "ruby":
                _afford(s, RUBY, "an attack")
            s.pending = ("attack", how)
    elif tap.option == "done":
        effects.end_offers(s)
    elif not effects.start_effect(s, tap):
        raise words.not_now(prompt(s), tap)


def _on_pending(s: BPState, action: Input) -> None:
    step = s.pending[0]
    if isinstance(action, Tap) and action.option == "cancel" and step in effects.CANCELLABLE:
        s.pending = ()
        s.event = f"{s.names[s.offer]} changed their mind"
    elif step == "build" and isinstance(action, Tap) and action.option == "island":
        _finish_build(s, s.pending[1], words.island(s, action.arg))
    elif step == "attack" and isinstance(action, Tap) and action.option == "island":
        how, s.pending = s.pending[1], ()
        _attack(s, how, words.island(s, action.arg))
    elif step == "anvil" and (isinstance(action, Scan) or action.option == "relic"):
        _on_anvil(s, action)
    elif not effects.on_pending(s, action):
        raise words.not_now(prompt(s), action)

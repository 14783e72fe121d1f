"""The twelve temple effects of the Extra Ruling (docs/rulings.md, BP rulings).

A built temple's effect belongs to its builder from the moment it is placed, and stays
when the temple leaves the map ("Removing temples will not disable the effects"), so every
check here asks what the player built, never what stands on the map. Gold Golem acts only
at scoring (scoring.py).
"""

from __future__ import annotations

from companion.engine import Option, Prompt
from companion.games.broken_planet import rounds, words
from companion.games.broken_planet.state import BPState
from companion.games.broken_planet.tablet import DOING, GEMS, gems_text, temple_name
from companion.inputs import IllegalInput, Input, Scan, Tap

ATTACK_NOTE = {
    "ruby": " with a ruby",
    "altar": " for free (Bloodstone Altar)",
    "crypt": " for free (Crystal Crypt)",
}
CANCELLABLE = ("build", "attack", "anvil", "garden")
SUN_REMOVES = 3


# -- movement and collecting (Sapphire Shrine, Temple of Time, Obsidian Outpost) ---------------
def reach(s: BPState, player: int, start: int) -> int:
    """How many routes a collect player's pawn may travel from `start` this turn: never less
    than 1, since the range is 2 or 3 (P1) and the Temple of Time takes one away."""
    steps = int(s.settings["move_range"])
    if s.has(player, "sapphire-shrine"):
        steps += s.movement.get(start, 0)
    if player != s.offer and s.has(s.offer, "temple-of-time"):
        steps -= 1
    return steps


def can_collect(s: BPState, player: int, island: int) -> bool:
    return not s.hazard.get(island) or s.has(player, "obsidian-outpost")


def opal_observatory(s: BPState, player: int) -> bool:
    return s.has(player, "opal-observatory")


# -- attacks for free (Bloodstone Altar, Crystal Crypt) ---------------------------------------
def free_attack_refusal(s: BPState, how: str) -> str:
    p, name = s.offer, s.names[s.offer]
    key = {"altar": "bloodstone-altar", "crypt": "crystal-crypt"}[how]
    if not s.has(p, key):
        return f"{name} has not built the {temple_name(key)}"
    if how in s.used:
        return f"The {temple_name(key)} is used once per offer phase"
    if how == "altar" and not {"ruby", "crypt"} & set(s.attacks.values()):
        # P13: the Crypt's free attack is an attack ("when you target an island for an attack")
        return "The Bloodstone Altar adds a second island to an attack: attack an island first"
    if s.supply["ruby"] == 0 and s.settings["free_ruby_empty_pile"] == "no":
        return f"The ruby pile is empty, so the {temple_name(key)} has no ruby to place"
    return ""


def crypt_owed(s: BPState) -> str:
    """P15: the Crystal Crypt's attack, when mandatory (its text has no "may"), is owed until
    it is made or cannot be: the reason `done` is refused, "" when the offer may end."""
    p = s.offer
    owed = (
        s.settings["crypt_attack"] == "must"
        and s.phase != "last"
        and s.has(p, "crystal-crypt")
        and s.map.offer_order.index("attack") >= s.stage
        and not free_attack_refusal(s, "crypt")
        and any(n not in s.attacks for n in s.pawns[p])
    )
    if not owed:
        return ""
    where = " or ".join(f"island {n}" for n in sorted(set(s.pawns[p])) if n not in s.attacks)
    return f"{s.names[p]}'s Crystal Crypt attacks {where} first: tap Crystal Crypt"


def free_ruby(s: BPState, how: str) -> None:
    """The free attack's ruby comes from the pile (when it has one) and lies on the island."""
    if s.supply["ruby"]:
        s.supply["ruby"] -= 1
        s.rubies_out += 1
    s.used |= {how}


# -- when built (Magma Monastery, Sun Sanctuary) ---------------------------------------------
def on_built(s: BPState, key: str) -> None:
    if key == "magma-monastery":
        s.pending = ("magma",)
        s.event += "; Magma Monastery: place a hazardous or movement token on an island"
    elif key == "sun-sanctuary":
        s.pending = ("sun", SUN_REMOVES)
        s.event += f"; Sun Sanctuary: remove up to {SUN_REMOVES} temples from the map"


def _place_token(s: BPState, kind: str, island: int) -> None:
    tokens = s.hazard if kind == "hazard" else s.movement
    tokens[island] = tokens.get(island, 0) + 1
    s.pending = ()
    s.event = f"Magma Monastery: {s.names[s.offer]} placed a {kind} token on island {island}"


def _temple_id(s: BPState, action: Input) -> tuple[int, str]:
    """A temple on the map, by its token's scan or its id (S<n> for a standard temple)."""
    if isinstance(action, Scan):
        temple_id = action.uid
    else:
        parts = (action.arg or "").split()
        temple_id = parts[0].upper() if parts else ""
    found = s.find_temple(temple_id)
    if found is None:
        raise IllegalInput(
            "Say which temple on the map: scan its token or tap it", rule="which-temple"
        )
    return found[0], temple_id


def _remove(s: BPState, action: Input) -> None:
    island, temple_id = _temple_id(s, action)
    temple = next(t for t in s.temples[island] if t.id == temple_id)
    s.lift(island, temple_id)
    s.removed.append(temple)
    left = s.pending[1] - 1
    s.pending = ("sun", left) if left else ()
    s.event = f"Sun Sanctuary: {s.temple_label(temple)} on island {island} is removed from play"


def _move(s: BPState, temple_id: str, target: int) -> None:
    """Garnet Garden: a temple to another island's free slot; a locked slot costs a sapphire."""
    found = s.find_temple(temple_id)
    assert found is not None
    origin, temple = found[0], next(t for t in s.temples[found[0]] if t.id == temple_id)
    if target == origin:
        raise IllegalInput(
            f"{s.temple_label(temple).capitalize()} already stands on island {target}",
            rule="garden-other-island",
        )
    locked = s.slot_for(target)
    if locked is None:
        raise IllegalInput(f"Island {target} has no free temple slot", rule="no-free-slot")
    if locked and not s.can_pay(s.offer, {"sapphire": 1}):
        raise IllegalInput(
            words.cannot_from_hand(s, s.offer, f"pay for the locked slot on island {target}"),
            rule="sapphire-lock",
        )
    if locked:
        s.pay(s.offer, {"sapphire": 1})
    s.lift(origin, temple_id)
    s.place(target, type(temple)(temple.id, temple.gives, temple.owner, temple.key, locked))
    s.used |= {"garden"}
    s.stage = max(s.stage, s.map.offer_order.index("build"))
    s.pending = ()
    paid = " (1 sapphire for the lock)" if locked else ""
    s.event = (
        f"Garnet Garden: {s.temple_label(temple)} moved from island {origin} to {target}{paid}"
    )


# -- once-per-offer effects started by a tap (Amber Anvil, Garnet Garden) ----------------------
def _effect_refusal(s: BPState, key: str, used: str, action: str) -> str:
    p = s.offer
    if not s.has(p, key):
        return f"{s.names[p]} has not built the {temple_name(key)}"
    if used in s.used:
        return f"The {temple_name(key)} is used once per offer phase"
    order = s.map.offer_order
    if order.index(action) < s.stage:
        return f"The {temple_name(key)} belongs to {DOING[action]}, over for this offer phase"
    if used == "anvil" and not s.relics_of(p):
        return f"{s.names[p]} has no relic to swap"
    return ""


def offer_options(s: BPState) -> list[Option]:
    p = s.offer
    found = []
    table = (
        ("amber-anvil", "anvil", "craft", "Amber Anvil: swap a relic (1 ruby)"),
        ("garnet-garden", "garden", "build", "Garnet Garden: move a temple"),
    )
    for key, word, action, label in table:
        if s.has(p, key):
            why = _effect_refusal(s, key, word, action)
            found.append(Option(word, label, None, not why, why))
    if s.phase != "last":
        for key, how, label in (
            ("bloodstone-altar", "altar", "Bloodstone Altar: a second island free"),
            ("crystal-crypt", "crypt", "Crystal Crypt: attack your own island free"),
        ):
            if s.has(p, key):
                why = free_attack_refusal(s, how)
                found.append(Option(how, label, None, not why, why))
    return found


def start_effect(s: BPState, tap: Tap) -> bool:
    """Anvil and garden taps; False for any other word."""
    table = {"anvil": ("amber-anvil", "craft"), "garden": ("garnet-garden", "build")}
    if tap.option not in table:
        return False
    key, action = table[tap.option]
    if why := _effect_refusal(s, key, tap.option, action):
        raise IllegalInput(why, rule="effect-unavailable")
    if tap.option == "anvil":
        if not s.can_pay(s.offer, {"ruby": 1}):
            raise IllegalInput(
                words.cannot_from_hand(s, s.offer, "pay for the Amber Anvil"), rule="cannot-pay"
            )
        s.pending = ("anvil",)
        s.event = f"Amber Anvil: {s.names[s.offer]} swaps a relic"
        return True
    args = (tap.arg or "").split()
    s.pending = ("garden",)
    if args:
        s.pending = ("garden", _temple_id(s, tap)[1])
    if len(args) > 1:
        _move(s, s.pending[1], words.island(s, args[1]))
    else:
        s.event = f"Garnet Garden: {s.names[s.offer]} moves a temple"
    return True


# -- steps of an action under way --------------------------------------------------------------
def on_pending(s: BPState, action: Input) -> bool:
    """Garden, Magma, Sun and Onyx steps; False when the input is not one of them."""
    step, tap = s.pending[0], action if isinstance(action, Tap) else None
    word = tap.option if tap else "scan"
    if step == "garden" and len(s.pending) == 1 and word in ("temple", "scan"):
        s.pending = ("garden", _temple_id(s, action)[1])
    elif step == "garden" and len(s.pending) == 2 and word == "island":
        _move(s, s.pending[1], words.island(s, action.arg))
    elif step == "magma" and tap and word in ("hazard", "movement"):
        if tap.arg:
            _place_token(s, word, words.island(s, tap.arg))
        else:
            s.pending = ("magma", word)
    elif step == "magma" and len(s.pending) == 2 and word == "island":
        _place_token(s, s.pending[1], words.island(s, action.arg))
    elif step == "magma" and word == "skip":
        s.pending = ()
        s.event = "Magma Monastery: no token placed"
    elif step == "sun" and word in ("remove", "scan"):
        _remove(s, action)
    elif step in ("sun", "onyx") and word in ("done", "skip"):
        s.pending = ()
        s.event = f"{temple_name('sun-sanctuary' if step == 'sun' else 'onyx-oasis')}: no more"
        if step == "onyx":
            rounds.close_offer(s)
    elif step == "onyx" and word in ("gem", "scan"):
        gem = words.gem_words(s, action, 1)[0]
        if not s.take(s.offer, gem):
            raise IllegalInput(f"The {gem} pile is empty: take another gem", rule="pile-empty")
        s.pending = ()
        s.event = f"Onyx Oasis: {s.names[s.offer]} took a gem"
        rounds.close_offer(s)
    else:
        return False
    return True


def end_offers(s: BPState) -> None:
    """`done`: Onyx Oasis first asks for its gem when its builder attacked nobody."""
    p = s.offer
    if why := crypt_owed(s):
        raise IllegalInput(why, rule="crypt-owed")
    eligible = s.phase != "last" and s.has(p, "onyx-oasis") and not s.attacks
    if eligible and any(s.supply.values()):
        s.pending = ("onyx",)
        s.event = f"{s.names[p]} ends offers; Onyx Oasis: take a gem of your choice"
        return
    rounds.close_offer(s)


def _islands(s: BPState, cost: dict[str, int]) -> tuple[Option, ...]:
    """An island button per free slot, with what a locked slot adds to `cost`."""
    found = []
    for n in s.map.islands:
        locked = s.slot_for(n)
        if locked is None:
            continue
        extra = (
            f" ({gems_text({**cost, 'sapphire': cost.get('sapphire', 0) + 1})})" if locked else ""
        )
        found.append(Option("island", f"Island {n}{extra}", str(n)))
    return tuple(found)


def pending_prompt(s: BPState) -> Prompt:
    name, step = s.names[s.offer], s.pending[0]
    cancel = (Option("cancel", "Cancel"),) if step in CANCELLABLE else ()
    scan = False
    if step == "build":
        key = str(s.components[s.pending[1]].get("temple"))
        text = f"{name}: which island for the {temple_name(key)}? (a locked slot: 1 sapphire more)"
        options = _islands(s, dict(s.map.temples[key].cost))
    elif step == "attack":
        text = f"{name}: which island do you attack?"
        options = tuple(
            Option("island", f"Island {n}", str(n)) for n in s.map.islands if n not in s.attacks
        )
    elif step == "anvil":
        text = (
            f"{name}: scan the relic you give back"
            if len(s.pending) == 1
            else (f"{name}: scan the relic you take from the pile")
        )
        options, scan = (Option("relic", "Relic"),), True
    elif step == "garden" and len(s.pending) == 1:
        text = f"{name}: which temple moves? (scan its token or tap it)"
        options = tuple(
            Option("temple", f"{s.temple_label(t)} on {n}", t.id)
            for n, standing in s.temples.items()
            for t in standing
        )
        scan = True
    elif step == "garden":
        text = f"{name}: to which island? (a locked slot costs a sapphire)"
        found = s.find_temple(s.pending[1])
        assert found is not None
        # P15: to another island, never the one the temple stands on
        options = tuple(o for o in _islands(s, {}) if o.arg != str(found[0]))
    elif step == "magma":
        text = f"{name}: Magma Monastery — place a hazardous or movement token"
        options = (
            (Option("hazard", "Hazardous token"), Option("movement", "Movement token"))
            if len(s.pending) == 1
            else tuple(Option("island", f"Island {n}", str(n)) for n in s.map.islands)
        ) + (Option("skip", "No token"),)
    elif step == "sun":
        text = f"{name}: Sun Sanctuary — remove up to {s.pending[1]} more temples (or done)"
        options = tuple(
            Option("remove", f"{s.temple_label(t)} on {n}", t.id)
            for n, standing in s.temples.items()
            for t in standing
        ) + (Option("done", "Done"),)
        scan = True
    else:
        text = f"{name}: Onyx Oasis — take a gem of your choice"
        options = tuple(
            Option("gem", g.capitalize(), g, s.supply[g] > 0, "the pile is empty") for g in GEMS
        ) + (Option("skip", "No gem"),)
        return Prompt(s.phase, name, text, options, expects_scan=True, private=True)
    return Prompt(s.phase, name, text, options + cancel, expects_scan=scan, detail={"step": step})

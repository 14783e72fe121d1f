"""The collect phase: the compasses' islands entered after the offers, movement, collecting
(the resource die is a chance input: the face players read), then the attacks' hits.

Order of a hit (Round Overview 5-6): the victim first collects, then discards half the hand
rounded down (choosing which), then the offer player takes one relic per pawn hit.
"""

from __future__ import annotations

from companion.engine import Option, Prompt
from companion.games.broken_planet import effects, rounds, words
from companion.games.broken_planet.state import BPState
from companion.games.broken_planet.tablet import GEMS
from companion.inputs import IllegalInput, Input, Tap
from companion.words import plural

FACES = (*GEMS, "any")


def collectors(s: BPState) -> list[int]:
    return [p for p in s.clockwise(s.offer) if p != s.offer]


def _missing(s: BPState, player: int) -> list[int]:
    return [k for k in range(s.pawns_each) if (player, k) not in s.choices]


def _pawn_name(s: BPState, player: int, pawn: int) -> str:
    if s.pawns_each == 1:
        return s.names[player]
    return f"{s.names[player]}'s {s.components[s.pawn_uids[player][pawn]].label}"


# -- the compasses ---------------------------------------------------------------------------
def choose_prompt(s: BPState) -> Prompt:
    waiting = tuple(s.names[p] for p in collectors(s) if _missing(s, p))
    who = ", ".join(_pawn_name(s, p, k) for p in collectors(s) for k in _missing(s, p))
    return Prompt(
        "choose",
        None,
        f"Reveal the compasses: enter the island on each ({who}); an island out of reach "
        "means staying put",
        tuple(Option("island", f"Island {n}", str(n)) for n in s.map.islands),
        detail={
            "attacked": sorted(s.attacks),
            "entered": sorted({s.names[p] for p, _ in s.choices}),
        },
        waiting=waiting,
    )


def _choice_seat(s: BPState, tap: Tap) -> int:
    waiting = [p for p in collectors(s) if _missing(s, p)]
    if tap.seat is None:
        if len(waiting) > 1:
            names = " or ".join(s.names[p] for p in waiting)
            raise IllegalInput(
                f"Say whose compass this is: {names} (tap island N @name)", rule="whose-compass"
            )
        return waiting[0]
    if not 0 <= tap.seat < s.players:
        raise IllegalInput("That seat is not at this table", rule="whose-compass")
    if tap.seat == s.offer:
        raise IllegalInput(
            f"{s.names[tap.seat]} offers this turn and does not move", rule="offer-player-stays"
        )
    if tap.seat not in waiting:
        raise IllegalInput(
            f"{s.names[tap.seat]}'s island is already entered (undo to change it)",
            rule="compass-entered",
        )
    return tap.seat


def on_choose(s: BPState, action: Input) -> None:
    if not (isinstance(action, Tap) and action.option == "island"):
        raise words.not_now(choose_prompt(s), action)
    player = _choice_seat(s, action)
    target = words.island(s, action.arg)
    pawn = _missing(s, player)[0]
    s.choices[(player, pawn)] = target
    s.event = f"{_pawn_name(s, player, pawn)}'s compass shows island {target}"
    if not any(_missing(s, p) for p in collectors(s)):
        _resolve(s)


# -- moving and collecting -------------------------------------------------------------------
def _move(s: BPState, player: int, pawn: int) -> str:
    start, target = s.pawns[player][pawn], s.choices[(player, pawn)]
    steps = s.map.hops[start].get(target)
    reach = effects.reach(s, player, start)
    who = _pawn_name(s, player, pawn)
    if target == start:
        return f"{who} stays on island {start}"
    if steps is None or steps > reach:
        far = "no route" if steps is None else plural(steps, "route")
        return (
            f"{who} cannot reach island {target} ({far}, may travel {reach}) and stays on {start}"
        )
    s.pawns[player][pawn] = target
    return f"{who} moves to island {target}"


def _collect(s: BPState, player: int, island: int) -> str:
    if not effects.can_collect(s, player, island):
        return f"nothing on hazardous island {island}"
    got = 0
    for temple in s.temples.get(island, ()):
        if temple.gives == "die":
            s.tasks.append(("die", player, island))
        elif temple.gives == "any":
            s.tasks.append(("gem", player, f"{s.temple_label(temple)} gives a gem of your choice"))
        else:
            got += s.take(player, temple.gives)
    return f"collects {plural(got, 'gem')}"


def _resolve(s: BPState) -> None:
    s.phase = "collect"
    said = []
    for player in collectors(s):
        for pawn in range(s.pawns_each):
            start = s.pawns[player][pawn]
            moved = _move(s, player, pawn)
            if s.pawns[player][pawn] == start and s.settings["stay_collects"] == "no":
                # P2: "collect the resources on the island they moved to"; a pawn that stays
                # collects nothing and "can still be hit"
                said.append(f"{moved}, collects nothing (only a pawn that moves collects)")
            else:
                said.append(f"{moved}, {_collect(s, player, s.pawns[player][pawn])}")
    for player in collectors(s):
        hits = sum(island in s.attacks for island in s.pawns[player])
        if hits:
            s.tasks += [("discard", player), ("relic", player, hits)]
    s.event = "; ".join(said)
    _advance(s)


def _advance(s: BPState) -> None:
    """Skip the steps with nothing to decide; end the turn when none is left."""
    while s.tasks:
        task = s.tasks[0]
        if task[0] == "discard" and len(task) == 2:
            half = s.hand_size(task[1]) // 2
            s.say(f"{s.names[task[1]]} is hit and discards {plural(half, 'gem')}", "; ")
            if half:
                s.tasks[0] = ("discard", task[1], half)
                return
        elif task[0] == "relic" and (task[2] == 0 or not s.relics_of(task[1])):
            if task[2]:
                s.say(f"{s.names[task[1]]} has no relic to lose", "; ")
        elif task[0] == "gem" and not any(s.supply.values()):
            s.say("every gem pile is empty", "; ")
        else:
            return  # a step someone must decide
        s.tasks.pop(0)
    rounds.end_turn(s)


# -- chance, choices, discards, relics ---------------------------------------------------------
def task_prompt(s: BPState) -> Prompt:
    task = s.tasks[0]
    name = s.names[task[1]]
    if task[0] == "die":
        return Prompt(
            "die",
            name,
            f"{name}: roll the resource die for the die temple on island {task[2]}; tap its face",
            tuple(Option("die", f.capitalize() if f != "any" else "All four", f) for f in FACES),
        )
    if task[0] == "gem":
        return Prompt(
            "gem",
            name,
            f"{name}: {task[2]} — take it from the piles",
            tuple(
                Option("gem", g.capitalize(), g, s.supply[g] > 0, "the pile is empty") for g in GEMS
            ),
            expects_scan=True,
            private=True,
        )
    if task[0] == "discard":
        return Prompt(
            "discard",
            name,
            f"{name} was hit: discard {plural(task[2], 'gem')} of your choice to the piles",
            tuple(Option("discard", g.capitalize(), g) for g in GEMS),
            expects_scan=True,
            private=True,
        )
    attacker = s.names[s.offer]
    return Prompt(
        "relic",
        attacker,
        f"{attacker}: take one of {name}'s relics (scan it or tap it)",
        tuple(
            Option("relic", f"{s.relic_kind(u).capitalize()} relic", u)
            for u in s.relics_of(task[1])
        ),
        expects_scan=True,
    )


def on_task(s: BPState, action: Input) -> None:
    task = s.tasks[0]
    kind, player = task[0], task[1]
    words.check_seat(s, action, s.offer if kind == "relic" else player)
    word = action.option if isinstance(action, Tap) else "scan"
    expected = {"die": ("die",), "gem": ("gem", "scan"), "discard": ("discard", "scan")}
    if kind != "relic" and word not in expected[kind]:
        raise words.not_now(task_prompt(s), action)
    if kind == "die":
        _roll(s, player, (action.arg or "").strip().lower())
    elif kind == "gem":
        gem = words.gem_words(s, action, 1)[0]
        if not s.take(player, gem):
            raise IllegalInput(f"The {gem} pile is empty: take another gem", rule="pile-empty")
        s.tasks.pop(0)
        s.event = f"{s.names[player]} took a gem"
    elif kind == "discard":
        _discard(s, player, task[2], words.gem_words(s, action, task[2]))
    else:
        _steal(s, player, task[2], action)
    _advance(s)


def _roll(s: BPState, player: int, face: str) -> None:
    if face not in FACES:
        raise IllegalInput(f"Tap the face the die shows: {', '.join(FACES)}", rule="die-face")
    s.tasks.pop(0)
    name = s.names[player]
    if face == "any":
        s.tasks.insert(0, ("gem", player, "the die shows all four: a gem of your choice"))
        s.event = f"{name} rolled all four gems"
    else:
        got = s.take(player, face)
        s.event = f"{name} rolled a {face}" + ("" if got else f" (the {face} pile is empty)")


def _discard(s: BPState, player: int, left: int, gems: list[str]) -> None:
    need: dict[str, int] = {}
    for gem in gems:
        need[gem] = need.get(gem, 0) + 1
    if not s.can_pay(player, need):
        raise IllegalInput(
            words.cannot_from_hand(s, player, "discard those gems"), rule="not-in-hand"
        )
    s.pay(player, need)
    left -= len(gems)
    if left:
        s.tasks[0] = ("discard", player, left)
    else:
        s.tasks.pop(0)
    s.event = f"{s.names[player]} discarded {plural(len(gems), 'gem')}"


def _steal(s: BPState, victim: int, count: int, action: Input) -> None:
    if isinstance(action, Tap) and action.option != "relic":
        raise words.not_now(task_prompt(s), action)
    uid = words.relic_uid(s, action, victim)
    s.relics[uid] = s.offer
    s.tasks[0] = ("relic", victim, count - 1)
    s.event = f"{s.names[s.offer]} takes {s.names[victim]}'s {s.relic_kind(uid)} relic"

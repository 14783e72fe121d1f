"""Starting the game: the map's random set-up when chosen (layout.py), pawns (which colour
each player plays), the diamond draw for the starting player, and the decreasing first gem
picks (3, 2, 1, 0; 4 first with 5 players)."""

from __future__ import annotations

from companion.engine import Option, Prompt
from companion.games.broken_planet import layout, words
from companion.games.broken_planet.state import BPState
from companion.games.broken_planet.tablet import GEMS
from companion.inputs import IllegalInput, Input, Scan, Tap
from companion.words import plural

PHASES = (layout.PHASE, "pawns", "diamond", "picks")


def pick_counts(players: int) -> list[int]:
    """Gems each player takes, from the starting player clockwise, one fewer each: 3, 2, 1, 0
    (4, 3, 2, 1, 0 with five). The game is for 2-5 players, so no count goes below 0."""
    first = 4 if players == 5 else 3
    return [first - i for i in range(players)]


def _pawn_turn(s: BPState) -> int | None:
    """The next player still to take a pawn (two each in the 2-player version)."""
    for rank in range(s.pawns_each):
        for player in range(s.players):
            if len(s.pawn_uids[player]) == rank:
                return player
    return None


def _picker(s: BPState) -> int | None:
    counts = pick_counts(s.players)
    for i, player in enumerate(s.clockwise(s.start - 1)):
        if s.picked[player] < counts[i] and s.picked[player] >= 0:
            return player
    return None


def prompt(s: BPState) -> Prompt:
    if s.phase == layout.PHASE:
        return layout.prompt(s)
    if s.phase == "pawns":
        player = _pawn_turn(s)
        assert player is not None
        which = " (your second pawn)" if s.pawn_uids[player] else ""
        return Prompt(
            "pawns",
            s.names[player],
            f"{s.names[player]}: scan your pawn{which} and put it on island 1",
            expects_scan=True,
        )
    if s.phase == "diamond":
        draw = s.players - 1
        return Prompt(
            "diamond",
            None,
            f"One player shuffles {plural(draw, 'sapphire')} and 1 diamond; each other player "
            "draws one. Who has the diamond?",
            tuple(Option("diamond", name, name) for name in s.names),
        )
    player = _picker(s)
    assert player is not None
    left = pick_counts(s.players)[s.clockwise(s.start - 1).index(player)] - s.picked[player]
    return Prompt(
        "picks",
        s.names[player],
        f"{s.names[player]}: take {plural(left, 'gem')} of your choice from the piles "
        "(tap or scan each; done to take fewer)",
        (
            *(
                Option("take", g.capitalize(), g, s.supply[g] > 0, "the pile is empty")
                for g in GEMS
            ),
            Option("done", "Done"),
        ),
        expects_scan=True,
        private=True,
    )


def apply(s: BPState, action: Input) -> None:
    if s.phase == layout.PHASE:
        layout.apply(s, action)
    elif s.phase == "pawns":
        _on_pawn(s, action)
    elif s.phase == "diamond":
        if not (isinstance(action, Tap) and action.option == "diamond"):
            raise words.not_now(prompt(s), action)
        s.start = s.offer = words.player_named(s, action.arg)
        s.phase = "picks"
        s.event = f"{s.names[s.start]} drew the diamond: the starting player takes the Offer Card"
        _after_pick(s)
    else:
        _on_pick(s, action)


def _on_pawn(s: BPState, action: Input) -> None:
    if not isinstance(action, Scan):
        raise words.not_now(prompt(s), action)
    player = _pawn_turn(s)
    assert player is not None
    card = s.components[action.uid]
    if card.kind != "pawn":
        raise IllegalInput(
            f"The {card.label} is not a pawn: scan {s.names[player]}'s pawn", rule="which-pawn"
        )
    taken = next((p for p in range(s.players) if action.uid in s.pawn_uids[p]), None)
    if taken is not None:
        raise IllegalInput(f"The {card.label} is already {s.names[taken]}'s", rule="pawn-taken")
    s.pawn_uids[player].append(action.uid)
    s.event = f"{s.names[player]} plays the {card.label}"
    if _pawn_turn(s) is None:
        colours = [s.colour(p) for p in range(s.players)]
        if len(set(colours)) < s.players:
            s.pawn_uids[player].pop()
            raise IllegalInput(
                f"{s.names[player]}: take a pawn of a colour nobody plays yet", rule="pawn-taken"
            )
        s.phase = "diamond"


def _on_pick(s: BPState, action: Input) -> None:
    player = _picker(s)
    assert player is not None
    words.check_seat(s, action, player)
    name = s.names[player]
    if isinstance(action, Tap) and action.option == "done":
        s.picked[player] = -1  # finished early
        s.event = f"{name} takes no more gems"
        _after_pick(s)
        return
    if isinstance(action, Tap) and action.option != "take":
        raise words.not_now(prompt(s), action)
    count = pick_counts(s.players)[s.clockwise(s.start - 1).index(player)]
    gems = words.gem_words(s, action, count - s.picked[player])
    for gem in gems:
        if s.supply[gem] == 0:
            raise IllegalInput(f"The {gem} pile is empty: take another gem", rule="pile-empty")
        s.take(player, gem)
    s.picked[player] += len(gems)
    s.event = f"{name} took {plural(len(gems), 'gem')}"
    _after_pick(s)


def _after_pick(s: BPState) -> None:
    if _picker(s) is None:
        s.phase = "offer"
        s.say(f"round 1: {s.names[s.start]} offers")

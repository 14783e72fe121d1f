"""Random Who Broke It? games against a model of the real cards.

The referee only counts; this test also holds the physical cards (shuffled deck, hands,
set-aside cards), plays random legal moves with them, moves the cards as each effect the
referee carried out says, and checks after every input that the referee's counts match
the cards, that every card is in exactly one place, and that the loser really holds (or
discarded, or set aside) the Broken Vase.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.deck import Deck, load_deck
from companion.games.who_broke_it.state import VASE, WbiState
from companion.store import Store
from companion.table import Table, seat_readers
from tests.companion.conftest import EXAMPLES

DEMO = load_deck(EXAMPLES / "who-broke-it-demo.toml")
NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]


class Cards:
    """Where every physical card is; draws come off the end of `deck`."""

    def __init__(self, uids: list[str], players: int, rnd: random.Random) -> None:
        self.rnd = rnd
        self.deck = list(uids)
        rnd.shuffle(self.deck)
        self.hands = [[self.deck.pop() for _ in range(4)] for _ in range(players)]
        self.aside = [hand.pop(rnd.randrange(4)) for hand in self.hands]
        self.discard: list[str] = []

    def pick(self, player: int) -> str:
        return self.rnd.choice(self.hands[player])

    def discard_from(self, player: int, uid: str) -> None:
        self.hands[player].remove(uid)
        self.discard.append(uid)

    def draw_to_three(self, player: int) -> None:
        while len(self.hands[player]) < 3 and self.deck:
            self.hands[player].append(self.deck.pop())

    def effect(self, s: WbiState, kind: str, target: int | None) -> None:
        """Move the cards as `kind` does; `s` is the state before it took effect."""
        me, hands, rnd = s.turn, self.hands, self.rnd
        if kind == "hide-the-evidence":
            card = self.pick(me)
            hands[me].remove(card)
            self.deck.insert(rnd.randrange(len(self.deck) + 1), card)
        elif kind in ("blind-accusation", "share-the-blame"):
            ring = [p for p in s.order(me) if not s.immune[p]]
            nxt = {p: ring[(i + 1) % len(ring)] for i, p in enumerate(ring)}
            giver = nxt if kind == "blind-accusation" else {p: p for p in ring}
            moving = {p: self.pick(giver[p]) for p in ring}  # chosen from the hands as they were
            for p, card in moving.items():
                hands[giver[p]].remove(card)
                hands[p if kind == "blind-accusation" else nxt[p]].append(card)
        elif kind == "its-their-fault":
            assert target is not None
            taken = rnd.sample(hands[target], len(hands[me]))
            rest = [c for c in hands[target] if c not in taken]
            hands[me], hands[target] = taken, rest + hands[me]
        elif kind == "evil-twin":
            assert target is not None
            hands[me].append(self.deck.pop())
            hands[me], hands[target] = hands[target], hands[me]
        elif kind == "shouting-match":
            keep = s.settings["shouting_match_alibi"] == "keep"
            ring = [p for p in s.order(s.after(me)) if not (keep and s.immune[p])]
            pool = [c for p in ring for c in hands[p]]
            rnd.shuffle(pool)
            for p in ring:
                hands[p] = []
            for i, card in enumerate(pool):
                hands[ring[i % len(ring)]].append(card)


def check(table: Table, cards: Cards) -> None:
    s = table.state
    assert s.hands == [len(h) for h in cards.hands]
    assert s.deck == len(cards.deck) and s.discard == cards.discard
    assert all(0 <= n <= 3 for n in s.hands)
    assert s.aside == len(cards.aside)
    # every card in exactly one place: the known places are disjoint, and with the counts
    # they make up the deck
    known = s.discard + list(s.revealed.values()) + list(s.aside_shown.values())
    assert len(known) == len(set(known))
    assert s.deck + sum(s.hands) + s.aside + len(s.discard) == len(s.components)
    if s.phase == "turn" and s.deck:
        assert s.hands == [3] * s.players  # drawing back to three keeps hands even
    view = table.view()
    assert [z.size for z in view.zones if z.key.startswith("hand:")] == s.hands


def step(table: Table, cards: Cards, rnd: random.Random) -> None:
    """One random legal input made with the real cards, and the cards moved to match."""
    s: WbiState = table.state
    prompt = table.prompt
    target = None
    if s.phase == "deal":
        table.tap("dealt")
    elif s.phase in ("turn", "distract"):
        card = cards.pick(s.turn)
        cards.discard_from(s.turn, card)
        table.scan(card, rnd.choice(["default", f"seat{s.turn + 1}"]))
    elif s.phase == "target":
        option = rnd.choice([o for o in prompt.options if o.enabled])
        target = s.names.index(option.label)
        table.tap("player", option.arg)
    elif s.phase == "call-mum":
        assert s.target is not None
        card = rnd.choice([c for c in cards.hands[s.target] if c not in s.shown])
        table.scan(card, rnd.choice(["default", f"seat{s.target + 1}"]))
    else:  # the reveal: the shared reader serves the first still to go, a seat its player
        waiting = [s.names.index(n) for n in prompt.waiting]
        player = rnd.choice(waiting)
        reader = f"seat{player + 1}" if player != waiting[0] or rnd.random() < 0.5 else "default"
        card = cards.hands[player][0] if s.phase == "reveal" else cards.aside[player]
        table.scan(card, reader)
    after = table.state
    if after.effect in ("hide-the-evidence", "blind-accusation", "share-the-blame",
                        "its-their-fault", "evil-twin", "shouting-match"):  # fmt: skip
        cards.effect(s, after.effect, target)
    if s.phase != "deal" and after.phase in ("turn", "reveal", "aside"):
        cards.draw_to_three(s.turn)  # the turn ended (a new one, or the reveal)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=6),
    extra=st.integers(min_value=0, max_value=14),
    rnd=st.randoms(use_true_random=False),
    chosen=st.fixed_dictionaries(
        {
            "false_accused_vase": st.sampled_from(["safe", "loses"]),
            "shouting_match_alibi": st.sampled_from(["keep", "join"]),
            "vase_set_aside": st.sampled_from(["setter-loses", "nobody"]),
        }
    ),
)
def test_random_games_keep_counts_with_the_cards_and_end_with_the_vase(
    players, extra, rnd, chosen
) -> None:
    uids = list(DEMO.components)
    vase = next(u for u in uids if DEMO.components[u].kind == VASE)
    size = min(len(uids), 4 * players + extra)
    kept = [vase] + rnd.sample([u for u in uids if u != vase], size - 1)
    deck = Deck("who-broke-it", "random", {u: DEMO.components[u] for u in kept})
    names = NAMES[:players]
    seats = seat_readers([f"seat{i}" for i in range(1, players + 1)], players)
    table = Table.start(Store(), deck, names, settings=chosen, seats=seats)
    cards = Cards(kept, players, rnd)
    for _ in range(500):
        if table.finished:
            break
        step(table, cards, rnd)
        check(table, cards)
    assert table.finished  # every turn puts a card in the discard pile: games end
    s, sheet = table.state, table.scores()
    if cards.discard[-1:] == [vase]:
        discarder = s.turn
        accused = "does nothing" in s.reason
        assert sheet.losers == (() if accused else (s.names[discarder],))
        assert not accused or chosen["false_accused_vase"] == "safe"
    elif any(vase in hand for hand in cards.hands):
        holder = next(p for p, hand in enumerate(cards.hands) if vase in hand)
        assert sheet.losers == (s.names[holder],)
    else:
        setter = cards.aside.index(vase)
        expected = (s.names[setter],) if chosen["vase_set_aside"] == "setter-loses" else ()
        assert sheet.losers == expected
    assert set(sheet.winners) == set(names) - set(sheet.losers)
    if chosen["false_accused_vase"] == "loses" and chosen["vase_set_aside"] == "setter-loses":
        assert len(sheet.losers) == 1

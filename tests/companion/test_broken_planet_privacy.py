"""A hidden hand never shows on the shared screen (issue 26: "tapping a gem you do not hold
is refused on the shared screen ('does not hold those gems')"), and a relic kind the victim
does not hold is refused by what they do hold.

The invariant is non-interference: two hands of the same size (the size is public: "You must
always show how many cards you are holding") give the same shared screen (prompt and view),
and any input both refuse is refused in the same words. Only the fact of a refusal may
differ, and then the refusal sends its owner to their own hand."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.broken_planet.state import BPState
from companion.games.broken_planet.tablet import GEMS, RELICS
from companion.inputs import IllegalInput
from tests.companion.test_broken_planet import TEMPLE_KEYS, begin, engine, give, relic, run, token
from tests.companion.test_broken_planet_effects import having
from tests.companion.test_broken_planet_gems import CARDS, RUBY, SAPPHIRE_A
from tests.companion.test_broken_planet_gems import GEMS as GEM_CARDS

ENGINE = engine()
ASK_OWNER = "hold your name to see your hand"


def offering() -> BPState:
    """Ana offers, with the Anvil and the Garden built, a bronze relic; Ben holds a golden."""
    s = having(begin(eng=ENGINE, components=CARDS), "Ana", "amber-anvil", "garnet-garden")
    s.relics |= {relic("bronze"): 0, relic("golden"): 1}
    return s


def discarding() -> BPState:
    """Ben was hit on island 2 and discards half his hand."""
    s = give(offering(), "Ana", ruby=1)
    s = give(s, "Ben", emerald=3, sapphire=2)
    s = run(ENGINE, s, "tap attack 2", "tap done", "tap island 2 @Ben", "tap island 4 @Cleo")
    assert ENGINE.prompt(s).phase == "discard"
    return s


OFFER_LINES = [
    *(f"tap build {k} {n}" for k in TEMPLE_KEYS for n in (1, 4, 8)),
    *(f"tap craft {kind}" for kind in RELICS),
    *(f"scan {token('red', k)}" for k in TEMPLE_KEYS),
    *(f"scan {uid}" for uid in GEM_CARDS),
    "tap attack",
    "tap attack 5",
    "tap anvil",
    "tap garden S3 8",
    "tap garden S3 1",
    "tap island 8",
    "tap relic bronze",
    "tap relic silver",
    "tap done",
]
DISCARD_LINES = [
    *(f"tap discard {' '.join(gems)}" for gems in [(g,) for g in GEMS] + [(a, b) for a in GEMS for b in GEMS]),
    *(f"scan {uid}" for uid in GEM_CARDS),
]  # fmt: skip
BASES = {"offer": (offering(), 0, OFFER_LINES), "discard": (discarding(), 1, DISCARD_LINES)}


def hands(size: int) -> st.SearchStrategy[dict[str, int]]:
    gems = st.lists(st.sampled_from(GEMS), min_size=size, max_size=size)
    return gems.map(lambda drawn: dict(Counter(drawn)))


def with_hand(s: BPState, player: int, gems: dict[str, int]) -> BPState:
    """The same table with another hand of the same size (the piles are left as they are:
    they are what every player sees)."""
    s = s.clone()
    s.hands[player] = dict(gems)
    return s


def attempt(s: BPState, line: str) -> tuple[BPState | None, str]:
    try:
        return run(ENGINE, s, line), ""
    except IllegalInput as err:
        return None, err.message


def shared(s: BPState) -> tuple[object, object]:
    return ENGINE.prompt(s), ENGINE.view(s)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.sampled_from(sorted(BASES)),
    pair=st.integers(min_value=0, max_value=9).flatmap(lambda n: st.tuples(hands(n), hands(n))),
    picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=4),
)
def test_two_hands_of_one_size_look_the_same_on_the_shared_screen(base, pair, picks):
    start, player, lines = BASES[base]
    one, two = (with_hand(start, player, gems) for gems in pair)
    for pick in picks:
        assert shared(one) == shared(two), "the shared screen differs by the hand"
        line = lines[pick % len(lines)]
        (after_one, said_one), (after_two, said_two) = attempt(one, line), attempt(two, line)
        if said_one and said_two:
            assert said_one == said_two, f"{line!r} is refused in words that depend on the hand"
            continue
        if bool(said_one) != bool(said_two):  # only the hand made the difference
            assert ASK_OWNER in (said_one or said_two), line
            return
        assert after_one is not None and after_two is not None
        one, two = after_one, after_two
        if ENGINE.prompt(one).phase != ENGINE.prompt(start).phase:
            return  # the turn moved on: another player's hand is the secret now


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("tap build sapphire-shrine", "Ana cannot pay for the Sapphire Shrine"),
        ("tap build sapphire-shrine 4", "Ana cannot pay for the Sapphire Shrine on island 4"),
        ("tap build obsidian-outpost 8", "Ana cannot pay for the Obsidian Outpost on island 8"),
        ("tap craft golden", "Ana cannot pay for a golden relic"),
        ("tap attack 5", "Ana cannot pay for an attack"),
        ("tap anvil", "Ana cannot pay for the Amber Anvil"),
        ("tap garden S3 8", "Ana cannot pay for the locked slot on island 8"),
        (f"scan {RUBY}", "Ana cannot lay down that gem"),
    ],
)
def test_a_payment_the_hand_cannot_make_names_no_gem_and_sends_its_owner_to_their_hand(line, said):
    s = with_hand(offering(), 0, {"diamond": 1})
    _after, message = attempt(s, line)
    assert message.startswith(f"{said}: {ASK_OWNER}")
    assert not any(gem in message.removeprefix(said) for gem in GEMS)


def test_a_discard_the_hand_cannot_make_names_no_gem():
    s = with_hand(discarding(), 1, {"emerald": 6})
    for line in ("tap discard ruby", "tap discard emerald sapphire", f"scan {SAPPHIRE_A}"):  # fmt: skip
        assert attempt(s, line)[1] == f"Ben cannot discard those gems: {ASK_OWNER}", line


def test_a_relic_kind_the_victim_does_not_hold_is_refused_with_the_kinds_they_hold():
    s = give(offering(), "Ana", ruby=1)
    s.relics |= {relic("bronze", 2): 1}  # Ben: a golden and a bronze
    s = run(ENGINE, s, "tap attack 2", "tap done", "tap island 2 @Ben", "tap island 4 @Cleo")
    while ENGINE.prompt(s).phase == "discard":
        s = run(ENGINE, s, f"tap discard {next(g for g in GEMS if s.hands[1].get(g))}")
    assert ENGINE.prompt(s).text == "Ana: take one of Ben's relics (scan it or tap it)"
    with pytest.raises(IllegalInput, match="^Ben has no silver relic: tap bronze or golden$"):
        run(ENGINE, s, "tap relic silver")
    s = run(ENGINE, s, "tap relic golden")
    assert s.event.startswith("Ana takes Ben's golden relic;")


def test_a_relic_kind_not_in_the_pile_or_not_given_back_is_refused_by_kind():
    s = give(offering(), "Ana", ruby=1)
    with pytest.raises(IllegalInput, match="^Ana has no silver relic: tap bronze$"):
        run(ENGINE, s, "tap anvil", "tap relic silver")  # the relic Ana gives back
    s = run(ENGINE, s, "tap anvil", "tap relic bronze")
    s.relics |= {u: 2 for u in s.pile("golden")}  # Cleo took every golden relic
    with pytest.raises(IllegalInput, match="^No golden relic is left in the pile$"):
        run(ENGINE, s, "tap relic golden")

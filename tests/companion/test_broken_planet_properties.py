"""Invariants over random legal Broken Planet games: gems conserved between the piles and the
hands (payments, discards and attack rubies return to the piles), no negative hand, every
temple in exactly one place, and the game always ends after the Last Offer."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import PlayerSetup, Setup
from companion.games.broken_planet.state import BPState
from companion.games.broken_planet.tablet import GEMS, PILE_SIZE
from companion.inputs import IllegalInput, Input, Scan, Tap
from hardware.script import ScanStep, load_script
from tests.companion.conftest import EXAMPLES
from tests.companion.test_broken_planet import COLOURS, DECK, MAP, engine, pawn

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve")


def candidates(eng, s: BPState) -> list[Input]:
    """Inputs the prompt offers now (some may still be refused: a gem the hand lacks)."""
    prompt = eng.prompt(s)
    if s.phase == "pawns":
        taken = {u for uids in s.pawn_uids for u in uids}
        return [Scan(pawn(c)) for c in COLOURS if pawn(c) not in taken]
    seats = [s.names.index(n) for n in prompt.waiting] or [None]
    return [
        Tap(o.word, o.arg, seat)
        for o in prompt.options
        if o.enabled and o.word != "cancel"
        for seat in seats
    ]


def check(s: BPState, standard: set[str] | None = None) -> None:
    """`standard`: the standard temples the game started with (by default the map file's)."""
    assert s.gems_in_play() == dict.fromkeys(GEMS, PILE_SIZE)
    assert all(n >= 0 for h in s.hands for n in h.values())
    assert all(n >= 0 for n in s.supply.values())
    places = s.places()  # raises if a temple stands in two places
    if standard is None:
        standard = {f"S{n}" for n, i in s.map.islands.items() if i.temple != "none"}
    built = {t for t in places if not t.startswith("S")}
    assert standard <= set(places) and len(built) == sum(map(len, s.built))
    assert all(holder in range(s.players) for holder in s.relics.values())


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=5),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1500, max_size=1500),
)
def test_random_games_keep_the_invariants_and_end_after_the_last_offer(players, choices):
    eng = engine()
    setup = Setup(tuple(PlayerSetup(n) for n in NAMES[:players]), DECK.components,
                  extra={"map": MAP})  # fmt: skip
    s, seen_last = play_out(eng, eng.new(setup), choices, check)
    assert s.phase == "over" and seen_last
    assert eng.prompt(s).over


def play_out(
    eng, s: BPState, choices: list[int], check: Callable[[BPState], None]
) -> tuple[BPState, bool]:
    """The game played on by `choices` among the inputs offered, `check`ed after each; the
    last state, and whether the Last Offer was reached."""
    seen_last = False
    for choice in choices:
        if s.phase == "over":
            break
        seen_last |= s.phase == "last"
        options = candidates(eng, s)
        # lean towards ending offers, so games move on as real ones do
        done = [o for o in options if isinstance(o, Tap) and o.option in ("done", "skip")]
        if done and choice % 3 == 0:
            options = done
        for i in range(len(options)):
            try:
                s = eng.apply(s, options[(choice + i) % len(options)])
                break
            except IllegalInput:
                continue
        else:  # e.g. a build whose only free slots are locked, without the extra sapphire
            s = eng.apply(s, Tap("cancel"))
        check(s)
    return s, seen_last


def test_apply_never_mutates_the_state_it_is_given():
    eng = engine()
    s = eng.new(
        Setup(tuple(PlayerSetup(n) for n in NAMES[:2]), DECK.components, extra={"map": MAP})
    )
    for step in load_script(EXAMPLES / "broken-planet-2p.script"):
        before = repr(s)
        seat = NAMES.index(step.seat) if getattr(step, "seat", None) else None
        move = Scan(step.uid) if isinstance(step, ScanStep) else Tap(step.option, step.arg, seat)
        after = eng.apply(s, move)
        assert repr(s) == before
        s = after
    assert s.phase == "over"

"""The offer's options as the view groups them for the board (issue 26 item 3): the tablet's
order (build, craft, attack, then what ends the offer), every option the prompt gives and
no other, and each group's words for its folded, disabled options."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from companion.engine import Option, Prompt
from companion.games.broken_planet.view import GROUP_OF, ORDER, grouped
from tests.companion.test_broken_planet import begin, engine, give, relic, run


def test_the_first_offer_is_grouped_in_the_tablets_order_and_keeps_every_option() -> None:
    eng = engine()
    s = begin(eng=eng)
    view, prompt = eng.view(s), eng.prompt(s)
    shown = view.prompt.options
    assert Counter((o.word, o.arg, o.enabled) for o in shown) == Counter(
        (o.word, o.arg, o.enabled) for o in prompt.options
    )
    assert [o.group for o in shown] == sorted((o.group for o in shown), key=ORDER.index)
    assert {o.group for o in shown} == {"build", "craft", "attack", "end"}
    groups = {g["key"]: g for g in view.board["option_groups"]}
    assert list(groups) == ["build", "craft", "attack", "end"]
    off = sum(1 for o in shown if o.group == "build" and not o.enabled)
    assert off and groups["build"]["folded"] == f"{off} more not possible now (?)"
    assert groups["build"]["title"] == "Build a temple"
    assert groups["craft"]["folded"] == ""  # every relic can be crafted: nothing folds
    assert groups["end"] == {"key": "end", "title": "", "folded": "", "kept_in_sight": True}
    assert shown[-1].label == "End offers"


def test_once_the_offer_moved_on_a_whole_group_folds_under_its_title() -> None:
    eng = engine()
    s = give(begin(eng=eng), "Ana", emerald=2)
    s = run(eng, s, f"scan {relic('bronze')}")  # crafting: building is behind her now
    groups = {g["key"]: g for g in eng.view(s).board["option_groups"]}
    builds = [o for o in eng.prompt(s).options if o.word == "build"]
    assert not any(o.enabled for o in builds)
    assert groups["build"]["folded"] == f"Build a temple: {len(builds)} not possible now (?)"


def test_what_ends_the_offer_is_never_folded_even_when_it_cannot_be_chosen() -> None:
    prompt = Prompt(
        "offer",
        "Ana",
        "Ana offers",
        (
            Option("done", "End offers", None, False, "the Crystal Crypt attacks first"),
            Option("crypt", "Crystal Crypt: attack your own island free"),
            Option("anvil", "Amber Anvil: swap a relic (1 ruby)", None, False, "no ruby"),
            Option("garden", "Garnet Garden: move a temple"),
        ),
    )
    shown, groups = grouped(prompt)
    options = shown.options
    assert [(o.word, o.group) for o in options] == [
        ("garden", "build"),
        ("anvil", "craft"),
        ("crypt", "attack"),
        ("done", "end"),
    ]
    folded = {g["key"]: g["folded"] for g in groups}
    assert folded == {"build": "", "craft": "Craft a relic: 1 not possible now (?)",
                      "attack": "", "end": ""}  # fmt: skip


WORDS = st.sampled_from([*GROUP_OF, "island", "relic", "take"])


@given(st.lists(st.tuples(WORDS, st.booleans()), max_size=20))
def test_grouping_only_reorders_and_counts_every_disabled_option(picks) -> None:
    prompt = Prompt("offer", "Ana", "", tuple(Option(w, w, str(i), e) for i, (w, e) in
                                              enumerate(picks)))  # fmt: skip
    shown, groups = grouped(prompt)
    options = shown.options
    assert sorted(o.arg for o in options) == sorted(o.arg for o in prompt.options)
    for group in groups:
        off = sum(1 for o in options if o.group == group["key"] and not o.enabled)
        assert (str(off) in group["folded"]) == (off > 0 and not group["kept_in_sight"])

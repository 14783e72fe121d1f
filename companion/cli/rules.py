"""`companion rules GAME [PHASE] [--refusal RULE]`: the rule at hand from the command line,
the same passages the prompt's "?" shows, quoted with their sources."""

from __future__ import annotations

import argparse
import sys
import textwrap
from typing import TextIO

from companion.games import definition
from companion.rules_at_hand import Passage


def _print(passages: tuple[Passage, ...], out: TextIO) -> None:
    for passage in passages:
        print(f"  {passage.source}:", file=out)
        print(
            textwrap.fill(passage.quote, 92, initial_indent="    ", subsequent_indent="    "),
            file=out,
        )


def show_rules(game: str, phase: str | None, refusal: str, out: TextIO) -> int:
    """One phase's passages (a refusal's first), or every phase's in the game's order."""
    info = definition(game)
    rules = info.rules_at_hand()
    if rules is None:
        raise ValueError(f"{info.title} has no rules passages yet")
    for name, known in (("phase", rules.phases), ("refusal", rules.refusals)):
        asked = phase if name == "phase" else refusal
        if asked and asked not in known:
            raise ValueError(f"{info.title} has no {name} {asked!r} (known: {', '.join(known)})")
    for shown in [phase] if phase else list(rules.phases):
        print(f"{info.title}, {shown}:", file=out)
        _print(rules.at_hand(shown, refusal), out)
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    """`rules`, carrying the function that runs it."""
    rules = sub.add_parser("rules", help="the rulebook passages and rulings behind each prompt")
    rules.add_argument("game")
    rules.add_argument("phase", nargs="?", default=None, help="one phase (default: all)")
    rules.add_argument("--refusal", default="", help="a refusal's rule, shown first")
    rules.set_defaults(run=lambda a: show_rules(a.game, a.phase, a.refusal, sys.stdout))

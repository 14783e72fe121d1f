"""Broken Planet's engine: set-up, the offer phase, the collect phase, the Last Offer and
favor, as legal inputs (shared/rules/broken-planet.txt and docs/rulings.md, BP rulings).

Pure: the diamond draw and the resource die are inputs, so a log replays exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import Prompt, ScoreSheet, Setup
from companion.games.broken_planet import collect, layout, offer, opening
from companion.games.broken_planet.mapfile import read_map
from companion.games.broken_planet.scoring import GAME, Favor, Holding, score_holdings
from companion.games.broken_planet.state import BPState, new_supply, standard_temple
from companion.games.broken_planet.tablet import GEMS
from companion.inputs import IllegalInput, Input, Scan, UnknownTag
from companion.view import Counter, View
from companion.words import plural


class BrokenPlanetEngine:
    game = GAME
    # every phase a prompt can be in: each has rulebook passages (companion.rules_at_hand)
    # (die, gem, discard, relic: the collect phase's steps, each prompted on its own)
    phases = (
        "layout", "pawns", "diamond", "picks", "offer", "last", "choose", "collect",
        "die", "gem", "discard", "relic", "over",
    )  # fmt: skip

    def __init__(self, settings: Mapping[str, Any]) -> None:
        """`settings` are resolved by the game's definition (every key present)."""
        self.settings = dict(settings)

    def new(self, setup: Setup) -> BPState:
        if "map" not in setup.extra:
            raise ValueError("Broken Planet needs the map and tablet file (--map FILE)")
        planet = read_map(setup.extra["map"])
        names = tuple(p.name for p in setup.players)
        if len(set(names)) != len(names):
            raise ValueError("every player needs a different name")
        kinds = [c.kind for c in setup.components.values()]
        pawns_needed = len(names) * (2 if len(names) == 2 else 1)
        if kinds.count("pawn") < pawns_needed:
            raise ValueError(f"the deck has {kinds.count('pawn')} pawns; {pawns_needed} are needed")
        printed = not layout.chosen(self.settings)  # else the table says what lies where
        laid = list(planet.islands.items()) if printed else []
        temples = {
            n: (standard_temple(planet, n, i.temple),) for n, i in laid if i.temple != "none"
        }
        return BPState(
            map=planet,
            settings=self.settings,
            components=setup.components,
            names=names,
            temples=temples,
            hazard={n: 1 for n, i in laid if i.token == "hazard"},
            movement={n: 1 for n, i in laid if i.token == "movement"},
            hands=[{} for _ in names],
            supply=new_supply(),
            pawns=[[1] * (2 if len(names) == 2 else 1) for _ in names],
            pawn_uids=[[] for _ in names],
            built=[[] for _ in names],
            picked=[0] * len(names),
            phase="pawns" if printed else layout.PHASE,
        )

    # -- prompts and inputs --------------------------------------------------------------
    def prompt(self, s: BPState) -> Prompt:
        if s.phase in opening.PHASES:
            return opening.prompt(s)
        if s.phase in ("offer", "last"):
            return offer.prompt(s)
        if s.phase == "choose":
            return collect.choose_prompt(s)
        if s.phase == "collect":
            return collect.task_prompt(s)
        sheet = self.score(s)
        return Prompt("over", None, f"Game over: {sheet.reason}")

    def apply(self, state: BPState, action: Input) -> BPState:
        if isinstance(action, Scan) and action.uid not in state.components:
            raise UnknownTag(action.uid)
        s = state.clone()
        if s.phase in opening.PHASES:
            opening.apply(s, action)
        elif s.phase in ("offer", "last"):
            offer.apply(s, action)
        elif s.phase == "choose":
            collect.on_choose(s, action)
        elif s.phase == "collect":
            collect.on_task(s, action)
        else:
            raise IllegalInput(
                "The game is over (undo takes back the last input)", rule="game-over"
            )
        return s

    # -- what players see ------------------------------------------------------------------
    def view(self, s: BPState) -> View:
        from companion.games.broken_planet.view import render

        return render(s, self.prompt(s), self.score(s))

    def narration(self, s: BPState) -> str:
        return s.event

    def hand(self, s: BPState, player: str) -> dict[str, int]:
        """One player's own gems: the private view, for their eyes only (never in `view`)."""
        return {g: n for g, n in s.hands[s.names.index(player)].items() if n}

    def secret(self, s: BPState, player: str) -> tuple[Counter, ...]:
        mine = self.hand(s, player)
        return tuple(Counter(g, plural(n, g), n) for g in GEMS if (n := mine.get(g, 0))) or (
            Counter("gems", "no gems", 0),
        )

    # -- favor -----------------------------------------------------------------------------
    def score(self, s: BPState) -> ScoreSheet:
        holdings = [
            Holding(name, tuple(s.built[p]), tuple(s.relic_kind(u) for u in s.relics_of(p)))
            for p, name in enumerate(s.names)
        ]
        return score_holdings(holdings, Favor.of(s.map, s.players), self.settings)

"""Favor at the end: the temples each player built (removed ones too), the relics they hold,
Gold Golem's extra favor per temple; the most favor wins and a tie shares the victory."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine import PlayerScore, ScoreSheet
from companion.games.broken_planet.mapfile import PlanetMap

GAME = "broken-planet"
CATEGORIES = (("temples", "Temples"), ("relics", "Relics"), ("golem", "Gold Golem"))


@dataclass(frozen=True)
class Holding:
    name: str
    temples: tuple[str, ...]  # temple keys built, whether still on the map or not
    relics: tuple[str, ...]  # relic kinds held


@dataclass(frozen=True)
class Favor:
    """The favor printed on this copy's tablet and relic cards (the side for this table)."""

    temples: Mapping[str, int]
    relics: Mapping[str, int]

    @classmethod
    def of(cls, planet: PlanetMap, players: int) -> Favor:
        return cls(
            {k: t.favor for k, t in planet.temples.items()},
            {k: planet.relic(k, players)[1] for k in planet.relics},
        )


def breakdown(h: Holding, favor: Favor, settings: Mapping[str, Any]) -> dict[str, int]:
    golem = 0
    if "gold-golem" in h.temples:
        golem = len(h.temples) - (settings["golem_counts_itself"] == "no")
    return {
        "temples": sum(favor.temples[k] for k in h.temples),
        "relics": sum(favor.relics[k] for k in h.relics),
        "golem": golem,
    }


def _winners(totals: list[tuple[str, int]], settings: Mapping[str, Any]) -> tuple[tuple, str]:
    best = max(t for _n, t in totals)
    top = tuple(n for n, t in totals if t == best)
    if len(top) == 1:
        return top, f"{top[0]} has the most favor ({best}): the sole survivor"
    names = " and ".join(top)
    if len(totals) == 2 or settings["shared_victory"] == "all":
        return top, f"{names} tie at {best} favor: the gods are merciful, all are victorious"
    return (), f"{names} tie at {best} favor: the gods choose no sole survivor"


def score_holdings(
    holdings: Sequence[Holding], favor: Favor, settings: Mapping[str, Any]
) -> ScoreSheet:
    lines = [(h, breakdown(h, favor, settings)) for h in holdings]
    totals = [(h.name, sum(b.values())) for h, b in lines]
    winners, reason = _winners(totals, settings)
    players = tuple(
        PlayerScore(
            h.name,
            total,
            b,
            1 + sum(other > total for _n, other in totals),
            notes={"golem": f"{len(h.temples)} temples"} if b["golem"] else {},
        )
        for (h, b), (_n, total) in zip(lines, totals, strict=True)
    )
    return ScoreSheet(GAME, players, winners, reason, categories=CATEGORIES)

"""End-of-game scoring ("Pottery Scores"), shared by the engine and `companion score`.

Broken pottery is worthless and contributes nothing to other cards, so every rule below
looks only at cards that are unbroken or repaired.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine import PlayerScore, ScoreSheet
from companion.games.kintsugi.rules import LABELS, Ruleset

STATES = ("unbroken", "broken", "repaired")
VASE_SETS = (0, 1, 5, 15)  # 0..3 vases; more than three still score 15 (docs/rulings.md)
MAJORITY_POINTS = 6


@dataclass(frozen=True)
class Item:
    kind: str
    state: str = "unbroken"
    pattern: str | None = None


@dataclass(frozen=True)
class Holding:
    """One player's end-of-game position: what `companion score` reads and the engine builds."""

    name: str
    ingots: int
    items: tuple[Item, ...]


def _cups_and_saucers(items: Sequence[Item], saucer_rule: str) -> tuple[int, int]:
    """Pair the best cups with the best saucers: sorting both maximises the sum of products."""
    cups = sorted(
        (3 if i.state == "repaired" else 1 for i in items if i.kind == "cup"), reverse=True
    )
    saucers = sorted(
        (3 if i.state == "repaired" and saucer_rule == "published" else 2)
        for i in items
        if i.kind == "saucer"
    )
    saucers.reverse()
    bonus = sum(cup * (multiplier - 1) for cup, multiplier in zip(cups, saucers, strict=False))
    return sum(cups), bonus


def _teapots(items: Sequence[Item]) -> int:
    total = 0
    for teapot in (i for i in items if i.kind == "teapot"):
        matching = sum(1 for i in items if i.pattern is not None and i.pattern == teapot.pattern)
        value = matching if teapot.pattern is not None else 1
        total += value * (2 if teapot.state == "repaired" else 1)
    return total


def _majority(
    rules: Ruleset, settings: Mapping[str, Any], holdings: Sequence[Holding]
) -> list[int]:
    counts = [
        sum(1 for i in h.items if i.kind == rules.majority_kind and i.state != "broken")
        for h in holdings
    ]
    most = max(counts, default=0)
    if most == 0:
        return [0] * len(holdings)
    leaders = counts.count(most)
    share = {
        "even": -(-MAJORITY_POINTS // leaders),  # 6/4 = 1.5: rounded up, no tied player loses
        "split": MAJORITY_POINTS // leaders,
        "full": MAJORITY_POINTS,
    }[settings["jug_tie"]]
    return [share if c == most else 0 for c in counts]


def breakdown(
    rules: Ruleset, settings: Mapping[str, Any], holding: Holding, majority: int
) -> dict[str, int]:
    whole = [i for i in holding.items if i.state != "broken"]
    repaired = {
        kind: sum(1 for i in whole if i.kind == kind and i.state == "repaired")
        for kind in {i.kind for i in whole}
    }
    count = {kind: sum(1 for i in whole if i.kind == kind) for kind in {i.kind for i in whole}}
    vase_bonus = settings["vase_repair_bonus"] == "yes"
    cups, saucer_bonus = _cups_and_saucers(whole, settings["saucer"])
    points = {
        "cup": cups,
        "saucer": saucer_bonus,
        "plate": count.get("plate", 0) // 2 * 6 + 2 * repaired.get("plate", 0),
        "bowl": count.get("bowl", 0) ** 2 + repaired.get("bowl", 0),
        rules.majority_kind: majority + repaired.get(rules.majority_kind, 0),
        "vase": VASE_SETS[min(count.get("vase", 0), 3)]
        + (repaired.get("vase", 0) if vase_bonus else 0),
        "teapot": _teapots(whole),
        "serving-tray": 2 * count.get("serving-tray", 0),
        "storage-box": min(holding.ingots, 4) * count.get("storage-box", 0),
    }
    present = {i.kind for i in holding.items}
    return {kind: value for kind, value in points.items() if kind in present}


def _many(n: int, kind: str) -> str:
    """ "1 bowl", "3 bowls", "2 storage boxes": a count of a kind, as players say it."""
    label = LABELS.get(kind, kind)
    return f"{n} {label}" if n == 1 else f"{n} {label}{'es' if label.endswith('x') else 's'}"


def _teapot_words(whole: Sequence[Item]) -> str:
    """Each whole teapot's matching items, as _teapots counts them: "wave: 3 matching"."""
    said = []
    for teapot in (i for i in whole if i.kind == "teapot"):
        matching = sum(1 for i in whole if i.pattern is not None and i.pattern == teapot.pattern)
        value = f"{teapot.pattern}: {matching} matching" if teapot.pattern else "no pattern: 1"
        said.append(value + (" × 2 fixed" if teapot.state == "repaired" else ""))
    return ", ".join(said)


def notes(
    rules: Ruleset, settings: Mapping[str, Any], holding: Holding, points: Mapping[str, int]
) -> dict[str, str]:
    """How each category's points were reached, in words ("3 bowls = 9"), for the score
    sheet's cells. Words only: the points themselves are `breakdown`'s."""
    whole = [i for i in holding.items if i.state != "broken"]
    count = {kind: sum(1 for i in whole if i.kind == kind) for kind in points}
    fixed = {
        kind: sum(1 for i in whole if i.kind == kind and i.state == "repaired") for kind in points
    }
    broken = {
        kind: sum(1 for i in holding.items if i.kind == kind and i.state == "broken")
        for kind in points
    }

    def plus_fixed(kind: str, each: int) -> str:
        return f" + {fixed[kind]} fixed × {each}" if fixed[kind] else ""

    def says(kind: str) -> str:
        n, total = count[kind], points[kind]
        if kind == "cup":
            return f"{_many(n - fixed[kind], kind)} × 1{plus_fixed(kind, 3)} = {total}"
        if kind == "saucer":
            return f"{_many(n, kind)}, each multiplying a cup: +{total}"
        if kind == "plate":
            return f"{_many(n, kind)}: {n // 2} pair{'s' * (n // 2 != 1)} × 6{plus_fixed(kind, 2)} = {total}"
        if kind == "bowl":
            return f"{_many(n, kind)}: {n} × {n}{plus_fixed(kind, 1)} = {total}"
        if kind == rules.majority_kind:
            share = total - fixed[kind]
            most = "the most" if share else "not the most"
            return f"{_many(n, kind)}, {most} ({share}){plus_fixed(kind, 1)} = {total}"
        if kind == "vase":
            bonus = settings["vase_repair_bonus"] == "yes"
            return (
                f"{_many(n, kind)} = {VASE_SETS[min(n, 3)]}{plus_fixed(kind, 1) if bonus else ''}"
                + (f" = {total}" if bonus and fixed[kind] else "")
            )
        if kind == "teapot":
            return f"{_many(n, kind)} ({_teapot_words(whole)}) = {total}"
        if kind == "serving-tray":
            return f"{_many(n, kind)} × 2 = {total}"
        if kind == "storage-box":
            return f"{_many(n, kind)} × {min(holding.ingots, 4)} ingots (at most 4) = {total}"
        return f"{_many(n, kind)} = {total}"

    said = {}
    for kind in points:
        if not count[kind]:
            said[kind] = f"{_many(broken[kind], kind)}, all broken = 0"
            continue
        verb = "scores" if broken[kind] == 1 else "score"
        gone = f"; {broken[kind]} broken {verb} nothing" if broken[kind] else ""
        said[kind] = says(kind) + gone
    return said


def _tiebreak_text(ordered: list[tuple[Holding, int, int, int]], use_tiebreaks: bool) -> str:
    top = ordered[0][1]
    tied = [row for row in ordered if row[1] == top]
    if len(tied) == 1:
        return f"{tied[0][0].name} has the most points"
    names = " and ".join(row[0].name for row in tied)
    if not use_tiebreaks:
        return f"{names} tie on {top} point{'s' * (top != 1)} and share the win"
    for label, index in (("most repaired items", 2), ("most items", 3)):
        best = max(row[index] for row in tied)
        leaders = [row for row in tied if row[index] == best]
        if len(leaders) == 1:
            others = sorted((row[index] for row in tied if row is not leaders[0]), reverse=True)
            return (
                f"{names} tie on {top} point{'s' * (top != 1)}; {leaders[0][0].name} wins with"
                f" {label} ({best} to {others[0]})"
            )
        tied = leaders
    names = " and ".join(row[0].name for row in tied)
    return f"{names} tie on points, repaired items and items: they share the win"


def score_holdings(
    rules: Ruleset, settings: Mapping[str, Any], holdings: Sequence[Holding]
) -> ScoreSheet:
    majority = _majority(rules, settings, holdings)
    rows = []
    for holding, share in zip(holdings, majority, strict=True):
        parts = breakdown(rules, settings, holding, share)
        repaired = sum(1 for i in holding.items if i.state == "repaired")
        rows.append((holding, sum(parts.values()), repaired, len(holding.items), parts))
    said = {h.name: notes(rules, settings, h, parts) for h, *_, parts in rows}
    use_tiebreaks = settings["tiebreak"] == "published"

    def key(row: tuple) -> tuple[int, ...]:
        return (row[1], row[2], row[3]) if use_tiebreaks else (row[1],)

    ordered = sorted(rows, key=key, reverse=True)
    players = tuple(
        PlayerScore(
            name=h.name,
            total=total,
            breakdown=parts,
            rank=1 + sum(1 for other in rows if key(other) > key((h, total, repaired, items))),
            tiebreaks={"repaired": repaired, "items": items},
            notes=said[h.name],
        )
        for h, total, repaired, items, parts in rows
    )
    winners = tuple(p.name for p in players if p.rank == 1)
    present = {kind for p in players for kind in p.breakdown}
    return ScoreSheet(
        rules.game,
        players,
        winners,
        _tiebreak_text([r[:4] for r in ordered], use_tiebreaks),
        categories=tuple((k, LABELS.get(k, k)) for k in rules.kinds if k in present),
        tiebreak_labels=(("repaired", "repaired items"), ("items", "items")),
    )

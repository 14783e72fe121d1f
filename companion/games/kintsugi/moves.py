"""Every legal input in a state: what random-game property tests, benchmarks and the demo
script generator choose from. Scans come in the deck's order so choices are reproducible."""

from __future__ import annotations

from companion.games.kintsugi.state import KintsugiState
from companion.inputs import Input, Scan, Tap


def legal_inputs(s: KintsugiState) -> list[Input]:
    order = list(s.components)
    if s.phase in ("deal", "breakage"):
        return [Scan(uid) for uid in order if s.in_deck(uid)]
    if s.phase == "draft":
        return [Scan(uid) for uid in s.draft]
    if s.phase == "keep":
        return [Tap("keep"), Tap("sell")]
    if s.phase == "broke":
        return [Tap("done")]
    if s.phase == "repair":
        player = s.turn
        affordable = [u for u in s.broken(player) if s.repair_cost(player, u) <= s.ingots[player]]
        return [Scan(uid) for uid in affordable] + [Tap("pass")]
    return []

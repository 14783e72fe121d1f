"""The shared screen's picture of a Broken and Beautiful / Mintsugi table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import Prompt
from companion.games.kintsugi.state import KintsugiState
from companion.view import Counter, Piece, PlayerView, View, Zone
from companion.words import plural

if TYPE_CHECKING:
    from companion.engine import ScoreSheet

PHASES = {
    "deal": "Deal",
    "draft": "Draft",
    "keep": "Draft",
    "breakage": "Breakage",
    "broke": "Breakage",
    "repair": "Repair",
    "over": "Game over",
}


def _pieces(s: KintsugiState, uids: list[str]) -> tuple[Piece, ...]:
    return tuple(
        Piece(
            uid,
            s.label(uid),
            s.components[uid].kind,
            s.status.get(uid, ""),
            s.components[uid].attrs,
        )
        for uid in uids
    )


def render(s: KintsugiState, prompt: Prompt, sheet: ScoreSheet) -> View:
    """The view of `s`; `sheet` is the score so far (the engine's, passed in so this module
    needs nothing of the engine)."""
    actors = set(prompt.actors)
    players = tuple(
        PlayerView(
            name,
            (
                Counter("ingots", plural(s.ingots[i], "ingot"), s.ingots[i], emphasis=True),
                Counter("score", f"score now {sheet.players[i].total}", sheet.players[i].total),
            ),
            ("first player",) if i == s.first and not prompt.over else (),
            name in actors,
        )
        for i, name in enumerate(s.names)
    )
    kind_order = {kind: n for n, kind in enumerate(s.rules.kinds)}

    def by_kind(uids: object) -> list[str]:
        # a deck holds only the ruleset's kinds (checked when it is read)
        return sorted(uids, key=lambda u: (kind_order[s.components[u].kind], u))  # type: ignore[arg-type]

    zones = (
        Zone("held", "Being kept or sold", _pieces(s, [s.held] if s.held else [])),
        Zone("showing", "Showing", _pieces(s, list(s.causes) if s.phase == "broke" else [])),
        Zone("draft", "Draft area", _pieces(s, list(s.draft))),
        Zone("deck", "Deck", _pieces(s, by_kind(s.deck))),
        *(
            Zone(
                f"collection:{i}",
                f"{name}'s collection",
                _pieces(s, by_kind(s.collections[i])),
                owner=name,
                group_by_kind=True,
            )
            for i, name in enumerate(s.names)
        ),
    )
    status = f"Round {s.round} · {PHASES.get(s.phase, s.phase)} · deck {s.deck_left} left · " + (
        "bank: unlimited" if s.supply is None else f"supply {plural(s.supply, 'ingot')}"
    )
    board = {"focus": s.held, "phase": s.phase, **prompt.detail}
    return View(s.rules.game, status, prompt, players, zones, s.event, board=board)

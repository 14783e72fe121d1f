"""The shared screen's picture of the island table, and the board data the map widget draws.

Hands are hidden at the table but their size is public ("You must always show how many
cards you are holding"): the view carries each player's gem count, never the gems.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.component import Component
from companion.engine import Prompt, ScoreSheet
from companion.games.broken_planet.state import BPState, MapTemple
from companion.games.broken_planet.tablet import GEMS, temple_name
from companion.view import Counter, Piece, PlayerView, View, Zone
from companion.words import plural

BEFORE_OFFERS = ("layout", "pawns", "diamond")  # nobody holds the Offer Card yet
# What the map's markers mean, in words (the board draws the marks themselves).
MARKERS = {"hazard": "hazard", "movement": "movement", "lock": "sapphire lock", "die": "die"}
PHASES = {  # the status line's words: short, so the line fits the top bar's two lines
    "layout": "Set-up",
    "pawns": "Set-up",
    "diamond": "Set-up",
    "picks": "Set-up",
    "offer": "Offer",
    "choose": "Collect",
    "collect": "Collect",
}


# The offer's options in the tablet's order (build, craft, attack), each group under its
# heading; the words that end a step are kept in sight below the list ("End offers"), and
# a group's disabled options fold into one line that says how many and unfolds to say why.
GROUPS = {"build": "Build a temple", "craft": "Craft a relic", "attack": "Attack", "end": ""}
GROUP_OF = {  # an option's word: its group (a temple effect goes with what it acts in)
    **{word: "build" for word in ("build", "garden")},
    **{word: "craft" for word in ("craft", "anvil")},
    **{word: "attack" for word in ("attack", "altar", "crypt")},
    **{word: "end" for word in ("done", "cancel", "skip")},
}
ORDER = ("build", "craft", "attack", "", "end")  # "": the prompt's other options, in place
KEPT_IN_SIGHT = ("end",)


def grouped(prompt: Prompt) -> tuple[Prompt, list[dict[str, Any]]]:
    """The prompt with each option in its group, the groups in the tablet's order, and what
    the board heads and folds each group with (docs/broken-planet-map.md)."""
    options = sorted(
        (replace(o, group=GROUP_OF.get(o.word, "")) for o in prompt.options),
        key=lambda o: ORDER.index(o.group),
    )
    groups = []
    for key in dict.fromkeys(o.group for o in options if o.group):
        mine = [o for o in options if o.group == key]
        off = sum(1 for o in mine if not o.enabled)
        title, kept = GROUPS[key], key in KEPT_IN_SIGHT
        if kept:  # never folded: why it cannot be chosen stays under its label
            folded = ""
        elif off == len(mine) and title:
            folded = f"{title}: {off} not possible now (?)"
        else:
            folded = f"{off} more not possible now (?)" if off else ""
        groups.append({"key": key, "title": title, "folded": folded, "kept_in_sight": kept})
    return replace(prompt, options=tuple(options)), groups


def _temple(s: BPState, t: MapTemple) -> dict[str, Any]:
    return {
        "id": t.id,
        "gives": t.gives,
        "owner": None if t.owner is None else s.names[t.owner],
        "colour": None if t.owner is None else s.colour(t.owner),
        "temple": t.key,
        "name": temple_name(t.key) if t.key else None,
        "locked": t.locked,
    }


def board(s: BPState, prompt: Prompt) -> dict[str, Any]:
    """Everything a map board draws; documented in docs/broken-planet-map.md."""
    rounds, last = s.map.rounds[s.players], s.phase in ("last", "over")
    now = min(s.round, rounds)
    pawns: dict[int, list[dict[str, Any]]] = {}
    for p, islands in enumerate(s.pawns):
        for k, island in enumerate(islands[: len(s.pawn_uids[p])]):
            colour = str(s.components[s.pawn_uids[p][k]].get("colour"))
            pawns.setdefault(island, []).append({"player": s.names[p], "colour": colour})
    islands = [
        {
            "number": n,
            "at": list(info.at) if info.at else None,
            "slots": info.slots,
            "locked": info.locked,
            "temples": [_temple(s, t) for t in s.temples.get(n, ())],
            "hazard": s.hazard.get(n, 0),
            "movement": s.movement.get(n, 0),
            "attacked": n in s.attacks,
            "pawns": pawns.get(n, []),
        }
        for n, info in sorted(s.map.islands.items())
    ]
    return {
        "map": s.map.name,
        "made_up": s.map.made_up,
        "islands": islands,
        "routes": [list(r) for r in s.map.routes],
        "map_title": _map_title(s.map.name, s.map.made_up),
        "markers": dict(MARKERS),
        "round": now,
        "rounds": rounds,
        "last_offer": last,
        # the round indicator's spots, the lit one the round now (or the Last Offer)
        "indicator": [*(str(n) for n in range(1, rounds + 1)), "Last Offer"],
        "lit": rounds if last else now - 1,
        "offer": s.names[s.offer] if s.phase not in BEFORE_OFFERS else None,
        "attacked": sorted(s.attacks),
        "removed": [_temple(s, t) for t in s.removed],
        "piles": dict(s.supply),
        "tendered": dict(s.tendered),  # gem cards the offer player laid down, in sight of all
        "phase": s.phase,
        **prompt.detail,
    }


def _map_title(name: str, made_up: bool) -> str:
    """The map's name, saying so when its layout is made up (not the printed map)."""
    return f"{name} (made up)" if made_up and "made up" not in name.lower() else name


def _box_label(card: Component) -> str:
    """A temple token by its temple ("red Sapphire Shrine"): a colour's twelve share a label."""
    if card.kind == "temple":
        return f"{card.get('colour')} {temple_name(str(card.get('temple')))}"
    return card.label


def _zones(s: BPState) -> tuple[Zone, ...]:
    placed = [(t, f"island {n}") for n, standing in s.temples.items() for t in standing]
    placed += [(t, "removed") for t in s.removed]
    zones = []
    for p, name in enumerate(s.names):
        mine = sorted(
            ((t, where) for t, where in placed if t.owner == p),
            key=lambda tw: s.built[p].index(str(tw[0].key)),
        )
        pieces = tuple(Piece(t.id, temple_name(str(t.key)), "temple", w) for t, w in mine)
        zones.append(Zone(f"temples:{p}", f"{name}'s temples", pieces, owner=name))
        zones.append(
            Zone(
                f"relics:{p}",
                f"{name}'s relics",
                tuple(Piece(u, f"{s.relic_kind(u)} relic", "relic") for u in s.relics_of(p)),
                owner=name,
                group_by_kind=True,
            )
        )
    pile = tuple(Piece(u, f"{s.relic_kind(u)} relic", "relic") for u in s.pile())
    on_table = {t.id for t, _where in placed} | {u for uids in s.pawn_uids for u in uids}
    box = tuple(
        Piece(uid, _box_label(card), card.kind)
        for uid, card in sorted(s.components.items(), key=lambda item: _box_label(item[1]))
        if card.kind in ("pawn", "temple", "gem") and uid not in on_table
    )
    # pawns not yet on the map, temple tokens on the tablets, gem cards: only the virtual
    # table lists them, so a game can be tried without the box
    return (
        *zones,
        Zone("relic-pile", "Relic pile", pile),
        Zone("box", "Pawns, tablets' temples and gem cards", box, offstage=True),
    )


def render(s: BPState, prompt: Prompt, sheet: ScoreSheet) -> View:
    prompt, groups = grouped(prompt)
    actors = set(prompt.actors)
    marks_for = {s.offer: "Offer Card"} if s.phase not in (*BEFORE_OFFERS, "over") else {}
    players = tuple(
        PlayerView(
            name,
            (
                Counter("gems", plural(s.hand_size(p), "gem"), s.hand_size(p), emphasis=True),
                Counter("favor", f"favor now {sheet.players[p].total}", sheet.players[p].total),
                Counter("relics", plural(len(s.relics_of(p)), "relic"), len(s.relics_of(p))),
            ),
            tuple(m for m in (s.colour(p), marks_for.get(p, "")) if m)
            + (("starting player",) if p == s.start and s.phase not in BEFORE_OFFERS else ()),
            name in actors,
        )
        for p, name in enumerate(s.names)
    )
    drawn = {**board(s, prompt), "option_groups": groups}
    if s.phase == "over":
        where = "Game over"
    elif drawn["last_offer"]:
        where = "Last Offer"
    else:
        where = f"Round {drawn['round']} of {drawn['rounds']} · {PHASES[s.phase]}"
    piles = " ".join(f"{s.supply[g]} {g}" for g in GEMS)
    status = f"{where} · piles: {piles}"
    return View("broken-planet", status, prompt, players, _zones(s), s.event, board=drawn)

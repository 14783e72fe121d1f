"""A finished game as a play for BG Stats, pushed as a URL its app opens (and as a QR code:
`companion.qr`).

BG Stats (where many players keep their plays) imports a play from
`https://app.bgstatsapp.com/createPlay.html?data=<URL-encoded JSON>` and remembers what it
matched per `sourceName` and the source ids, so those ids must never change: the play is
this installation's id plus the save file's game number, a game is its name in deck files,
a player is their name (case-folded). The fields and their mapping: docs/formats.md,
"BG Stats plays". bggId is sent only where a game's definition knows it, never guessed.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from companion.games import definition
from companion.names import clean_name
from companion.store import GameRow, Store

SOURCE_NAME = "Table companion"
PUSH_URL = "https://app.bgstatsapp.com/createPlay.html?data="
INSTALLATION_KEY = "installation_id"


def installation_id(store: Store) -> str:
    """This save file's own id, made once: two companions never send the same play id."""
    found = store.get_setting(INSTALLATION_KEY)
    if not found:
        found = os.urandom(6).hex()
        store.set_setting(INSTALLATION_KEY, found)
    return str(found)


def utc(stamp: float) -> str:
    """BG Stats' date form: UTC `yyyy-MM-dd HH:mm:ss`, not ISO 8601."""
    return datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%d %H:%M:%S")


def play_payload(row: GameRow, installation: str) -> dict[str, Any]:
    """The BG Stats play for a finished game; ValueError (one line) for one still going."""
    if row.finished is None or row.result is None:
        raise ValueError(f"game {row.id} is not finished: BG Stats takes finished plays")
    info = definition(row.game)
    results = row.result["players"]
    no_points = all(p.get("total") is None for p in results)
    winners = set(row.result.get("winners", ()))
    first = row.setup["players"][row.setup.get("first", 0)]["name"]
    game: dict[str, Any] = {"name": info.title}
    if info.bgg_id is not None:
        game["bggId"] = info.bgg_id
    game |= {"sourceGameId": row.game, "highestWins": True, "noPoints": no_points}
    players = []
    taken: set[str] = set()
    for result in results:
        player: dict[str, Any] = {
            "name": result["name"],
            "sourcePlayerId": _player_id(result["name"], taken),
        }
        if not no_points:
            player["score"] = result["total"]
        player |= {
            "winner": result["name"] in winners,
            "rank": result["rank"],
            "startPlayer": result["name"] == first,
        }
        players.append(player)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": f"{installation}-{row.id}",
        "playDate": utc(row.created),
        "durationMin": max(1, round((row.finished - row.created) / 60)),
        "game": game,
        "players": players,
    }


def push_url(payload: dict[str, Any]) -> str:
    """The URL that opens BG Stats' import dialog with this play (compact JSON)."""
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return PUSH_URL + quote(text, safe="")


def _player_id(name: str, taken: set[str]) -> str:
    """A player's BG Stats id: their name as the table sees it, case-folded, so one person
    is one player from play to play. Two players of an older save whose names differ only
    by case (no longer accepted at entry) still get two ids: the second is `ana#2`."""
    base = clean_name(name).casefold()
    found, n = base, 1
    while found in taken:
        n += 1
        found = f"{base}#{n}"
    taken.add(found)
    return found

"""Which games exist and what their tagged components may be. Deck files are checked against this."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    kinds: tuple[str, ...] | None  # None: any kind (no engine yet)
    no_ingots: tuple[str, ...] = ()  # kinds whose ingot value is implied
    default_ingots: int = 0


BNB_KINDS = (
    "cup", "saucer", "plate", "bowl", "tea-jar", "vase", "teapot",
    "serving-tray", "storage-box", "gold",
)  # fmt: skip
MINTSUGI_KINDS = ("cup", "saucer", "plate", "bowl", "jug", "vase", "teapot")

GAMES: dict[str, GameInfo] = {
    "broken-and-beautiful": GameInfo(
        "broken-and-beautiful", "Broken and Beautiful", BNB_KINDS, ("gold",), 3
    ),
    "mintsugi": GameInfo("mintsugi", "Mintsugi", MINTSUGI_KINDS),
    "broken-planet": GameInfo("broken-planet", "Broken Planet", None),
    "who-broke-it": GameInfo("who-broke-it", "Who Broke It?", None),
}


def game_info(name: str) -> GameInfo:
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(GAMES)
        raise ValueError(f"unknown game {name!r} (known: {known})") from None

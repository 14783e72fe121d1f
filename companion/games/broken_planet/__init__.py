"""Broken Planet: the island game (shared/rules/broken-planet.txt)."""

from companion.games.broken_planet.game import BROKEN_PLANET

DEFINITIONS = (BROKEN_PLANET,)

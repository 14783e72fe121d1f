"""Broken and Beautiful and its prototype Mintsugi: one engine, two rulesets."""

from companion.games.kintsugi.game import BROKEN_AND_BEAUTIFUL_GAME, MINTSUGI_GAME

DEFINITIONS = (BROKEN_AND_BEAUTIFUL_GAME, MINTSUGI_GAME)

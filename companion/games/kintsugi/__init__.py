"""Broken and Beautiful and its prototype Mintsugi: one engine, two rulesets."""

from companion.games.kintsugi.engine import KintsugiEngine
from companion.games.kintsugi.rules import BROKEN_AND_BEAUTIFUL, MINTSUGI, Ruleset

__all__ = ["BROKEN_AND_BEAUTIFUL", "MINTSUGI", "KintsugiEngine", "Ruleset"]

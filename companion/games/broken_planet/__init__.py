"""Broken Planet: decks load (any kind) until its engine lands."""

from companion.definition import GameDefinition

DEFINITIONS = (GameDefinition("broken-planet", "Broken Planet", None, 2, 5),)

"""What the rulebook itself fixes: gem types, the twelve temples and their printed effects.

Everything printed only as icons (costs, favor, tiers, routes) comes from the owner's map
file (mapfile.py); what is here is the same in every copy of the game.
"""

from __future__ import annotations

from companion.words import plural

GEMS = ("diamond", "emerald", "ruby", "sapphire")
PILE_SIZE = 16  # "Gemstones (4 types, 16x each)"
RELICS = ("bronze", "silver", "golden")
STANDARD = (*GEMS, "die")  # what a standard temple can show
TOKENS = ("hazard", "movement")
ACTIONS = ("build", "craft", "attack")  # the offer phase's three actions
DOING = {"build": "building temples", "craft": "crafting relics", "attack": "attacking"}

# key -> (name, effect as printed in the Extra Ruling)
TEMPLES: dict[str, tuple[str, str]] = {
    "sapphire-shrine": (
        "Sapphire Shrine",
        "One step further per movement token on the island you start your move from.",
    ),
    "bloodstone-altar": (
        "Bloodstone Altar",
        "Once per offer phase, after an attack, target a second island free with a pile ruby.",
    ),
    "amber-anvil": (
        "Amber Anvil",
        "Once per offer phase, pay a ruby to swap one of your relics for one from the pile.",
    ),
    "crystal-crypt": (
        "Crystal Crypt",
        "Each offer phase, attack the island your pawn stands on free with a pile ruby.",
    ),
    "gold-golem": ("Gold Golem", "One extra favor per temple you built, at the end."),
    "temple-of-time": (
        "Temple of Time",
        "During your offer phases, the other players move one step less.",
    ),
    "obsidian-outpost": ("Obsidian Outpost", "You collect on islands with hazardous tokens."),
    "garnet-garden": (
        "Garnet Garden",
        "Once per offer phase, move one temple to a free slot (a locked slot costs a sapphire).",
    ),
    "magma-monastery": (
        "Magma Monastery",
        "When built, place a hazardous or movement token on an island.",
    ),
    "onyx-oasis": (
        "Onyx Oasis",
        "At the end of an offer phase without attacks, take a gem of your choice from the piles.",
    ),
    "opal-observatory": (
        "Opal Observatory",
        "Build any temple without its inner temple (still paying its cost).",
    ),
    "sun-sanctuary": (
        "Sun Sanctuary",
        "When built, remove up to 3 temples from the map (their favor and effects stay).",
    ),
}


def temple_name(key: str) -> str:
    return TEMPLES[key][0]


def gems_text(gems: dict[str, int]) -> str:
    """'2 sapphires and 1 ruby'; 'nothing' for an empty cost."""
    *rest, last = [plural(n, g) for g in GEMS if (n := gems.get(g, 0))] or ["nothing"]
    return f"{', '.join(rest)} and {last}" if rest else last

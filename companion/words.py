"""How the companion words a count, one rule for every game and screen: "1 ingot",
"2 ingots", "1 ruby", "2 rubies". Players read these on the prompt, in the narration and on
the score sheet, so a count never disagrees with its number."""

from __future__ import annotations


def plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
        return f"{n} {word[:-1]}ies"
    return f"{n} {word}s"

"""What the companion says aloud after an accepted input: decided here, from the view.

Players look at their cards and at each other, not at a 7" screen, so the table may speak
the narration of the last input and the first sentence of each new prompt. Privacy is
decided here, once, and not by the speaker: while a prompt is private (a hand scanned in
secret) nothing is said, not even its own words, and the narration of an input made under
a private prompt is not said either, since it comes from a hidden hand. Everything else
said is already on the shared screen (a view, narration included, is public by construction).
"""

from __future__ import annotations

import re

from companion.engine import Prompt

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def first_sentence(text: str) -> str:
    """The words up to the first full stop, question or exclamation mark followed by a
    space (the whole text when it has none): a prompt's later sentences are detail a
    player reads if they want it."""
    return _SENTENCE_END.split(text.strip(), maxsplit=1)[0]


def spoken(prompt: Prompt, narration: str, before: Prompt | None) -> str:
    """The words to say now that `prompt` is on the screen (the view's prompt: asked of the
    table alone, the whole view is not built twice per input).

    `narration` is what the screen shows the last input did (Undo's message included);
    `before` is the prompt the input answered (None when nothing was answered yet). The
    prompt's first sentence is said only when it is new, so a prompt that stays (several
    players to go) is not said again. "" means silence.
    """
    if prompt.private:
        return ""
    parts = []
    if narration and not (before is not None and before.private):
        parts.append(narration.strip())
    sentence = first_sentence(prompt.text)
    if sentence and (before is None or first_sentence(before.text) != sentence):
        parts.append(sentence)
    return " ".join(p if p[-1] in ".!?" else f"{p}." for p in parts if p)

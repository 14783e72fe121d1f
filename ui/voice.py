"""The table's voice: after each accepted input, says what companion.spoken decides.

Bound to the session's `revision` (bumped after every accepted input) and `table`, so no
screen has to remember to speak and the session knows nothing of speech. What is said, and
what never is (a private prompt, a hidden hand), is decided in companion/spoken.py; this
only keeps the prompt each input answered and hands the words to the speaker.
"""

from __future__ import annotations

from companion.engine import Prompt
from companion.spoken import spoken
from companion.table import Table
from hardware.speaker import DEFAULT_VOLUME, VOLUMES, NullSpeaker, Speaker, make_speaker
from ui.session import Session

SPEECH_KEY = "speech"  # off by default: a table that suddenly talks is a surprise
VOLUME_KEY = "speech_volume"  # percent, one of hardware.speaker.VOLUMES


def stored_volume(value: object) -> int:
    """The stored volume, or the default when it is not one of the choices (hand-edited)."""
    return value if isinstance(value, int) and value in VOLUMES else DEFAULT_VOLUME


class TableVoice:
    def __init__(self, session: Session, speaker: Speaker | None = None) -> None:
        self.session = session
        self.speaker: Speaker = speaker or NullSpeaker()
        self._before: Prompt | None = None  # the prompt on the screen before the last input
        session.bind(revision=self._accepted, table=self._new_table)
        self._new_table(session, session.table)

    def use(self, enabled: bool, volume: int, trouble: str) -> None:
        """Speech switched or its volume changed in Settings: applies from the next input."""
        self.speaker.close()
        self.speaker = make_speaker(enabled, volume, trouble)
        self._new_table(self.session, self.session.table)  # the prompt on the screen now

    def close(self) -> None:
        self.session.unbind(revision=self._accepted, table=self._new_table)
        self.speaker.close()

    def _new_table(self, _session: Session, table: Table | None) -> None:
        """Another game (or none): nothing of the last one goes on being said."""
        self.speaker.stop()
        self._before = table.prompt if table is not None else None

    def _accepted(self, *_args: object) -> None:
        table = self.session.table
        if table is None:
            return
        if isinstance(self.speaker, NullSpeaker):  # silent: not even the prompt is asked for
            return  # (`use` reads the prompt on the screen when speech is switched on)
        prompt = table.prompt
        before, self._before = self._before, prompt
        words = spoken(prompt, self.session.last_event or table.narration, before)
        if words:
            self.speaker.say(words)

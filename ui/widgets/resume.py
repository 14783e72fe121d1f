"""Settings' row for going straight back to a running game at start-up (ui/startup.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kivy.lang import Builder
from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout

from companion.store import Store, StoreError
from ui.startup import RESUME_KEY, resume_at_start
from ui.widgets import controls  # noqa: F401  (FormLabel, FormToggle)

Builder.load_file(str(Path(__file__).with_suffix(".kv")))


class ResumeSetting(BoxLayout):
    """On or off; shows what is in force (the kiosk's default until someone chooses)."""

    on = BooleanProperty(False)
    store: Store | None = None
    say: Callable[[str, str], None] = staticmethod(lambda _message, _kind: None)

    def load(self, store: Store, say: Callable[[str, str], None]) -> None:
        """What is in force in `store`; `say` puts a line in the screen's banner."""
        self.store, self.say = store, say
        self.on = resume_at_start(store)

    def choose(self, on: bool) -> None:
        """Saved at once; it matters at the next start."""
        if self.store is None:
            return
        try:
            self.store.set_setting(RESUME_KEY, on)
        except StoreError as err:
            self.say(str(err), "error")
            self.property("on").dispatch(self)  # not saved: the toggles show what is in force
            return
        self.on = on
        said = "goes straight back to a running game" if on else "opens on Home"
        self.say(f"At the next start the app {said}", "info")

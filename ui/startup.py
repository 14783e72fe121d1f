"""Where the app opens: on the game that was running, or on Home.

A Pi at the table restarts after a power cut or a crash with the players' game still on it;
there nobody should have to find Home's resume button first, so the app goes straight back
to the newest unfinished game. A kiosk (the systemd unit sets COMPANION_KIOSK=1) does so by
default; a laptop opens on Home. Settings turns it on or off either way (RESUME_KEY).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from companion.store import Store, StoreError
from companion.table import Table

RESUME_KEY = "resume_at_start"  # True/False; absent: the kiosk's default
KIOSK_ENV = "COMPANION_KIOSK"  # set by the service unit (ui/service.py)


def is_kiosk(environ: Mapping[str, str] = os.environ) -> bool:
    """Started as the table's kiosk (the service unit), not by hand on a laptop."""
    return environ.get(KIOSK_ENV, "").strip().lower() not in ("", "0", "no", "false")


def resume_at_start(store: Store, environ: Mapping[str, str] = os.environ) -> bool:
    """The setting, or the kiosk's default when nobody has chosen."""
    chosen = store.get_setting(RESUME_KEY)
    return chosen if isinstance(chosen, bool) else is_kiosk(environ)


def running_game(store: Store) -> tuple[Table | None, str | None]:
    """The newest unfinished game that still replays, and the line that says it was set
    aside if it did not replay whole (play then goes on from its last good input). (None,
    None) when there is none; a save that cannot be read at all is Home's to say."""
    rows = store.games(finished=False)  # the most recently played first
    if not rows:
        return None, None
    try:
        return Table.resume_or_set_aside(store, rows[0].id)
    except StoreError:
        return None, None

"""Who Broke It?'s choice of a player ("choose the player Mum checks") with a banner
showing, at 2..6 players with long names: every name the prompt offers lies whole on the
screen, under the banner and the top bar, over no strip and under none, and one tap where
it is drawn chooses that player (issue 23)."""

from __future__ import annotations

import pytest
from kivy.core.window import Window

from companion.deck import load_deck
from companion.table import Table
from tests.ui.apphelp import frames, touch, walk
from tests.ui.audit.touches import check_touches
from ui.app import EXAMPLES
from ui.widgets.strip import PlayerStrip

LONG = ["Anne-Sophie", "Bartholomew", "Maximiliana", "Konstantin", "Dorothea", "Wilhelmina"]
UNKNOWN_TAG = "04C0FFEE000001"


def call_mum(app, players: int):
    """Dealt, a Spare Vase played, then Call Mum: its player chooses whom Mum checks."""
    deck = load_deck(EXAMPLES / "who-broke-it-demo.toml")
    app.open_table(Table.start(app.store, deck, LONG[:players]))
    app.goto("table")
    assert app.session.tap("dealt", None)
    kinds: dict[str, list[str]] = {}
    for uid, component in app.table.components.items():
        kinds.setdefault(component.kind, []).append(uid)
    assert app.session.scan(kinds["spare-vase"][0])
    assert app.session.scan(kinds["call-mum"][0])
    assert "Mum checks" in app.table.prompt.text
    return app.root.get_screen("table")


def show_banner(app, kind: str) -> None:
    if kind == "unknown":
        app.session.scan(UNKNOWN_TAG)  # Enroll now, OK: the tallest banner's buttons
    else:
        assert not app.session.tap("player", "nobody")  # the refusal names every choice
    frames(4)
    assert app.session.banner_kind == kind


def window_box(widget) -> tuple[float, float, float, float]:
    left, bottom = widget.to_window(widget.x, widget.y)
    return left, bottom, left + widget.width, bottom + widget.height


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("banner", ["unknown", "refused"])
def test_every_player_offered_is_in_sight_and_one_tap_chooses_them(app, players, banner):
    screen = call_mum(app, players)
    show_banner(app, banner)
    names = [b for b in walk(screen.ids.options) if getattr(b, "text", None) in LONG]
    assert sorted(b.text for b in names) == sorted(LONG[:players])
    banner_bottom = window_box(screen.ids.banner)[1]
    strips = [window_box(s) for s in walk(screen) if isinstance(s, PlayerStrip)]
    scroll_top = window_box(screen.ids.strip_scroll)[3]
    for option in names:
        left, bottom, right, top = window_box(option)
        assert 0 <= left and right <= Window.width + 1 and bottom >= -1, option.text
        assert top <= banner_bottom + 1, f"{option.text} lies under the banner"
        assert bottom >= scroll_top - 1, f"{option.text} lies over the strips"
        for s_left, s_bottom, s_right, s_top in strips:
            apart = right <= s_left + 1 or s_right <= left + 1 or top <= s_bottom + 1
            assert apart or bottom >= s_top - 1, f"{option.text} and a strip overlap"
    state = f"Who Broke It? {players}p, Call Mum, banner {banner}"
    assert check_touches(state, must_show=tuple(names)) == []
    chosen = names[-1]
    touch(*chosen.to_window(*chosen.center))
    frames(2)
    assert app.table.prompt.phase == "call-mum", app.session.banner
    assert chosen.text in app.table.prompt.text

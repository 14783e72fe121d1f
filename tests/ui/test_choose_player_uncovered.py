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


def choosing(app, players: int, card: str = "call-mum"):
    """Dealt, a Spare Vase played, then `card`: its player chooses another (or, for Call
    Mum, any player)."""
    deck = load_deck(EXAMPLES / "who-broke-it-demo.toml")
    app.open_table(Table.start(app.store, deck, LONG[:players]))
    app.goto("table")
    assert app.session.tap("dealt", None)
    kinds: dict[str, list[str]] = {}
    for uid, component in app.table.components.items():
        kinds.setdefault(component.kind, []).append(uid)
    assert app.session.scan(kinds["spare-vase"][0])
    assert app.session.scan(kinds[card][0])
    assert app.table.prompt.phase == "target"
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


CASES = [("call-mum", n, banner) for n in range(2, 7) for banner in ("unknown", "refused")]
CASES += [(card, 6, "unknown") for card in ("false-accusation", "its-their-fault", "evil-twin")]


@pytest.mark.parametrize("card, players, banner", CASES)
def test_every_player_offered_is_in_sight_and_one_tap_chooses_them(app, card, players, banner):
    screen = choosing(app, players, card)
    show_banner(app, banner)
    names = [b for b in walk(screen.ids.options) if getattr(b, "text", None) in LONG]
    offered = [o.label for o in app.table.prompt.options if o.enabled]
    assert sorted(b.text for b in names if not b.disabled) == sorted(offered) and offered
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
    state = f"Who Broke It? {players}p, {card}, banner {banner}"
    assert check_touches(state, must_show=tuple(names)) == []
    chosen = [b for b in names if not b.disabled][-1]
    before = app.session.revision
    touch(*chosen.to_window(*chosen.center))
    frames(2)
    assert app.session.revision > before and app.table.prompt.phase != "target", app.session.banner
    assert chosen.text in app.table.narration, app.table.narration

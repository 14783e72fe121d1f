"""A strip's pieces: one run of small icons per kind, each piece drawn in its own look
(kind, pattern, display state) from the shared looks, and a hidden zone as its size; runs
are kept and redrawn as the collection grows, not made again."""

from __future__ import annotations

from kivy.graphics import Rectangle

from companion.view import Piece, PlayerView, Zone
from tests.ui.apphelp import frames, play_demo, texts
from ui.theme import pattern_mark
from ui.widgets.icons import icon_texture
from ui.widgets.strip import MINI, MINI_GAP, IconRun, PlayerStrip

ANA = PlayerView("Ana")
BOWL = Piece("b1", "bowl", "bowl", "repaired", {"pattern": "waves"})


def cup(uid: str, pattern: str, state: str = "") -> Piece:
    return Piece(uid, f"cup {uid}", "cup", state, {"pattern": pattern})


def collection(*pieces: Piece) -> Zone:
    return Zone("ana:collection", "Collection", pieces, owner="Ana", group_by_kind=True)


def runs(strip: PlayerStrip) -> list[IconRun]:
    """In the order the strip shows them."""
    return [w for w in reversed(strip.ids.zones.children) if isinstance(w, IconRun)]


def drawn(run: IconRun) -> list:
    return [i.texture for i in run.canvas.children if isinstance(i, Rectangle)]


def test_each_piece_is_drawn_in_its_own_look_one_run_a_kind(app):
    strip = PlayerStrip()
    strip.show(ANA, [collection(cup("c1", "waves"), cup("c2", "dots", "broken"), BOWL)])
    frames()
    cups, bowls = runs(strip)
    assert cups.looks == [("cup", "waves", "unbroken"), ("cup", "dots", "broken")]
    assert bowls.looks == [("bowl", "waves", "repaired")]
    side = int(MINI)
    assert drawn(cups) == [
        icon_texture("cup", pattern_mark("waves"), "unbroken", side),
        icon_texture("cup", pattern_mark("dots"), "broken", side),
    ]
    assert cups.width == 2 * MINI + MINI_GAP and bowls.width == MINI
    first, second = (r.pos[0] for r in cups.canvas.children if isinstance(r, Rectangle))
    assert second - first == round(MINI + MINI_GAP), "side by side, not on top of each other"


def test_a_growing_collection_redraws_the_runs_it_has(app):
    strip = PlayerStrip()
    strip.show(ANA, [collection(cup("c1", "waves"))])
    (kept,) = runs(strip)
    strip.show(ANA, [collection(cup("c1", "waves", "broken"), cup("c2", "dots"), BOWL)])
    frames()
    assert runs(strip)[0] is kept and len(drawn(kept)) == 2
    assert kept.looks[0] == ("cup", "waves", "broken")


def test_a_hidden_zone_shows_its_size_and_no_icons(app):
    strip = PlayerStrip()
    hand = Zone("ana:hand", "Hand", (Piece(None, "gem", "gem"),) * 3, count=3, owner="Ana")
    strip.show(ANA, [hand])
    frames()
    assert runs(strip) == [] and "Hand\u00a03" in texts(strip)  # the count kept with its word


def test_a_whole_games_looks_fit_the_cache_so_none_is_drawn_twice(app):
    """With 64 looks kept, the demo deck's ~80 pushed each other out: every game drew 60 of
    them again (a buffer switch and a read-back each, and textures made and freed)."""
    icon_texture.cache_clear()
    for _ in range(2):
        play_demo(app, ["Ana", "Ben", "Cleo", "Dan"], frames)
    looks = icon_texture.cache_info()
    assert looks.misses == looks.currsize, looks

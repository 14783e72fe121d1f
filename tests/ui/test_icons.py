from tests.ui._window import require_window

require_window()

import pytest  # noqa: E402
from kivy.clock import Clock  # noqa: E402

from ui.theme import THEME, pattern_mark  # noqa: E402
from ui.widgets.icons import SHAPES, KindIcon  # noqa: E402

KINDS = [
    "cup", "saucer", "plate", "bowl", "tea-jar", "jug", "vase", "teapot",
    "serving-tray", "storage-box", "gold",
]  # fmt: skip


def make(kind: str, state: str = "unbroken", pattern: str = "wave", side: int = 96) -> KindIcon:
    icon = KindIcon(kind=kind, pattern=pattern, state=state, size=(side, side), pos=(0, 0))
    icon.redraw()
    return icon


def rgba(icon: KindIcon) -> list[tuple[int, int, int, int]]:
    """The look's pixels, as drawn into its shared texture."""
    data = icon.texture.pixels
    return [tuple(data[i : i + 4]) for i in range(0, len(data), 4)]


def shape(icon: KindIcon) -> frozenset[int]:
    """Where the picture has an edge (a pixel unlike its right or upper neighbour): a
    recoloured picture keeps its edges, so this is what the icon says without colour."""
    px, width = rgba(icon), icon.texture.width
    return frozenset(
        i
        for i in range(len(px) - width)
        if px[i] != px[i + width] or ((i + 1) % width and px[i] != px[i + 1])
    )


def has_colour(icon: KindIcon, colour: tuple) -> bool:
    want = tuple(round(c * 255) for c in colour[:3])
    return any(all(abs(p - w) <= 2 for p, w in zip(px[:3], want, strict=True)) for px in rgba(icon))


def test_every_kind_in_the_catalogue_has_its_own_silhouette():
    from companion.games import definition

    kinds = {
        k for game in ("broken-and-beautiful", "mintsugi") for k in definition(game).kind_names()
    }
    assert kinds <= set(SHAPES) == set(KINDS)
    assert len({shape(make(kind)) for kind in KINDS}) == len(KINDS)


@pytest.mark.parametrize("state", ["unbroken", "broken", "repaired"])
@pytest.mark.parametrize("kind", KINDS + ["moon-gate"])
def test_every_kind_and_state_draws(kind, state):
    painted = sum(1 for *_, alpha in rgba(make(kind, state)) if alpha)
    assert painted > 0.1 * 96 * 96


@pytest.mark.parametrize("kind", KINDS)
def test_broken_and_repaired_differ_by_shape_not_only_colour(kind):
    plain, broken, repaired = (shape(make(kind, s)) for s in ("unbroken", "broken", "repaired"))
    assert len({plain, broken, repaired}) == 3  # turned on its side; the gold diamond
    assert has_colour(make(kind, "broken"), THEME.crack)
    assert has_colour(make(kind, "repaired"), THEME.gold)


def test_pattern_shows_as_colour_and_as_a_symbol():
    wave, lattice = make("plate", pattern="wave"), make("plate", pattern="lattice")
    assert shape(wave) != shape(lattice)  # the symbol differs, not only the colour
    assert has_colour(wave, pattern_mark("wave").colour)
    assert has_colour(lattice, pattern_mark("lattice").colour)


def test_unknown_pattern_gets_a_stable_mark():
    assert pattern_mark("moon") == pattern_mark("Moon")
    assert pattern_mark("moon").symbol in {"dot", "ring", "star", "bar"}
    assert pattern_mark(None).symbol == ""


def test_icons_that_look_alike_share_one_texture():
    """The point of drawing once: a table of cups holds one cup's pixels, not one per card."""
    assert make("cup").texture is make("cup").texture
    assert make("cup").texture is not make("cup", "broken").texture


def test_property_changes_redraw_on_the_next_frame():
    icon = make("cup")
    before = rgba(icon)
    icon.size = (200, 200)
    Clock.tick()
    resized = rgba(icon)
    assert len(resized) > len(before)
    assert icon.texture.width >= 200
    icon.state = "broken"
    Clock.tick()
    assert rgba(icon) != resized
    icon.pattern = "lattice"
    Clock.tick()
    assert has_colour(icon, pattern_mark("lattice").colour)


def test_new_looks_are_drawn_in_one_offscreen_buffer(monkeypatch):
    """Each framebuffer made leaves driver memory behind after it is freed (llvmpipe): new
    looks, game after game, must not each make one."""
    from kivy.graphics import Fbo

    from ui.widgets import icons

    made = []

    class CountedFbo(Fbo):
        def __init__(self, **kwargs: object) -> None:
            made.append(kwargs)
            super().__init__(**kwargs)

    monkeypatch.setattr(icons, "Fbo", CountedFbo)
    icons.icon_texture.cache_clear()
    icons.card_face.cache_clear()
    looks = [
        make(kind, state, side=side)
        for kind in KINDS[:4]
        for state in ("unbroken", "broken")
        for side in (24, 40)
    ]
    icons.card_face(90, 120, framed=True)
    assert len({look.texture for look in looks}) == len(looks)
    assert len(made) <= 1  # none if an earlier test made the buffer

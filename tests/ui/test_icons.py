from tests.ui._window import require_window

require_window()

import pytest  # noqa: E402
from kivy.clock import Clock  # noqa: E402
from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle  # noqa: E402

from ui.theme import THEME, pattern_mark  # noqa: E402
from ui.widgets.icons import SHAPES, KindIcon  # noqa: E402

KINDS = [
    "cup", "saucer", "plate", "bowl", "tea-jar", "jug", "vase", "teapot",
    "serving-tray", "storage-box", "gold",
]  # fmt: skip


def signature(icon: KindIcon) -> tuple:
    """The canvas as comparable data: instruction types with their rounded geometry."""
    out = []
    for ins in icon.canvas.children:
        if isinstance(ins, Line):
            out.append(("Line", tuple(round(p) for p in ins.points)))
        elif isinstance(ins, Ellipse | Rectangle):
            out.append(
                (type(ins).__name__, tuple(map(round, ins.pos)), tuple(map(round, ins.size)))
            )
        elif isinstance(ins, Mesh):
            out.append(("Mesh", tuple(round(v) for v in ins.vertices)))
        elif isinstance(ins, Color):
            out.append(("Color", tuple(round(c, 3) for c in ins.rgba)))
    return tuple(out)


def colours(icon: KindIcon) -> set:
    return {c for kind, *rest in signature(icon) if kind == "Color" for c in rest}


def make(kind: str, state: str = "unbroken", pattern: str = "wave") -> KindIcon:
    return KindIcon(kind=kind, pattern=pattern, state=state, size=(96, 96), pos=(0, 0))


def test_every_kind_in_the_catalogue_has_its_own_silhouette():
    from companion.catalog import BNB_KINDS, MINTSUGI_KINDS

    assert set(BNB_KINDS) | set(MINTSUGI_KINDS) <= set(SHAPES) == set(KINDS)
    shapes = {kind: signature(make(kind)) for kind in KINDS}
    assert len(set(shapes.values())) == len(KINDS)


@pytest.mark.parametrize("state", ["unbroken", "broken", "repaired"])
@pytest.mark.parametrize("kind", KINDS + ["moon-gate"])
def test_every_kind_and_state_draws(kind, state):
    icon = make(kind, state)
    assert sum(1 for k, *_ in signature(icon) if k != "Color") >= 2


def test_broken_and_repaired_differ_by_shape_not_only_colour():
    def shapes_only(icon):
        return [s for s in signature(icon) if s[0] != "Color"]

    plain, broken, repaired = (
        shapes_only(make("cup", s)) for s in ("unbroken", "broken", "repaired")
    )
    assert len(broken) > len(plain)  # the crack
    meshes = lambda sig: sum(1 for s in sig if s[0] == "Mesh")  # noqa: E731
    assert meshes(repaired) == meshes(broken) + 1  # the gold diamond
    assert round(THEME.gold[0], 3) in {c[0] for c in colours(make("cup", "repaired"))}


def test_pattern_shows_as_colour_and_as_a_symbol():
    wave, lattice = make("plate", pattern="wave"), make("plate", pattern="lattice")
    assert signature(wave) != signature(lattice)
    no_colour = lambda icon: [s for s in signature(icon) if s[0] != "Color"]  # noqa: E731
    assert no_colour(wave) != no_colour(lattice)  # the symbol differs, not only the colour


def test_unknown_pattern_gets_a_stable_mark():
    assert pattern_mark("moon") == pattern_mark("Moon")
    assert pattern_mark("moon").symbol in {"dot", "ring", "star", "bar"}
    assert pattern_mark(None).symbol == ""


def test_property_changes_redraw_on_the_next_frame():
    icon = make("cup")
    before = signature(icon)
    icon.size = (200, 200)
    Clock.tick()
    resized = signature(icon)
    assert resized != before
    icon.state = "broken"
    Clock.tick()
    assert signature(icon) != resized

from tests.ui._window import require_window

require_window()

from kivy.graphics import Rectangle, Rotate  # noqa: E402
from kivy.metrics import sp  # noqa: E402
from kivy.uix.label import Label  # noqa: E402

from companion.deck import make_component  # noqa: E402
from tests.ui.apphelp import frames, walk  # noqa: E402
from tests.ui.test_disabled_buttons import contrast  # noqa: E402
from ui.theme import THEME  # noqa: E402
from ui.widgets.card import CardView  # noqa: E402
from ui.widgets.icons import KindIcon  # noqa: E402


def card(kind: str, pattern: str | None, state: str = "unbroken") -> CardView:
    fields = {"uid": "04AA0000", "kind": kind, "ingots": 1} | (
        {"pattern": pattern} if pattern else {}
    )
    view = CardView.of(make_component("broken-and-beautiful", fields), card_state=state)
    frames(2)
    return view


def icon(view: CardView) -> KindIcon:
    return next(w for w in walk(view) if isinstance(w, KindIcon))


def face(view: CardView) -> Rectangle:
    return next(i for i in view.canvas.before.children if isinstance(i, Rectangle))


def test_the_longest_names_show_whole_at_body_size_never_broken_mid_word():
    for kind, pattern in [
        ("storage-box", "blossom"),
        ("serving-tray", "crane"),
        ("tea-jar", "lattice"),
    ]:
        name = next(w for w in walk(card(kind, pattern)) if isinstance(w, Label))
        assert name.font_size >= sp(20)
        rendered = ["".join(w.text for w in line.words) for line in name._label._cached_lines]
        assert " ".join(rendered).split() == [pattern, *kind.split("-")]
        assert name.texture_size[0] <= name.width and name.texture_size[1] <= name.height


def test_a_name_with_a_long_word_widens_its_card_rather_than_break_the_word():
    """Who Broke It?'s "Blind Accusation" showed "Accusatio" cut in an 80 dp card."""
    fields = {"uid": "04AA0001", "kind": "blind-accusation"}
    view = CardView.of(make_component("who-broke-it", fields))
    frames(2)
    name = next(w for w in walk(view) if isinstance(w, Label))
    rendered = ["".join(w.text for w in line.words) for line in name._label._cached_lines]
    assert rendered == ["Blind", "Accusation"], rendered
    assert name.texture_size[0] <= name.width and view.width > sp(82)


def test_a_broken_card_turns_its_icon_and_keeps_its_name_level():
    broken, whole = card("cup", "wave", "broken"), card("cup", "wave")
    drawn = [i for w in walk(broken) for c in (w.canvas.before, w.canvas, w.canvas.after)
             for i in c.children]  # fmt: skip
    assert not any(isinstance(i, Rotate) for i in drawn)  # nothing turns the name
    assert icon(broken).texture is not icon(whole).texture  # the icon lies turned, cracked


def test_only_a_repaired_card_wears_the_gold_frame():
    gold = tuple(round(c * 255) for c in THEME.gold[:3])

    def framed(view: CardView) -> bool:
        data = face(view).texture.pixels
        return any(tuple(data[i : i + 3]) == gold for i in range(0, len(data), 4))

    assert framed(card("cup", "wave", "repaired"))
    assert not framed(card("cup", "wave", "broken")) and not framed(card("cup", "wave"))


def test_cards_share_their_face_and_icon_textures():
    a, b = card("cup", "wave"), card("bowl", "crane")
    assert face(a).texture is face(b).texture


def test_a_pressed_card_keeps_its_name_legible():
    view = card("cup", "wave")
    name = next(w for w in walk(view) if isinstance(w, Label))
    view.state = "down"
    frames(2)
    assert contrast(name.color, THEME.accent) >= 4.5  # the pressed face is the accent colour
    view.state = "normal"
    frames(2)
    assert contrast(name.color, THEME.surface_raised) >= 4.5


def test_a_view_one_shelf_lets_go_shows_the_next_card_any_shelf_needs():
    from companion.view import Piece
    from ui.widgets.card import CardShelf

    cup = Piece("04A1", "wave cup", "cup", attrs={"pattern": "wave"})
    bowl = Piece("04A2", "crane bowl", "bowl", "broken", attrs={"pattern": "crane"})
    jar = Piece("04A3", "tea jar", "tea-jar")
    pressed: list[str] = []
    draft, virtual = CardShelf(), CardShelf(on_press=lambda v: pressed.append(v.tag))
    kept_cup, dropped = draft.take([cup, bowl])
    assert draft.take([cup]) == [kept_cup]  # the bowl was kept by a player: its view is spare
    [shown] = virtual.take([jar])
    assert shown is dropped  # no view built: the spare one restyled
    assert (shown.tag, shown.text, shown.kind, shown.pattern) == ("04A3", "tea jar", "tea-jar", "")
    assert shown.card_state == "unbroken"
    shown.dispatch("on_release")
    virtual.release()
    [again] = draft.take([cup, bowl])[1:]
    again.dispatch("on_release")  # the virtual table's press went with its shelf
    assert pressed == ["04A3"]
    draft.take([cup])  # the bowl's view is spare again
    CardShelf.let_go()  # the table is left: spares are let go, not kept for the next game
    assert CardShelf().take([jar])[0] is not again

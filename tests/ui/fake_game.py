"""A stand-in engine shaped like Who Broke It? (a discard pile, hidden hands, a deck counted
but not shown), for screens that must draw any game from its view alone.

Its state has none of Broken and Beautiful's attributes (no status, draft, deck, names...):
a screen that reads engine state fails here. Each hand's cards are in the deck registry
(so a screen listing components would show them) but never in the view: the engine keeps
private contents out by construction, and the tests check the screen adds none back.
"""

from __future__ import annotations

from companion.deck import make_component
from companion.engine import Option, PlayerSetup, Prompt, ScoreSheet, Setup
from companion.inputs import IllegalInput, Input
from companion.store import Store
from companion.table import Table, setup_to_json
from companion.view import Counter, Piece, PlayerView, View, Zone

GAME = "who-broke-it"
PUBLIC = [(f"04AA000000000{i}", kind) for i, kind in enumerate(("broken-vase", "alibi"))]
SECRET = [(f"04BB000000000{i}", kind) for i, kind in enumerate(("call-mum", "evil-twin"))]
SECRET_WORDS = ("Call Mum", "Evil Twin", *(uid for uid, _ in SECRET))


class Opaque:
    """An engine state a screen cannot read anything from."""

    __slots__ = ("step",)

    def __init__(self, step: int) -> None:
        self.step = step


def component(uid: str, kind: str):
    return make_component(GAME, {"uid": uid, "kind": kind})


class FakeEngine:
    game = GAME
    settings: dict = {}

    def __init__(self, names: list[str], private: bool = False) -> None:
        self.names, self.private = names, private

    def new(self, setup: Setup) -> Opaque:
        self.cards = setup.components
        return Opaque(0)

    def prompt(self, s: Opaque) -> Prompt:
        name = self.names[s.step % len(self.names)]
        if self.private:
            return Prompt("hand", name, f"{name}: scan your hand on your own reader", private=True)
        return Prompt("play", name, f"{name}: play a card", (Option("next", "Next"),))

    def apply(self, s: Opaque, action: Input) -> Opaque:
        if getattr(action, "option", None) != "next":
            raise IllegalInput("Only Next here")
        return Opaque(s.step + 1)

    def narration(self, s: Opaque) -> str:
        return f"Turn {s.step} passed to the left" if s.step else ""

    def view(self, s: Opaque) -> View:
        pile = tuple(Piece(uid, self.cards[uid].label, kind) for uid, kind in PUBLIC)
        zones = (
            Zone("discard", "Discard pile", pile),
            Zone("deck", "Deck", count=20),
            Zone("aside", "Set aside", count=3),
            *(Zone(f"hand:{n}", "Hand", count=3, owner=n) for n in self.names),
        )
        prompt = self.prompt(s)
        players = tuple(
            PlayerView(
                n,
                (Counter("hand", "3 cards", 3, emphasis=True),),
                ("immune",) if i == 1 else (),
                n in prompt.actors,
            )
            for i, n in enumerate(self.names)
        )
        status = f"Turn {s.step} · to the left"
        board = {"direction": "left", "last": PUBLIC[-1][0]}
        return View(GAME, status, prompt, players, zones, self.narration(s), board=board)

    def score(self, s: Opaque) -> ScoreSheet:
        return ScoreSheet(GAME, (), (), "not over")


def fake_table(store: Store, names: list[str], private: bool = False) -> Table:
    cards = {uid: component(uid, kind) for uid, kind in PUBLIC + SECRET}
    setup = Setup(tuple(PlayerSetup(n) for n in names), cards)
    game_id = store.create_game(GAME, "Fake deck", setup_to_json(GAME, setup, 1), None)
    return Table(store, game_id, FakeEngine(names, private), setup, "Fake deck")

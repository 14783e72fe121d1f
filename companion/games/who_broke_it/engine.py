"""Who Broke It?: the referee. Deal, turns in the current direction, card effects, Call Mum's
private check, the end and the reveal, as legal inputs (shared/rules/who-broke-it.txt and
the W rulings in docs/rulings.md).

Players scan only the cards they play or discard, a Call Mum hand (privately) and their
last cards at the reveal; everything else is counted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from companion.component import Component
from companion.engine import Option, Prompt, ScoreSheet, Setup
from companion.games.who_broke_it import effects
from companion.games.who_broke_it.effects import cards, either
from companion.games.who_broke_it.result import result_sheet
from companion.games.who_broke_it.state import DEALT, HAND, VASE, WbiState
from companion.games.who_broke_it.view import render
from companion.inputs import IllegalInput, Input, Scan, Tap, UnknownTag
from companion.view import Counter, View


def _say(s: WbiState, text: str) -> None:
    """Add a sentence to what this input did (the narration players read)."""
    s.event = f"{s.event} {text[0].upper()}{text[1:]}.".strip()


class WhoBrokeItEngine:
    game = "who-broke-it"
    # every phase a prompt can be in: each has rulebook passages (companion.rules_at_hand)
    phases = ("deal", "turn", "target", "distract", "call-mum", "reveal", "aside", "over")

    def __init__(self, settings: Mapping[str, Any]) -> None:
        """`settings` are resolved by the game's definition (every key present)."""
        self.settings = dict(settings)

    # -- setup -------------------------------------------------------------------------
    def new(self, setup: Setup) -> WbiState:
        players = len(setup.players)
        names = tuple(p.name for p in setup.players)
        if not 2 <= players <= 6:
            raise ValueError(f"Who Broke It? is for 2-6 players, not {players}")
        if len(set(names)) != players:
            raise ValueError("every player needs a different name")
        if not 0 <= setup.first < players:
            raise ValueError("the first player must be one of the players")
        vases = sum(c.kind == VASE for c in setup.components.values())
        if vases != 1:
            raise ValueError(f"the deck must hold exactly one Broken Vase, not {vases}")
        if len(setup.components) < DEALT * players:
            raise ValueError(
                f"the deck has {len(setup.components)} cards; {players} players need at least "
                f"{DEALT * players} ({DEALT} each)"
            )
        return WbiState(
            components=setup.components,
            names=names,
            settings=self.settings,
            turn=setup.first,
            hands=[0] * players,
            immune=[False] * players,
            accused=[False] * players,
        )

    def admit(self, components: Mapping[str, Component]) -> None:
        """The set-up limit a card enrolled mid-game must keep too (a sticker can say it is
        anything): one Broken Vase. ValueError says why not."""
        if sum(c.kind == VASE for c in components.values()) > 1:
            raise ValueError(
                "This game already has its Broken Vase: a second one cannot join (a mis-written "
                "sticker? enroll it as the card it is)"
            )

    # -- prompts -----------------------------------------------------------------------
    def prompt(self, s: WbiState) -> Prompt:
        name = s.name
        if s.phase == "deal":
            return Prompt(
                "deal",
                None,
                f"Shuffle and deal {DEALT} cards to each player; everyone sets one face down "
                f"in front of them, out of the round. {name} plays first. Tap dealt when done",
                (Option("dealt", "Dealt"),),
            )
        if s.phase == "turn":
            accused = " (False Accusation: this card does nothing)" if s.accused[s.turn] else ""
            return Prompt(
                "turn",
                name,
                f"{name}: play a card and scan it{accused}",
                expects_scan=True,
            )
        if s.phase == "target":
            return Prompt(
                "target",
                name,
                effects.asks(s, s.pending, prompt=True),
                tuple(effects.targets(s, s.pending)),
                detail={"card": s.pending},
            )
        if s.phase == "distract":
            return Prompt(
                "distract", name, f"{name}: discard one more card and scan it", expects_scan=True
            )
        if s.phase == "call-mum":
            assert s.target is not None
            who, held = s.names[s.target], s.hands[s.target]
            return Prompt(
                "call-mum",
                who,
                f"Call Mum: {who}, scan every card in your hand on the reader, privately "
                f"({len(s.shown)} of {held} shown)",
                expects_scan=True,
                private=True,
            )
        if s.phase in ("reveal", "aside"):
            waiting = tuple(s.names[p] for p in self._waiting(s))
            what = "last card" if s.phase == "reveal" else "set-aside card"
            return Prompt(
                s.phase,
                None,
                f"Everyone scans their {what} on their own reader or the shared one "
                f"(to go: {', '.join(waiting)})",
                expects_scan=True,
                waiting=waiting,
            )
        return Prompt("over", None, f"Game over: {s.reason}")

    def _waiting(self, s: WbiState) -> list[int]:
        """Who still has to reveal, in turn order from the player who would play next."""
        if s.phase == "reveal":
            return [p for p in s.order(s.after(s.turn)) if s.hands[p] and p not in s.revealed]
        return [p for p in s.order(s.after(s.turn)) if p not in s.aside_shown]

    # -- inputs ------------------------------------------------------------------------
    def apply(self, state: WbiState, action: Input) -> WbiState:
        s = state.clone()
        if isinstance(action, Scan) and action.uid not in s.components:
            raise UnknownTag(action.uid)
        getattr(self, f"_on_{s.phase.replace('-', '_')}")(s, action)
        return s

    def _not_now(self, s: WbiState, action: Input) -> NoReturn:
        prompt = self.prompt(s)
        enabled = [o for o in prompt.options if o.enabled]
        names = [o.arg for o in enabled if o.word == "player" and o.arg]
        can = [f"choose {either(names)}"] * bool(names)
        can += [o.word for o in enabled if o.word != "player"]
        can += ["scan a card"] * prompt.expects_scan
        doing = f"'{action.option}'" if isinstance(action, Tap) else "A scan"
        raise IllegalInput(
            f"{doing} is not possible now (you can: {', '.join(can + ['undo'])})", rule="not-now"
        )

    def _card(self, s: WbiState, action: Input, player: int, private: bool = False) -> str:
        """The card `player` scanned; refused if it was another seat's reader or a card the
        table already saw. A private check's refusals never name the card."""
        if not isinstance(action, Scan):
            self._not_now(s, action)
        who = s.names[player]
        if action.seat is not None and action.seat != player:
            raise IllegalInput(
                f"That was {s.names[action.seat]}'s reader: {who} scans now", rule="own-reader"
            )
        where = s.seen(action.uid)
        if where:
            card = "That card" if private else f"The {s.label(action.uid)}"
            done = "played" if where == "discard" else "revealed"
            raise IllegalInput(
                f"{card} was already {done}: {who} scans a card from their hand", rule="card-seen"
            )
        return action.uid

    def _on_deal(self, s: WbiState, action: Input) -> None:
        if not (isinstance(action, Tap) and action.option == "dealt"):
            self._not_now(s, action)
        s.hands = [HAND] * s.players
        s.aside = s.players
        s.out = DEALT * s.players
        s.phase = "turn"
        _say(s, f"Dealt {DEALT} cards each and {cards(s.aside)} set aside; the deck has {s.deck}")

    def _on_turn(self, s: WbiState, action: Input) -> None:
        uid = self._card(s, action, s.turn)
        me, name, kind = s.turn, s.name, s.kind(uid)
        s.hands[me] -= 1
        s.discard.append(uid)
        played = f"{name} played {s.label(uid)}"
        if s.accused[me]:
            s.accused[me] = False
            if kind != VASE:
                _say(s, f"{played}: it does nothing (False Accusation)")
                return self._end_turn(s)
            if self.settings["false_accused_vase"] == "safe":
                return self._end(s, None, f"{played}, but it does nothing (False Accusation): "
                                 "the vase is gone and nobody is blamed")  # fmt: skip
        if kind == VASE:
            return self._end(s, me, f"{name} discarded the Broken Vase: {name} loses")
        _say(s, f"{played}: {effects.start(s, kind)}")
        if s.phase == "turn":
            self._end_turn(s)

    def _on_target(self, s: WbiState, action: Input) -> None:
        if not (isinstance(action, Tap) and action.option == "player"):
            self._not_now(s, action)
        options = effects.targets(s, s.pending)
        chosen = next((o for o in options if (action.arg or "").lower() == o.label.lower()), None)
        if chosen is None:
            names = ", ".join(o.label for o in options if o.enabled)
            raise IllegalInput(
                f"Choose one of: {names} (e.g. 'player {names.split(',')[0]}')",
                rule="choose-player",
            )
        if not chosen.enabled:
            raise IllegalInput(f"{chosen.reason}: choose another player", rule="player-barred")
        _say(s, effects.choose(s, s.names.index(chosen.label)))
        if s.phase == "target":
            s.phase = "turn"
            self._end_turn(s)

    def _on_distract(self, s: WbiState, action: Input) -> None:
        uid = self._card(s, action, s.turn)
        s.hands[s.turn] -= 1
        s.discard.append(uid)
        s.effect = "distraction"
        if s.kind(uid) == VASE:
            return self._end(s, s.turn, f"{s.name} discarded the Broken Vase: {s.name} loses")
        _say(s, f"{s.name} discarded {s.label(uid)}")
        s.phase = "turn"
        self._end_turn(s)

    def _on_call_mum(self, s: WbiState, action: Input) -> None:
        assert s.target is not None
        who, held = s.names[s.target], s.hands[s.target]
        uid = self._card(s, action, s.target, private=True)
        if uid in s.shown:
            raise IllegalInput(
                f"That card was already shown: {who} scans another card", rule="shown-twice"
            )
        s.shown.append(uid)
        if s.kind(uid) == VASE:
            s.shown = []
            return self._end(s, s.target, f"{who} had the Broken Vase: {who} loses")
        _say(s, f"{who} showed {len(s.shown)} of {held} cards to the reader")
        if len(s.shown) == held:
            s.shown, s.target = [], None
            s.effect = "call-mum"
            _say(s, "Not the vase")
            s.phase = "turn"
            self._end_turn(s)

    def _on_reveal(self, s: WbiState, action: Input) -> None:
        waiting = self._waiting(s)
        seat = action.seat if isinstance(action, Scan) else None
        if seat is not None and seat not in waiting:
            done = "has no card to reveal" if s.phase == "reveal" and not s.hands[seat] else (
                "has already revealed")  # fmt: skip
            raise IllegalInput(f"{s.names[seat]} {done}", rule="reveal-once")
        player = waiting[0] if seat is None else seat
        uid = self._card(s, action, player)
        (s.revealed if s.phase == "reveal" else s.aside_shown)[player] = uid
        who = s.names[player]
        if s.kind(uid) == VASE:
            held = "holds" if s.phase == "reveal" else "set aside"
            return self._end(s, player, f"{who} {held} the Broken Vase: {who} loses")
        _say(s, f"{who} reveals {s.label(uid)}")
        if len(waiting) == 1:
            self._after_reveal(s)

    _on_aside = _on_reveal

    def _on_over(self, s: WbiState, action: Input) -> None:
        raise IllegalInput("The game is over (undo takes back the last input)", rule="game-over")

    # -- the flow of turns -------------------------------------------------------------
    def _end_turn(self, s: WbiState) -> None:
        """Draw back to three, then the end (W12) or the next player's turn (W11)."""
        me, name = s.turn, s.name
        need = max(0, HAND - s.hands[me])
        drawn = min(need, s.deck)
        s.hands[me] += drawn
        s.out += drawn
        if need:
            _say(s, f"{name} draws {drawn}" + (" (the deck is empty)" if drawn < need else ""))
        if not s.deck and max(s.hands) <= 1:
            _say(s, "Every hand is down to one card or none: the reveal")
            s.phase = "reveal"
            if not self._waiting(s):
                self._after_reveal(s)
            return
        passed = []
        nxt = s.after(me)
        s.immune[nxt] = False  # "until your next turn"
        while not s.hands[nxt]:
            passed.append(s.names[nxt])
            nxt = s.after(nxt)
            s.immune[nxt] = False
        if passed:
            _say(s, f"{' and '.join(passed)} {'has' if len(passed) == 1 else 'have'} no cards "
                 "and passed")  # fmt: skip
        s.turn = nxt

    def _after_reveal(self, s: WbiState) -> None:
        if s.phase == "aside":
            return self._end(s, None, "nobody showed the Broken Vase (was a card mis-scanned?)")
        if self.settings["vase_set_aside"] == "nobody":
            return self._end(s, None, "nobody holds the Broken Vase: it was set aside")
        _say(s, "Nobody holds the Broken Vase: everyone scans their set-aside card")
        s.phase = "aside"

    def _end(self, s: WbiState, loser: int | None, reason: str) -> None:
        s.loser, s.reason, s.phase = loser, reason, "over"
        _say(s, reason)

    # -- what the screen shows ---------------------------------------------------------
    def view(self, s: WbiState) -> View:
        return render(s, self.prompt(s))

    def narration(self, s: WbiState) -> str:
        return s.event

    def secret(self, s: WbiState, player: str) -> tuple[Counter, ...]:
        """Nothing hidden that the table knows: every collection is open, and a hand the
        table never sees is not the table's to show."""
        return ()

    def score(self, s: WbiState) -> ScoreSheet:
        if s.phase != "over":
            return result_sheet(s.names, None, "nobody has lost yet", over=False)
        return result_sheet(s.names, s.loser, s.reason)

"""Broken and Beautiful / Mintsugi: the round (deal, snake draft, keep or sell, breakage,
repair) as legal inputs, following the rulebooks in shared/rules and docs/rulings.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from companion.engine import Option, Prompt, ScoreSheet, Setup
from companion.games.kintsugi.rules import SUPPLY, UNBREAKABLE, Ruleset
from companion.games.kintsugi.scoring import Holding, Item, score_holdings
from companion.games.kintsugi.state import KintsugiState
from companion.games.kintsugi.view import render
from companion.inputs import IllegalInput, Input, Scan, Tap, Unchanged, UnknownTag
from companion.uids import canonical_uid
from companion.view import Counter, View
from companion.words import plural


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _typed_uid(text: str | None) -> str:
    try:
        return canonical_uid(text or "")
    except ValueError:
        return ""


class KintsugiEngine:
    # every phase a prompt can be in: each has rulebook passages (companion.rules_at_hand)
    phases = ("deal", "draft", "keep", "breakage", "broke", "repair", "over")

    def __init__(self, rules: Ruleset, settings: Mapping[str, Any]) -> None:
        """`settings` are resolved by the game's definition (every key present)."""
        self.rules = rules
        self.game = rules.game
        self.settings = dict(settings)
        # the last holdings scored and their sheet: the view's "score now" asks at every
        # input, and most (a deal, a pick) leave every collection and ingot as it was
        self._scored: tuple[tuple[Holding, ...], ScoreSheet] | None = None

    # -- setup -------------------------------------------------------------------------
    def new(self, setup: Setup) -> KintsugiState:
        players = len(setup.players)
        if not 2 <= players <= 4:
            raise ValueError(f"{self.rules.title} is for 2-4 players, not {players}")
        names = tuple(p.name for p in setup.players)
        if len(set(names)) != players:
            raise ValueError("every player needs a different name")
        if not 0 <= setup.first < players:
            raise ValueError("the first player must be one of the players")
        if len(setup.components) < 2 * players + 1:
            raise ValueError(
                f"the deck has {len(setup.components)} cards; {players} players need at least "
                f"{2 * players + 1} for one round"
            )
        ingots = [
            1 if p.options.get("new_player") and self.rules.new_player_ingot else 0
            for p in setup.players
        ]
        return KintsugiState(
            rules=self.rules,
            settings=self.settings,
            components=setup.components,
            names=names,
            ingots=ingots,
            supply=SUPPLY - sum(ingots) if self.settings["supply"] == "14" else None,
            first=setup.first,
            dealt=set(),
            collections=[[] for _ in names],
            broke=[[] for _ in names],
            repairs=[0] * players,
            passed=[False] * players,
        )

    # -- prompts -----------------------------------------------------------------------
    def prompt(self, s: KintsugiState) -> Prompt:
        if s.phase == "deal":
            return Prompt(
                "deal",
                None,
                f"Round {s.round}: deal {s.deal_size} cards to the draft area and scan each one "
                f"({len(s.draft)} of {s.deal_size} dealt)",
                expects_scan=True,
            )
        if s.phase == "draft":
            name = s.names[s.drafter]
            return Prompt(
                "draft",
                name,
                f"{name}: take a card from the draft area and scan it "
                f"(pick {s.pick + 1} of {2 * s.players})",
                expects_scan=True,
                detail={"order": [s.names[i] for i in s.snake[s.pick :]]},
            )
        if s.phase == "keep":
            assert s.held is not None
            name, card = s.names[s.drafter], s.components[s.held]
            value = s.pays(s.value(s.held))
            return Prompt(
                "keep",
                name,
                f"{name}: keep or sell the {card.label}?",
                (
                    Option("keep", "Keep"),
                    Option("sell", f"Sell for {value} ingot{'s' * (value != 1)}"),
                ),
                detail={"card": s.held},
            )
        if s.phase == "breakage":
            return Prompt(
                "breakage",
                None,
                "Breakage: lift the top card of the deck, scan it alone and put it back on top"
                " (the card left in the draft area is discarded)",
                expects_scan=True,
                detail={"leftover": s.draft[0] if s.draft else None},
            )
        if s.phase == "broke":
            return self._broke_prompt(s)
        if s.phase == "repair":
            return self._repair_prompt(s)
        sheet = self.score(s)
        return Prompt(
            "over",
            None,
            f"Game over: {' and '.join(sheet.winners)} {'win' if len(sheet.winners) > 1 else 'wins'}"
            f" ({sheet.reason})",
        )

    def _broke_prompt(self, s: KintsugiState) -> Prompt:
        broke = {s.names[i]: list(cards) for i, cards in enumerate(s.broke)}
        shown = " and ".join(f"the {s.components[uid].label}" for uid in s.causes)
        lines = [
            f"{name}: turn sideways {', '.join(s.components[u].label for u in cards)}"
            for name, cards in broke.items()
            if cards
        ] or ["Nothing breaks"]
        extra = (
            " Gold is showing: everyone's first repair this round is free."
            if s.gold_showing
            else ""
        )
        nothing = not any(broke.values())
        return Prompt(
            "broke",
            None,
            f"Showing: {shown}. " + "; ".join(lines) + "." + extra,
            (Option("done", "Continue" if nothing else "Done: the cards are turned"),),
            detail={
                "broke": broke,
                "causes": list(s.causes),
                "gold": s.gold_showing,
                # the board's words: a heading that never cries "Breakage!" for nothing
                "title": "Nothing breaks this round"
                if nothing
                else "Breakage! Turn these cards sideways:",
                "caption": "Showing:",
            },
        )

    def _repair_prompt(self, s: KintsugiState) -> Prompt:
        """Every broken card is a button with its price and why; the ones the player cannot
        afford are shown disabled, so players see what each would cost."""
        player = s.turn
        name = s.names[player]
        costs = {uid: s.repair_cost(player, uid) for uid in s.broken(player)}
        labels = {uid: self._repair_label(s, uid, cost) for uid, cost in costs.items()}
        have = s.ingots[player]
        options = tuple(
            Option(
                "repair",
                labels[uid],
                uid,
                enabled=cost <= have,
                reason="" if cost <= have else f"{name} has {plural(have, 'ingot')}",
            )
            for uid, cost in costs.items()
        ) + (Option("pass", "Pass"),)
        skipped = (
            f" ({', '.join(s.auto_passed)} cannot repair and passed.)" if s.auto_passed else ""
        )
        return Prompt(
            "repair",
            name,
            f"{name}: repair a broken card (tap it or scan it) or pass"
            f" — {name} has {plural(have, 'ingot')}{skipped}",
            options,
            expects_scan=True,
            detail={
                "costs": costs,
                "labels": labels,  # every broken card, affordable or not, with why it costs that
                "auto_passed": list(s.auto_passed),
                "ingots": have,
            },
        )

    def _repair_label(self, s: KintsugiState, uid: str, cost: int) -> str:
        """The button text, with why it costs that today: free while gold shows, its value,
        or its value plus one for each repair the player already made this round."""
        value, done = s.value(uid), s.repairs[s.turn]
        if cost == 0 and s.gold_showing and done == 0 and value:
            why = "free: gold is showing"
        elif cost == value:
            why = "card value"
        else:
            why = f"{value} + {cost - value}: {ordinal(done + 1)} repair this round"
        return f"Repair {s.label(uid)}: {plural(cost, 'ingot')} ({why})"

    # -- inputs ------------------------------------------------------------------------
    def apply(self, state: KintsugiState, action: Input) -> KintsugiState:
        s = state.clone()
        if isinstance(action, Scan) and action.uid not in s.components:
            raise UnknownTag(action.uid)
        if s.auto_sold and isinstance(action, Tap) and action.option == "sell":
            raise Unchanged("Nothing to do: the gold card was already sold")
        s.auto_sold = None
        handler = getattr(self, f"_on_{s.phase}")
        handler(s, action)
        return s

    def _not_now(self, s: KintsugiState, tap: Tap) -> NoReturn:
        prompt = self.prompt(s)
        can = [o.word for o in prompt.options] + ["scan a card"] * prompt.expects_scan + ["undo"]
        raise IllegalInput(
            f"'{tap.option}' is not possible now (you can: {', '.join(dict.fromkeys(can))})",
            rule="not-now",
        )

    def _scanned(self, s: KintsugiState, action: Input) -> str:
        if isinstance(action, Tap):
            self._not_now(s, action)
        return action.uid

    def _on_deal(self, s: KintsugiState, action: Input) -> None:
        uid = self._scanned(s, action)
        if not s.in_deck(uid):
            raise IllegalInput(
                f"The {s.label(uid)} is {s.where(uid)}: deal cards from the deck",
                rule="deal-from-deck",
            )
        s.dealt.add(uid)
        s.draft.append(uid)
        s.event = f"Dealt the {s.label(uid)}"
        if len(s.draft) == s.deal_size:
            s.phase, s.pick = "draft", 0

    def _on_draft(self, s: KintsugiState, action: Input) -> None:
        uid = self._scanned(s, action)
        name = s.names[s.drafter]
        if uid not in s.draft:
            raise IllegalInput(
                f"The {s.label(uid)} is {s.where(uid)}: {name} takes a card from the draft area",
                rule="draft-from-area",
            )
        s.draft.remove(uid)
        if s.components[uid].kind == "gold":
            s.held = uid
            self._sell(s)
            s.auto_sold = uid
            s.event += " (gold cards must be sold)"
        else:
            s.held, s.phase = uid, "keep"
            s.event = f"{name} took the {s.label(uid)}"

    def _on_keep(self, s: KintsugiState, action: Input) -> None:
        assert s.held is not None
        name = s.names[s.drafter]
        if isinstance(action, Scan):
            raise IllegalInput(
                f"{name}: tap keep or sell for the {s.label(s.held)} first",
                rule="keep-or-sell-first",
            )
        if action.option == "keep":
            s.collections[s.drafter].append(s.held)
            s.status[s.held] = "unbroken"
            s.event = f"{name} kept the {s.label(s.held)}"
            s.held = None
            self._next_pick(s)
        elif action.option == "sell":
            self._sell(s)
        else:
            self._not_now(s, action)

    def _sell(self, s: KintsugiState) -> None:
        assert s.held is not None
        player, card = s.drafter, s.components[s.held]
        paid = s.pays(s.value(s.held))
        if s.supply is not None:
            s.supply -= paid
        s.ingots[player] += paid
        s.gone.append(s.held)
        short = ""
        if paid < s.value(s.held):
            short = f" (the supply had only {paid} left)" if paid else " (the supply is empty)"
        s.event = (
            f"{s.names[player]} sold the {card.label} for {paid} ingot{'s' * (paid != 1)}{short}"
        )
        s.held = None
        self._next_pick(s)

    def _next_pick(self, s: KintsugiState) -> None:
        s.pick += 1
        if s.pick < 2 * s.players:
            s.phase = "draft"
        elif s.deck_left:
            s.phase = "breakage"
        else:
            self._break(s, None)

    def _on_breakage(self, s: KintsugiState, action: Input) -> None:
        uid = self._scanned(s, action)
        if not s.in_deck(uid):
            raise IllegalInput(
                f"The {s.label(uid)} is {s.where(uid)}: scan the top card of the deck",
                rule="top-of-deck",
            )
        self._break(s, uid)

    def _break(self, s: KintsugiState, top: str | None) -> None:
        leftover = s.draft.pop()
        s.causes = (leftover,) + ((top,) if top else ())
        kinds = {s.components[uid].kind for uid in s.causes}
        s.gold_showing = self.rules.gold_cards and "gold" in kinds
        breaking = kinds - UNBREAKABLE
        for player, collection in enumerate(s.collections):
            s.broke[player] = [
                uid
                for uid in collection
                if s.status[uid] == "unbroken" and s.components[uid].kind in breaking
            ]
            for uid in s.broke[player]:
                s.status[uid] = "broken"
        s.gone.append(leftover)
        count = sum(len(b) for b in s.broke)
        s.event = f"{count} card{'s' * (count != 1)} broke"
        s.phase = "broke"

    def _on_broke(self, s: KintsugiState, action: Input) -> None:
        if isinstance(action, Scan):
            raise IllegalInput(
                "Turn the broken cards sideways, then tap done", rule="turn-sideways"
            )
        if action.option != "done":
            self._not_now(s, action)
        s.phase, s.turn, s.go_pos, s.go_repaired = "repair", s.first, 0, False
        s.repairs = [0] * s.players
        s.passed = [False] * s.players
        s.event = "Repairs begin"
        self._settle_repair(s)

    # -- repair ------------------------------------------------------------------------
    def _can_repair(self, s: KintsugiState, player: int) -> bool:
        """Mintsugi's one repair each needs no check here: its phase is one go-around (M6)."""
        return any(s.repair_cost(player, u) <= s.ingots[player] for u in s.broken(player))

    def _end_turn(self, s: KintsugiState) -> None:
        s.go_pos += 1
        s.turn = (s.turn + 1) % s.players

    def _settle_repair(self, s: KintsugiState) -> None:
        """Pass players who cannot repair, and end the phase once a go-around is all passes."""
        while True:
            if s.go_pos == s.players:
                if not (s.go_repaired and self.rules.escalating_repairs):
                    passed = list(dict.fromkeys(s.auto_passed))
                    if len(passed) == s.players:
                        s.event += "; nobody can repair"
                    elif passed:
                        s.event += f"; {', '.join(passed)} cannot repair"
                    self._end_round(s)
                    return
                s.go_pos, s.go_repaired = 0, False
            if s.passed[s.turn] and self.settings["repair_after_pass"] == "no":
                self._end_turn(s)  # their pass was their choice: nothing to report
                continue
            if self._can_repair(s, s.turn):
                return
            s.auto_passed.append(s.names[s.turn])
            s.passed[s.turn] = True
            self._end_turn(s)

    def _on_repair(self, s: KintsugiState, action: Input) -> None:
        player, name = s.turn, s.names[s.turn]
        if isinstance(action, Tap) and action.option == "pass":
            s.passed[player] = True
            s.event = f"{name} passed"
            self._end_turn(s)
            self._settle_repair(s)
            return
        if isinstance(action, Tap) and action.option != "repair":
            self._not_now(s, action)
        uid = action.uid if isinstance(action, Scan) else _typed_uid(action.arg)
        if uid not in s.components:
            raise IllegalInput(
                f"{name}: say which card to repair, e.g. 'repair <uid>', or scan it",
                rule="repair-which",
            )
        owner = s.owner(uid)
        if owner != player:
            where = s.where(uid)
            raise IllegalInput(
                f"The {s.label(uid)} is {where}: it is {name}'s turn to repair",
                rule="repair-own-card",
            )
        if s.status[uid] != "broken":
            raise IllegalInput(
                f"{name}'s {s.label(uid)} is {s.status[uid]}: only broken cards are repaired",
                rule="repair-broken-only",
            )
        cost = s.repair_cost(player, uid)
        if cost > s.ingots[player]:
            raise IllegalInput(
                f"Repairing the {s.label(uid)} costs {plural(cost, 'ingot')}; {name} has {plural(s.ingots[player], 'ingot')}",
                rule="repair-cost",
            )
        s.ingots[player] -= cost
        if s.supply is not None:
            s.supply += cost
        s.status[uid] = "repaired"
        s.repairs[player] += 1
        s.go_repaired = True
        s.event = (
            f"{name} repaired the {s.label(uid)} for {plural(cost, 'ingot')}:"
            " flip it to its repaired side"
        )
        self._end_turn(s)
        self._settle_repair(s)

    def _end_round(self, s: KintsugiState) -> None:
        s.first = (s.first + 1) % s.players
        s.round += 1
        s.causes, s.gold_showing = (), False
        s.broke = [[] for _ in s.names]
        s.phase = "deal" if s.deck_left >= s.deal_size else "over"
        if s.phase == "deal":
            s.event += f"; round {s.round}: {s.names[s.first]} takes the first-player marker"
        else:
            s.event += "; the deck cannot deal another round: the game is over"

    def _on_over(self, s: KintsugiState, action: Input) -> None:
        raise IllegalInput("The game is over (undo takes back the last input)", rule="game-over")

    # -- what the screen shows -------------------------------------------------------------
    def view(self, s: KintsugiState) -> View:
        return render(s, self.prompt(s), self.score(s))

    def narration(self, s: KintsugiState) -> str:
        return s.event

    def secret(self, s: KintsugiState, player: str) -> tuple[Counter, ...]:
        """Nothing hidden that the table knows: every collection is open, and a hand the
        table never sees is not the table's to show."""
        return ()

    # -- scoring -----------------------------------------------------------------------
    def holdings(self, s: KintsugiState) -> list[Holding]:
        return [
            Holding(
                name,
                s.ingots[i],
                tuple(
                    Item(s.components[u].kind, s.status[u], s.components[u].get("pattern"))
                    for u in s.collections[i]
                ),
            )
            for i, name in enumerate(s.names)
        ]

    def score(self, s: KintsugiState) -> ScoreSheet:
        """The sheet of `s`'s holdings; the last one scored again if they are the same (a
        sheet is frozen, and it depends on nothing else: the rules and settings are fixed)."""
        holdings = tuple(self.holdings(s))
        if self._scored is None or self._scored[0] != holdings:
            self._scored = holdings, score_holdings(self.rules, self.settings, holdings)
        return self._scored[1]

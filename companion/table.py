"""The table session: the one object the UI and the CLI talk to.

It resolves tags through the deck, hands inputs to the engine, writes every accepted input
to the store before answering, and keeps every state so undo is dropping the last one.
A resumed game replays the stored log, undo entries included, to the same state.

The app asks for deferred commits (`defer_commits`): an input is then decided and shown at
once and committed on the store's writer thread; the table says which inputs are saved
(`saved_seq`, `saving`), and after a failed commit goes back to what the save holds
(`take_back_unsaved`). What a power cut can lose at each moment: docs/saves.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, cast

from companion.deck import Component, Deck, make_component
from companion.engine import Engine, PlayerSetup, Prompt, ScoreSheet, Setup
from companion.games import definition
from companion.inputs import DEFAULT_READER, IllegalInput, Input, Scan, Tap, Unchanged, UnknownTag
from companion.names import player_names
from companion.rules_at_hand import Passage
from companion.store import KEEP, LoggedInput, Result, Store, StoreError
from companion.uids import canonical_uid
from companion.view import Counter, View

# The status bar's word while an input's save takes long (ui/session.py): the prompt is
# shown, the LED/buzzer have not said "accepted" yet.
STILL_SAVING = "Saving…"


def setup_to_json(game: str, setup: Setup, version: int) -> dict[str, Any]:
    """The stored setup: settings as resolved when the game began, and the ruleset version,
    so a saved game replays under the rules it started with whatever the defaults become."""
    return {
        "game": game,
        "ruleset": version,
        "players": [{"name": p.name, "options": dict(p.options)} for p in setup.players],
        "first": setup.first,
        "settings": dict(setup.settings),
        "seats": dict(setup.seats),
        "extra": dict(setup.extra),
        "components": [c.to_toml_fields() for c in setup.components.values()],
    }


def _player(data: Mapping[str, Any]) -> PlayerSetup:
    options = dict(data.get("options", {}))
    if data.get("new_player"):  # saves from before per-player options
        options["new_player"] = True
    return PlayerSetup(data["name"], options)


def setup_from_json(data: Mapping[str, Any]) -> Setup:
    components = [make_component(data["game"], fields) for fields in data["components"]]
    return Setup(
        players=tuple(_player(p) for p in data["players"]),
        components={c.uid: c for c in components},
        first=data.get("first", 0),
        settings=data.get("settings", {}),
        seats=data.get("seats", {}),
        extra=data.get("extra", {}),
    )


class DamagedGame(StoreError):
    """One saved game does not replay: its first `good` inputs do (None: not its setup)."""

    def __init__(self, message: str, good: int | None) -> None:
        super().__init__(message)
        self.good = good


def seat_readers(readers: Sequence[str], players: int) -> dict[str, int]:
    """Readers named seat1, seat2, ... belong to those seats (DESIGN.md reader URLs)."""
    seats = {}
    for name in readers:
        if name.startswith("seat") and name[4:].isdigit() and 1 <= int(name[4:]) <= players:
            seats[name] = int(name[4:]) - 1
    return seats


class Table:
    def __init__(self, store: Store, game_id: int, engine: Engine, setup: Setup, deck: str) -> None:
        self.store = store
        self.game_id = game_id
        self.engine = engine
        self.setup = setup
        self.deck_name = deck
        self._states: list[Any] = [engine.new(setup)]
        self._said: list[str] = [""]  # each state's narration, for the log players can read
        self._seq = 0
        self.last_line = 0
        self._saved = 0  # the log's last entry the store has committed
        self._notify: Callable[[], None] | None = None  # set by defer_commits
        self.failure: Exception | None = None  # a deferred commit that failed, until taken back

    # -- opening -----------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        store: Store,
        deck: Deck,
        players: Sequence[PlayerSetup | str],
        *,
        first: int = 0,
        settings: Mapping[str, Any] | None = None,
        source: str | None = None,
        seats: Mapping[str, int] | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> Table:
        """A new game; ValueError (one line) for a setup the rules refuse."""
        info = definition(deck.game)
        engine = info.make_engine(settings)
        given = [p if isinstance(p, PlayerSetup) else PlayerSetup(p) for p in players]
        names = player_names([p.name for p in given])  # cleaned; unique without regard to case
        setup = Setup(
            players=tuple(replace(p, name=name) for p, name in zip(given, names, strict=True)),
            components=dict(deck.components),
            first=first,
            settings=dict(engine.settings),
            seats=dict(seats or {}),
            extra=dict(extra or {}),
        )
        if not info.min_players <= len(setup.players) <= info.max_players:
            raise ValueError(
                f"{info.title} is for {info.min_players}-{info.max_players} players,"
                f" not {len(setup.players)}"
            )
        engine.new(setup)  # refuse a bad setup before anything is stored
        stored = setup_to_json(deck.game, setup, info.version)
        game_id = store.create_game(deck.game, deck.name, stored, source)
        return cls(store, game_id, engine, setup, deck.name)

    @classmethod
    def resume(cls, store: Store, game_id: int) -> Table:
        row = store.game(game_id)
        try:
            info = definition(row.game)
            setup = setup_from_json(row.setup)
            try:
                settings = info.saved_settings(row.setup.get("ruleset", 1), setup.settings)
            except ValueError as err:
                raise StoreError(f"saved game {game_id} cannot be resumed: {err}") from None
            setup = replace(setup, settings=settings)
            table = cls(store, game_id, info.make_engine(settings), setup, row.deck)
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise DamagedGame(f"saved game {game_id} has a damaged setup ({err})", None) from None
        for entry in store.log(game_id):
            table._replay(entry)
        table._saved = table._seq
        return table

    @classmethod
    def resume_or_set_aside(cls, store: Store, game_id: int) -> tuple[Table | None, str | None]:
        """Resume a game; one that does not replay (a changed letter in its setup or an
        input) is set aside, kept, and a copy of its inputs that do replay goes on instead
        (None if not even its setup does). The line says which, for the players."""
        try:
            return cls.resume(store, game_id), None
        except DamagedGame as err:
            damage, good = str(err), err.good
        new = store.set_game_aside(game_id, damage, keep=good)
        if new is None:
            return None, f"{damage}: it was set aside"
        return cls.resume(store, new), (
            f"{damage}: it was set aside, and play goes on from its input {good} as game {new}"
        )

    def _replay(self, entry: LoggedInput) -> None:
        self._seq += 1
        self.last_line = max(self.last_line, entry.line or 0)
        try:
            if entry.kind == "enroll":
                component = make_component(self.game, json.loads(entry.arg or "{}"))
                self._registry[component.uid] = component
                return
            if entry.kind == "undo":
                if len(self._states) > 1:
                    self._states.pop()
                    self._said.pop()
                return
            self._push(self.engine.apply(self.state, self._input(entry)))
        except Unchanged:  # saves from before no-ops stopped being stored: keep their undos
            self._push(self.state)
        except IllegalInput as err:
            self._damaged(err.message)
        except (KeyError, TypeError, ValueError, AttributeError) as err:  # a garbled entry
            self._damaged(f"a damaged input ({err})")

    def _damaged(self, why: str) -> None:
        raise DamagedGame(
            f"saved game {self.game_id} cannot be replayed at input {self._seq}: {why}",
            self._seq - 1,
        ) from None

    def _input(self, entry: LoggedInput) -> Input:
        if entry.kind == "scan":
            reader = entry.reader or DEFAULT_READER
            return Scan(entry.uid or "", reader, self.setup.seats.get(reader))
        return Tap(entry.option or "", entry.arg, entry.seat)

    def _push(self, state: Any) -> None:
        self._states.append(state)
        self._said.append(self.engine.narration(state))

    # -- what the screen shows ---------------------------------------------------------
    @property
    def game(self) -> str:
        return self.engine.game

    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def prompt(self) -> Prompt:
        return self.engine.prompt(self.state)

    def view(self) -> View:
        """The shared screen's picture now, with the game's narration log so far."""
        return replace(self.engine.view(self.state), log=tuple(t for t in self._said if t))

    def secret(self, player: str) -> tuple[Counter, ...]:
        """What only `player` may see now (never part of the shared view)."""
        return self.engine.secret(self.state, player)

    @property
    def narration(self) -> str:
        return self._said[-1]

    @property
    def finished(self) -> bool:
        return self.prompt.over

    @property
    def can_undo(self) -> bool:
        return len(self._states) > 1

    @property
    def components(self) -> Mapping[str, Component]:
        return self.setup.components

    @property
    def _registry(self) -> dict[str, Component]:
        # Start and resume both build the setup's components as a dict shared with every state.
        return cast(dict, self.setup.components)

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.setup.players]

    def rules_at_hand(self, refusal: str = "") -> tuple[Passage, ...]:
        """The rulebook passages and rulings behind the prompt now, a refusal's first (its
        `IllegalInput.rule`): what the prompt's "?" shows."""
        found = definition(self.game).rules_at_hand()
        return found.at_hand(self.prompt.phase, refusal) if found else ()

    def scores(self) -> ScoreSheet:
        """The score sheet now: final once the game is over, 'if it ended now' before."""
        return self.engine.score(self.state)

    # -- inputs ------------------------------------------------------------------------
    def scan(self, uid: str, reader: str = DEFAULT_READER, *, line: int | None = None) -> str:
        try:
            uid = canonical_uid(uid)
        except ValueError as err:
            raise IllegalInput(str(err)) from None
        if uid not in self.components:
            raise UnknownTag(uid)
        scan = Scan(uid, reader, self.setup.seats.get(reader))
        return self._accept(scan, LoggedInput("scan", uid=uid, reader=reader, line=line))

    def tap(
        self,
        option: str,
        arg: str | None = None,
        *,
        seat: int | None = None,
        line: int | None = None,
    ) -> str:
        """A touch on an option; `seat` names the player it is for when a prompt waits on
        several players at once. Option words are lower case (`tap PLAYER ben` is
        `tap player ben`); the argument is the engine's to match."""
        option = option.lower()
        if option == "undo":
            return self.undo(line=line)
        entry = LoggedInput("tap", option=option, arg=arg, line=line, seat=seat)
        return self._accept(Tap(option, arg, seat), entry)

    def enroll(self, component: Component) -> str:
        """Add a sticker enrolled mid-game. The physical card was in the deck all along, so it
        joins the shared registry (every state sees it), not the undoable history."""
        fields = component.to_toml_fields()
        component = self.admit(component)
        self._log(LoggedInput("enroll", uid=component.uid, arg=json.dumps(fields)))
        self._registry[component.uid] = component
        return f"Enrolled the {component.label}"

    def admit(self, component: Component) -> Component:
        """`component` checked as one more card of the running game: its schema, a uid not
        enrolled yet, and the game's set-up limits (an engine's optional `admit`, e.g. one
        Broken Vase); IllegalInput says why not. Nothing is changed."""
        existing = self.components.get(component.uid)
        if existing is not None:
            raise IllegalInput(f"tag {component.uid} is already the {existing.label}")
        try:
            component = make_component(self.game, component.to_toml_fields())
            admit = getattr(self.engine, "admit", None)
            if admit is not None:
                admit({**self.components, component.uid: component})
        except ValueError as err:
            raise IllegalInput(str(err)) from None
        return component

    def undo(self, *, line: int | None = None) -> str:
        if not self.can_undo:
            raise IllegalInput("Nothing to undo yet")
        undone = self.narration or "the last input"  # public by construction: never private
        self._log(LoggedInput("undo", line=line), result=None if self.finished else KEEP)
        self._states.pop()
        self._said.pop()
        return f"Undone: {undone}"

    def _accept(self, action: Input, entry: LoggedInput) -> str:
        try:
            new_state = self.engine.apply(self.state, action)  # IllegalInput: nothing stored
        except Unchanged as nothing:
            return nothing.message
        over = self.engine.prompt(new_state).over
        self._log(entry, result=self.engine.score(new_state).to_json() if over else KEEP)
        self._push(new_state)
        return self.narration

    def _log(self, entry: LoggedInput, *, result: Result = KEEP) -> None:
        seq = self._seq + 1
        if self._notify is None:
            self.store.append(self.game_id, seq, entry, result=result)  # StoreError: not played
            self._saved = seq
        else:
            done = partial(self._committed, seq)
            self.store.append_later(self.game_id, seq, entry, result=result, done=done)
        self._seq = seq
        self.last_line = max(self.last_line, entry.line or 0)

    # -- deferred commits (the app) ----------------------------------------------------
    def defer_commits(self, notify: Callable[[], None]) -> None:
        """From now on scan(), tap(), undo() and enroll() return once the input is decided
        and handed to the store's writer thread, in order; `notify()` is called on that
        thread after each commit or failure (then `saved_seq` or `failure` says which)."""
        self._notify = notify

    @property
    def saved_seq(self) -> int:
        """How many of the game's log entries the save holds for sure (committed)."""
        return self._saved

    @property
    def saving(self) -> bool:
        """An input is decided and shown but its commit has not returned yet."""
        return self._saved < self._seq

    def _committed(self, seq: int, error: Exception | None) -> None:
        """On the writer thread: one entry committed, or not (then neither is any after it)."""
        if error is None:
            self._saved = max(self._saved, seq)
        elif self.failure is None:
            self.failure = error
        if self._notify is not None:
            self._notify()

    def take_back_unsaved(self) -> str:
        """After a failed deferred commit: the table goes back to what the save holds (the
        inputs after its last committed one are not played), and the writer takes inputs
        again. The line says so. If the save cannot be read back (StoreError; DamagedStore for
        a damaged file) nothing changes: the writer goes on refusing every input."""
        failure = self.failure
        fresh = Table.resume(self.store, self.game_id)
        self.store.clear_failure()
        lost = self._seq - fresh._seq
        self.setup, self.engine = fresh.setup, fresh.engine
        self._states, self._said = fresh._states, fresh._said
        self._seq = self._saved = fresh._seq
        self.last_line = fresh.last_line
        self.failure = None
        inputs = "input was" if lost == 1 else f"{lost} inputs were"
        return f"Not saved, so taken back: the last {inputs} not saved ({failure})"

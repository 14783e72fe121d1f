"""A component's identity as it is written on its own sticker (docs/formats.md, "Sticker
identity records").

Enrollment used to live only in one Pi's save file or a deck file: a sticker scanned at a
friend's companion was unknown, and a lost save meant enrolling every card again. So the
identity travels on the sticker: game, kind, the attributes the game's schema reads, and
the deck's name. This module is the payload only (pure, versioned); the reader that can
write wraps it in an NDEF MIME record (`MIME_TYPE`) in the tag's user memory.

Payload version 1: one byte `0x01`, then UTF-8 JSON without spaces:
`["<game>","<kind>",{<attribute>: <value>, ...},"<deck name>"]`. An NTAG213 holds 144
bytes of user memory; the TLV, record header and MIME type take 35 of them, so a payload
is at most `PAYLOAD_LIMIT` bytes, and the deck name is shortened to fit.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.deck import Component, Deck, make_component

VERSION = 1
MIME_TYPE = "application/x-table-companion"
NTAG213_USER_BYTES = 144
# TLV type + length (2), terminator TLV (1), short record header (3), the MIME type.
PAYLOAD_LIMIT = NTAG213_USER_BYTES - 2 - 1 - 3 - len(MIME_TYPE)


@dataclass(frozen=True)
class Identity:
    """What a sticker says it is: enough to enroll it at any companion."""

    game: str
    kind: str
    attrs: Mapping[str, Any] = field(default_factory=dict)
    deck: str = ""

    def component(self, uid: str) -> Component:
        """The component on the sticker `uid`, checked by its game's schema (ValueError).

        The sticker is data, never authority: `uid` is the one the reader read (an
        attribute named uid is not the sticker's to give), and only the attributes the
        kind's schema asks for are taken; any other key is ignored."""
        return make_component(self.game, {**schema_attrs(self), "uid": uid, "kind": self.kind})


def schema_attrs(identity: Identity) -> dict[str, Any]:
    """The attributes of `identity` its game's schema knows for its kind (ValueError for an
    unknown game); every other key a stranger may have written is dropped."""
    from companion.games import definition

    kind = definition(identity.game).kind(identity.kind)
    names = {a.name for a in kind.asks()} if kind is not None else set()
    return {key: value for key, value in identity.attrs.items() if key in names}


def identity_of(component: Component, game: str, deck: str) -> Identity:
    """The identity to write for an enrolled component: the attributes its game's schema
    knows and the rules do not imply (owner's notes stay in the deck file)."""
    from companion.games import definition

    kind = definition(game).kind(component.kind)
    if kind is None:  # a game whose kinds are not modelled yet: everything is kept
        attrs = dict(component.attrs)
    else:
        attrs = {a.name: component.attrs[a.name] for a in kind.asks() if a.name in component.attrs}
    return Identity(game, component.kind, attrs, deck)


def encode(identity: Identity) -> bytes:
    """Payload bytes for `identity`, the deck name shortened to fit an NTAG213;
    ValueError when even without a deck name it would not fit."""
    deck = identity.deck
    while True:
        body = [identity.game, identity.kind, dict(identity.attrs), deck]
        text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
        payload = bytes([VERSION]) + text.encode("utf-8")
        if len(payload) <= PAYLOAD_LIMIT:
            return payload
        if not deck:
            raise ValueError(
                f"the {identity.kind}'s identity is {len(payload)} bytes; "
                f"a sticker record holds {PAYLOAD_LIMIT}"
            )
        deck = deck[:-1].rstrip()


def decode(payload: bytes) -> Identity | None:
    """The identity in a payload, or None for anything that is not a version-1 identity
    of a game this companion knows with a component its schema accepts: such a sticker is
    treated as a plain unknown one, never guessed at."""
    if not payload or payload[0] != VERSION:
        return None
    try:
        body = json.loads(payload[1:].decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not (isinstance(body, list) and len(body) == 4):
        return None
    game, kind, attrs, deck = body
    if not all(isinstance(v, str) for v in (game, kind, deck)) or not isinstance(attrs, dict):
        return None
    try:
        identity = Identity(game, kind, schema_attrs(Identity(game, kind, attrs)), deck)
        identity.component("04000000000000")  # the schema check, on a placeholder uid
    except ValueError:
        return None
    return identity


def home_deck(identity: Identity, decks: Iterable[Deck], table_deck: str | None = None) -> Deck:
    """The deck a sticker with this identity joins. At a table, the table's deck decides
    (`table_deck`, its name): a deck name written on a sticker is not the sticker's to
    choose. Elsewhere (a companion with no game running): the deck of its game with the
    name it carries, else the first deck of its game, else a new deck of that name."""
    same_game = [deck for deck in decks if deck.game == identity.game]
    if table_deck is not None:
        table = [deck for deck in same_game if deck.name == table_deck]
        return table[0] if table else Deck(identity.game, table_deck)
    named = [deck for deck in same_game if deck.name == identity.deck]
    if named or same_game:
        return (named or same_game)[0]
    return Deck(identity.game, identity.deck or "From stickers")

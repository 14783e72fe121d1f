"""The `companion` command: score, play, deck check|write-tags, map check, reader test,
history, export, rules.

Every expected failure (bad file, bad JSON, refused setup) ends as one line on stderr and
exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from companion.cli import bounds, export, rules
from companion.cli.tags import add_deck_commands
from companion.deck import DeckError, load_deck
from companion.store import StoreError
from companion.textfile import clip, read_stream, read_text


def _settings(pairs: list[str]) -> dict[str, str]:
    settings = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--setting wants key=value, got {pair!r}")
        settings[key.strip()] = value.strip()
    return settings


class UsageError(ValueError):
    """A command line argparse refuses; said in one line like every other refusal."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} ({self.prog} --help shows the usage)")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="companion", description="Table companion for tagged card games")
    sub = parser.add_subparsers(dest="command", required=True)

    score = sub.add_parser("score", help="score a table described in JSON (FILE or - for stdin)")
    score.add_argument("file")

    play = sub.add_parser("play", help="play a whole game from a scan script, headless")
    play.add_argument("--game", required=True)
    play.add_argument("--deck", required=True)
    play.add_argument(
        "--players", required=True, help="comma-separated, clockwise, first player first"
    )
    play.add_argument("--script", required=True)
    play.add_argument(
        "--db", default=":memory:", help="SQLite save file (resumes an unfinished run)"
    )
    play.add_argument("--json", action="store_true", help="end with the score sheet as JSON")
    play.add_argument("--strict", action="store_true", help="exit 1 at the first refused line")
    play.add_argument("--new-players", default="", help="comma-separated players new to the game")
    play.add_argument("--setting", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--map", help="the map and tablet file, for a game played on a map")

    deck = sub.add_parser("deck", help="deck files")
    deck_sub = deck.add_subparsers(dest="deck_command", required=True)
    check = deck_sub.add_parser("check", help="check a deck file and summarise it")
    check.add_argument("file")

    maps = sub.add_parser("map", help="map files (games played on an owner's map)")
    map_sub = maps.add_subparsers(dest="map_command", required=True)
    map_check = map_sub.add_parser("check", help="check a map file")
    map_check.add_argument("file")
    map_check.add_argument("--game", default=None, help="the game it is for, if several read maps")

    reader = sub.add_parser("reader", help="readers")
    reader_sub = reader.add_subparsers(dest="reader_command", required=True)
    test = reader_sub.add_parser("test", help="open the readers and print tag events live")
    test.add_argument(
        "--reader",
        default=None,
        help="reader URL(s); default: the app's ($COMPANION_READER, else the readers saved "
        "in Settings, else sim://)",
    )
    test.add_argument("--seconds", type=bounds.seconds, default=None, help="stop after this long")
    add_deck_commands(deck_sub)
    export.add_commands(sub)
    rules.add_commands(sub)
    return parser


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _run(args: argparse.Namespace) -> int:
    if hasattr(args, "run"):  # commands that carry their own runner (history, export, tags)
        return args.run(args)
    if args.command == "score":
        from companion.cli.score import score_json

        if args.file == "-":
            text = read_stream(getattr(sys.stdin, "buffer", sys.stdin), "standard input")
        else:
            text = read_text(args.file, "score file")
        print(json.dumps(score_json(text).to_json(), indent=2))
        return 0
    if args.command == "play":
        from companion.cli.play import play

        return play(
            game=args.game,
            deck_path=args.deck,
            players=_names(args.players),
            script_path=args.script,
            db=args.db,
            new_players=_names(args.new_players),
            settings=_settings(args.setting),
            as_json=args.json,
            strict=args.strict,
            out=sys.stdout,
            files={"map": args.map} if args.map else {},
        )
    if args.command == "deck":
        return _deck_check(args.file)
    if args.command == "map":
        from companion.cli.play import read_setup_file

        game, _data = read_setup_file(args.game, "map", args.file)
        print(f"ok: {args.file}: a {game.title} map")
        return 0
    from companion.cli.reader_test import run_reader_test

    return run_reader_test(args.reader, args.seconds, sys.stdout, sys.stderr)


def _deck_check(path: str) -> int:
    """A deck file that loads is summarised; one short of a whole copy of its game is called
    incomplete, with what looks short (a game counts its deck from the enrolled cards)."""
    from companion.games import definition

    deck = load_deck(path)
    counts = ", ".join(f"{n} {kind}" for kind, n in deck.counts().items())
    game = definition(deck.game)
    whole = game.cards_in_box
    if whole is None or len(deck) >= whole:
        print(f"ok: {path}: {deck.name} ({deck.game}), {len(deck)} components: {counts}")
        return 0
    print(
        f"incomplete: {path}: {deck.name} ({deck.game}), {len(deck)} of the {whole} cards a "
        f"whole copy has: {counts or 'none yet'}"
    )
    short = game.box_shortfall(deck.counts())
    print("short: " + ", ".join(f"{share.label} {have} of {share.count}" for share, have in short))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _run(_parser().parse_args(argv))
    except BrokenPipeError:
        sys.stderr.close()  # the reader of our output went away (| head): nothing to say
        return 0
    except (DeckError, StoreError, ValueError, OSError, RecursionError) as err:
        message = str(err)
        if isinstance(err, OSError) and err.strerror:
            message = f"{err.filename}: {err.strerror}" if err.filename else err.strerror
        elif isinstance(err, RecursionError):
            message = "the input is nested too deeply"
        print(f"companion: {clip(message)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())

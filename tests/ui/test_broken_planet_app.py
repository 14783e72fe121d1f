"""A whole game of Broken Planet played through the app, as players would: pawns and relic
cards on the simulated reader, options and islands touched on the board, compasses entered
for the player chosen on screen; the favor sheet is the one the headless script reaches."""

from __future__ import annotations

from tests.ui.apphelp import frames, press, until
from tests.ui.bp_helpers import cover, island, option_button, play_step, script_steps, start


def test_the_demo_game_plays_to_the_favor_sheet_through_touches_and_the_reader(app):
    screen = start(app)
    frames(2)
    board = cover(screen)
    assert board.map_name == "Demo planet (made up, not the printed map)"
    assert board.markers == "!  hazard    >  movement    L  sapphire lock    ?  die"
    spots = []
    for step in script_steps():
        play_step(app, screen, step)
        lit = [s.text for s in cover(screen).ids.rounds.children if s.current]
        if lit and (not spots or spots[-1] != lit):  # (none once the favor sheet shows)
            spots.append(lit)
    until(lambda: app.root.current == "scores")
    sheet = app.table.scores()
    assert {p.name: p.total for p in sheet.players} == {"Ana": 7, "Ben": 2, "Cleo": 6}
    assert sheet.winners == ("Ana",)
    assert spots == [["1"], ["2"], ["3"], ["4"], ["Last Offer"]]  # the round indicator moved


def test_an_island_the_prompt_does_not_offer_does_nothing(app):
    screen = start(app)
    steps = script_steps()
    for step in steps[:11]:  # Round 1: Cleo offers (she holds rubies)
        play_step(app, screen, step)
    before = app.session.revision
    press(island(screen, 7))  # the offer prompt offers no island
    assert app.session.revision == before and not app.session.banner
    press(option_button(screen, "attack", None))
    offered = {n for n, b in cover(screen).map.islands.items() if b.offered}
    assert offered == set(range(1, 15))  # every island may be attacked now
    press(option_button(screen, "cancel", None))
    assert not any(b.offered for b in cover(screen).map.islands.values())


def test_a_compass_tap_names_the_chosen_players_seat(app):
    screen = start(app)
    steps = script_steps()
    for step in steps[:9]:  # Ben crafted and ended his offers: Cleo and Ana enter compasses
        play_step(app, screen, step)
    toggles = {t.label: t for t in cover(screen).ids.compasses.children}
    assert set(toggles) == {"Cleo", "Ana"}
    press(toggles["Ana"])
    press(island(screen, 2))
    frames()
    assert "Ana's compass shows island 2" in app.table.narration
    assert [t.label for t in cover(screen).ids.compasses.children] == []  # only Cleo left

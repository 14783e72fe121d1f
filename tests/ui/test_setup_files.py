"""Setup offers the files a game reads at set-up (Broken Planet's map): the owner's own from
the data folder and the shipped demo; a file that does not load says so in one line."""

from __future__ import annotations

from tests.ui.apphelp import button, frames, press, walk
from tests.ui.bp_helpers import ROOT, choose_deck, start
from tests.ui.test_setup_seats import choose, on_screen
from ui.paths import setup_file_dir


def test_a_game_without_setup_files_shows_no_file_choice(app):
    setup = choose(app, "Test deck")
    assert setup.files == [] and setup.ids.files.children == []


def test_the_demo_map_is_offered_labelled_made_up_and_stored_with_the_game(app):
    setup = choose_deck(app)
    (choice,) = setup.files
    assert choice.key == "map" and choice.labels == ["demo map (made up)"]
    assert choice.chosen == "demo map (made up)"
    screen = start(app)
    assert app.table.setup.extra["map"]["name"].startswith("Demo planet")
    assert screen.board is not None


def test_the_owners_map_comes_first_and_is_remembered(app):
    folder = setup_file_dir("map")
    folder.mkdir()
    mine = (ROOT / "examples" / "broken-planet-demo-map.toml").read_text(encoding="utf-8")
    (folder / "our-copy.toml").write_text(mine.replace("Demo planet", "Our planet"))
    setup = choose_deck(app)
    assert setup.files[0].labels == ["our-copy.toml", "demo map (made up)"]
    assert setup.files[0].chosen == "our-copy.toml"
    start(app)
    assert app.table.setup.extra["map"]["name"].startswith("Our planet")


def test_a_map_that_does_not_load_is_one_line_naming_the_file_and_start_refuses(app):
    folder = setup_file_dir("map")
    folder.mkdir()
    (folder / "broken.toml").write_text('name = "x"\nroutes = [[1, 99]]\n')
    setup = choose_deck(app)
    for row, name in zip(setup.seats(), ["Ana", "Ben", "Cleo", "Dev", "Eve"], strict=True):
        row.ids.name.text = name
    frames(2)
    message = setup.ids.banner.message
    assert message.startswith("broken.toml") and str(folder) not in message
    assert setup.ids.banner.texture_size[1] < 60  # one line
    assert on_screen(setup.ids.start, app.root)  # five seats, the map and the banner fit
    press(button(setup, "Start the game"))
    assert app.table is None
    setup.files[0].chosen = "demo map (made up)"
    frames()
    assert setup.ids.banner.message == ""
    press(button(setup, "Start the game"))
    assert app.table is not None


def test_the_map_choice_sits_beside_the_deck_on_screen(app):
    setup = choose_deck(app)
    spinner = setup.files[0].ids.spinner
    assert on_screen(spinner, app.root) and spinner.height >= 48
    assert all(on_screen(row, app.root) for row in setup.seats())
    assert spinner in walk(setup)

"""The companion that speaks, in the app: after each accepted input the voice says what
companion.spoken decides (measured as sound in a file), a private prompt starts no espeak-ng
at all, Settings switches it and its volume at once, and a missing espeak-ng is one line in
Settings and silence at the table."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from hardware import speaker as speaker_module
from hardware.speaker import NO_PROGRAM, EspeakSpeaker, NullSpeaker
from tests.companion.test_who_broke_it import Game
from tests.hardware.test_speaker import measure
from tests.ui.apphelp import button, frames, press, touch, walk
from ui.session import Session
from ui.voice import SPEECH_KEY, VOLUME_KEY, TableVoice

TROUBLESHOOTING = Path(__file__).resolve().parents[2] / "docs" / "troubleshooting.md"
SHOTS = os.environ.get("UI_SCREENSHOTS")  # docs/screenshots, when regenerating them


@pytest.fixture
def espeak_runs(monkeypatch):
    """Every espeak-ng process started, by its command."""
    started: list[list[str]] = []
    real = subprocess.Popen

    def popen(command, *args, **kwargs):
        started.append(list(command))
        return real(command, *args, **kwargs)

    monkeypatch.setattr(speaker_module.subprocess, "Popen", popen)
    return started


def finished(voice: TableVoice) -> None:
    process = voice.speaker.process
    assert process is not None and process.wait(timeout=30) == 0


def test_a_call_mum_check_is_silent_and_the_table_around_it_is_heard(tmp_path, espeak_runs):
    wav = tmp_path / "said.wav"
    g = Game(3, 20, "alibi", "mum", "hide", "excuses", "distraction")
    session = Session()
    session.table = g.table
    voice = TableVoice(session, EspeakSpeaker(wav=wav))
    assert session.scan(g.card("alibi")) and session.scan(g.card("mum"))
    finished(voice)
    stat = measure(wav)  # Ben played Call Mum... Ben: choose the player Mum checks
    assert stat["Length (seconds)"] > 2.0 and stat["RMS amplitude"] > 0.01
    wav.unlink()
    runs = len(espeak_runs)
    assert session.tap("player", "Cleo") and g.table.prompt.private
    assert session.scan(g.card("hide")) and session.scan(g.card("excuses"))
    assert len(espeak_runs) == runs and not wav.exists()  # no espeak-ng, no sound file
    assert session.scan(g.card("distraction")) and not g.table.prompt.private
    finished(voice)  # the next player's prompt, never what Cleo's hand showed
    assert len(espeak_runs) == runs + 1 and measure(wav)["RMS amplitude"] > 0.01
    voice.close()


def settings_of(app):
    app.goto("settings")
    frames(2)
    return app.root.get_screen("settings")


def into_sight(screen) -> None:
    """Scroll Settings until the speech rows, volume included, are on the screen."""
    from kivy.uix.scrollview import ScrollView

    scroller = next(w for w in walk(screen) if isinstance(w, ScrollView))
    scroller.scroll_to(screen.ids.speech_volume, padding=8, animate=False)
    frames(4)


def finger_on(widget) -> None:
    """A player's tap at the middle of `widget`, where it is on the screen now."""
    touch(*widget.to_window(*widget.center))


def test_speech_is_off_by_default_and_settings_switch_it_and_its_volume_at_once(app):
    assert isinstance(app.voice.speaker, NullSpeaker)
    app.speech_trouble = ""  # as on a Pi with espeak-ng and an audio out
    screen = settings_of(app)
    into_sight(screen)
    assert screen.ids.speech_off.state == "down" and screen.ids.speech_found.height == 0
    finger_on(screen.ids.speech_on)
    assert app.store.get_setting(SPEECH_KEY) is True
    assert isinstance(app.voice.speaker, EspeakSpeaker) and app.voice.speaker.volume == 50
    into_sight(screen)  # the banner that says so took room above the list
    finger_on(button(screen.ids.speech_volume, "100%"))
    assert app.store.get_setting(VOLUME_KEY) == 100 and app.voice.speaker.volume == 100
    assert "Speaking volume: 100% (applies from the next sentence)" in screen.ids.banner.text
    down = [t.label for t in screen.ids.speech_volume.children if t.state == "down"]
    assert down == ["100%"]
    if SHOTS:
        shoot_speech_row(screen, "settings-speech")
    screen.load()  # as when Settings is opened again
    assert [t.label for t in screen.ids.speech_volume.children if t.state == "down"] == ["100%"]
    press(screen.ids.speech_off)
    assert isinstance(app.voice.speaker, NullSpeaker)
    assert app.store.get_setting(SPEECH_KEY) is False


@pytest.fixture
def no_espeak(tmp_path, monkeypatch):
    """The app started on a machine without espeak-ng (a PATH without it)."""
    from tests.ui.apphelp import close_app, open_app

    bare = tmp_path / "bin"
    bare.mkdir()
    monkeypatch.setenv("PATH", str(bare))
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))
    app = open_app()
    yield app
    close_app(app)


def test_a_missing_espeak_ng_is_one_line_in_settings_and_silence_at_the_table(no_espeak):
    app = no_espeak
    assert app.speech_trouble == NO_PROGRAM
    screen = settings_of(app)
    line = screen.ids.speech_found
    assert line.text == (
        f"Nothing can be heard here: {NO_PROGRAM}. The setting is kept for when it can."
    )
    assert line.height > 0 and line.opacity == 1
    assert "## Nothing can be heard here: …" in TROUBLESHOOTING.read_text()  # its fix
    into_sight(screen)
    finger_on(screen.ids.speech_on)  # the row stays usable
    assert app.store.get_setting(SPEECH_KEY) is True
    assert "but nothing can be heard here" in screen.ids.banner.text
    if SHOTS:
        shoot_speech_row(screen, "settings-speech-missing")
    from tests.ui.test_app_flow import start_game

    start_game(app)
    table = app.table
    assert app.session.scan(table.view().zone("deck").pieces[0].uid)
    assert app.session.banner == ""
    app.voice.speaker = gone = EspeakSpeaker()  # found at start, uninstalled since
    assert app.session.scan(table.view().zone("deck").pieces[0].uid)
    frames(2)
    assert app.session.banner == "" and gone.failed.startswith("espeak-ng:")


def shoot_speech_row(screen, name: str) -> None:
    """docs/screenshots/<name>.png: the speech rows scrolled into sight, the banner closed."""
    from kivy.core.window import Window

    press(screen.ids.banner)
    into_sight(screen)
    written = Path(Window.screenshot(name=str(Path(SHOTS) / f"{name}.png")))
    written.replace(Path(SHOTS) / f"{name}.png")

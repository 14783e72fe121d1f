"""The table's voice: espeak-ng speaks a sentence (to a file here, measured with sox), a new
sentence kills the one still speaking, and a missing espeak-ng or audio device is silence
with a reason, never an error."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from hardware.speaker import (
    NO_DEVICE,
    NO_PROGRAM,
    EspeakSpeaker,
    NullSpeaker,
    amplitude,
    make_speaker,
    sound_devices,
    speech_trouble,
)

SENTENCE = "Ben's cup breaks. Cleo, choose the player Mum checks."


def measure(wav: Path) -> dict[str, float]:
    """sox's `stat` of a sound file: 'Length (seconds)', 'RMS amplitude', ... (spaces squeezed)"""
    out = subprocess.run(["sox", str(wav), "-n", "stat"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    found = re.findall(r"^([A-Za-z ()]+?):\s+(-?[0-9.]+)$", out.stderr, re.M)
    return {" ".join(name.split()): float(value) for name, value in found}


def spoken_to(wav: Path, text: str, volume: int = 50) -> dict[str, float]:
    """Speak `text` to `wav` and wait for espeak-ng to finish writing it."""
    speaker = EspeakSpeaker(volume, wav=wav)
    speaker.say(text)
    assert speaker.process is not None
    assert speaker.process.wait(timeout=30) == 0
    return measure(wav)


@pytest.fixture(autouse=True)
def tools_here():
    missing = [t for t in ("espeak-ng", "sox") if shutil.which(t) is None]
    assert not missing, f"install {' '.join(missing)} (./dev test installs them as root)"


def test_a_narration_spoken_to_a_file_is_sound(tmp_path):
    stat = spoken_to(tmp_path / "said.wav", SENTENCE)
    assert stat["Length (seconds)"] > 1.0  # two sentences take seconds, not a click
    assert stat["RMS amplitude"] > 0.01


def test_the_volume_is_espeak_ngs_amplitude_and_louder_is_louder(tmp_path):
    assert [amplitude(v) for v in (-5, 25, 50, 100, 150)] == [0, 50, 100, 200, 200]
    quiet = spoken_to(tmp_path / "quiet.wav", SENTENCE, 25)["RMS amplitude"]
    loud = spoken_to(tmp_path / "loud.wav", SENTENCE, 100)["RMS amplitude"]
    assert loud > 2.5 * quiet > 0  # -a 200 against -a 50


def test_words_that_look_like_options_are_spoken_not_obeyed(tmp_path):
    stat = spoken_to(tmp_path / "said.wav", "--help -w /tmp/elsewhere.wav")
    assert stat["Length (seconds)"] > 0.5 and stat["RMS amplitude"] > 0


def test_a_new_sentence_kills_the_one_still_speaking(tmp_path):
    slow = tmp_path / "slow-espeak"  # a voice that never finishes a sentence by itself
    slow.write_text("#!/bin/sh\nexec sleep 30\n")
    slow.chmod(0o755)
    speaker = EspeakSpeaker(program=str(slow))
    speaker.say("Ana keeps the cup.")
    first = speaker.process
    assert first is not None and first.poll() is None
    speaker.say("Ben sells the bowl.")
    assert first.returncode == -9  # killed, and reaped
    second = speaker.process
    assert second is not None and second is not first and second.poll() is None
    speaker.close()
    assert second.returncode == -9 and speaker.process is None


def test_silence_says_nothing_and_starts_no_process(tmp_path):
    speaker = EspeakSpeaker(wav=tmp_path / "said.wav")
    speaker.say("  ")
    assert speaker.process is None and not (tmp_path / "said.wav").exists()


def test_a_missing_espeak_ng_is_one_reason_and_never_an_error(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # a PATH with no espeak-ng on it
    assert speech_trouble() == NO_PROGRAM
    speaker = make_speaker(True)
    assert isinstance(speaker, NullSpeaker) and speaker.reason == NO_PROGRAM
    gone = EspeakSpeaker(wav=tmp_path / "said.wav")  # made before it was uninstalled
    gone.say(SENTENCE)
    assert gone.failed.startswith("espeak-ng: ") and gone.process is None
    assert not (tmp_path / "said.wav").exists()


def test_no_playback_device_is_one_reason(tmp_path):
    snd = tmp_path / "snd"
    snd.mkdir()
    for name in ("controlC0", "pcmC0D0c", "pcmC1D0p", "pcmC0D0p"):
        (snd / name).touch()
    assert sound_devices(snd) == ["pcmC0D0p", "pcmC1D0p"]  # capture devices do not play
    assert sound_devices(tmp_path / "none") == []
    assert speech_trouble(devices=[]) == NO_DEVICE
    assert speech_trouble(devices=["pcmC0D0p"]) == ""
    assert isinstance(make_speaker(True, 50, trouble=""), EspeakSpeaker)
    assert make_speaker(True, 50, trouble=NO_DEVICE).reason == NO_DEVICE
    assert make_speaker(False, 50, trouble="").reason == "speech is off"

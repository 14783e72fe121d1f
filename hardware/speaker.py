"""A voice at the table: espeak-ng speaking through the Pi's audio out, or nothing at all.

Players look at their cards, not at the screen, so the table may say its narration aloud
(what is said is decided by companion code, never here). espeak-ng runs as its own process,
so the UI thread never waits for a sentence to end; a new sentence kills the one still
speaking, since the table has moved on. A missing espeak-ng or audio device is found once,
when the speaker is made, and said in Settings: at the table it is silence, never an error.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

PROGRAM = "espeak-ng"
VOLUMES = (25, 50, 75, 100)  # percent of espeak-ng's loudest (-a 200)
DEFAULT_VOLUME = 50  # espeak-ng's own default amplitude, 100
SOUND_DEVICES = Path("/dev/snd")  # ALSA's device nodes: pcmC<card>D<device>p plays
NO_PROGRAM = "espeak-ng is not installed (./dev pi-install installs it)"
NO_DEVICE = "this computer has no audio output (no ALSA playback device in /dev/snd)"


def amplitude(volume: int) -> int:
    """espeak-ng's -a (0-200) for a volume in percent, clamped to 0-100."""
    return 2 * max(0, min(100, volume))


class Speaker(Protocol):
    def say(self, text: str) -> None: ...
    def stop(self) -> None: ...
    def close(self) -> None: ...


class NullSpeaker:
    """Silence: speech is off or cannot be heard here; `reason` says which."""

    def __init__(self, reason: str = "speech is off") -> None:
        self.reason = reason

    def say(self, text: str) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


class EspeakSpeaker:
    """espeak-ng, one process per sentence, the newest cutting the previous one short.

    `wav` writes each sentence to that file instead of the audio out (tests measure it).
    The text goes in on stdin, so no sentence can be read as one of espeak-ng's options.
    `say` runs on the UI thread: starting the process (a vfork) and reaping the one it cut
    short took 0.25 ms (median) on the 2-core test machine, under load 1.4 ms at p90.
    """

    def __init__(
        self, volume: int = DEFAULT_VOLUME, *, wav: Path | None = None, program: str = PROGRAM
    ) -> None:
        self.volume = volume
        self.wav = wav
        self.program = program
        self.process: subprocess.Popen[bytes] | None = None
        self.failed = ""  # why the last sentence could not start ("" when it did)

    def command(self) -> list[str]:
        out = ["-w", str(self.wav)] if self.wav is not None else []
        return [self.program, "-a", str(amplitude(self.volume)), *out]

    def say(self, text: str) -> None:
        self.stop()
        if not text.strip():
            return
        try:
            process = subprocess.Popen(
                self.command(),
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,  # ALSA's complaints are not the table's business
            )
        except OSError as err:  # uninstalled since it was found: silence, never an error
            self.failed = f"{self.program}: {err.strerror or err}"
            return
        self.process, self.failed = process, ""
        assert process.stdin is not None
        try:
            process.stdin.write(text.encode())
            process.stdin.close()
        except OSError:  # it died at once (no audio device): the next sentence tries again
            pass

    def stop(self) -> None:
        """Cut the sentence being spoken short (and reap its process)."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        process.wait()
        if process.stdin is not None and not process.stdin.closed:
            try:
                process.stdin.close()
            except OSError:
                pass

    def close(self) -> None:
        self.stop()


def sound_devices(folder: Path = SOUND_DEVICES) -> list[str]:
    """ALSA's playback devices here (pcmC0D0p, ...): none means nothing could be heard."""
    try:
        return sorted(p.name for p in folder.glob("pcmC*D*p"))
    except OSError:
        return []


def speech_trouble(program: str = PROGRAM, devices: Iterable[str] | None = None) -> str:
    """Why nothing could be heard here, in one line; "" when espeak-ng and a device are there."""
    if shutil.which(program) is None:
        return NO_PROGRAM
    if not list(sound_devices() if devices is None else devices):
        return NO_DEVICE
    return ""


def make_speaker(
    enabled: bool, volume: int = DEFAULT_VOLUME, trouble: str | None = None
) -> EspeakSpeaker | NullSpeaker:
    """EspeakSpeaker when speech is on and can be heard, else NullSpeaker with the reason;
    `trouble` is speech_trouble()'s answer when the caller already asked (it is asked once)."""
    if not enabled:
        return NullSpeaker()
    trouble = speech_trouble() if trouble is None else trouble
    return NullSpeaker(trouble) if trouble else EspeakSpeaker(volume)

"""Saying the instructions aloud: espeak-ng from the distribution's packages, run on a
thread of the speaker's own so that a move never waits for speech. Each ``say`` cuts
short whatever is still being said (the next step is what matters); ``said`` keeps what
was given to espeak-ng, in order, for the tests."""

from __future__ import annotations

import logging
import shutil
import subprocess
import threading
from pathlib import Path

from app.speech.words import spoken

log = logging.getLogger("tableside")

#: The sound cards the kernel knows, one a line ("--- no soundcards ---" when none).
SOUND_CARDS = Path("/proc/asound/cards")
NO_ESPEAK = (
    "Reading aloud needs espeak-ng, which is not installed here. Run ./tableside (or, on "
    "the Pi, deploy/install.sh) again to install it."
)
NO_SPEAKER = (
    "No speaker was found. Connect one (HDMI, USB, or a Pi 4's audio jack), then turn "
    "this on again."
)


def problem(cards: Path = SOUND_CARDS) -> str | None:
    """Why nothing can be said here, in a player's words; None when it can."""
    if shutil.which("espeak-ng") is None:
        return NO_ESPEAK
    try:
        listed = cards.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return NO_SPEAKER
    if not listed.strip() or "no soundcards" in listed:
        return NO_SPEAKER
    return None


class Speaker:
    """``volume`` 0-200 (espeak-ng's amplitude, 100 its usual), ``speed`` in words a
    minute."""

    def __init__(self, volume: int = 100, speed: int = 160) -> None:
        self.volume, self.speed = volume, speed
        self.said: list[str] = []
        self._next: str | None = None
        self._saying: subprocess.Popen[bytes] | None = None
        self._stopped = False
        self._wake = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="speaker", daemon=True)
        self._thread.start()

    def command(self, text: str) -> list[str]:
        return espeak(text, self.volume, self.speed)

    def say(self, text: str) -> None:
        """Say ``text`` now, cutting short what is being said; returns at once."""
        with self._wake:
            self._next = text
            if self._saying is not None and self._saying.poll() is None:
                self._saying.terminate()
            self._wake.notify()

    def close(self) -> None:
        with self._wake:
            self._stopped = True
            if self._saying is not None and self._saying.poll() is None:
                self._saying.terminate()
            self._wake.notify()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            with self._wake:
                while self._next is None and not self._stopped:
                    self._wake.wait()
                if self._stopped:
                    return
                text, self._next = self._next, None
                assert text is not None
                self.said.append(text)
                try:
                    self._saying = subprocess.Popen(
                        self.command(text), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
                    )
                except OSError as error:  # espeak-ng gone: the table never hears of it
                    log.warning("could not read aloud: %s", error)
                    self._saying = None
                    continue
                saying = self._saying
            saying.wait()


def espeak(text: str, volume: int = 100, speed: int = 160) -> list[str]:
    """espeak-ng's command line saying ``text`` (shown words: made spoken here)."""
    return ["espeak-ng", "-a", str(volume), "-s", str(speed), spoken(text)]


def to_wav(text: str, path: Path, volume: int = 100, speed: int = 160) -> None:
    """``text`` said into a WAV file (no speaker needed): for the tests and measures."""
    *command, words = espeak(text, volume, speed)
    subprocess.run([*command, "-w", str(path), words], check=True, capture_output=True)

"""Saying the instructions aloud: espeak-ng from the distribution's packages, run on a
thread of the speaker's own so that a move never waits for speech. Each ``say`` cuts
short whatever is still being said (the next step is what matters); ``said`` keeps what
was given to espeak-ng, in order, for the tests. A saying nobody heard (the sound device
busy or gone) is kept as ``fault``, in a player's words, for Settings: the table never
hears of it."""

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
BUSY = (
    "The speaker is busy or could not be opened: another program may be using it, or it "
    "was unplugged. Close that program or plug it in again, then touch Say a test line."
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
        #: Why the last saying was not heard (BUSY); None once one is.
        self.fault: str | None = None
        self._next: str | None = None
        self._saying: subprocess.Popen[bytes] | None = None
        self._cut: subprocess.Popen[bytes] | None = None  # the saying cut short last
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
            self._cut_short()
            self._wake.notify()

    def close(self) -> None:
        with self._wake:
            self._stopped = True
            self._cut_short()
            self._wake.notify()
        self._thread.join(timeout=5)

    def _cut_short(self) -> None:
        """Stop what is being said (the lock held): an end of ours, not a fault."""
        if self._saying is not None and self._saying.poll() is None:
            self._saying.terminate()
            self._cut = self._saying

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
                        self.command(text), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
                    )
                except OSError as error:  # espeak-ng gone: the table never hears of it
                    log.warning("could not read aloud: %s", error)
                    self._saying = None
                    continue
                saying = self._saying
            _output, errors = saying.communicate()
            with self._wake:
                if saying is not self._cut:
                    self._heard(saying.returncode, errors)

    def _heard(self, returncode: int, errors: bytes) -> None:
        """Keep whether a saying that ran to its end was heard."""
        if not failed(returncode, errors):
            self.fault = None
            return
        self.fault = BUSY
        lines = errors.decode("utf-8", errors="replace").strip().splitlines()
        log.warning("read aloud, not heard (espeak-ng %s): %s", returncode, lines[-1:])


def failed(returncode: int, errors: bytes) -> bool:
    """Whether espeak-ng could not play its words: it failed, or wrote an error. espeak-ng
    1.51 (Debian 12, Raspberry Pi OS) ends well when the sound device cannot be opened,
    after ALSA's own lines and ``error: No such file or directory`` (the card missing)
    or the like; later ones end with a failure (4: "maybe error when opening output
    device")."""
    return returncode != 0 or any(line.startswith(b"error:") for line in errors.splitlines())


def espeak(text: str, volume: int = 100, speed: int = 160) -> list[str]:
    """espeak-ng's command line saying ``text`` (shown words: made spoken here)."""
    return ["espeak-ng", "-a", str(volume), "-s", str(speed), spoken(text)]


def to_wav(text: str, path: Path, volume: int = 100, speed: int = 160) -> None:
    """``text`` said into a WAV file (no speaker needed): for the tests and measures."""
    *command, words = espeak(text, volume, speed)
    subprocess.run([*command, "-w", str(path), words], check=True, capture_output=True)

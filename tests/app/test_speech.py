"""The instructions read aloud, without a speaker (issue 57): what is said for what is
shown, speech written to a WAV file that is not silent and lasts as long as its words,
the next instruction cutting the last one short, and a missing espeak-ng or speaker, or
a speaker that could not be opened, said in a player's words."""

from __future__ import annotations

import array
import os
import shutil
import time
import wave
from collections.abc import Callable
from pathlib import Path

import pytest

from app.speech import speaker as S
from app.speech.words import PRONOUNCED, spoken

needs_espeak = pytest.mark.skipif(
    shutil.which("espeak-ng") is None, reason="espeak-ng: ./tableside test installs it"
)


def test_the_games_names_are_said_as_their_players_say_them() -> None:
    said = spoken("Move Gamle Erik 2 Trees clockwise, to the Trold's Tree")
    assert PRONOUNCED["Gamle Erik"] in said and PRONOUNCED["Trold"] in said
    assert "Gamle Erik" not in said
    assert spoken("Skogen: Round 2") == f"{PRONOUNCED['Skogen']}: Round 2"
    # Not inside other words, and the longer name first.
    assert spoken("Nissen") == "Nissen"
    assert spoken("Lygtemands") == PRONOUNCED["Lygtemands"]


def test_symbols_are_read_as_words_and_markup_is_not_read() -> None:
    assert spoken("Turn 3 \u00b7 Ana") == "Turn 3 , Ana"
    assert spoken("39% Gamle Erik next") == f"39 percent {PRONOUNCED['Gamle Erik']} next"
    assert spoken("Element +2") == "Element plus 2"
    assert spoken("Hostage x2") == "Hostage times 2"
    assert spoken("[b]Deal the cards[/b]\n1 of 3") == "Deal the cards 1 of 3"


def _seconds_and_loudest(path: Path) -> tuple[float, int]:
    with wave.open(str(path)) as sound:
        frames = sound.readframes(sound.getnframes())
        assert sound.getsampwidth() == 2
        samples = array.array("h", frames)
        return sound.getnframes() / sound.getframerate(), max(map(abs, samples))


@needs_espeak
def test_speech_in_a_file_is_heard_and_lasts_as_long_as_its_words(tmp_path: Path) -> None:
    short, long = (
        "Done.",
        (
            "Move Gamle Erik two Trees clockwise, to Tree 3, then take the Huldre from the "
            "second place of the Future into your hand, and slide the Nisse along."
        ),
    )
    found = {}
    for name, text in (("short", short), ("long", long)):
        S.to_wav(text, tmp_path / f"{name}.wav", speed=160)
        found[name] = _seconds_and_loudest(tmp_path / f"{name}.wav")
    for _seconds, loudest in found.values():
        assert loudest > 3000, "silent"
    words = len(long.split())
    expected = words / 160 * 60  # at 160 words a minute
    assert 0.5 * expected < found["long"][0] < 2 * expected
    assert found["short"][0] < found["long"][0] / 5


def test_the_next_instruction_cuts_the_last_one_short(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long saying is stopped when the next comes; saying returns at once."""
    started: list[object] = []

    def slow(_self: S.Speaker, text: str) -> list[str]:
        started.append(text)
        return ["sleep", "30"]

    monkeypatch.setattr(S.Speaker, "command", slow)
    speaker = S.Speaker()
    try:
        speaker.say("Move Gamle Erik")
        deadline = time.monotonic() + 10
        while speaker._saying is None:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        first = speaker._saying
        speaker.say("Take the Nisse")
        first.wait(timeout=10)
        assert first.returncode != 0  # cut short, not finished
        while speaker.said != ["Move Gamle Erik", "Take the Nisse"]:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert speaker.fault is None  # our own end, not the speaker's fault
    finally:
        speaker.close()
    assert speaker.fault is None


#: What espeak-ng writes when ALSA cannot open the sound device (a shell's lines).
ALSA_BUSY = (
    "echo 'ALSA lib pcm_dmix.c:1032:(snd_pcm_dmix_open) unable to open slave' >&2\n"
    "echo 'ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default' >&2"
)


def fake_espeak(folder: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> None:
    """An espeak-ng first on the PATH that runs ``script`` (sh) instead of speaking."""
    command = folder / "espeak-ng"
    command.write_text(f"#!/bin/sh\n{script}\n")
    command.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")


def until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, "the speaker never got there"
        time.sleep(0.01)


@pytest.mark.parametrize(
    "ending",
    [
        "echo 'error: Device or resource busy' >&2; exit 0",  # espeak-ng 1.51: ends well
        "echo 'espeak_Synchronize() failed, maybe error when opening output device' >&2; exit 4",
    ],
)
def test_a_speaker_that_cannot_be_opened_is_said_in_a_player_s_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ending: str
) -> None:
    """Another program holds the sound device, or it is gone: nothing is raised, the
    fault is kept for Settings, and forgotten once a saying is heard again."""
    busy = tmp_path / "busy"
    busy.touch()
    fake_espeak(tmp_path, monkeypatch, f'if [ -e "{busy}" ]; then\n{ALSA_BUSY}\n{ending}\nfi')
    speaker = S.Speaker()
    try:
        speaker.say("Move Gamle Erik")
        until(lambda: speaker.fault == S.BUSY)
        busy.unlink()  # the other program let go of it
        speaker.say("Take the Nisse")
        until(lambda: speaker.fault is None)
        assert speaker.said == ["Move Gamle Erik", "Take the Nisse"]
    finally:
        speaker.close()


def test_no_espeak_or_no_speaker_is_said_in_a_player_s_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = tmp_path / "cards"
    cards.write_text(" 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones\n")
    monkeypatch.setattr(S.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert S.problem(cards) is None
    cards.write_text("--- no soundcards ---\n")
    assert S.problem(cards) == S.NO_SPEAKER
    assert S.problem(tmp_path / "none") == S.NO_SPEAKER
    monkeypatch.setattr(S.shutil, "which", lambda _name: None)
    assert S.problem(cards) == S.NO_ESPEAK

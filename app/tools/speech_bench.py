"""How soon an instruction is heard: ``python -m app.tools.speech_bench`` starts
espeak-ng as the speaker does and times the first sound it makes (its first audio bytes
on standard output, where a speaker would get them), for a short and a long instruction,
each several times; it prints the figures."""

from __future__ import annotations

import statistics
import subprocess
import time

from app.speech.speaker import espeak

#: Bytes of espeak-ng's WAV header on standard output, before the first sample.
WAV_HEADER = 44
INSTRUCTIONS = (
    "Done.",
    "Move Gamle Erik two Trees clockwise, to Tree 3, then take the Huldre from the second "
    "place of the Future into your hand.",
)


def first_sound_ms(text: str) -> float:
    began = time.perf_counter()
    command = [*espeak(text)[:-1], "--stdout", espeak(text)[-1]]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as process:
        assert process.stdout is not None
        process.stdout.read(WAV_HEADER + 2)
        heard = time.perf_counter() - began
        process.stdout.read()
    return heard * 1000


def main() -> None:
    for text in INSTRUCTIONS:
        times = [first_sound_ms(text) for _ in range(7)]
        print(
            f"{len(text.split())} words: first sound after {statistics.median(times):.0f} ms "
            f"(median of 7; {min(times):.0f}-{max(times):.0f})"
        )


if __name__ == "__main__":
    main()

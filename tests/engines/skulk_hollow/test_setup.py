from pathlib import Path

import pytest

from engines.skulk_hollow.components import GUARDIANS
from engines.skulk_hollow.config import Config
from engines.skulk_hollow.setup import setup_steps

RULEBOOK = Path("/work/shared/rules/skulk-hollow.txt")


def _text(config: Config) -> str:
    return " ".join(f"{s.title} {s.text} {' '.join(s.items)}" for s in setup_steps(config))


@pytest.mark.parametrize(
    ("guardian", "words"),
    [
        ("grak", "tribute token"),
        ("apoda", "a pair on KEEP, one on FARM and one on MINE"),
        ("tanthos", "other five roots"),
        ("raptra", "ground side showing"),
    ],
)
def test_each_guardian_has_its_own_setup(guardian: str, words: str) -> None:
    assert words in _text(Config(guardian=guardian))


def test_leader_deck_holder_and_relics_shape_the_steps() -> None:
    text = _text(Config(leader="queen_of_blessing", hero_relics=2))
    assert "Queen of Blessing on KEEP" in text
    assert "Take 2 ancient relic tokens for yourself" in text
    text = _text(Config(guardian="apoda", guardian_relics=1))
    assert "Put 1 ancient relic token beside Apoda's player mat" in text
    assert "Shuffle the other Foxen cards" in text
    assert "The app holds the Foxen deck" in _text(Config(foxen_deck="app"))
    assert "relic" not in _text(Config())


def test_steps_are_in_our_own_words() -> None:
    if not RULEBOOK.exists():
        pytest.skip("the rulebook is not on this machine")
    book = RULEBOOK.read_text()
    for guardian in GUARDIANS:
        for step in setup_steps(Config(guardian=guardian)):
            for sentence in step.text.split(". "):
                if len(sentence) > 30:
                    assert sentence not in book, sentence

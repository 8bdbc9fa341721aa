"""Which instructions are read aloud over a whole seeded game (issue 57): each once, in
the order shown, the next cutting the last short, none said again when the game is
opened again after a pulled plug; a touch says the current one again."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.games import BY_KEY, GAMES
from app.play.play_session import PlaySession
from app.speech.host import SpeechHost
from app.storage.store import Store
from app.tools import oracle


class Heard:
    """A speaker that writes down what it is given."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)


def _host(heard: Heard) -> SpeechHost:
    return SpeechHost(heard)  # type: ignore[arg-type]


#: Every game with a seeded person to play it (app.play.autoplay): all of them tell the
#: table something, the guardian and Gamle Erik most.
PLAYED = [info.key for info in GAMES if oracle.table_play(info) is not None]


@pytest.mark.parametrize("key", PLAYED)
def test_every_instruction_is_said_once_in_order_and_not_again_after_a_resume(
    tmp_path: Path, key: str
) -> None:
    game = BY_KEY[key]
    table = oracle.table_play(game)
    assert table is not None
    config = table.sample[0]
    store = Store.open(tmp_path / "tableside.db")
    names = oracle.seat_names(config, table.players)
    play = PlaySession.start(store, game.rules(), config, 5, names)
    control = game.controller(play)
    heard = Heard()
    host = _host(heard)
    host.follow(control)
    person = table.person(5)
    shown: list[str] = []  # what the screen shows after each change, each step once
    last: list[tuple[int, int]] = []

    def screen_redrawn() -> None:
        current = control.telling.current
        moment = (len(play.session.events), control.telling.index)
        if current is not None and moment not in last[-1:]:
            last.append(moment)
            shown.append(current.words)

    control.watchers.append(screen_redrawn)
    screen_redrawn()  # what it shows as the game opens (the deal)
    reopened_at = 0
    for _ in range(20_000):  # the whole game
        if not reopened_at and len(shown) > 3 and control.telling.current is not None:
            # A pulled plug here: the game opened again shows the same instruction (kept
            # with it), which was said when it appeared: not said again.
            again = PlaySession.resume(store, game.rules(), play.session_id)
            reopened = game.controller(again)
            assert reopened.telling.current == control.telling.current
            reopened_at = len(heard.said)
            other = _host(heard)
            other.follow(reopened)
            assert len(heard.said) == reopened_at
            other.leave()
            host.again()  # a touch on the instruction says it again
            assert heard.said[-1] == control.telling.current.words
            heard.said.pop()  # (not one of the instructions as they appear)
        if not person.step(control):
            break
    assert game.rules().outcome(control.state) is not None and reopened_at
    assert heard.said == shown  # each instruction once, in the order shown

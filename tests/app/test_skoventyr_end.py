"""A lost Skoventyr game asks for no more bookkeeping (review N23): what ended it is told,
not the Future's slide and refill; and an Undo of the losing move does not ask to put
back what the table never did."""

from pathlib import Path

from app.play.play_session import PlaySession
from app.skoventyr.autoplay import SkoventyrPlayer
from app.skoventyr.controller import SkoventyrController
from app.storage.store import Store
from engines import skoventyr as S


def future_or_deck(keys: tuple[str, ...]) -> bool:
    return any(key.startswith(("future", "taken", "hand", "deck")) for key in keys)


def test_a_lost_game_tells_what_ended_it_and_no_bookkeeping(tmp_path: Path) -> None:
    lost = 0
    for seed in range(1, 30):
        store = Store.open(tmp_path / f"{seed}.db")
        control = SkoventyrController(S, PlaySession.start(store, S, S.Config(), seed, ["Ana"]))
        player = SkoventyrPlayer(seed)
        while control.state.ended is None:
            before = control.state
            assert player.step(control)
        outcome = S.outcome(control.state)
        assert outcome is not None
        if outcome.result == "won":
            continue
        lost += 1
        whole = S.table_changes(before, control.state)
        told = control.telling.changes
        assert not any(future_or_deck(c.keys) for c in told)
        spared = {k for c in whole if future_or_deck(c.keys) and not c.chosen for k in c.keys}
        assert set(control.owed.not_done) == spared
        control.undo()  # the losing move taken back: nothing spared is to be put back
        assert control.state == before
        assert not any(set(c.keys) & spared for c in control.telling.changes)
        if lost >= 3:
            return
    raise AssertionError(f"only {lost} lost games in 29 seeds")

"""Quick score: final collections entered directly, scored by the same function."""

import json
from dataclasses import replace

import pytest

from engines import chickwood
from engines.chickwood import (
    Collection,
    Config,
    EnterFinal,
    FinalTable,
    PlayerFinal,
    Raid,
    Score,
    SetDeckCount,
    State,
    VillageFinal,
    apply,
    legal_actions,
    new_game,
    outcome,
    quick_score,
    scoreboard,
)
from engines.chickwood.data import default_cards
from engines.core import Event, IllegalAction, Session

QUICK = Config(players=("Red", "Blue", "Green"), quick=True)
VILLAGES = {card.card: card for card in default_cards()}


def table() -> FinalTable:
    return FinalTable(
        (
            PlayerFinal(
                "Red",
                Collection.of(chests={"gold": 4, "silver": 3, "emerald": 1}, henchmen=2),
                (2, 5, 5, 2, 1, 5),
            ),
            PlayerFinal("Blue", Collection.of(jewelry={"ring": 2, "pendant": 3}), (1, 3, 4)),
            PlayerFinal("Green", Collection.of(garments={"armor": 1, "gown": 2}), (3, 4)),
        ),
        (
            VillageFinal(VILLAGES["village-1"], ("Red", "Blue")),
            VillageFinal(VILLAGES["village-3"], ("Green", "Green", "Blue", "Green")),
        ),
    )


def refused(state: State, action: object, match: str) -> None:
    saved = json.dumps(state.to_dict())
    with pytest.raises(IllegalAction, match=match):
        apply(state, action)  # type: ignore[arg-type]
    assert json.dumps(state.to_dict()) == saved


def test_a_quick_score_waits_for_the_final_collections() -> None:
    state = new_game(QUICK)
    assert state.phase == "entry"
    (form,) = legal_actions(state)
    assert isinstance(form, EnterFinal)
    assert form.table.names == ("Red", "Blue", "Green")
    assert all(not v.owners for v in form.table.villages)
    refused(state, Raid("Red", 1), "quick score")
    refused(state, SetDeckCount(3), "quick score")
    refused(state, Score(), "Enter the final collections first")


def test_a_quick_score_uses_the_same_scoring_as_quick_score() -> None:
    state = apply(new_game(QUICK), EnterFinal(table()))
    assert state.phase == "scoring"
    board = scoreboard(state)
    assert board == quick_score(table().players, table().villages)
    red = board.player("Red") if board else None
    assert red is not None and red.total == 12 - 6 + 20 + 0
    (score,) = legal_actions(state)
    result = outcome(apply(state, score))
    assert result is not None
    assert dict(result.scores) == {
        "Red": 26,
        "Blue": 8 + 9 + 8 + 3 + 5,  # rings, pendants, castles, village-1, village-3 second
        "Green": 5 + 7 + 9,  # armor, castles, village-3 most
    }
    assert result.winners == ("Blue",)


def test_entered_collections_must_fit_the_game() -> None:
    state = new_game(QUICK)
    two = FinalTable((PlayerFinal("Red"), PlayerFinal("Blue")))
    refused(state, EnterFinal(two), "Red, Blue, Green")
    other = replace(VILLAGES["village-1"], rows=VILLAGES["village-2"].rows)
    odd = replace(table(), villages=(VillageFinal(other, ()),))
    refused(state, EnterFinal(odd), "not one of this game's villages")
    refused(state, EnterFinal(replace(table(), legendary=True)), "without the Legendary")


def test_a_tracked_game_can_correct_its_collections_before_scoring() -> None:
    state = new_game(Config(players=("Red", "Blue", "Green"), deck_size=9))
    refused(state, EnterFinal(table()), "once the rounds are over")
    for _ in range(3):
        state = apply(state, Raid(state.players[state.order[state.turn]].name, state.turn + 2))
    assert state.phase == "scoring"
    corrected = apply(state, EnterFinal(table()))
    board = scoreboard(corrected)
    assert board is not None and board.player("Red").total == 26


def test_a_quick_session_replays() -> None:
    session = Session(chickwood, QUICK, seed=2)
    session.play(EnterFinal(table()))
    session.play(session.legal_actions()[0])
    saved = json.loads(json.dumps([e.to_dict() for e in session.events]))
    replayed = Session.replay(
        chickwood, QUICK, 2, [Event.from_dict(chickwood, data) for data in saved]
    )
    assert replayed.state == session.state
    assert replayed.outcome() == session.outcome()

"""The Hint's words: a reason to check on the table first, then the figures, short; ties
said to be ties; a Gambit's Tree and cards named at once."""

from app.skoventyr.advisor import hint_for, reason
from engines import skoventyr as S
from engines.skoventyr.bots.bots import MoveFigures
from tests.engines.skoventyr.builders import E, H, N, T, forest, make

CALL, RISKY, GAMBIT, WRATH = S.Call(0), S.Call(1, risky=True), S.Gambit(), S.Wrath(4)


def test_the_hint_gives_its_moves_score_and_how_many_games_it_rests_on() -> None:
    arms = [
        MoveFigures(CALL, 96, 1.375, 2, lead=-0.125, lead_error=0.03),
        MoveFigures(GAMBIT, 96, 1.5, 3),
        MoveFigures(RISKY, 96, 0.8, 0, lead=-0.7, lead_error=0.05),
        MoveFigures(WRATH, 8, 0.4, 0),  # dropped early: not on the same games
    ]
    hint = hint_for(GAMBIT, arms, horizon=40)
    assert hint.games == 96 and hint.score == 1.5
    assert hint.suggestion == "Gambit: damage a Tree, then renew the Future."
    assert hint.estimate == ("Score 1.50 in 96 simulated games, about 20 turns on; next best 1.38.")


def test_moves_that_tie_within_chance_make_no_clear_best_the_higher_first() -> None:
    arms = [
        MoveFigures(CALL, 48, 0.72, 0),
        MoveFigures(RISKY, 48, 0.74, 0, lead=0.02, lead_error=0.02),
        MoveFigures(WRATH, 48, 0.40, 0, lead=-0.32, lead_error=0.05),
    ]
    hint = hint_for(CALL, arms, horizon=40)
    assert hint.suggestion == f"No clear best: {RISKY.label} or {CALL.label}."
    assert hint.headline == f"Hint, no clear best: {RISKY.label} or {CALL.label}."
    assert hint.action == RISKY  # the higher score is the one marked on the board
    assert hint.estimate.endswith(
        "Scores 0.72 to 0.74 in 48 simulated games, about 20 turns on: within chance of each other."
    )
    three = [*arms[:2], MoveFigures(GAMBIT, 48, 0.71, 0, lead=-0.01, lead_error=0.02)]
    assert hint_for(CALL, three, 40).suggestion.endswith(f"{CALL.label} (or 1 more).")
    clear = [MoveFigures(CALL, 48, 0.9, 0), MoveFigures(RISKY, 48, 0.72, 0, -0.18, 0.03)]
    assert hint_for(CALL, clear, horizon=40).headline == f"Hint: {CALL.label}."


def test_a_hint_never_names_a_move_that_scored_less() -> None:
    """Review N9: "Gambit ... Score 0.36 in 7 simulated games; next best 0.65"."""
    # The search chose Gambit; Call scored clearly more on the same deals: Call is named.
    arms = [
        MoveFigures(GAMBIT, 60, 0.36, 0),
        MoveFigures(CALL, 60, 0.65, 0, lead=0.29, lead_error=0.05),
    ]
    hint = hint_for(GAMBIT, arms, horizon=40)
    assert hint.action == CALL and hint.suggestion == f"{CALL.label}."
    assert hint.estimate.endswith(
        "Score 0.65 in 60 simulated games, about 20 turns on; next best 0.36."
    )
    # On 7 games nothing is clear, whatever the leads say: both named, the higher first.
    few = [MoveFigures(GAMBIT, 7, 0.36, 0), MoveFigures(CALL, 7, 0.65, 0, 0.29, 0.01)]
    hint = hint_for(GAMBIT, few, horizon=40)
    assert hint.suggestion == f"No clear best: {CALL.label} or {GAMBIT.label}."
    assert hint.estimate.endswith("in 7 simulated games, about 20 turns on: too few to tell.")
    alone = hint_for(CALL, [MoveFigures(CALL, 7, 0.5, 0)], horizon=40)
    assert alone.suggestion == f"{CALL.label}."  # nothing else was possible


def test_the_reason_comes_from_the_position_and_before_the_figures() -> None:
    # Gamle Erik 1 step behind Vogter; a Wrath on a Genganger (2) with two Allies placed.
    woods = forest(ge=2, vogter=3, allies={4: T, 5: T})
    state = make(woods=woods, future=(E, H, N))
    wrath = S.Wrath(5)
    assert wrath in S.legal_actions(state)
    words = reason(state, wrath)
    assert words.startswith("Gamle Erik is 1 step behind Vogter: this defeats the Genganger (2)")
    hint = hint_for(wrath, [MoveFigures(wrath, 40, 0.5, 0)], 40, state)
    assert hint.estimate.startswith(words) and hint.estimate.endswith("about 20 turns on.")
    far = make(woods=forest(ge=0, vogter=4), future=(E, H, N), hand=(T,))
    assert reason(far, S.Position(T, 4)) == (
        "Gamle Erik is 4 steps behind Vogter: this makes 1 Ally in the Forest."
    )


def test_a_gambit_hint_names_the_tree_and_the_cards_at_once() -> None:
    state = make(woods=forest(ge=0, vogter=3), future=(E, H, N))
    hint = hint_for(GAMBIT, [], horizon=40, state=state)
    tree = next(a.tree for a in hint.then if isinstance(a, S.DamageTree))
    assert hint.suggestion.startswith(f"Gambit: damage Tree {tree}")
    follow = hint.next_step()
    assert follow is not None and follow.action == S.DamageTree(tree)
    assert follow.suggestion == hint.suggestion  # the same words, step by step


def test_a_hint_with_nothing_simulated_says_so() -> None:
    assert "nothing to simulate" in hint_for(CALL, [], horizon=40).estimate
    whole = hint_for(CALL, [MoveFigures(CALL, 12, 0.5, 0)], horizon=None)
    assert "games, to the end" in whole.estimate

"""Skogen's ledger in words: a line of the ledger, and why the app rolled its die."""

from __future__ import annotations

from engines import skogen as G
from engines.skogen import ELEMENT_POINTS, counted


def turn_words(record: G.TurnRecord) -> str:
    """A line of the ledger in words: "6 + element 2 = 8 points, drew 1"."""
    if record.choice == "take_two":
        what = "took two element tiles"
    else:
        parts = [str(p) for p in record.species] + [f"element {ELEMENT_POINTS}"] * record.elements
        what = f"{' + '.join(parts) or 'nothing placed'} = {counted(record.points, 'point')}"
        if record.life_cards:
            what += f", life card {' '.join(record.life_cards)}"
    return f"{what}, drew {record.drew}"


def roll_words(state: G.State) -> tuple[str, str]:
    """The latest roll of the catastrophe die: which of its turn's rolls it is ("Roll 1
    of 2"; nothing when the turn has one) and why it was rolled (P10). By the rules
    folder, action cards are played before the token moves: each Katastrof's roll comes
    first, then the green square's; a roll again (none of the tiles offered left) is the
    same roll."""
    roll = state.rolls[-1]
    name = state.players[roll.seat].name
    this_turn = [r for r in state.rolls if r.turn == roll.turn and r.seat == roll.seat]
    number = sum(1 for r in this_turn[:-1] if not r.rerolled) + 1
    record = next((r for r in reversed(state.ledger) if r.number == roll.turn), None)
    causes: list[str] = []
    if record is not None:
        causes += [f"{name} played Katastrof"] * record.action_cards.count("katastrof")
        score = state.players[roll.seat].score
        if record.points and state.config.board.is_green(score):
            causes.append(f"{name}'s token is on a green square")
    total = max(len(causes), number)
    reason = causes[number - 1] if number <= len(causes) else ""
    if len(this_turn) > 1 and this_turn[-2].rerolled:
        again = f"rolled again: no element tile the {this_turn[-2].face} offered was left"
        reason = f"{reason}; {again}" if reason else again[:1].upper() + again[1:]
    count = f"Roll {number} of {total}" if total > 1 else ""
    return count, reason

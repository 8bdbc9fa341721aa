"""The one exception a rules engine raises for a move the rules forbid."""


class IllegalAction(ValueError):
    """An action the rules forbid in this state.

    The message is shown to the people at the table as it is, so it names the rule in
    their words ("Vogter can only move onto a Tree with an Ally"), not in the code's.
    """

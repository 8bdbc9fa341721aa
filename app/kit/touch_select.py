"""Choosing an action by touches: a verb button, then a card, then a Tree...

The engine lists the legal actions; a game's screen gives each action a *path*, the
touches that pick it (``(("verb", "command"), ("hand", "nisse"), ("tree", 3))``). The
selection follows the touches made so far, tells the screen what may be touched next
(to highlight it and dim the rest) and hands back the action once a path is complete.
No rule lives here: whatever is not on a legal action's path cannot be touched.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

A = TypeVar("A")
Target = tuple[str, Hashable]
Path = tuple[Target, ...]


class TouchSelection(Generic[A]):
    def __init__(self, actions: Sequence[A], path: Callable[[A], Path]) -> None:
        self._paths = [(path(action), action) for action in actions]
        full = [p for p, _ in self._paths]
        if len(set(full)) != len(full):
            raise ValueError("two actions share one path of touches")
        for p in full:  # a path ending inside another would finish it too soon
            if any(q != p and q[: len(p)] == p for q in full):
                raise ValueError(f"the path {p} ends inside a longer one")
        self.prefix: Path = ()

    def _matching(self) -> list[tuple[Path, A]]:
        n = len(self.prefix)
        return [(p, a) for p, a in self._paths if p[:n] == self.prefix]

    def options(self) -> set[Target]:
        """What may be touched next."""
        return set(self.ordered_options())

    def ordered_options(self) -> list[Target]:
        """What may be touched next, in the order of the actions they lead to."""
        n = len(self.prefix)
        return list(dict.fromkeys(p[n] for p, _ in self._matching() if len(p) > n))

    def options_of(self, kind: str) -> set[Hashable]:
        """The values of the next touchable targets of one kind ("tree" -> {0, 3})."""
        return {value for target_kind, value in self.options() if target_kind == kind}

    def completed_by(self, target: Target) -> A | None:
        """The action that touching ``target`` now would complete, if any."""
        whole = (*self.prefix, target)
        return next((a for p, a in self._paths if p == whole), None)

    def choose(self, target: Target) -> A | None:
        """Touch ``target``: returns the action when this completes one, else None.

        A target that is not among ``options()`` raises ``ValueError``.
        """
        if target not in self.options():
            raise ValueError(f"{target} cannot be touched now")
        self.prefix = (*self.prefix, target)
        return next((a for p, a in self._matching() if p == self.prefix), None)

    def back(self) -> None:
        self.prefix = self.prefix[:-1]

    def reset(self) -> None:
        self.prefix = ()

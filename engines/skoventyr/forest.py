"""The Forest: a ring of Trees, clockwise, with Vogter, Gamle Erik and placed Allies.

Trees keep a fixed ``id`` for the whole game, so a choice ("damage Tree 4") still names
the same Tree after others are discarded. Functions here return new values; a Forest is
never changed in place. Losing (the pawns on one Tree) is for the caller to check with
``caught``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.quick_replace import replace
from engines.skoventyr.cards import Card


@dataclass(frozen=True)
class Tree:
    id: int
    damaged: bool = False
    ally: Card | None = None
    revealed: bool = False

    @property
    def side(self) -> str:
        return "Damaged" if self.damaged else "Healthy"


@dataclass(frozen=True)
class Forest:
    #: Clockwise order.
    trees: tuple[Tree, ...]
    vogter: int
    gamle_erik: int
    #: Trees discarded during play, in the order they left (Acorns bring them back).
    discarded: tuple[int, ...] = ()
    #: How many Trees each pawn has walked in all, clockwise (counter-clockwise counts
    #: negative): on a ring, where a pawn stands does not say which way it went.
    vogter_walked: int = 0
    gamle_erik_walked: int = 0

    # -- looking -----------------------------------------------------------------------

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(tree.id for tree in self.trees)

    def index(self, tree_id: int) -> int:
        for i, tree in enumerate(self.trees):
            if tree.id == tree_id:
                return i
        raise KeyError(f"Tree {tree_id} is not in the Forest")

    def has(self, tree_id: int) -> bool:
        return tree_id in self.ids

    def tree(self, tree_id: int) -> Tree:
        return self.trees[self.index(tree_id)]

    def step(self, tree_id: int, steps: int = 1) -> int:
        """The Tree ``steps`` clockwise from ``tree_id`` (negative: counter-clockwise)."""
        return self.trees[(self.index(tree_id) + steps) % len(self.trees)].id

    def distance(self, start: int, end: int) -> int:
        """Clockwise steps from ``start`` to ``end``."""
        return (self.index(end) - self.index(start)) % len(self.trees)

    @property
    def gap(self) -> int:
        """Clockwise steps from Gamle Erik to Vogter: how far he still has to go."""
        return self.distance(self.gamle_erik, self.vogter)

    @property
    def caught(self) -> bool:
        return self.vogter == self.gamle_erik

    def is_free(self, tree_id: int) -> bool:
        tree = self.tree(tree_id)
        return tree.ally is None and tree_id not in (self.vogter, self.gamle_erik)

    def allies(self) -> tuple[Tree, ...]:
        return tuple(tree for tree in self.trees if tree.ally is not None)

    def ally_cards(self) -> tuple[Card, ...]:
        return tuple(tree.ally for tree in self.trees if tree.ally is not None)

    def hidden_allies(self) -> tuple[int, ...]:
        return tuple(t.id for t in self.trees if t.ally is not None and not t.revealed)

    # -- damage and heal (RULINGS S6) --------------------------------------------------

    def damage_options(self) -> tuple[int, ...]:
        """Trees the next Damage may pick: Free Damaged ones if any, else Free Healthy."""
        free = [tree for tree in self.trees if self.is_free(tree.id)]
        damaged = tuple(tree.id for tree in free if tree.damaged)
        return damaged or tuple(tree.id for tree in free)

    def damage_capacity(self) -> int:
        """How many Damages in a row the Forest can still take as it stands."""
        return sum(1 if tree.damaged else 2 for tree in self.trees if self.is_free(tree.id))

    def damage(self, tree_id: int) -> Forest:
        """Flip a Free Healthy Tree, or discard a Free Damaged one."""
        if tree_id not in self.damage_options():
            raise ValueError(f"Tree {tree_id} cannot be damaged now")
        tree = self.tree(tree_id)
        if tree.damaged:
            return replace(
                self,
                trees=tuple(t for t in self.trees if t.id != tree_id),
                discarded=(*self.discarded, tree_id),
            )
        return self.with_tree(replace(tree, damaged=True))

    def heal_options(self) -> tuple[int, ...]:
        return tuple(t.id for t in self.trees if t.damaged and self.is_free(t.id))

    def heal(self, tree_id: int) -> Forest:
        if tree_id not in self.heal_options():
            raise ValueError(f"Tree {tree_id} cannot be healed now")
        return self.with_tree(replace(self.tree(tree_id), damaged=False))

    # -- Allies ------------------------------------------------------------------------

    def placement_trees(self) -> tuple[int, ...]:
        """Trees a new Ally may go on, by position only (the type rule is separate)."""
        if not self.allies():
            return (self.vogter,)
        return tuple(
            tree.id
            for tree in self.trees
            if tree.ally is None
            and (
                self.tree(self.step(tree.id, 1)).ally is not None
                or self.tree(self.step(tree.id, -1)).ally is not None
            )
        )

    def type_allows(self, card: Card, mixes: bool) -> bool:
        """The one-type rule: a Formskifter (``mixes``) joins any type; others need all
        non-Formskifter Allies in the Forest to be their type, and at least one of them
        if the Forest holds any Ally at all."""
        if mixes:
            return True
        cards = self.ally_cards()
        if not cards:
            return True
        others = [c for c in cards if c is not Card.FORMSKIFTER]
        return bool(others) and all(c is card for c in others)

    def place(self, card: Card, tree_id: int) -> Forest:
        return self.with_tree(replace(self.tree(tree_id), ally=card, revealed=False))

    def reveal(self, tree_id: int) -> tuple[Forest, tuple[Card, ...]]:
        """Reveal a Hidden Ally; one under Gamle Erik is discarded at once (returned)."""
        tree = self.tree(tree_id)
        if tree.ally is None or tree.revealed:
            raise ValueError(f"Tree {tree_id} holds no Hidden Ally")
        forest = self.with_tree(replace(tree, revealed=True))
        return forest.ge_discards()

    def remove_ally(self, tree_id: int) -> tuple[Forest, Card]:
        tree = self.tree(tree_id)
        if tree.ally is None:
            raise ValueError(f"Tree {tree_id} holds no Ally")
        return self.with_tree(replace(tree, ally=None, revealed=False)), tree.ally

    def clear_allies(self) -> tuple[Forest, tuple[Card, ...]]:
        cards = self.ally_cards()
        trees = tuple(replace(t, ally=None, revealed=False) for t in self.trees)
        return replace(self, trees=trees), cards

    # -- movement (RULINGS S4) ---------------------------------------------------------

    def step_gamle_erik(self, steps: int) -> tuple[Forest, tuple[Card, ...]]:
        """One step (+1 clockwise, -1 counter-clockwise); a Revealed Ally on the Tree he
        reaches is discarded (returned)."""
        forest = replace(
            self,
            gamle_erik=self.step(self.gamle_erik, steps),
            gamle_erik_walked=self.gamle_erik_walked + steps,
        )
        return forest.ge_discards()

    def step_vogter(self) -> Forest:
        return replace(self, vogter=self.step(self.vogter, 1), vogter_walked=self.vogter_walked + 1)

    def put_pawn(self, pawn: str, tree_id: int) -> Forest:
        """A pawn moved by hand, counted as walking the shorter way round (a Revealed Ally
        on the Tree Gamle Erik lands on is the caller's to discard)."""
        count = len(self.trees)
        ahead = self.distance(self.vogter if pawn == "vogter" else self.gamle_erik, tree_id)
        walked = ahead if ahead <= count // 2 else ahead - count
        if pawn == "vogter":
            return replace(self, vogter=tree_id, vogter_walked=self.vogter_walked + walked)
        return replace(self, gamle_erik=tree_id, gamle_erik_walked=self.gamle_erik_walked + walked)

    def refuge_trees(self) -> tuple[int, ...]:
        """Where Refuge can take Vogter: his own Tree, then each next Tree clockwise as
        long as every Tree on the way holds an Ally (RULINGS S7), stopping before Gamle
        Erik's Tree: Vogter never walks onto him (RULINGS S4)."""
        reach = [self.vogter]
        current = self.vogter
        for _ in range(len(self.trees) - 1):
            current = self.step(current, 1)
            if self.tree(current).ally is None or current == self.gamle_erik:
                break
            reach.append(current)
        return tuple(reach)

    # -- Acorns (RULINGS S10) ----------------------------------------------------------

    def recovery_spots(self) -> tuple[int, ...]:
        """Trees after which a recovered Tree may go: from Vogter clockwise up to the Tree
        just before Gamle Erik, so Gamle Erik gets no nearer and Vogter no farther."""
        spots = []
        current = self.vogter
        while current != self.gamle_erik:
            spots.append(current)
            current = self.step(current, 1)
        return tuple(spots)

    def recover(self, tree_id: int, after: int, damaged: bool = False) -> Forest:
        """Put a discarded Tree back, Healthy unless ``damaged``, just after ``after``."""
        index = self.index(after) + 1
        trees = (*self.trees[:index], Tree(tree_id, damaged=damaged), *self.trees[index:])
        return replace(
            self, trees=trees, discarded=tuple(d for d in self.discarded if d != tree_id)
        )

    # -- building ----------------------------------------------------------------------

    def with_tree(self, tree: Tree) -> Forest:
        """The Forest with ``tree`` replacing the Tree of the same id."""
        return replace(self, trees=tuple(tree if t.id == tree.id else t for t in self.trees))

    def ge_discards(self) -> tuple[Forest, tuple[Card, ...]]:
        """A Revealed Ally on Gamle Erik's Tree is discarded at once (returned)."""
        tree = self.tree(self.gamle_erik)
        if tree.ally is not None and tree.revealed:
            forest, card = self.remove_ally(tree.id)
            return forest, (card,)
        return self, ()


def starting_forest(trees: int, damaged: int) -> Forest:
    """The Forest at set-up (RULINGS S5): Gamle Erik on Tree 1, two Trees, then Vogter on
    Tree 4, the rest after him. Trees are numbered from 1, as people count them. Damaged
    Trees are taken first from the Trees after Vogter, then those between the pawns, then
    the pawns' own Trees (an assumption: the rulebook leaves which Trees to the players)."""
    order = [*range(5, trees + 1), 2, 3, 1, 4]
    flipped = set(order[:damaged])
    return Forest(
        trees=tuple(Tree(i, damaged=i in flipped) for i in range(1, trees + 1)),
        vogter=4,
        gamle_erik=1,
    )

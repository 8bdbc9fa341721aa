from engines.core import Rng


def test_draws_are_reproducible_and_advance() -> None:
    first, after = Rng(42).randint(1, 1000)
    again, _ = Rng(42).randint(1, 1000)
    assert first == again
    assert after == Rng(42, 1)
    values = set()
    rng = Rng(42)
    for _ in range(20):
        value, rng = rng.randint(1, 1000)
        values.add(value)
    assert len(values) > 10


def test_shuffle_is_a_permutation_and_leaves_input_alone() -> None:
    cards = ("a", "b", "c", "d", "e", "f")
    shuffled, _ = Rng(1).shuffled(cards)
    assert sorted(shuffled) == sorted(cards)
    assert {Rng(seed).shuffled(cards)[0] for seed in range(10)} != {cards}


def test_choice_picks_a_member() -> None:
    picked, rng = Rng(3).choice(["x", "y", "z"])
    assert picked in {"x", "y", "z"}
    assert rng.draws == 1

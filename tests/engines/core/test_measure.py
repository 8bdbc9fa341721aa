import argparse

import pytest

from engines.core.measure import budget_scale, percentile, wilson


def test_wilson_interval() -> None:
    low, high = wilson(80, 100)
    assert 0.710 < low < 0.712 and 0.866 < high < 0.867
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_percentile_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.95) == 95.0
    assert percentile(list(reversed(values)), 0.5) == 50.0
    assert percentile([], 0.95) == 0.0


def test_a_budget_scale_is_a_finite_number_of_at_least_one() -> None:
    assert [budget_scale(text) for text in ("1", "4", "2.5")] == [1.0, 4.0, 2.5]
    for text in ("0.99", "0", "-4", "nan", "inf", "four"):
        with pytest.raises(argparse.ArgumentTypeError, match="at least 1"):
            budget_scale(text)

"""Estimates: whether several results agree within their intervals (the builders' stability check)."""

from __future__ import annotations

import pytest

from tablekit.core.stats import Estimate, agree


def test_intervals_that_share_a_point_agree():
    assert agree([Estimate(0.10, 0.05, 0.15, 100), Estimate(0.18, 0.14, 0.22, 100)])
    assert agree([Estimate(0.10, 0.05, 0.15, 100), Estimate(0.20, 0.15, 0.25, 100)])  # touching at 0.15


def test_one_interval_apart_from_the_rest_disagrees():
    close = [Estimate(0.10, 0.05, 0.15, 100), Estimate(0.12, 0.06, 0.18, 100)]
    assert not agree([*close, Estimate(0.30, 0.25, 0.35, 100)])


def test_overlapping_neighbours_are_not_enough():
    """Three intervals each overlapping the next, the first and last apart, do not agree."""
    chain = [Estimate(0.1, 0.0, 0.2, 9), Estimate(0.25, 0.15, 0.35, 9), Estimate(0.4, 0.3, 0.5, 9)]
    assert not agree(chain)


def test_nothing_to_compare_is_an_error():
    with pytest.raises(ValueError, match="at least one"):
        agree([])

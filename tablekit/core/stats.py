"""Estimates with 95% confidence intervals (simulations, the Hint button, deck builders)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean with its 95% confidence interval."""

    mean: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.mean:.3f} (95% CI {self.low:.3f}–{self.high:.3f}, n={self.n})"


def mean_interval(values: Sequence[float]) -> Estimate:
    """Mean of `values` with a normal-approximation 95% interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return Estimate(mean, mean, mean, n)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n)


def wilson_interval(successes: int, n: int, z: float = 1.96) -> Estimate:
    """A proportion with its Wilson score 95% interval (sound near 0 and 1)."""
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def paired_difference(first: Sequence[float], second: Sequence[float]) -> Estimate:
    """Mean of first[i] - second[i] over paired samples (say, games on the same seeds), 95% interval."""
    if not first or len(first) != len(second):
        raise ValueError(f"paired samples need equal, non-zero lengths; got {len(first)} and {len(second)}")
    return mean_interval([a - b for a, b in zip(first, second, strict=True)])


def agree(estimates: Sequence[Estimate]) -> bool:
    """Whether every pair of 95% intervals overlaps (on a line: some value lies in all of them)."""
    if not estimates:
        raise ValueError("agreement needs at least one estimate")
    return max(e.low for e in estimates) <= min(e.high for e in estimates)

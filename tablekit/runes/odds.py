"""Exact ordering odds inside a Chapter, from piecewise-polynomial integrals (no sampling).

Each block (a lone card or a Thread of Fate) scores its fixed Initiative plus an independent
uniform value in [0, 5]; higher scores go first. For block i with score x, another block j is
ahead with probability 1 - F_j(x), where F_j is linear between a_j and a_j + 5. On each piece
between those breakpoints the generating polynomial prod_j (F_j + (1 - F_j) t^size_j) has
polynomial coefficients in x, and integrating them against block i's density 1/5 gives the exact
probability of every starting position. Arithmetic is in `fractions.Fraction`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from tablekit.core.errors import ConfigError
from tablekit.core.game import rng_for
from tablekit.runes.preparation import RANDOM_SPAN, Block, Plan, Slot

Poly = tuple  # coefficients, constant first
SPAN = Fraction(RANDOM_SPAN)


def precedence_probability(a: int | Fraction, b: int | Fraction) -> Fraction:
    """P(a block with Initiative `a` is placed before one with `b` in the same Chapter).

    >>> precedence_probability(0, 0), precedence_probability(3, 0)
    (Fraction(1, 2), Fraction(23, 25))
    """
    gap = Fraction(b) - Fraction(a)  # a goes first when U_a - U_b > gap
    if gap >= SPAN:
        return Fraction(0)
    if gap <= -SPAN:
        return Fraction(1)
    if gap >= 0:
        return (SPAN - gap) ** 2 / (2 * SPAN ** 2)
    return 1 - (SPAN + gap) ** 2 / (2 * SPAN ** 2)


def first_probability(initiatives: Sequence[int | Fraction], i: int) -> Fraction:
    """P(item `i` is placed first among items with these Initiatives).

    >>> first_probability([0, 0, 0, 0, 0], 2)
    Fraction(1, 5)
    """
    key = tuple((Fraction(a), 1) for a in initiatives)
    return _block_distribution(key, _index(initiatives, i))[0]


def position_distribution(initiatives: Sequence[int | Fraction],
                          sizes: Sequence[int] | None = None) -> list[list[Fraction]]:
    """dist[i][p] = P(block i starts at position p); blocks of size 2 are Threads of Fate."""
    sizes = [1] * len(initiatives) if sizes is None else list(sizes)
    if len(sizes) != len(initiatives) or any(s not in (1, 2) for s in sizes):
        raise ConfigError("one size (1 for a card, 2 for a Thread) is needed per Initiative "
                          "[rule runes.thread-pair]")
    key = tuple((Fraction(a), s) for a, s in zip(initiatives, sizes, strict=True))
    return [list(_block_distribution(key, i)) for i in range(len(key))]


def chapter_block_positions(plan: Plan, chapter: int) -> list[tuple[Block, list[Fraction]]]:
    """Each lone card or Thread block of a Chapter with the exact odds of its starting place."""
    blocks = plan.blocks(chapter)
    dist = position_distribution([b.initiative for b in blocks], [b.size for b in blocks])
    return list(zip(blocks, dist, strict=True))


def chapter_positions(plan: Plan, chapter: int) -> dict[Slot, list[Fraction]]:
    """For every card of a Chapter, the exact probability of each position 0..4 in it."""
    block_starts = chapter_block_positions(plan, chapter)
    places = sum(block.size for block, _ in block_starts)
    result: dict[Slot, list[Fraction]] = {}
    for block, starts in block_starts:
        for offset, slot in enumerate(block.slots):
            row = [Fraction(0)] * places
            for start, p in enumerate(starts):
                if p and start + offset < places:
                    row[start + offset] = p
            result[slot] = row
    return result


def chapter_precedence(plan: Plan, chapter: int) -> dict[tuple[Slot, Slot], Fraction]:
    """P(card at slot x is placed before card at slot y) for every ordered pair in a Chapter."""
    owner = {slot: block for block in plan.blocks(chapter) for slot in block.slots}
    result = {}
    for x, bx in owner.items():
        for y, by in owner.items():
            if x == y:
                continue
            if bx is by:
                result[(x, y)] = Fraction(int(bx.slots.index(x) < bx.slots.index(y)))
            else:
                result[(x, y)] = precedence_probability(bx.initiative, by.initiative)
    return result


def sample_positions(plan: Plan, chapter: int, shuffles: int, seed: int | str
                     ) -> dict[Slot, list[float]]:
    """Monte Carlo estimate of `chapter_positions` from seeded shuffles (for checks and plots)."""
    rng: random.Random = rng_for(seed, "runes", "sample", chapter)
    blocks = plan.blocks(chapter)
    places = sum(b.size for b in blocks)
    counts = {slot: [0] * places for b in blocks for slot in b.slots}
    for _ in range(shuffles):
        ranked = sorted(blocks, key=lambda b: -(b.initiative + rng.uniform(0, RANDOM_SPAN)))
        position = 0
        for block in ranked:
            for slot in block.slots:
                counts[slot][position] += 1
                position += 1
    return {slot: [c / shuffles for c in row] for slot, row in counts.items()}


def _index(initiatives: Sequence[object], i: int) -> int:
    if not 0 <= i < len(initiatives):
        raise ConfigError(f"item {i} does not exist among {len(initiatives)} Initiatives")
    return i


@lru_cache(maxsize=4096)
def _block_distribution(blocks: tuple[tuple[Fraction, int], ...], i: int) -> tuple[Fraction, ...]:
    own, _ = blocks[i]
    others = [b for j, b in enumerate(blocks) if j != i]
    places = sum(size for _, size in blocks)
    cuts = sorted({own, own + SPAN} | {edge for a, _ in others for edge in (a, a + SPAN)
                                       if own < edge < own + SPAN})
    result = [Fraction(0)] * places
    for lo, hi in zip(cuts, cuts[1:], strict=False):
        for ahead, poly in _ahead_polynomials(others, lo, hi).items():
            result[ahead] += _integrate(poly, lo, hi) / SPAN
    return tuple(result)


def _ahead_polynomials(others: list[tuple[Fraction, int]], lo: Fraction, hi: Fraction
                       ) -> dict[int, Poly]:
    """Coefficients of t^k in prod_j (F_j(x) + (1 - F_j(x)) t^size_j) on the piece [lo, hi]."""
    table: dict[int, Poly] = {0: (Fraction(1),)}
    for start, size in others:
        behind = _cdf_piece(start, lo, hi)
        ahead = _sub((Fraction(1),), behind)
        grown: dict[int, Poly] = {}
        for k, poly in table.items():
            grown[k] = _add(grown.get(k, ()), _mul(poly, behind))
            grown[k + size] = _add(grown.get(k + size, ()), _mul(poly, ahead))
        table = grown
    return table


def _cdf_piece(start: Fraction, lo: Fraction, hi: Fraction) -> Poly:
    """P(score of a block with Initiative `start` is below x), as a polynomial on [lo, hi]."""
    if hi <= start:
        return (Fraction(0),)
    if lo >= start + SPAN:
        return (Fraction(1),)
    return (-start / SPAN, 1 / SPAN)


def _add(p: Poly, q: Poly) -> Poly:
    n = max(len(p), len(q))
    return tuple((p[k] if k < len(p) else 0) + (q[k] if k < len(q) else 0) for k in range(n))


def _sub(p: Poly, q: Poly) -> Poly:
    return _add(p, tuple(-c for c in q))


def _mul(p: Poly, q: Poly) -> Poly:
    out = [Fraction(0)] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        if a:
            for j, b in enumerate(q):
                out[i + j] += a * b
    return tuple(out)


def _integrate(poly: Poly, lo: Fraction, hi: Fraction) -> Fraction:
    return sum((c * (hi ** (k + 1) - lo ** (k + 1)) / (k + 1) for k, c in enumerate(poly)),
               Fraction(0))

"""The shared optimiser (solvers/optimise.py) on a toy game whose worths are known: pairing, the held-out verdict,
the "nothing better" path and determinism."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence

import pytest

from solvers.optimise import SEARCH, VERDICT, Budget, Ledger, _chosen, needed_games, optimise
from tablekit.core.errors import ConfigError

CARDS = ("ash", "birch", "cedar", "daisy", "elm", "fern")
Deck = tuple[str, ...]


class Toy:
    """Pick 3 of 6 cards; a game is won when the deal's luck is below the deck's strength."""

    def __init__(self, worth: Mapping[str, float], baseline: Deck, base: float = 0.3) -> None:
        self.worth, self.baseline, self.base = worth, baseline, base
        self.blocks: dict[str, list[Deck]] = {}

    def strength(self, deck: Deck) -> float:
        return self.base + sum(self.worth[c] for c in deck)

    def baselines(self) -> dict[str, Deck]:
        return {"sample deck": self.baseline}

    def features(self, deck: Deck) -> dict[str, float]:
        return {card: 1.0 for card in deck}

    def explore(self, around: Deck, rng: random.Random, count: int) -> list[Deck]:
        found = []
        for _ in range(count):
            out = rng.choice(around)
            into = rng.choice([c for c in CARDS if c not in around])
            found.append(tuple(sorted({*around} - {out} | {into})))
        return found

    def best(self, worth: Mapping[str, float], avoid: Sequence[Deck], count: int) -> list[Deck]:
        decks = [d for d in itertools.combinations(CARDS, 3) if d not in avoid]
        return sorted(decks, key=lambda d: -sum(worth.get(c, 0.0) for c in d))[:count]

    def play(self, deck: Deck, block: str, games: int) -> list[float]:
        self.blocks.setdefault(block, []).append(deck)
        luck = random.Random(block)  # the block's deals: the same for every deck
        return [float(luck.random() < self.strength(deck)) for _ in range(games)]


WORTH = {"ash": 0.02, "birch": 0.0, "cedar": 0.15, "daisy": 0.12, "elm": 0.01, "fern": 0.10}
SMALL = Budget(search_games=3_000, block=40, explore=8, proposals=3, verdict_games=600)


def test_the_best_deck_is_found_and_shown_better_on_fresh_games() -> None:
    toy = Toy(WORTH, baseline=("ash", "birch", "elm"))
    result = optimise(toy, seed=1, budget=SMALL)
    assert result.answer == ("cedar", "daisy", "fern") and result.shown_better
    (verdict,) = result.verdicts
    assert verdict.difference.low > 0 and verdict.difference.n == SMALL.verdict_games
    assert result.worth["cedar"].mean > result.worth["birch"].mean
    assert "beats every baseline" in result.message


def test_the_verdict_plays_only_seeds_the_search_never_used() -> None:
    toy = Toy(WORTH, baseline=("ash", "birch", "elm"))
    result = optimise(toy, seed=2, budget=SMALL)
    assert result.verdict_seeds and result.search_seeds
    assert not set(result.verdict_seeds) & set(result.search_seeds)
    assert all(b.startswith(VERDICT) for b in result.verdict_seeds)
    assert all(b.startswith(SEARCH) for b in result.search_seeds)
    assert set(toy.blocks) == set(result.verdict_seeds) | set(result.search_seeds)


def test_every_candidate_of_a_round_meets_the_same_deals() -> None:
    toy = Toy(WORTH, baseline=("ash", "birch", "elm"))
    optimise(toy, seed=3, budget=SMALL)
    first = toy.blocks[f"{SEARCH}:3:0"]
    assert len(first) == len(set(first)) > 2  # several candidates, each once, on the first block
    # pairing: two equal-strength decks on one block have identical results game by game
    twin = Toy({**WORTH, "birch": WORTH["elm"]}, baseline=("ash", "birch", "cedar"))
    assert twin.play(("ash", "birch", "cedar"), "b", 50) == twin.play(("ash", "cedar", "elm"), "b", 50)


def test_nothing_better_returns_the_baseline_and_says_so() -> None:
    flat = {card: 0.0 for card in CARDS}  # every deck is as good as any other
    toy = Toy(flat, baseline=("ash", "birch", "cedar"), base=0.5)
    result = optimise(toy, seed=4, budget=SMALL)
    assert result.answer == ("ash", "birch", "cedar") and not result.shown_better
    assert result.answer_is_baseline
    assert "Nothing was shown better" in result.message or "Nothing beat" in result.message


def test_an_optimal_baseline_is_kept() -> None:
    toy = Toy(WORTH, baseline=("cedar", "daisy", "fern"))
    result = optimise(toy, seed=5, budget=SMALL)
    assert result.answer == ("cedar", "daisy", "fern")


def test_the_same_seed_gives_the_same_result_and_other_seeds_agree() -> None:
    runs = [optimise(Toy(WORTH, baseline=("ash", "birch", "elm")), seed=s, budget=SMALL) for s in (7, 7, 8)]
    assert runs[0] == runs[1]
    assert runs[0].answer == runs[2].answer


@pytest.mark.parametrize("bad", [{"search_games": 0}, {"block": -1}, {"verdict_games": 1.5},
                                 {"search_games": 50, "block": 40}, {"sweep": -1}, {"sweep": True}])
def test_an_impossible_budget_is_refused(bad: dict) -> None:
    with pytest.raises(ConfigError, match="budget|cannot pair"):
        Budget(**bad)


def test_progress_reaches_the_total() -> None:
    seen: list[tuple[int, int]] = []
    optimise(Toy(WORTH, baseline=("ash", "birch", "elm")), seed=9, budget=SMALL,
             progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1] and all(a <= b for (a, _), (b, _) in itertools.pairwise(seen))


def test_rounds_count_the_search_blocks() -> None:
    result = optimise(Toy(WORTH, baseline=("ash", "birch", "elm")), seed=10, budget=SMALL)
    assert result.rounds == len(result.search_seeds) > 1
    assert result.search_games <= SMALL.search_games


class Lone(Toy):
    """A game with one legal deck: nothing to explore, nothing to propose, no features to value."""

    def explore(self, around: Deck, rng: random.Random, count: int) -> list[Deck]:
        return []

    def best(self, worth: Mapping[str, float], avoid: Sequence[Deck], count: int) -> list[Deck]:
        return []

    def features(self, deck: Deck) -> dict[str, float]:
        return {}


def test_a_search_with_nothing_to_try_returns_the_baseline_without_a_verdict() -> None:
    result = optimise(Lone(WORTH, baseline=("ash", "birch", "elm")), seed=11, budget=SMALL)
    assert result.answer == ("ash", "birch", "elm") and result.verdicts == () and result.worth == {}
    assert result.message.startswith("Nothing beat the baselines")


def test_the_games_needed_to_resolve_a_difference() -> None:
    assert needed_games(0.1, 0.5) == 97  # (1.96 * 0.5 / 0.1) ** 2 = 96.04
    with pytest.raises(ValueError, match="above 0"):
        needed_games(0.0, 0.5)


def test_the_answer_is_chosen_on_merit_not_on_rounds_played() -> None:
    """A baseline that met every block must not win over a later candidate that adds more to the deals it met."""
    ledger = Ledger(Toy(WORTH, baseline=("ash", "birch", "elm")))
    base, late, weak = ("ash", "birch", "elm"), ("cedar", "daisy", "fern"), ("ash", "birch", "cedar")
    for block in ("b0", "b1", "b2", "b3"):
        ledger.results.setdefault(base, {})[block] = [0.5] * 10
        ledger.results.setdefault(weak, {})[block] = [0.4] * 10
    for block in ("b2", "b3"):
        ledger.results.setdefault(late, {})[block] = [0.8] * 10
    ledger.results[(("one", "block", "only"))] = {"b3": [1.0] * 10}  # one block: luck, not worth
    assert _chosen(ledger, [base, late, weak, ("one", "block", "only")]) == late
    assert ledger.centred(late) > ledger.centred(base) > ledger.centred(weak)


class TwoBaselines(Toy):
    """A weak sample deck and, second, the best deck of all as an expert's baseline."""

    def baselines(self) -> dict[str, Deck]:
        return {"sample deck": self.baseline, "expert deck": ("cedar", "daisy", "fern")}


def test_a_later_baseline_that_wins_is_named_as_the_baseline_it_is() -> None:
    result = optimise(TwoBaselines(WORTH, baseline=("ash", "birch", "elm")), seed=12, budget=SMALL)
    assert result.answer == result.leader == ("cedar", "daisy", "fern") and result.shown_better
    assert [v.baseline for v in result.verdicts] == ["sample deck"]
    assert result.answer_is_baseline and result.baseline == "expert deck"
    assert "beats every baseline" not in result.message
    assert "expert deck beats sample deck" in result.message


def test_a_budget_too_small_for_one_round_is_refused_with_the_games_needed() -> None:
    tight = Budget(search_games=200, block=40, explore=8, proposals=3, verdict_games=60)
    with pytest.raises(ConfigError, match=r"7 starting candidates .* need 280 games; raise search_games"):
        optimise(Toy(WORTH, baseline=("ash", "birch", "elm")), seed=13, budget=tight)


def test_a_sweep_races_the_leaders_neighbours_in_a_field_cut_to_size() -> None:
    """With `sweep`, every round looks around the leader and the field never grows past sweep survivors plus the
    round's newcomers; the best deck is still found."""
    budget = Budget(search_games=3_000, block=40, explore=8, proposals=2, verdict_games=600, sweep=3)
    toy = Toy(WORTH, baseline=("ash", "birch", "elm"))
    explored: list[int] = []
    looking = toy.explore
    toy.explore = lambda around, rng, count: explored.append(count) or looking(around, rng, count)  # type: ignore
    result = optimise(toy, seed=11, budget=budget)
    assert result.answer == ("cedar", "daisy", "fern") and result.shown_better
    later = [toy.blocks[b] for b in result.search_seeds[1:]]
    assert later and all(len(field) <= budget.sweep + budget.proposals + budget.sweep for field in later)
    assert explored.count(budget.sweep) == result.rounds  # one look around the leader per round


def test_restarts_search_apart_then_race_their_answers_on_shared_blocks() -> None:
    """With `restarts`, each search has its own seed stream and blocks; their answers and the first baseline then
    meet the same final blocks, and the race's best goes to the verdict."""
    budget = Budget(search_games=6_000, block=40, explore=8, proposals=2, verdict_games=600, restarts=3)
    toy = Toy(WORTH, baseline=("ash", "birch", "elm"))
    result = optimise(toy, seed=14, budget=budget)
    assert result.answer == ("cedar", "daisy", "fern") and result.shown_better
    streams = {b.rsplit(":", 1)[0] for b in result.search_seeds}
    assert streams == {f"{SEARCH}:14:0", f"{SEARCH}:14:1", f"{SEARCH}:14:2", f"{SEARCH}:14:final"}
    final = [b for b in result.search_seeds if ":final:" in b]
    assert final and ("ash", "birch", "elm") in toy.blocks[final[0]]
    assert all(set(toy.blocks[b]) <= set(toy.blocks[final[0]]) for b in final)
    assert result.search_games <= budget.search_games
    assert not set(result.verdict_seeds) & set(result.search_seeds)


def test_one_restart_is_the_plain_search() -> None:
    plain = optimise(Toy(WORTH, baseline=("ash", "birch", "elm")), seed=15, budget=SMALL)
    assert all(b.count(":") == 2 for b in plain.search_seeds)


def test_a_restart_share_too_small_for_one_round_names_the_games_needed() -> None:
    tight = Budget(search_games=600, block=40, explore=8, proposals=3, verdict_games=60, restarts=3)
    with pytest.raises(ConfigError, match=r"each of 3 restarts gets 160\).* raise search_games to 1050"):
        optimise(Toy(WORTH, baseline=("ash", "birch", "elm")), seed=16, budget=tight)


class ThreeBaselines(Toy):
    """Three weak baselines: the verdict compares the answer with each of them."""

    def baselines(self) -> dict[str, Deck]:
        return {"sample deck": self.baseline, "starter": ("ash", "birch", "cedar"), "none": ("birch", "elm", "fern")}


def test_the_verdict_plays_the_answer_once_on_the_deals_every_baseline_meets() -> None:
    toy = ThreeBaselines(WORTH, baseline=("ash", "birch", "elm"))
    result = optimise(toy, seed=17, budget=SMALL)
    (block,) = result.verdict_seeds
    assert sorted(toy.blocks[block]) == sorted([result.leader, *toy.baselines().values()])
    assert [v.baseline for v in result.verdicts] == ["sample deck", "starter", "none"]
    assert len({v.answer for v in result.verdicts}) == 1  # the answer's one set of games

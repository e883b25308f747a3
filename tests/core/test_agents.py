"""The hint search: exact budget, successive halving, common deals, honest intervals, seeds."""

from __future__ import annotations

import random
from functools import cached_property
from typing import NamedTuple

import pytest

import tablekit
from tablekit.core import Events, Game, GameState, Outcome
from tablekit.core.actions import action
from tablekit.core.agents import ROUGH_BELOW, MonteCarloAgent, MoveEstimate, hint, make_agent
from tablekit.core.config import GameConfig
from tablekit.core.errors import ConfigError
from tablekit.core.game import rng_for
from tablekit.core.rulebook import CORE_RULES, RuleBook

SURE = 10  # a threshold every hidden card (0..9) is below: the pick always wins


@action
class Pick(NamedTuple):
    label: str

    def __str__(self) -> str:
        return f"Pick {self.label}"


class Table(GameState):
    __slots__ = ("card", "picked")

    def __init__(self, card: int, picked: str | None = None) -> None:
        super().__init__()
        self.card, self.picked = card, picked


class GuessConfig(GameConfig):
    """Guess takes no options and seats one player."""

    @property
    def players(self) -> int:
        return 1


class Guess(Game):
    """One hidden card 0..9, one decision: pick a label; it wins on `threshold` of the ten cards.

    `odds` maps each label to (threshold, shift): the pick wins when (card + shift) % 10 is below
    the threshold, so picks with different shifts win on different deals. Every determinized deal
    is counted in `deals`, so a test can count the play-outs itself.
    """

    name, title, action_types = "guess", "Guess", (Pick,)
    config_model = GuessConfig

    def __init__(self, odds: dict[str, tuple[int, int]], favourite: str | None = None) -> None:
        super().__init__()
        self.odds, self.favourite, self.deals = odds, favourite, 0

    @cached_property
    def rulebook(self) -> RuleBook:
        return RuleBook.from_toml(self.name, CORE_RULES)

    def _initial_state(self, config, rng: random.Random, events: Events) -> Table:
        return Table(rng.randrange(10))

    def to_move(self, state: Table) -> int | None:
        return None if state.picked else 0

    def _legal_actions(self, state: Table) -> list[Pick]:
        return [Pick(label) for label in self.odds]

    def _apply_unchecked(self, state: Table, act: Pick, events: Events) -> None:
        state.picked = act.label

    def is_over(self, state: Table) -> bool:
        return state.picked is not None

    def outcome(self, state: Table) -> Outcome | None:
        if state.picked is None:
            return None
        threshold, shift = self.odds[state.picked]
        won = (state.card + shift) % 10 < threshold
        return Outcome((float(won),), (0,) if won else (), "won" if won else "lost")

    def clone(self, state: Table) -> Table:
        return Table(state.card, state.picked)

    def view(self, state: Table, player: int) -> Table:
        return Table(-1, state.picked)

    def determinize(self, view: Table, rng: random.Random) -> Table:
        self.deals += 1
        return Table(rng.randrange(10), view.picked)

    def snapshot(self, state: Table) -> dict:
        return {"card": state.card, "picked": state.picked}

    def heuristic_action(self, view: Table, legal: list[Pick], rng: random.Random) -> Pick:
        return Pick(self.favourite) if self.favourite else legal[rng.randrange(len(legal))]


def search(game: Guess, budget: int, seed: int = 0) -> list[MoveEstimate]:
    """The search's estimates for the one decision of `game`."""
    view = game.view(game.initial_state(game.make_config(), random.Random(seed)), 0)
    agent = MonteCarloAgent(rollouts=budget)
    return agent.estimate(game, view, game.legal_actions(view), rng_for(seed, "t"))


def fair(moves: int, sure: str | None = None) -> dict[str, tuple[int, int]]:
    """`moves` picks that win half the time, each on other deals, one of them (`sure`) always."""
    return {f"m{i}": (SURE if f"m{i}" == sure else 5, i) for i in range(moves)}


@pytest.mark.parametrize("moves", [1, 2, 3, 9, 12, 16])
@pytest.mark.parametrize("budget", [1, 5, 12, 48, 200, 301])
def test_the_budget_is_spent_exactly(moves, budget):
    game = Guess(fair(moves))
    estimates = search(game, budget)
    assert sum(e.rollouts for e in estimates) == budget == game.deals
    assert len(estimates) == min(moves, budget) and all(e.rollouts >= 1 for e in estimates)


def test_a_real_hint_spends_its_budget_on_legal_moves():
    match = tablekit.new_game("wonders", seed=3)
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    assert len(match.legal_actions()) > 8
    reports = []
    moves = hint(match, rollouts=48, top=100, seed=1, progress=lambda *done: reports.append(done))
    assert sum(m.rollouts for m in moves) == 48 and len(moves) == len(match.legal_actions())
    assert reports == [(done, 48) for done in range(1, 49)]
    assert all(m.action in match.legal_actions() for m in moves)


@pytest.mark.parametrize("seed", range(6))
def test_the_best_move_gets_the_most_play_outs(seed):
    game = Guess({f"m{i}": (i, i) for i in range(11)})
    estimates = search(game, 120, seed)
    assert estimates[0].rollouts == max(e.rollouts for e in estimates)
    assert estimates[0].rollouts > min(e.rollouts for e in estimates)  # the budget went somewhere


@pytest.mark.parametrize("budget", [48, 240])
def test_no_95_percent_interval_rests_on_fewer_than_30_play_outs(budget):
    estimates = search(Guess(fair(12, sure="m3")), budget)
    for estimate in estimates:
        text = str(estimate)
        assert estimate.rough == (estimate.rollouts < ROUGH_BELOW)
        if estimate.rough:
            assert "95%" not in text and f"rough, {estimate.rollouts} play-outs" in text
        else:
            assert "95%" in text and f"of {estimate.rollouts} play-outs" in text
    if budget == 240:  # enough for the leading moves to earn a real interval
        assert not estimates[0].rough


@pytest.mark.parametrize("seed", range(4))
def test_identical_moves_get_identical_estimates(seed):
    odds = {f"m{i}": (SURE, 0) for i in range(10)} | {"twin-a": (5, 0), "twin-b": (5, 0)}
    game = Guess(odds, favourite="m0")  # a favourite twin would be kept in the race (never cut)
    estimates = {e.action.label: e for e in search(game, 240, seed)}
    a, b = estimates["twin-a"], estimates["twin-b"]
    assert 0 < a.mean < 1  # not trivially equal: the deals decided both
    assert (a.mean, a.low, a.high, a.win_rate) == (b.mean, b.low, b.high, b.win_rate)
    assert a.rollouts == b.rollouts


@pytest.mark.parametrize("seed", range(8))
def test_the_search_finds_the_move_that_wins_surely(seed):
    game = Guess(fair(12, sure="m11"))  # last in legal order: no tie-break helps it
    estimates = search(game, 120, seed)
    best = estimates[0]
    assert best.action == Pick("m11") and best.mean == 1.0
    assert best.rollouts == max(e.rollouts for e in estimates)
    view = game.view(game.initial_state(game.make_config(), random.Random(seed)), 0)
    agent = make_agent("search:120")
    assert agent.choose(game, view, game.legal_actions(view), rng_for(seed, "c")) == Pick("m11")


def test_ties_favour_the_heuristic_move():
    estimates = search(Guess({f"m{i}": (SURE, 0) for i in range(5)}, favourite="m3"), 50)
    assert estimates[0].action == Pick("m3")


def test_a_budget_below_the_move_count_tries_the_heuristic_move_and_a_sample():
    estimates = search(Guess(fair(12), favourite="m7"), 5)
    assert len(estimates) == 5 and all(e.rollouts == 1 for e in estimates)
    assert Pick("m7") in [e.action for e in estimates]


def test_the_same_seed_gives_the_same_search():
    game = Guess({f"m{i}": (i, i) for i in range(12)})
    first = search(game, 150, seed=4)
    assert search(game, 150, seed=4) == first
    assert search(game, 150, seed=5) != first


@pytest.mark.parametrize("spec", ["search:x", "search:0", "psychic"])
def test_bad_agent_names_are_clear_errors(spec):
    with pytest.raises(ConfigError):
        make_agent(spec)


@pytest.mark.parametrize("budget", [0, -3, 2.5, True])
def test_bad_hint_budgets_are_clear_errors(budget):
    match = tablekit.new_game("deckula", seed=1)
    with pytest.raises(ConfigError, match="budget"):
        hint(match, rollouts=budget)

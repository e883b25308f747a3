"""The band inscription planner (solvers.forge) on the shared optimiser: legal plans, explanations,
pairing, the held-out verdict, the "nothing better" path and determinism (tiny budgets: seconds)."""

from __future__ import annotations

import random

import pytest

import solvers.forge as forge
import tablekit
from solvers.forge import InscriptionProblem, PlanError, plan_inscriptions
from solvers.optimise import Budget, optimise
from tablekit.core.agents import HeuristicAgent
from tablekit.core.errors import ConfigError
from tablekit.forge.band import check_inscription, starting_plan_cost
from tablekit.forge.cards import TIER_COST, is_hero, parse_card, sample_book
from tablekit.forge.setup import STARTER_PLAN

TINY = Budget(search_games=120, block=6, explore=4, proposals=2, verdict_games=12)


@pytest.fixture(scope="module")
def solo():
    return plan_inscriptions(wizards=1, seed=0, budget=TINY)


def test_every_plan_the_search_tried_is_legal_by_the_games_own_rules(solo):
    assert solo.status in ("optimal", "baseline") and solo.coppers == 40
    assert solo.evidence.search_games <= TINY.search_games
    tried = [plan for plan, _ in solo.evidence.raced] + [solo.evidence.leader]
    for plan in [p for p in tried if p and p not in solo.baselines.values()]:
        assert starting_plan_cost(dict(plan), wizards=1) <= 40
    for page in solo.inscriptions:
        assert page.tier in ("common", "uncommon", "rare") and page.cost == TIER_COST[page.tier]
        assert page.name == sample_book()[page.id].name and page.card[-1] in "♠♥♣♦"


def test_the_answer_is_the_leader_only_when_every_verdict_shows_it_better(solo):
    verdicts = solo.evidence.verdicts
    if solo.shown_better:
        assert all(v.difference.low > 0 for v in verdicts) and solo.evidence.answer == solo.evidence.leader
    else:
        assert solo.evidence.answer == () and solo.plan == {} and "Nothing was shown better" in solo.message


def test_the_same_seed_gives_the_same_answer_and_evidence(solo):
    again = plan_inscriptions(wizards=1, seed=0, budget=TINY)
    assert again.evidence.leader == solo.evidence.leader and again.plan == solo.plan
    assert again.worth == solo.worth and again.evidence.verdicts == solo.evidence.verdicts


def test_two_plans_meet_the_same_deals_on_a_block(monkeypatch):
    calls = []
    real = forge.simulate

    def spy(game, n, **kwargs):
        calls.append((game, n, kwargs["seed"], kwargs["agents"], kwargs["config"]))
        return real(game, n, **kwargs)

    monkeypatch.setattr(forge, "simulate", spy)
    problem = _problem()
    starter = problem.baselines()["starter plan"]
    problem.play((), "search:0:3", 4)
    problem.play(starter, "search:0:3", 4)
    (_, n1, seed1, agents1, none), (_, n2, seed2, agents2, plan) = calls
    assert (n1, seed1, agents1) == (n2, seed2, agents2) and none["plan"] == {} and plan["plan"] == STARTER_PLAN
    first = tablekit.new_game("forge", seed="search:0:3/2", **none).state  # game 2 of the block, both arms
    second = tablekit.new_game("forge", seed="search:0:3/2", **plan).state
    assert first.hands == second.hands and first.decks == second.decks and first.bosses == second.bosses
    assert first.inscribed != second.inscribed


def test_no_verdict_game_was_played_in_the_search():
    played = []

    class Spy(InscriptionProblem):
        def play(self, candidate, block, games):
            played.append(block)
            return super().play(candidate, block, games)

    result = optimise(Spy(*_problem_args()), seed=5, budget=TINY)
    searched = set(result.search_seeds)
    assert result.verdict_seeds and not searched & set(result.verdict_seeds)
    assert set(played) == searched | set(result.verdict_seeds)
    assert result.verdict_seeds == ("verdict:5",)


def test_when_nothing_is_better_the_baseline_comes_back_with_the_sentence():
    # The kit's heuristic wins every solo dungeon with HP to spare, so no plan can show a difference.
    result = plan_inscriptions(wizards=1, seed=1, budget=TINY, player=HeuristicAgent())
    assert result.status == "baseline" and not result.shown_better and result.inscriptions == ()
    assert result.message.startswith("Nothing was shown better than no inscriptions")
    assert result.player == "heuristic" and result.evidence.verdicts


@pytest.mark.parametrize(("wish", "coppers", "rule"), [
    ({"Q♥": "sunforge-crown"}, 30, "Mythics are earned, never bought"),
    ([("Q♥", "ember-edge"), ("Q♥", "hop-rune")], 30, "one inscription per card"),
    ({"K♠": "tinkers-twist"}, 30, "Heroes cannot be Converted"),
    ({}, 10, "the inscriptions must fit the coppers (10 coppers)"),
    ({"K♠": "wildfire-crest", "Q♠": "wildfire-crest"}, 30, "must fit the coppers"),
])
def test_impossible_wishes_are_explained_by_the_rule_they_break(wish, coppers, rule):
    result = plan_inscriptions(coppers=coppers, require=wish, budget=TINY)
    assert result.status == "infeasible" and not result.inscriptions
    assert any(rule in reason for reason in result.reasons), result.reasons


def test_wishes_are_kept_in_every_plan_the_search_proposes():
    problem = _problem(require={"2♦": "ember-edge"})
    for plan in problem.best({"tin-ward": 1.0}, [], 3):
        assert ("2♦", "ember-edge") in plan and starting_plan_cost(dict(plan), wizards=1) <= 40


def test_turning_keeps_inscribed_cards_and_spends_only_the_coppers():
    held = {"K♠": "wildfire-crest", "7♥": "kettle-charm", "9♣": "wayfinder-notch"}
    result = plan_inscriptions(coppers=12, turning=True, inscribed=held, budget=TINY)
    assert result.baselines == {"no new inscriptions": ()}
    leader = dict(result.evidence.leader)
    assert sum(TIER_COST[sample_book()[p].tier] for p in leader.values()) <= 12
    assert not set(leader) & set(held)
    done = dict(held)
    for card, page in leader.items():
        check_inscription(card, page, sample_book(), done)
        done[card] = page


def test_bad_requests_are_refused():
    with pytest.raises(PlanError):
        plan_inscriptions(require={"1♠": "ember-edge"}, budget=TINY)
    with pytest.raises(PlanError):
        plan_inscriptions(require={"Q♠": "no-such-page"}, budget=TINY)
    with pytest.raises(PlanError):
        plan_inscriptions(wizards=6, budget=TINY)


def test_an_executor_gives_the_same_answer_as_serial_play(solo):
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=2) as pool:
        pooled = plan_inscriptions(wizards=1, seed=0, budget=TINY, executor=pool)
    assert pooled.evidence.leader == solo.evidence.leader and pooled.worth == solo.worth
    assert pooled.evidence.verdicts == solo.evidence.verdicts


def test_the_plan_option_puts_a_plan_on_wizard_1_and_pays_for_it():
    match = tablekit.new_game("forge", seed=3, wizards=2, plan={"K♠": "ember-edge", "2♦": "tin-ward"})
    assert match.state.inscribed[0] == {11: "ember-edge", 36: "tin-ward"}
    cost = sum(sample_book()[p].cost for p in ("ember-edge", "tin-ward"))
    assert match.state.inscribed[1] and match.state.coppers[0] == 30 - cost
    with pytest.raises(ConfigError, match="plan"):
        tablekit.new_game("forge", seed=3, plan={"K♠": "tinkers-twist"})


def test_a_margin_orders_every_loss_below_every_win():
    from tablekit.core.simulate import simulate
    records = simulate("forge", 30, seed="margin", agents=(forge.PLAYER,), executor="serial", progress=False,
                       config={"wizards": 3, "score": "margin"}).records
    for r in records:
        assert (r.scores[0] >= 1) if r.winners else (0 <= r.scores[0] < 1)


def _problem_args(**options):
    book = sample_book()
    model = forge._PlanModel(book, 40, {}, forge._wishes(options.get("require", {}), book), starting=True)
    return model, 1, {}, forge.PLAYER, "serial"


def _problem(**options) -> InscriptionProblem:
    return InscriptionProblem(*_problem_args(**options))


def test_the_progress_bar_stays_on_the_page_and_ends_full():
    bar = forge._Bar(True)
    bar.update(3, 10)  # the search stopped early: candidates dropped, fewer games than planned
    bar.close()
    shown = bar._bar
    assert shown.leave and shown.n == shown.total == 3  # kept (never "model not found"), drawn complete


def test_convert_pages_fit_the_items_nobody_wished_for():
    book = sample_book()
    wishes = forge._wishes({"10♠": "ember-edge", "10♥": "tin-ward", "9♠": "tinkers-twist"}, book)
    model = forge._PlanModel(book, 1000, {}, wishes, starting=False)
    plan = dict(model.solve({"tinkers-twist": 5, "alchemists-knot": 5}, 0, 1))
    converts = [card for card, page in plan.items() if forge._convert_only(book[page])]
    assert {card: plan[card] for card, _ in wishes} == dict(wishes)
    assert len(converts) == 10 and not any(is_hero(parse_card(card)) for card in converts)  # 9 free Items, 9♠


def test_the_starter_plan_shown_better_than_no_inscriptions_is_reported_as_a_baseline(monkeypatch):
    starter = tuple(sorted(STARTER_PLAN.items(), key=forge._card_order))

    def play(self, candidate, block, games):  # the starter plan is worth half a dungeon more than any other plan
        luck = random.Random(block)
        return [luck.random() + (0.5 if candidate == starter else 0.0) for _ in range(games)]

    monkeypatch.setattr(InscriptionProblem, "play", play)
    result = plan_inscriptions(wizards=1, seed=0, budget=TINY)
    assert result.evidence.answer == starter and result.shown_better
    assert result.status == "baseline" and result.evidence.baseline == "starter plan"
    assert "starter plan beats no inscriptions" in result.message


def test_a_custom_book_file_is_the_book_the_simulated_dungeons_use(monkeypatch, tmp_path):
    from tablekit.forge.cards import SAMPLE_BOOK, load_book
    path = tmp_path / "mine.toml"
    path.write_text(SAMPLE_BOOK.read_text(encoding="utf-8").replace('name = "Ember Edge"', 'name = "My Edge"'),
                    encoding="utf-8")
    book = load_book(path)
    configs = []
    real = forge.simulate

    def spy(game, n, **kwargs):
        configs.append(kwargs["config"])
        return real(game, n, **kwargs)

    monkeypatch.setattr(forge, "simulate", spy)
    model = forge._PlanModel(book, 40, {}, [], starting=True)
    InscriptionProblem(model, 1, {}, forge.PLAYER, "serial").play((), "custom", 2)
    assert configs and all(c["book"] == str(path) for c in configs)


def test_a_book_the_dungeons_cannot_load_is_refused():
    from tablekit.forge.cards import SAMPLE_BOOK, load_book
    book = load_book("nowhere.toml", SAMPLE_BOOK.read_text(encoding="utf-8"))  # from text: no file to play with
    with pytest.raises(PlanError, match="nowhere.toml"):
        plan_inscriptions(book=book, budget=TINY)


def test_exploring_stacks_every_priced_page_before_any_page_twice():
    problem = _problem()
    priced = [p.id for p in problem.model.pages if p.cost > 0]
    rng = random.Random(3)
    for _ in range(len(priced)):
        problem.explore((), rng, 1)
        counts = [problem.stacked[page] for page in priced]
        assert max(counts) - min(counts) <= 1  # no page stacked twice while another waits
    assert min(problem.stacked[page] for page in priced) >= 1

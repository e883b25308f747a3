"""Building by win rate on the shared optimiser: pairing, the held-out verdict, "nothing better", determinism."""

from collections import Counter

import pytest

import solvers.wonders as wonders
from solvers.optimise import SEARCH, VERDICT, Budget
from solvers.wonders import (
    RECOMMENDED,
    DeckLimit,
    DeckProblem,
    WondersBuild,
    best_decks,
    improve_deck,
    recommended_deck,
    validate_deck,
)

TINY = Budget(search_games=100, block=10, explore=3, proposals=2, verdict_games=20)
ONLY_GREEN = (DeckLimit("green", at_least=28, colour="green"),)  # the recommended deck is the only legal one


def spy_on_simulate(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """Record every simulation the builder asks for."""
    calls: list[dict] = []
    real = wonders.simulate

    def recorded(game: str, n: int, **options: object) -> object:
        calls.append({"n": n, **options})
        return real(game, n, **options)

    monkeypatch.setattr(wonders, "simulate", recorded)
    return calls


def test_two_decks_meet_the_same_deals_on_a_block(monkeypatch):
    calls = spy_on_simulate(monkeypatch)
    build = WondersBuild(DeckProblem("grak"))
    recommended = build.baselines()[RECOMMENDED]
    other = build.explore(recommended, __import__("random").Random(1), 1)[0]
    build.play(recommended, "block-a", 6)
    build.play(other, "block-a", 6)
    assert [c["seed"] for c in calls] == ["block-a", "block-a"] and [c["n"] for c in calls] == [6, 6]
    assert calls[0]["config"]["picks"] != calls[1]["config"]["picks"]
    # game i is seeded block/i whatever the deck: the same deck in another order plays the same games
    assert build.play(tuple(reversed(recommended)), "block-a", 6) == build.play(recommended, "block-a", 6)


def test_the_verdict_plays_only_blocks_the_search_never_used(monkeypatch):
    calls = spy_on_simulate(monkeypatch)
    found = improve_deck(DeckProblem("morwen"), seed=0, budget=TINY)
    played = {c["seed"] for c in calls}
    result = found.result
    assert result.verdict_seeds and not set(result.verdict_seeds) & set(result.search_seeds)
    assert played == set(result.verdict_seeds) | set(result.search_seeds)
    assert all(s.startswith(VERDICT) for s in result.verdict_seeds)
    assert all(s.startswith(SEARCH) for s in result.search_seeds)
    verdict = result.verdicts[0]
    assert verdict.baseline == RECOMMENDED and verdict.difference.n == TINY.verdict_games


def test_a_build_that_shows_nothing_better_returns_the_recommended_deck_and_says_so():
    found = improve_deck(DeckProblem("cullin", limits=ONLY_GREEN), seed=0, budget=TINY)
    assert found.picks == sorted(recommended_deck("cullin")) and not found.shown_better
    assert found.message.startswith("Nothing beat the baselines")
    weak = improve_deck(DeckProblem("grak"), seed=1, budget=TINY)  # 20 verdict games resolve nothing
    assert not weak.shown_better and weak.picks == sorted(recommended_deck("grak"))
    assert "Nothing was shown better than recommended colour" in weak.message
    assert weak.result.leader != tuple(weak.picks)  # the search's best is reported, not returned


def test_the_same_seed_gives_the_same_build():
    first, again = (improve_deck(DeckProblem("morwen"), seed=5, budget=TINY) for _ in range(2))
    assert first.result == again.result and first.picks == again.picks
    assert validate_deck(DeckProblem("morwen"), first.result.leader) == []


def test_the_build_says_who_plays_and_where():
    found = improve_deck(DeckProblem("cullin", limits=ONLY_GREEN), seed=0, budget=TINY)
    assert found.agent == "heuristic" and "heuristic agent" in found.setting and "Cullin" in found.setting


def test_best_decks_follow_the_worth_the_limits_and_the_decks_to_avoid():
    problem = DeckProblem("cullin", limits=(DeckLimit("spells", at_most=4, kind="spell"),))
    worth = {"fireball": 0.05, "frost-bolt": 0.04, "scorch": 0.03, "stag-charger": 0.02}
    first, second = best_decks(problem, worth, count=2)
    assert all(validate_deck(problem, d) == [] for d in (first, second)) and first != second
    assert Counter(first)["stag-charger"] == 2 and Counter(first)["fireball"] == 3
    assert Counter(first)["frost-bolt"] == 1  # four spells at most: the fourth is the next best
    assert best_decks(problem, worth, avoid=[first], count=1) == [second]


def test_best_decks_name_the_limits_that_clash():
    limits = (DeckLimit("spells", at_least=10, kind="spell"), DeckLimit("few spells", at_most=5, kind="spell"))
    with pytest.raises(ValueError, match="few spells: at most 5; spells: at least 10|spells: at least 10; few"):
        best_decks(DeckProblem("cullin", limits=limits), {})


def test_limits_the_recommended_deck_breaks_make_the_static_pick_the_baseline():
    build = WondersBuild(DeckProblem("cullin", limits=(DeckLimit("no green", at_most=0, colour="green"),)))
    (name, deck), = build.baselines().items()
    assert name == wonders.STATIC_PICK and validate_deck(build.problem, deck) == []


def test_a_campaigns_opened_packs_are_searched_when_no_collection_is_given():
    from tablekit.wonders.campaign import Campaign
    campaign = Campaign(opened=["cullin-menagerie"])
    build = WondersBuild(DeckProblem("grak"), campaign=campaign)
    given = WondersBuild(DeckProblem("grak", owned=wonders.owned_collection(campaign)), campaign=campaign)
    assert set(wonders.owned_collection(campaign)) - set(wonders.owned_collection())  # the pack adds cards
    assert build.owned == given.owned and build.problem.owned == wonders.owned_collection(campaign)

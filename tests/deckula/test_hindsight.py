"""The hindsight solver: exact against brute force on small deals, and consistent on real ones."""

from __future__ import annotations

import gc
import math
import os
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import tablekit
from solvers import deckula, deckula_pile
from solvers.deckula import _Search, hindsight, line_bounds
from solvers.deckula_key import Explored
from tablekit.core.game import Events
from tablekit.core.match import Match
from tablekit.deckula.cards import sample_set
from tablekit.deckula.game import GAME
from tablekit.deckula.lessons import table
from tablekit.deckula.state import Draw

CARDS = sorted(spec.id for spec in sample_set().specs)
CASTLE = sorted(spec.id for spec in sample_set().castle)
VISITORS = sorted(spec.id for spec in sample_set().visitors)


def brute_force(state, search=None) -> tuple[bool, int]:
    """The best (survived, score) by trying every line of play (no pruning at all); with a `search`,
    also check at every position that its bound is at least the best score reachable from there, and at a
    recover's choice that each option's bound is at least the best score reachable through it."""
    if state.result is not None:
        return (True, state.score()) if state.result == "survived" else (False, 0)
    best = (False, 0)
    options = search.option_bounds(state) if search is not None else None
    for action in GAME.legal_actions(state):
        child = state.clone()
        GAME.apply_unchecked(child, action, Events(None))
        reached = brute_force(child, search)
        if options is not None and reached[0]:
            option = options.get(search.positions.kind[action.card], math.inf)
            assert option >= reached[1], f"{action}: bound {option} below {reached[1]} from {GAME.snapshot(state)}"
        best = max(best, reached)
    if search is not None:
        bound = search.bound(state)
        assert not best[0] or bound >= best[1], f"bound {bound} below {best[1]} reachable from {GAME.snapshot(state)}"
    return best


def small_deals(most_drawn: int, most_home: int, most_threat: int) -> dict:
    """Hypothesis strategies for a small lesson table of any sample cards."""
    return {"draw": st.lists(st.sampled_from(CARDS), min_size=1, max_size=most_drawn),
            "home": st.lists(st.sampled_from(CASTLE), max_size=most_home),
            "discard": st.lists(st.sampled_from(CASTLE), max_size=2),
            "threat": st.lists(st.sampled_from(VISITORS), max_size=most_threat),
            "set_aside": st.lists(st.sampled_from(VISITORS), max_size=2, unique=True),
            "energy": st.integers(0, 4)}


@settings(max_examples=int(os.environ.get("HINDSIGHT_EXAMPLES", "120")), deadline=None)
@given(**small_deals(7, 2, 2))
@example(draw=["ancestral-portrait", "ancestral-portrait", "curious-quaintrelle", "hypnotic-gaze", "ancestral-portrait"],
         home=["ancestral-portrait"], discard=[], threat=["curious-quaintrelle"], set_aside=[],
         energy=0)  # which Quaintrelle the Gaze blanks decides whether the Portrait scores: not the same position
@example(draw=["hypnotic-gaze", "hypnotic-gaze", "ancestral-portrait", "crumbling-tower"], home=[], discard=[],
         threat=[], set_aside=[], energy=3)  # a Home card is not settled while the Tower may still pick it
@example(draw=["ancestral-portrait", "nosy-postman"], home=["hellhound", "secret-passage"], discard=[], threat=[],
         set_aside=["hapless-vagabond"], energy=0)  # the Visitor the Postman calls needs the Hellhound kept
def test_hindsight_equals_brute_force_on_small_deals(draw, home, discard, threat, set_aside, energy):
    match = table(draw=draw, home=home, discard=discard, threat=threat, set_aside=set_aside, energy=energy)
    result = hindsight(match)
    assert result.status == "optimal"
    assert (result.survivable, result.best_score) == brute_force(match.state)


@settings(max_examples=int(os.environ.get("HINDSIGHT_EXAMPLES", "120")), deadline=None)
@given(**small_deals(6, 3, 3))
# Positions where an earlier bound fell below a reachable score (each found by this property):
@example(draw=["garlic-merchant", "trapdoor", "ancestral-portrait"],
         home=["ancestral-portrait", "resurrection-ritual", "resurrection-ritual"], discard=["crumbling-tower"],
         threat=["vengeful-villager"], set_aside=[], energy=0)  # two Rituals bring a Trapdoor back twice
@example(draw=["ancestral-portrait", "portrait-gallery", "ancestral-portrait", "crumbling-tower"],
         home=["ancestral-portrait"], discard=[], threat=[], set_aside=[],
         energy=0)  # the Tower's pending kill charges a Portrait without its Gallery share (none can come)
@example(draw=["curious-quaintrelle", "furious-farmer", "gossiping-maid"], home=["feeding-cellar", "spider-webs"],
         discard=[], threat=[], set_aside=[], energy=3)  # the Webs take the Quaintrelle: the Cellar keeps its room
@example(draw=["crumbling-tower"], home=["resurrection-ritual"], discard=["crumbling-tower", "crumbling-tower"],
         threat=[], set_aside=[], energy=0)  # a Tower brought back Home may be killed there: no certain loss
@example(draw=["loyal-gargoyle", "vengeful-villager"], home=["resurrection-ritual"], discard=[],
         threat=["curious-quaintrelle"] * 3, set_aside=[], energy=2)  # the Ritual brings the same Gargoyle back
@example(draw=["ancestral-portrait", "lantern-priest", "resurrection-ritual", "secret-passage", "spider-webs",
               "hypnotic-gaze"], home=[], discard=[], threat=[], set_aside=[], energy=0)  # a remover buried to the end
@example(draw=["ancestral-portrait"] * 5, home=["secret-passage"], discard=[], threat=[], set_aside=[],
         energy=0)  # a plain card buried to the end was charged the energy to buy it
@example(draw=["ancestral-portrait", "ancestral-portrait", "secret-passage", "portrait-gallery", "ancestral-portrait"],
         home=[], discard=[], threat=[], set_aside=[], energy=4)  # a Gallery buried to the end did not count
@example(draw=["ancestral-portrait", "ancestral-portrait", "secret-passage", "home-sweet-home", "ancestral-portrait"],
         home=[], discard=[], threat=["curious-quaintrelle"], set_aside=[], energy=0)  # nor a buried remover
@example(draw=["ancestral-portrait"] * 3 + ["lantern-priest", "trapdoor"], home=["secret-passage"], discard=[],
         threat=[], set_aside=[], energy=0)  # a card bought last still has a turn when cards were buried
@example(draw=["bat-colony", "nosy-postman", "furious-farmer", "gossiping-maid"], home=["resurrection-ritual"],
         discard=["feeding-cellar"], threat=[], set_aside=[], energy=3)  # a keeper brought back late
@example(draw=["hypnotic-gaze", "garlic-merchant"], home=["feeding-cellar", "feeding-cellar"], discard=[],
         threat=["curious-quaintrelle"], set_aside=[], energy=2)  # a lapsed blank that comes back
@example(draw=["ancestral-portrait", "ancestral-portrait", "feeding-cellar", "curious-quaintrelle"],
         home=["ancestral-portrait", "resurrection-ritual", "secret-passage"], discard=[], threat=[], set_aside=[],
         energy=0)  # a keeper buried to the end keeps a Visitor buried after it
@example(draw=["ancestral-portrait", "nosy-postman"], home=[], discard=[], threat=[],
         set_aside=["wandering-minstrel", "nosy-postman"], energy=0)  # a summoned Postman summons again
@example(draw=["ancestral-portrait", "feeding-cellar", "resurrection-ritual", "vengeful-villager"],
         home=["resurrection-ritual", "secret-passage"], discard=[], threat=[], set_aside=[],
         energy=0)  # a Ritual at the bottom is not the last card while a bury can still come
@example(draw=["resurrection-ritual", "trapdoor", "vengeful-villager"], home=[], discard=[],
         threat=["curious-quaintrelle"] * 3, set_aside=[], energy=4)  # a Trapdoor used comes back for a second kill
@example(draw=["hapless-vagabond", "ancestral-portrait", "ancestral-portrait", "curious-quaintrelle",
               "ancestral-portrait"], home=["ancestral-portrait", "trapdoor"], discard=[], threat=[], set_aside=[],
         energy=0)  # a remover held can still fix a Quaintrelle to come
@example(draw=["crumbling-tower", "crumbling-tower"], home=["secret-passage"], discard=[], threat=[], set_aside=[],
         energy=0)  # the second Tower finds the Home empty
@example(draw=["ancestral-portrait", "raven-messenger"], home=["ancestral-portrait", "feeding-cellar"], discard=[],
         threat=[], set_aside=["curious-quaintrelle", "nosy-postman"], energy=0)  # a summon calls two to the Cellar
@example(draw=["ancestral-portrait", "ancestral-portrait", "crumbling-tower"], home=["blood-fountain", "resurrection-ritual"],
         discard=[], threat=[], set_aside=[], energy=0)  # the Portrait a Ritual brings back is the Tower's victim
@example(draw=["ancestral-portrait"] * 3 + ["feeding-cellar", "furious-farmer", "gossiping-maid"],
         home=["loyal-gargoyle"], discard=[], threat=["curious-quaintrelle", "nosy-postman"], set_aside=[],
         energy=2)  # the Visitors a Gargoyle may kill are not entering: the Cellar's room waits for others
@example(draw=["spider-webs", "curious-quaintrelle"], home=["ancestral-portrait", "resurrection-ritual"], discard=[],
         threat=[], set_aside=[], energy=0)  # a Ritual brings the Webs back before the Quaintrelle comes
@example(draw=["ancestral-portrait"], home=["resurrection-ritual"], discard=["raven-messenger"], threat=[],
         set_aside=["wandering-minstrel"], energy=0)  # a Raven brought back calls the Minstrel
@example(draw=["ancestral-portrait", "raven-messenger", "nosy-postman", "nosy-postman"], home=[], discard=[],
         threat=[], set_aside=["curious-quaintrelle", "furious-farmer"],
         energy=0)  # two table rows with the same axes' floors but not their length: one read must not serve both
@example(draw=["ancestral-portrait", "gossiping-maid", "resurrection-ritual", "garlic-merchant", "curious-quaintrelle"],
         home=["feeding-cellar"], discard=["feeding-cellar"], threat=[], set_aside=[],
         energy=2)  # the Garlic Merchant may go beneath the Cellar now and a Cellar brought back keep the Quaintrelle
@example(draw=["ancestral-portrait", "hapless-vagabond"] + ["ancestral-portrait"] * 3, home=["resurrection-ritual"],
         discard=[], threat=[], set_aside=[], energy=2)  # the Vagabond drains what a line with more energy lends
@example(draw=["bat-colony"], home=["loyal-gargoyle", "resurrection-ritual"], discard=[],
         threat=["curious-quaintrelle"], set_aside=[], energy=0)  # a Gargoyle used wins its VP back with the Ritual
@example(draw=["spider-webs", "blood-fountain", "raven-messenger", "wandering-minstrel"],
         home=["secret-passage", "resurrection-ritual", "resurrection-ritual"], discard=[],
         threat=["hapless-vagabond", "vengeful-villager"], set_aside=[], energy=3)  # a Passage used and brought back
@example(draw=["ancestral-portrait", "curious-quaintrelle", "crumbling-tower", "home-sweet-home"],
         home=["ancestral-portrait"], discard=[], threat=[], set_aside=[],
         energy=0)  # the Quaintrelle blanks the Portrait out of the Tower's reach, then goes
@example(draw=["monster-hunter", "curious-quaintrelle", "resurrection-ritual", "feeding-cellar", "candelabra"],
         home=["secret-passage", "feeding-cellar", "resurrection-ritual"], discard=["raven-messenger", "hellhound"],
         threat=["furious-farmer", "monster-hunter"], set_aside=["wandering-minstrel", "monster-hunter"],
         energy=2)  # a Ritual still to come brings the Raven back: its Hunter fills the Cellar's room
@example(draw=["resurrection-ritual", "nosy-postman", "feeding-cellar", "feeding-cellar", "spider-webs"],
         home=["secret-passage", "resurrection-ritual", "resurrection-ritual"], discard=["moonlit-ballroom"],
         threat=["gossiping-maid", "curious-quaintrelle"], set_aside=[],
         energy=2)  # the Ritual buried last is not last: a Ritual held brings the Passage back to bury the Postman
@example(draw=["trapdoor", "crumbling-tower", "resurrection-ritual", "curious-quaintrelle"], home=[],
         discard=["raven-messenger"], threat=["wandering-minstrel"], set_aside=["wandering-minstrel"],
         energy=1)  # the Ritual drawn brings the Raven back, which calls the welcome Minstrel
@example(draw=["resurrection-ritual", "hapless-vagabond", "furious-farmer", "bat-colony", "vampire-bride"],
         home=["secret-passage", "resurrection-ritual"], discard=[], threat=[], set_aside=["curious-quaintrelle"],
         energy=0)  # the buried Ritual's energy comes at the end, after the Vagabond: he cannot take it
@example(draw=["garlic-merchant", "moonlit-ballroom", "candelabra", "bat-colony", "gossiping-maid"],
         home=["velvet-coffin", "ancestral-portrait", "resurrection-ritual"], discard=["portrait-gallery"], threat=[],
         set_aside=["vengeful-villager"], energy=2)  # the Garlic blanks the Portrait: worth less without the Gallery
def test_no_bound_falls_below_a_score_reachable_from_its_position(draw, home, discard, threat, set_aside, energy):
    """The bound is optimistic everywhere, not only where it decides the answer."""
    match = table(draw=draw, home=home, discard=discard, threat=threat, set_aside=set_aside, energy=energy)
    brute_force(match.state, _Search(match.state, 0))


# the cards a Ritual's choices turn on: what it brings back, what kills or blanks at Home, what summons and keeps
AROUND_A_RITUAL = ["resurrection-ritual", "raven-messenger", "feeding-cellar", "secret-passage", "loyal-gargoyle",
                   "trapdoor", "home-sweet-home", "crumbling-tower", "blood-fountain", "candelabra", "nosy-postman",
                   "portrait-gallery", "ancestral-portrait"]
RITUAL_VISITORS = ["lantern-priest", "curious-quaintrelle", "garlic-merchant", "monster-hunter", "furious-farmer",
                   "hapless-vagabond", "wandering-minstrel"]


@settings(max_examples=int(os.environ.get("HINDSIGHT_EXAMPLES", "120")), deadline=None)
@given(draw=st.lists(st.sampled_from(AROUND_A_RITUAL + RITUAL_VISITORS), min_size=2, max_size=5),
       home=st.lists(st.sampled_from(AROUND_A_RITUAL), max_size=2), ritual=st.booleans(),
       discard=st.lists(st.sampled_from(AROUND_A_RITUAL), max_size=2),
       threat=st.lists(st.sampled_from(RITUAL_VISITORS), max_size=2),
       set_aside=st.lists(st.sampled_from(RITUAL_VISITORS), max_size=2, unique=True), energy=st.integers(0, 3))
@example(draw=["resurrection-ritual", "secret-passage", "hapless-vagabond", "hapless-vagabond", "furious-farmer"],
         home=["resurrection-ritual", "resurrection-ritual"], ritual=False, discard=[], threat=[], set_aside=[],
         energy=0)  # two Rituals bring the same Passage back: two buries put the Farmer before both Vagabonds
@example(draw=["resurrection-ritual", "resurrection-ritual", "nosy-postman", "nosy-postman", "trapdoor"],
         home=["secret-passage"], ritual=True, discard=["secret-passage", "resurrection-ritual"], threat=[],
         set_aside=["wandering-minstrel", "monster-hunter"], energy=2)  # a Postman buried to the end calls the Minstrel
@example(draw=["feeding-cellar", "loyal-gargoyle", "loyal-gargoyle"], home=[], ritual=True, discard=[], threat=[],
         set_aside=[], energy=0)  # the card drawn at the start gives energy too (the tables' energy axis must hold it)
def test_no_bound_falls_below_a_score_reachable_around_a_ritual(draw, home, ritual, discard, threat, set_aside,
                                                                energy):
    """The same, on tables where a Ritual is often held and the discard pile and the set-aside Visitors are
    full enough for it to matter (where the bound has the most ways to go wrong)."""
    match = table(draw=draw, home=home + ["resurrection-ritual"] * ritual, discard=discard, threat=threat,
                  set_aside=set_aside, energy=energy)
    brute_force(match.state, _Search(match.state, 0))


HOME_KILLS = ["crumbling-tower", "nosy-postman", "raven-messenger", "lantern-priest"]
# what buries, brings back, pays with its own VP, counts the crowd, keeps Visitors, scores per tag
DEEP = ["secret-passage", "resurrection-ritual", "loyal-gargoyle", "vengeful-villager", "feeding-cellar",
        "portrait-gallery", "ancestral-portrait"]


def random_table(rng: random.Random) -> dict:
    """A small table of any sample cards, often with a Ritual held and with Home kills and summons added
    to the draw."""
    return {"draw": [rng.choice(CARDS + HOME_KILLS) for _ in range(rng.randint(2, 5))],
            "home": [rng.choice(CASTLE) for _ in range(rng.randint(0, 2))]
            + ["resurrection-ritual"] * (rng.random() < 0.6),
            "discard": [rng.choice(CASTLE) for _ in range(rng.randint(0, 2))],
            "threat": [rng.choice(VISITORS) for _ in range(rng.randint(0, 2))],
            "set_aside": rng.sample(VISITORS, rng.randint(0, 2)), "energy": rng.randint(0, 3)}


def random_deep_table(rng: random.Random) -> dict:
    """A fuller table (3-5 cards to draw, more in every place), with the cards of DEEP more often."""
    return {"draw": [rng.choice(CARDS + DEEP) for _ in range(rng.randint(3, 5))],
            "home": [rng.choice(CASTLE + DEEP[:3]) for _ in range(rng.randint(0, 3))],
            "discard": [rng.choice(CASTLE) for _ in range(rng.randint(0, 3))],
            "threat": [rng.choice(VISITORS) for _ in range(rng.randint(0, 3))],
            "set_aside": rng.sample(VISITORS, rng.randint(0, 3)), "energy": rng.randint(0, 4)}


@pytest.mark.parametrize("deal", [random_table, random_deep_table])
@pytest.mark.parametrize("seed", range(5))
def test_no_bound_falls_below_a_score_reachable_on_seeded_random_tables(deal, seed):
    """The same on seeded random tables, HINDSIGHT_TABLES of them per seed: a plain random hunt found three
    holes the strategies above had not reached (a hunt takes thousands; the default only samples)."""
    rng = random.Random(seed)
    for _ in range(int(os.environ.get("HINDSIGHT_TABLES", "20"))):
        tables = deal(rng)
        match = table(**tables)
        try:
            brute_force(match.state, _Search(match.state, 0))
        except AssertionError as error:
            raise AssertionError(f"{tables}: {error}") from None


def test_the_best_line_replays_to_the_best_score():
    match = tablekit.new_game("deckula", seed=6)
    result = hindsight(match)
    assert result.status == "optimal"
    replay = tablekit.new_game("deckula", seed=6)
    replay.play(*result.best_actions)
    assert replay.is_over and replay.outcome.scores[0] == result.best_score


def test_no_played_game_beats_the_hindsight_best():
    for seed in (6, 9):
        match = tablekit.new_game("deckula", seed=seed)
        while not match.is_over:
            match.apply(GAME.heuristic_action(match.view(), match.legal_actions(), None))
        result = hindsight(match)
        assert result.player_score is not None and result.player_score <= result.best_score
        assert str(result.player_score) in result.summary()


def test_a_tiny_budget_reports_feasible_with_a_bound():
    result = hindsight(tablekit.new_game("deckula", seed=4), node_budget=50)
    assert result.status == "feasible" and result.bound >= result.best_score


def test_hindsight_refuses_other_games():
    class Chess:
        name = "chess"

    class Other:
        game = Chess()
    with pytest.raises(ValueError, match="chess"):
        hindsight(Other())


@pytest.mark.parametrize(("difficulty", "seed"), [("hard", 0), ("hard", 1), ("beginner", 7)])
def test_deals_are_proven_and_the_best_line_replays(difficulty, seed):
    result = hindsight(tablekit.new_game("deckula", seed=seed, difficulty=difficulty))
    assert result.status == "optimal" and result.bound == result.best_score
    replay = tablekit.new_game("deckula", seed=seed, difficulty=difficulty)
    replay.play(*result.best_actions)
    assert replay.is_over and replay.outcome.scores[0] == result.best_score
    assert (replay.state.result == "survived") == result.survivable


@pytest.mark.parametrize(("difficulty", "seed"), [("hard", 1), ("beginner", 2), ("beginner", 9)])
def test_no_bound_along_the_best_line_falls_below_its_score(difficulty, seed):
    match = tablekit.new_game("deckula", seed=seed, difficulty=difficulty)
    result = hindsight(match)
    assert result.survivable
    bounds = line_bounds(match, result.best_actions)
    assert len(bounds) == len(result.best_actions)
    assert min(bounds) >= result.best_score


MOB_AHEAD = {"threat": ["hapless-vagabond", "gossiping-maid"],
             "draw": ["candelabra", "vengeful-villager", "blood-fountain"], "energy": 4}


def test_a_crowd_in_the_threat_area_cuts_a_line_that_meets_the_mob():
    """Two Visitors stand in the Threat area, nothing can remove them and the Villager is coming:
    the bound knows at once that no line survives (the crowd counts towards the mob)."""
    match = table(**MOB_AHEAD)
    first = GAME.legal_actions(match.state)[0]
    assert line_bounds(match, (first,)) == [float("-inf")]
    assert (hindsight(match).survivable, hindsight(match).best_score) == brute_force(match.state) == (False, 0)


def test_a_buried_villager_still_meets_the_crowd():
    """The Secret Passage slips the Villager under the Candelabra: he still comes, last, and the two
    Visitors nothing can remove still stand — the bound sees that no line through that bury survives."""
    match = table(home=["secret-passage"], **MOB_AHEAD | {"draw": ["vengeful-villager", "candelabra"]})
    bury = next(a for a in GAME.legal_actions(match.state) if "Secret Passage" in str(a))
    assert line_bounds(match, (bury, Draw()))[1] == float("-inf")


@pytest.mark.parametrize("home", [["trapdoor"], ["loyal-gargoyle"], ["hellhound"]])
def test_a_remover_thins_the_crowd_before_the_mob(home):
    """With one remover in the Home, one Visitor of the crowd can go before the Villager comes."""
    match = table(home=home, **MOB_AHEAD)
    result = hindsight(match)
    assert result.status == "optimal"
    assert (result.survivable, result.best_score) == brute_force(match.state)


def test_a_summon_with_nobody_set_aside_takes_no_keeper_room():
    """The Nosy Postman calls no one (the set-aside is empty), so the second Feeding Cellar keeps
    both him and the Garlic Merchant: 5 VP. Counting his summon as a Visitor filling the Cellar
    once made the bound charge the Merchant as stranded (4)."""
    match = table(draw=["ancestral-portrait", "feeding-cellar", "feeding-cellar", "nosy-postman",
                        "garlic-merchant"], energy=3)
    result = hindsight(match)
    assert (result.survivable, result.best_score) == brute_force(match.state) == (True, 5)


def test_the_first_probe_finds_a_surviving_line_that_replays_to_its_score():
    """The beam probe alone (before the depth-first search) already holds a line that survives."""
    match = tablekit.new_game("deckula", seed=5)
    search = _Search(match.state.clone(), 5_000)
    search.probe(match.state.clone())
    assert search.best is not None and search.best[0]
    replay = tablekit.new_game("deckula", seed=5)
    replay.play(*search.best_line)
    assert replay.is_over and replay.outcome.scores[0] == search.best[1]


def test_an_explored_position_dominates_one_with_no_more_settled_vp_and_no_more_energy():
    """Per key, the explored (kept VP, energy) pairs form a front: a pair is dominated only by one at
    least as good in both, and a new pair drops those it dominates."""
    explored = Explored()
    explored.add("k", 3, 2)
    assert explored.dominated("k", 3, 2) and explored.dominated("k", 2, 1)
    assert not explored.dominated("k", 4, 0) and not explored.dominated("k", 0, 3)
    assert not explored.dominated("other", 0, 0)
    explored.add("k", 1, 5)
    explored.add("k", 4, 5)  # dominates both earlier pairs
    assert explored.fronts["k"] == [(4, 5)]


def test_a_kill_waiting_for_its_home_target_costs_at_least_the_cheapest_card():
    """The Crumbling Tower waits for the Home card it kills: whichever it picks, the Velvet Coffin (1)
    at least is lost, so the bound is the best score reachable, 2, not 3."""
    match = table(draw=["crumbling-tower", "candelabra"], home=["blood-fountain", "velvet-coffin"], energy=0)
    assert match.state.pending is not None
    assert _Search(match.state.clone(), 0).bound(match.state) == 2 == brute_force(match.state)[1]


@pytest.mark.parametrize(("draw", "home", "set_aside"), [
    (["candelabra", "crumbling-tower", "candelabra"], [], []),  # the Tower, second card to come
    (["candelabra", "candelabra", "nosy-postman", "candelabra"], [], ["lantern-priest"]),  # the Priest the Postman calls
    (["candelabra", "crumbling-tower", "candelabra"], ["loyal-gargoyle"], []),  # a Gargoyle may leave, the others stay
])
def test_a_home_kill_to_come_costs_at_least_the_cheapest_card_it_may_find(draw, home, set_aside):
    """The Blood Fountain and the Vampire Bride stay in the Home and one Candelabra may come before the kill:
    the kill takes at least 1 VP, so the bound is the best score, 4 (the Fountain 3, the Bride 2, a Candelabra
    1, the killer -1 or -2 plus what is killed), not 5."""
    match = table(draw=draw, home=["blood-fountain", "vampire-bride", *home], set_aside=set_aside,
                  energy=0 if home else 3)
    assert _Search(match.state.clone(), 0).bound(match.state) == 4 == brute_force(match.state)[1]


def test_every_sure_home_kill_to_come_takes_a_card_of_its_own():
    """The Lantern Priest and then the Crumbling Tower each kill a Home card: two cards go, at least the
    Candelabra (1) and the Vampire Bride (2), so the bound is 1 before the lines where a kill takes the Candelabra
    to come are bounded apart, not 2 (one kill charged); with them, the best score, 0 (no energy to buy it)."""
    match = table(draw=["candelabra", "lantern-priest", "crumbling-tower"],
                  home=["blood-fountain", "vampire-bride", "candelabra"], energy=0)
    search = _Search(match.state.clone(), 0)
    assert brute_force(match.state)[1] == 0 == search.bound(match.state) < search._bound_once(match.state, None) == 1


def test_a_kill_waiting_for_its_target_and_the_kill_after_it_each_take_a_card():
    """The Lantern Priest waits for the Home card it kills and the Crumbling Tower comes next: whichever the
    Priest takes, the Tower takes another, 3 VP at least in all, so the bound is 2, not 4 (best 0)."""
    match = table(draw=["lantern-priest", "crumbling-tower"], home=["blood-fountain", "vampire-bride", "candelabra"],
                  energy=0)
    assert match.state.pending is not None and match.state.todo  # (the Priest's arrival still to check for passives)
    assert brute_force(match.state)[1] == 0 and _Search(match.state.clone(), 0).bound(match.state) == 2


def test_a_card_that_blanks_before_a_home_kill_only_takes_one_card_out_of_its_reach():
    """The Garlic Merchant blanks one Home card before the Crumbling Tower: two others stay for the Tower to
    kill, so its kill is still charged: the bound is 5, not 6 (best 4), while the Tower may take the Candelabra;
    with no energy to buy it, 4."""
    match = table(draw=["candelabra", "garlic-merchant", "crumbling-tower"],
                  home=["blood-fountain", "vampire-bride", "moonlit-ballroom"], energy=0)
    search = _Search(match.state.clone(), 0)
    assert brute_force(match.state)[1] == 4 == search.bound(match.state) < search._bound_once(match.state, None) == 5


def test_a_held_ritual_brings_back_a_card_the_home_kill_to_come_may_take():
    """The Ritual brings the Vampire Bride (2) back, then the Crumbling Tower kills the Candelabra (1) or the
    Bride: the Ritual wins 1 at most, so the bound is the best score, 4, not 5 (the kill not charged)."""
    match = table(draw=["crumbling-tower"], home=["blood-fountain", "candelabra", "resurrection-ritual"],
                  discard=["vampire-bride"], energy=0)
    assert _Search(match.state.clone(), 0).bound(match.state) == 4 == brute_force(match.state)[1]


def test_a_lone_gallery_killed_takes_its_portraits_share_with_it():
    """The Crumbling Tower may kill the Portrait Gallery (0 VP), but the Ancestral Portrait then loses the
    Gallery's 1: every kill costs 1 at least, so the bound is the best score, 3, not 4."""
    match = table(draw=["candelabra", "crumbling-tower"],
                  home=["portrait-gallery", "ancestral-portrait", "blood-fountain"], energy=0)
    assert _Search(match.state.clone(), 0).bound(match.state) == 3 == brute_force(match.state)[1]


def test_a_summoner_brought_back_calls_only_what_one_summon_can_reach():
    """The Ritual may bring the Raven back to call the Vagabond on top of the set-aside Visitors into the
    Cellar (2); the Postman below could call one more, but no summon reaches it: the bound is the best
    score, 2, not 4."""
    match = table(draw=["candelabra", "candelabra"], home=["feeding-cellar", "resurrection-ritual"],
                  discard=["raven-messenger"], set_aside=["nosy-postman", "wandering-minstrel", "hapless-vagabond"],
                  energy=0)
    assert _Search(match.state.clone(), 0).bound(match.state) == 2 == brute_force(match.state)[1]


def test_a_summoner_buried_to_the_end_calls_only_visitors_in_its_reach():
    """The tables let a Postman buried under the last cards call a set-aside Visitor there: the Vagabond on
    top (0) while no summon is left below it, the Minstrel (2) once the Postman below may call the Vagabond
    first, or once the Vagabond was called."""
    match = table(draw=["candelabra", "nosy-postman", "candelabra"], home=["secret-passage"],
                  set_aside=["wandering-minstrel", "hapless-vagabond"], energy=2)
    tables = _Search(match.state.clone(), 0).tables
    assert [tables._end_call(m, 0) for m in range(4)] == [0, 0, 2, 2]
    assert [tables._end_call(m, 1) for m in range(4)] == [2, 2, 2, 2]


def test_a_summoned_visitor_kept_beneath_a_keeper_scores_there_not_also_by_its_own_vp():
    """The Raven calls the Wandering Minstrel (2 VP) and the Cellar must take him beneath (2 VP): he scores once,
    so the bound is the best score, 2, not 4 (his own VP counted too)."""
    match = table(draw=["candelabra", "raven-messenger"], home=["feeding-cellar"], set_aside=["wandering-minstrel"],
                  energy=0)
    assert _Search(match.state.clone(), 0).bound(match.state) == 2 == brute_force(match.state)[1]


def test_a_red_arrow_card_nothing_can_kill_in_the_threat_area_never_comes_back():
    """The Ritual may bring back the Candelabra discarded before the Raven (1), who calls the Farmer into the
    Cellar (2). The Raven goes to the Threat area, where nothing can kill it, so it never reaches the discard pile
    for the Ritual to bring it back to call the Vagabond too: the bound is the best score, 3, not 4."""
    match = table(draw=["candelabra", "raven-messenger"], home=["feeding-cellar", "resurrection-ritual"],
                  set_aside=["hapless-vagabond", "furious-farmer"], energy=3)
    assert _Search(match.state.clone(), 0).bound(match.state) == 3 == brute_force(match.state)[1]


def test_a_visitor_arriving_while_a_killer_surely_stays_keeps_none_of_its_own_vp():
    """The Raven calls the Wandering Minstrel (2 VP), but the Moonlit Ballroom is in the Home and nothing can
    kill or blank it before he comes: he is killed on arrival, so the bound is the best score, 2 (the
    Ballroom), not 4."""
    match = table(draw=["candelabra", "raven-messenger"], home=["moonlit-ballroom"], set_aside=["wandering-minstrel"],
                  energy=0)
    assert _Search(match.state.clone(), 0).bound(match.state) == 2 == brute_force(match.state)[1]


def test_a_visitor_arriving_now_takes_keeper_room_or_leaves_it_not_both():
    """The Vagabond waits for the Cellar or the Hellhound to take it, and two more Visitors come: the
    Cellar holds two of the three (4) and the Hound scores 1, so the bound is 5, not 7."""
    match = table(draw=["hapless-vagabond", "furious-farmer", "gossiping-maid"],
                  home=["feeding-cellar", "hellhound"], energy=6)
    assert match.state.pending is not None and match.state.pending.kind == "passive"
    assert _Search(match.state.clone(), 0).bound(match.state) == 5 == brute_force(match.state)[1]


def test_a_ritual_wins_back_no_more_than_a_home_kill_took():
    """The Ritual could bring the Blood Fountain back only once the Crumbling Tower killed it, and the
    bound already counts the Fountain as staying: the bound is the best score, 2 (the Fountain 3, the
    Tower -1), not 5 (the Fountain counted again)."""
    match = table(draw=["trapdoor", "crumbling-tower"], home=["blood-fountain", "resurrection-ritual"], energy=2)
    assert _Search(match.state.clone(), 0).bound(match.state) == 2 == brute_force(match.state)[1]


def test_a_home_card_the_ritual_brings_back_with_its_help_counts_its_vp_once():
    """Home Sweet Home could come back (once the Crumbling Tower killed it) to throw the Vagabond out, but
    the bound already counts its 2 VP as staying: the bound is the best score, 2, not 4 (its VP again)."""
    match = table(draw=["crumbling-tower", "candelabra"], home=["home-sweet-home", "resurrection-ritual"],
                  threat=["hapless-vagabond"], energy=2)
    assert _Search(match.state.clone(), 0).bound(match.state) == 2 == brute_force(match.state)[1]


def test_a_card_to_come_the_ritual_brings_back_is_not_also_bought():
    """To bring the Blood Fountain back, the Ritual needs it discarded when drawn (1 energy, not 2 spent):
    that line is worth no more than buying it with 3 energy more, so the bound is the best score, 4, not 6
    (the Fountain bought and brought back)."""
    match = table(draw=["candelabra", "blood-fountain"], home=["resurrection-ritual"], energy=2)
    assert _Search(match.state.clone(), 0).bound(match.state) == 4 == brute_force(match.state)[1]


def test_a_keeper_with_room_left_takes_the_visitor_called_first():
    """The Cellar keeps the Vagabond; the Raven calls the Postman, who calls the Minstrel before the Postman's own
    arrival sets off passives, so the Cellar's last place goes to her (its passive is not optional) and the
    Postman stays: 4 with the Candelabra discarded, not 6 (the Minstrel's own 2 VP with the Postman kept)."""
    match = table(home=["feeding-cellar"], draw=["hapless-vagabond", "candelabra", "raven-messenger"],
                  set_aside=["wandering-minstrel", "nosy-postman"], energy=2)
    assert _Search(match.state.clone(), 0).bound(match.state) == 4 == brute_force(match.state)[1]


def test_a_blank_that_may_lapse_leaves_keeper_room_unsure():
    """The Quaintrelle blanks the Cellar, so the Minstrel keeps her 2 VP; a Trapdoor then kills the Quaintrelle and
    the Cellar keeps the Vagabond and the Maid: 6. The bound must not take the Cellar's room as sure once she
    may stand blanking it."""
    match = table(home=["feeding-cellar"], draw=["candelabra", "curious-quaintrelle", "raven-messenger", "trapdoor",
                                                 "candelabra", "hapless-vagabond", "gossiping-maid"],
                  set_aside=["wandering-minstrel", "nosy-postman"], energy=3)
    assert _Search(match.state.clone(), 0).bound(match.state) == 6 == brute_force(match.state)[1]


def test_keeper_room_the_ritual_brings_back_is_not_there_before_it():
    """The Minstrel arrives with no keeper in the Home and keeps her 2 VP; only then does the Ritual bring the Cellar
    back, to keep the Vagabond and the Maid: 6. Counted from now in the bound, the Cellar's room must not take the
    Minstrel."""
    match = table(home=["resurrection-ritual"], discard=["feeding-cellar"],
                  draw=["candelabra", "raven-messenger", "hapless-vagabond", "gossiping-maid"],
                  set_aside=["wandering-minstrel"], energy=3)
    assert _Search(match.state.clone(), 0).bound(match.state) == 6 == brute_force(match.state)[1]


def test_a_keeper_the_ritual_brings_back_has_lost_the_visitors_beneath_it():
    """The Cellar keeps the first Vagabond; for the Ritual to bring it back, the Tower must kill it, and the Vagabond
    beneath goes with it: the room it brings back is worth no more than the Visitor it held (best 3, not 5)."""
    match = table(draw=["hapless-vagabond", "crumbling-tower", "hapless-vagabond", "hapless-vagabond"],
                  home=["feeding-cellar", "resurrection-ritual"], energy=2)
    assert _Search(match.state.clone(), 0).bound(match.state) == 3 == brute_force(match.state)[1]


def test_a_card_to_come_with_no_way_out_of_the_home_comes_back_only_discarded():
    """The Cellar, drawn last, could only reach the discard pile by being discarded: no kill comes after it to
    send it there once bought (the Lantern Priest set aside is never called), so the Ritual cannot give its room
    before it is drawn (0, not 2)."""
    match = table(draw=["gossiping-maid", "candelabra", "feeding-cellar"], home=["resurrection-ritual"],
                  discard=["hypnotic-gaze", "ancestral-portrait"], threat=["gossiping-maid"],
                  set_aside=["lantern-priest"], energy=3)
    assert _Search(match.state.clone(), 0).bound(match.state) == 0 == brute_force(match.state)[1]


def test_a_visitor_every_passive_would_kill_keeps_no_vp_of_its_own():
    """The Raven calls the Minstrel; the Ballroom and the Cellar both answer, and either takes her: her own 2 VP
    never count, only the Cellar's 2 if it keeps her (best 5, not 7)."""
    match = table(home=["moonlit-ballroom", "feeding-cellar"], draw=["raven-messenger", "candelabra"],
                  set_aside=["wandering-minstrel"], energy=2)
    assert match.state.pending.kind == "passive"
    assert _Search(match.state.clone(), 0).bound(match.state) == 5 == brute_force(match.state)[1]


def test_a_card_bought_only_to_feed_the_tower_is_paid_for_in_energy():
    """With 1 energy the Webs cannot be bought (2), so the Tower takes the Portrait: 0. The bound used to let the
    Tower take the Webs for free while counting the energy of discarding them (1)."""
    match = table(draw=["spider-webs", "hapless-vagabond", "crumbling-tower"],
                  home=["ancestral-portrait", "vampire-bride"], energy=1)
    search = _Search(match.state.clone(), 0)
    assert search.bound(match.state) == 0 == brute_force(match.state)[1] < search._bound_once(match.state, None)


def test_two_kills_to_come_take_cards_of_the_home_when_no_fodder_can_be_bought():
    """With 1 energy the Webs cannot be bought for the Tower or the Lantern Priest: both kills take Home cards, the
    Candelabra and the Vampire Bride at least: the bound is the best score, 0, not 2 (no kill charged)."""
    match = table(draw=["spider-webs", "crumbling-tower", "lantern-priest"],
                  home=["blood-fountain", "candelabra", "vampire-bride"], energy=1)
    assert _Search(match.state.clone(), 0).bound(match.state) == 0 == brute_force(match.state)[1]


def test_a_line_buying_the_tower_its_fodder_may_lose_less_to_a_vagabond():
    """Buying the Trapdoor for the Tower leaves no energy for the Vagabond to take; the line that discards it has
    energy to lose: it owes 3 at the end less what the Vagabond may take, or the bound falls below the best (1)."""
    match = table(draw=["trapdoor", "crumbling-tower", "hapless-vagabond"], home=["blood-fountain"], energy=2)
    assert brute_force(match.state)[1] == 1 <= _Search(match.state.clone(), 0).bound(match.state)


def test_a_cellar_bought_for_the_tower_keeps_no_visitor_it_would_score():
    """Bought for the Tower to kill, the Cellar is gone before the Villager comes: the line feeding it to the Tower
    keeps nobody beneath it (bound 4, the best score, not 5 with its room counted from now)."""
    match = table(draw=["feeding-cellar", "crumbling-tower", "vengeful-villager"], home=["blood-fountain", "candelabra"],
                  energy=2)
    assert _Search(match.state.clone(), 0).bound(match.state) == 4 == brute_force(match.state)[1]


def test_a_summoner_brought_back_calls_one_chain_of_the_set_aside_order():
    """The Ritual may bring the Raven back: its summon calls the Postman on top, who calls the Minstrel
    (2 VP), one chain worth 2, not two summons each worth the Minstrel: without sure keeper room the bound is 9,
    not 10 (best 7); with it, the Cellar takes the Minstrel and the bound is the best score."""
    match = table(draw=["raven-messenger", "nosy-postman"], home=["feeding-cellar", "resurrection-ritual"],
                  discard=["candelabra", "blood-fountain"], set_aside=["wandering-minstrel", "nosy-postman"], energy=0)
    loose = _Search(match.state.clone(), 0)
    loose.tables.forcing = False
    assert brute_force(match.state)[1] == 7 == _Search(match.state.clone(), 0).bound(match.state)
    assert loose.bound(match.state) == 9


def test_a_ritual_waiting_for_its_choice_brings_back_one_help_not_all():
    """The Ritual may bring back the Trapdoor (to throw the Vagabond out) or the Velvet Coffin (to
    live through the Sunrise), not both: the bound, once it waits for that choice, is 0 (the Coffin,
    the Vagabond staying), not 1."""
    match = table(draw=["sunrise"], home=["resurrection-ritual"], discard=["trapdoor", "velvet-coffin"],
                  threat=["hapless-vagabond"], energy=0)
    ritual = next(a for a in GAME.legal_actions(match.state) if "Ritual" in str(a))
    assert line_bounds(match, (ritual, Draw()))[1] == 0
    assert brute_force(match.state) == (True, 0)


def test_the_card_a_ritual_waiting_for_its_choice_brings_back_may_be_the_next_kill():
    """The Ritual waits to bring back a Candelabra or the Velvet Coffin, and the Crumbling Tower comes after the
    other Candelabra: its kill takes at least 1 VP (whichever came back), so the bound at the choice is the best
    score, 4, not 5."""
    match = table(draw=["candelabra", "crumbling-tower"], home=["blood-fountain", "vampire-bride", "resurrection-ritual"],
                  discard=["candelabra", "velvet-coffin"], energy=0)
    ritual = next(a for a in GAME.legal_actions(match.state) if "Ritual" in str(a))
    assert line_bounds(match, (ritual, Draw()))[1] == 4 == brute_force(match.state)[1]


def test_portraits_earn_the_gallerys_share_only_where_the_ritual_brings_the_gallery_back():
    """The Ritual may bring back the Portrait Gallery (2 Portraits: +2) or the Blood Fountain (3 VP): the bound,
    with the Ritual held and once it waits for its choice, is the best score, 5 (the Fountain, each Portrait 1 VP),
    not 7 (the Fountain, and the Portraits counting a Gallery too)."""
    match = table(draw=["candelabra"], home=["ancestral-portrait", "ancestral-portrait", "resurrection-ritual"],
                  discard=["portrait-gallery", "blood-fountain"], energy=0)
    ritual = next(a for a in GAME.legal_actions(match.state) if "Ritual" in str(a))
    assert line_bounds(match, (ritual, Draw())) == [5, 5] and brute_force(match.state) == (True, 5)


def test_a_portrait_the_ritual_brings_back_instead_of_the_gallery_earns_no_gallery_share():
    """The Ritual may bring back the Portrait Gallery (no Portrait in the Home: 0) or an Ancestral Portrait (1 VP);
    on the line bringing the Portrait, no Gallery can ever stand beside it: the bound is the best score, 1, not 2
    (the Portrait counting a Gallery's share too)."""
    match = table(draw=["candelabra"], home=["resurrection-ritual"], discard=["portrait-gallery", "ancestral-portrait"],
                  energy=0)
    assert _Search(match.state.clone(), 0).bound(match.state) == 1 == brute_force(match.state)[1]


def test_a_keeper_the_ritual_brings_back_keeps_the_next_killer_only_if_his_kill_takes_another_card():
    """The Lantern Priest comes next; the Ritual may bring back the Feeding Cellar to keep him (2), but his kill
    comes first: taking the Cellar, it takes its room; taking the Vampire Bride (2), it leaves the Cellar to keep
    him. The bound is the best score, 2, not 4 (the Cellar both killed for nothing and keeping him)."""
    match = table(draw=["lantern-priest", "candelabra"], home=["resurrection-ritual", "vampire-bride"],
                  discard=["feeding-cellar"], energy=0)
    assert _Search(match.state.clone(), 0).bound(match.state) == 2 == brute_force(match.state)[1]


def test_a_cellar_the_ritual_brings_back_for_the_tower_to_kill_keeps_no_visitor():
    """The Ritual may bring the Cellar back before the Crumbling Tower: if the Tower kills it, the Villager is not kept
    there; if the Tower kills the Candelabra, that costs 1. Either way the bound is the best score, 4, not 5 (the
    Cellar's room counted with no kill charged)."""
    match = table(draw=["candelabra", "crumbling-tower", "vengeful-villager"],
                  home=["resurrection-ritual", "blood-fountain", "candelabra"], discard=["feeding-cellar"], energy=0)
    assert _Search(match.state.clone(), 0).bound(match.state) == 4 == brute_force(match.state)[1]


def test_a_cellar_a_waiting_ritual_brings_back_for_the_tower_to_kill_keeps_no_visitor():
    """The same, once the Ritual waits for its choice between the Cellar and the Webs: bound 4, not 5."""
    match = table(draw=["candelabra", "crumbling-tower", "vengeful-villager"],
                  home=["resurrection-ritual", "blood-fountain", "candelabra"], discard=["feeding-cellar", "spider-webs"],
                  energy=0)
    ritual = next(a for a in GAME.legal_actions(match.state) if "Ritual" in str(a))
    assert line_bounds(match, (ritual, Draw()))[1] == 4
    GAME.apply_unchecked(match.state, ritual, Events(None))
    assert match.state.pending.kind == "target" and brute_force(match.state)[1] == 4


def test_a_passage_the_ritual_could_bring_back_lowers_the_kill_toll_only_on_its_own_line():
    """The Ritual may bring back the Secret Passage (to bury the Crumbling Tower under the other cards, the Trapdoor
    then bought for the Tower to take for nothing) or the Blood Fountain (3), not both: on the Fountain's line the
    Tower takes a card worth 2 at least, so the bound is the best score, 3, not 5."""
    match = table(draw=["crumbling-tower", "trapdoor", "candelabra"], home=["resurrection-ritual", "vampire-bride"],
                  discard=["secret-passage", "blood-fountain"], energy=2)
    assert _Search(match.state.clone(), 0).bound(match.state) == 3 == brute_force(match.state)[1]


def test_the_visitor_a_summon_calls_arrives_with_its_toll():
    """The Raven calls the Furious Farmer (the only Visitor set aside), who wants 2 energy: with at most
    1 by then, no line survives, and the bound knows it before the Raven comes."""
    match = table(draw=["candelabra", "raven-messenger"], set_aside=["furious-farmer"], energy=0)
    assert _Search(match.state.clone(), 0).bound(match.state) == float("-inf")
    assert brute_force(match.state) == (False, 0)


def test_table_rows_past_their_memory_are_forgotten_and_the_search_is_the_same(monkeypatch):
    """A long search keeps its table rows within ROWS_MEMORY between two values asked: past it they are
    forgotten and worked out again, and the search explores the same positions to the same answer."""
    match = table(draw=["ancestral-portrait", "secret-passage", "curious-quaintrelle", "feeding-cellar",
                        "furious-farmer", "trapdoor", "ancestral-portrait", "vengeful-villager", "portrait-gallery",
                        "gossiping-maid", "hypnotic-gaze", "candelabra", "lantern-priest", "bat-colony"],
                  home=["secret-passage"], discard=[], threat=[], set_aside=[], energy=2)
    free = hindsight(match)  # its rows hold about 3 MB
    held: list[int] = []
    trim = deckula_pile._Rows.trim

    def counted(rows):
        trim(rows)
        held.append(sum(row.nbytes for each in rows.memory.members for row, _ in each.mine.values()))

    monkeypatch.setattr(deckula_pile, "ROWS_MEMORY", 160_000)
    monkeypatch.setattr(deckula_pile._Rows, "trim", counted)
    tight = hindsight(match)
    assert (tight.status, tight.best_score, tight.bound, tight.nodes, tight.best_actions) == (
        free.status, free.best_score, free.bound, free.nodes, free.best_actions)
    assert max(held) <= 160_000
    assert held.count(0) > 1  # forgotten at least once after the first value


def test_a_long_search_forgets_its_bounds_rather_than_outgrow_memory(monkeypatch):
    """Past BOUNDS_KEPT positions the bounds remembered are forgotten: the answer stays the same."""
    match = tablekit.new_game("deckula", seed=4, difficulty="beginner")
    free = hindsight(match)
    monkeypatch.setattr(deckula, "BOUNDS_KEPT", 30)
    root = Match(match.game, match.config, match.seed).state
    search = _Search(root, 100_000)
    search.probe(root)
    search.run(root, [])
    assert search.nodes > 30 and len(search.bounds) <= 30
    assert not search.exhausted and search.best == (free.survivable, free.best_score)


def tables_made(monkeypatch, difficulty: str, seed: int, budget: int) -> list[deckula_pile.PileTables]:
    """The pile tables a search of a deal made, with the values it asked of them."""
    made: list[deckula_pile.PileTables] = []
    plain_init = deckula_pile.PileTables.__init__

    def kept(tables, *args, **kwargs):
        plain_init(tables, *args, **kwargs)
        made.append(tables)

    with monkeypatch.context() as patch:
        patch.setattr(deckula_pile.PileTables, "__init__", kept)
        hindsight(tablekit.new_game("deckula", seed=seed, difficulty=difficulty), node_budget=budget)
    return made


@pytest.mark.parametrize("difficulty, seed", [("beginner", 12), ("hard", 1), ("harder", 29)])
def test_what_the_tables_forget_changes_no_value_they_give(monkeypatch, difficulty, seed):
    """The tables forget what the cards below can no longer use, and answer at once for a state doomed by a
    game-ending card it has no guard for: every value a search asked is the same from tables that forget
    none of that (and they need more rows for it)."""
    made = tables_made(monkeypatch, difficulty, seed, 200)
    asked = [(tables, dict(tables.values)) for tables in made if tables.values]
    assert asked
    for tables, values in asked:
        full = tables.under(tables.pile)
        full.tags_below = [full.all_flags] * len(full.tags_below)
        full.named_below = [full.all_shields] * len(full.named_below)
        full.costly_pile, full.mob_below = full.costly_below, [True] * len(full.mob_below)
        full.last_turn, full.most_ends, full.doom = True, full.most_room, []
        assert {state: full.value(*state) for state in values} == values
        assert len(full.rows) > len(tables.rows)


@pytest.mark.parametrize("difficulty, seed", [("harder", 4), ("hard", 3), ("beginner", 17), ("hard", 14)])
@pytest.mark.parametrize("dearer", [False, True])
def test_rows_counting_removers_and_excess_arrivals_give_what_rows_keyed_by_excess_costs_give(
        monkeypatch, difficulty, seed, dearer):
    """Where every excess cost to come is 1, one row counting the removers and excess arrivals below serves every
    excess cost standing: every value a search asked, and the same states with half the cards left, other excess
    costs standing and removers got, are the same from tables keying every row by its excess costs (which need
    more rows). `dearer`: one Visitor of the pile costs 1 VP more, so the rows above it are keyed and read the
    counting rows below."""
    made = tables_made(monkeypatch, difficulty, seed, 100)
    monkeypatch.setattr(deckula_pile, "ROWS_MEMORY", 2**40)  # every row kept, to count them
    reads = []
    for tables in made[:3]:
        specs = list(tables.specs)
        if dearer:
            visitor = next(u for u in tables.pile[::-1] if tables.excess_of[u])
            specs[visitor] = specs[visitor].model_copy(update={"vp": specs[visitor].vp - 1})
        counting, keyed = (deckula_pile.PileTables(
            specs, tables.pile, tables.top_energy, tables.worth, tables.deferred_worth, tables.bury_cost, tables.room,
            tables.arrivals, tables.late, tables.bonus, tables.aside) for _ in range(2))
        keyed.fixes = [False] * len(keyed.fixes)
        states = [(level, energy, (*key[:9], got, excess, *key[11:])) for m, energy, key in tables.values
                  for level in {m, m // 2} for got in range(2) for excess in [key[10], (), (1,), (3, 1), (2, 2, 1)]]
        assert [keyed.value(*state) for state in states] == [counting.value(*state) for state in states]
        assert len(keyed.rows) > len(counting.rows)
        reads += [counting.fixes[:level + 1] for level, _, _ in states]
    assert any(fixes[-1] and len(fixes) > 2 for fixes in reads)  # a counting row above the first cards read
    assert dearer == any(not fixes[-1] and any(fixes[1:]) for fixes in reads)  # keyed rows read counting ones


ENERGY_AXIS_DEALS = [("beginner", 11), ("hard", 16), ("harder", 9)]


@pytest.mark.parametrize(("difficulty", "seed"), ENERGY_AXIS_DEALS)
def test_the_tables_energy_axis_is_cut_only_where_no_value_changes(difficulty, seed, monkeypatch):
    """The tables hold energies only up to what a position may ask or what pays for everything below it; a table
    holding 80 reads the same at every level, for every energy the root's start may bring there."""
    root = tablekit.new_game("deckula", seed=seed, difficulty=difficulty).state
    cut = _Search(root.clone(), 0)
    monkeypatch.setattr(deckula_pile.PileTables, "_energy_size", lambda self: 80)
    whole = _Search(root.clone(), 0)
    _, _, top, key, _ = cut._pile_start(root, cut._live(root), False)
    assert cut.tables.size < whole.tables.size == 80
    for m in range(top + 1):
        asked = range(cut.tables.top_energy + len(cut.tables.pile) - m + 1)
        assert [cut.tables.value(m, e, key) for e in asked] == [whole.tables.value(m, e, key) for e in asked], m


ENERGY_AXIS_TABLES = {
    # every card bought with the energy there is: the most the rows need
    "three to buy": dict(draw=["candelabra"] * 3, energy=6),
    # the card drawn at the start gives 1 more energy when discarded (the Ritual then brings back the Cellar)
    "a drawn card to discard": dict(draw=["feeding-cellar", "loyal-gargoyle", "loyal-gargoyle"],
                                    home=["resurrection-ritual"], energy=0),
    # buries owing energy at the end, and a Vagabond taking some on the way
    "buries and a drain": dict(draw=["candelabra", "secret-passage", "hapless-vagabond", "candelabra"],
                               home=["secret-passage"], energy=2),
    # energy to spare: what the cards below take decides where more energy stops counting
    "a drain with energy to spare": dict(draw=["candelabra", "hapless-vagabond", "candelabra", "candelabra"],
                                         energy=9),
    "a toll buried with energy to spare": dict(draw=["candelabra", "candelabra", "furious-farmer", "candelabra"],
                                               home=["secret-passage"], energy=9),
}


def positions(state):
    """Every position reachable from `state` where the game is not over."""
    if state.result is None:
        yield state
        for action in GAME.legal_actions(state):
            child = state.clone()
            GAME.apply_unchecked(child, action, Events(None))
            yield from positions(child)


@pytest.mark.parametrize("name", ENERGY_AXIS_TABLES)
def test_every_position_has_the_same_bound_with_the_whole_energy_axis(name, monkeypatch):
    """The cut energy axis changes no bound anywhere on small tables (a table holding 80 energies beside it)."""
    root = table(**ENERGY_AXIS_TABLES[name]).state
    reachable = list(positions(root))
    cut = _Search(root.clone(), 0)
    bounds = [cut.bound(state) for state in reachable]
    monkeypatch.setattr(deckula_pile.PileTables, "_energy_size", lambda self: 80)
    whole = _Search(root.clone(), 0)
    assert cut.tables.size < whole.tables.size
    assert bounds == [whole.bound(state) for state in reachable]


def gallery_table(rng: random.Random) -> dict:
    """A small table where the Portrait Gallery can come back only through the Ritual held, with Portraits
    and a Home kill to come (the bound then works out the Ritual's lines with and without the Gallery)."""
    cards = [card for card in CARDS if card != "portrait-gallery"]
    castle = [card for card in CASTLE if card != "portrait-gallery"]
    return {"draw": [rng.choice(["ancestral-portrait", "crumbling-tower", *cards]) for _ in range(rng.randint(2, 4))],
            "home": [rng.choice(["ancestral-portrait", *castle]) for _ in range(rng.randint(0, 2))],
            "discard": ["portrait-gallery"], "threat": [], "set_aside": [], "energy": rng.randint(0, 3)}


@pytest.mark.parametrize("deal", [random_table, gallery_table])
@pytest.mark.parametrize("seed", range(3))
def test_a_bound_given_the_score_to_beat_beats_it_exactly_when_the_full_bound_does(deal, seed):
    """bound(state, cut) may stop a held Ritual's own bound early, so it may be looser, never tighter, than
    the full bound, and it is above `cut` exactly when the full bound is (the search cuts the same positions);
    on seeded tables with a Ritual held, at the cuts around every reachable position's full bound."""
    rng = random.Random(seed)
    looser = 0
    for _ in range(12):
        tables = deal(rng)
        held = [card for card in tables["home"] if card != "resurrection-ritual"] + ["resurrection-ritual"]
        root = table(**{**tables, "home": held}).state  # one Ritual held: its own bound is worked out
        search = _Search(root.clone(), 0)
        for state in positions(root):
            full = search.bound(state)
            if full == -math.inf:
                continue
            for cut in (full - 3, full - 1, full, full + 1):
                given = search.bound(state, cut)
                assert given >= full and (given > cut) == (full > cut), (tables, cut, full, given)
                looser += given > full
    assert looser  # the early stop was taken somewhere (else this test checks nothing)


def _bounded_choices(monkeypatch, trial: int) -> list[bool]:
    """Search a small table where the best line uses the Ritual, with CHOICE_TRIAL at `trial`: for each bound
    asked, whether its position waits for a target."""
    bounded = []
    plain_bound = _Search.bound

    def recording(search, state, cut=None):
        bounded.append(state.pending is not None and state.pending.kind == "target")
        return plain_bound(search, state, cut)

    monkeypatch.setattr(_Search, "bound", recording)
    monkeypatch.setattr(deckula, "CHOICE_TRIAL", trial)
    match = table(draw=["candelabra", "bat-colony"], home=["resurrection-ritual"],
                  discard=["ancestral-portrait", "vampire-bride"], energy=2)
    result = hindsight(match)
    assert result.status == "optimal" and result.best_score == 4 == brute_force(match.state)[1]
    assert any(action.name == "Vampire Bride" for action in result.best_actions)
    return bounded


def test_a_discard_effects_target_seldom_cut_is_searched_through_not_bounded(monkeypatch):
    """Using the Ritual asks for its card: once such choices were seldom cut (here: from the first), the search
    bounds each card's position, not the choice itself, and the best line still goes through the choice (the
    Vampire Bride back rather than the Portrait: 2 + 1 + 1 = 4)."""
    bounded = _bounded_choices(monkeypatch, 0)
    assert bounded and not any(bounded)


def test_a_discard_effects_target_is_bounded_until_its_trial_is_over(monkeypatch):
    """Before CHOICE_TRIAL such choices were bounded, the Ritual's choice is bounded like any position."""
    bounded = _bounded_choices(monkeypatch, 200)
    assert any(bounded)


@pytest.mark.parametrize(("difficulty", "seed"), [("beginner", 22), ("hard", 25)])
def test_a_ritual_choice_plays_out_no_card_its_own_bound_already_cuts(monkeypatch, difficulty, seed):
    """At the Ritual's choice, the choice's bound has a term for each card it may bring back (checked against brute
    force above): a card whose term is at most the best line found is never played out. The same best score,
    with fewer positions than a search that plays every card out."""
    result = hindsight(tablekit.new_game("deckula", seed=seed, difficulty=difficulty))
    monkeypatch.setattr(_Search, "option_bounds", lambda search, state: None)
    every = hindsight(tablekit.new_game("deckula", seed=seed, difficulty=difficulty))
    assert result.status == every.status == "optimal" and result.best_score == every.best_score
    assert result.nodes < every.nodes


def test_a_search_leaves_nothing_to_the_cyclic_collector_and_turns_it_back_on():
    """The cyclic collector is paused while the search runs and on again after; the search frees what it remembers
    as it ends (its tables and rows refer to each other and to it: left to the collector, they would cost a walk of
    hundreds of thousands of objects)."""
    match = tablekit.new_game("deckula", seed=22, difficulty="beginner")
    gc.collect()
    result = hindsight(match)
    assert result.status == "optimal" and gc.isenabled()
    assert gc.collect() < 100

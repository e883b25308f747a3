"""The sample set's balance goals (issue 12), measured with a fixed seed and stated sample sizes.

The benchmark `benchmarks/wonders_balance.py` prints the full figures (builder included); these
tests keep the cheaper ones from drifting: each Villain's recommended colour wins 35–55% of 300
games, and campaign changes move the win rate the way a player expects (200 paired games).
"""

import random

import pytest

import tablekit
from solvers.wonders import recommended_deck, win_rate
from solvers.wonders_balance import CAMPAIGN_CHANGES, campaign_effects
from tablekit.wonders.game import GAME

GAMES = 300  # per Villain: a 95% interval about ±5.6 points wide at 50%


@pytest.mark.slow
@pytest.mark.parametrize("villain", ["cullin", "morwen", "grak"])
def test_recommended_colour_wins_between_35_and_55_percent(villain):
    rate = win_rate(villain, recommended_deck(villain), GAMES, seed="balance-test")
    assert rate.n == GAMES and 0.35 <= rate.mean <= 0.55, rate


@pytest.mark.slow
def test_campaign_changes_move_the_win_rate_the_expected_way():
    changes = [c for c in CAMPAIGN_CHANGES if c[0].startswith("upgrades") and c[1] == "morwen"
               or c[0] == "pack: A Royal Decree"]
    effects = campaign_effects(games=200, seed="balance-test", changes=changes)
    assert [e.difference.n for e in effects] == [200, 200]
    assert all(e.as_expected for e in effects), effects


def test_a_deck_of_drawing_spells_ends_its_turns():
    """The heuristic never casts a drawing spell on an empty draw pile: with nothing but draw
    spells and cheap minions a turn used to recycle the discard pile forever."""
    deck = ["tidal-surge"] * 3 + ["wild-growth"] * 2 + ["salt-spray"] * 2 + ["healing-spring"] * 2
    deck += ["acorn-sprite"] * 2 + ["mist-seer"] * 3 + ["war-drummer"] * 3 + ["owl-scout"] * 2
    deck += ["bubble-ward"] * 3 + ["smoke-screen"] * 3 + ["ember-imp"] * 3
    assert len(deck) == 28
    rng = random.Random(0)
    for game in range(10):
        match = tablekit.new_game("wonders", seed=f"loop/{game}", villain="grak", deck="picked",
                                  picks=deck, max_rounds=30)
        for _ in range(5000):  # 30 rounds never need this many actions
            if match.is_over:
                break
            match.apply(GAME.heuristic_action(match.view(), match.legal_actions(), rng))
        assert match.is_over, f"game loop/{game} still running after 5000 actions"

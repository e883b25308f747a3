"""Rule coverage: every rule of the DeckNForge rule book has a scenario here that reports it.

Each scenario sets a table up (or deals a game), plays the actions the rule is about, checks the
numbers the rulebook gives, and returns the events (or the refusal) that name the rule. The
first test fails when a rule is added to `data/rules.toml` without a scenario.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import tablekit
from tablekit.core.errors import TablekitError
from tablekit.forge.band import BandError, check_inscription
from tablekit.forge.cards import sample_book
from tablekit.forge.lessons import post_game_demo
from tests.forge.conftest import card, play, rules_of, table

Scenario = Callable[[], list[str]]
SCENARIOS: dict[str, Scenario] = {}


def scenario(*rules: str) -> Callable[[Scenario], Scenario]:
    """Register a scenario for the rules it reports."""
    def register(check: Scenario) -> Scenario:
        for rule in rules:
            SCENARIOS[rule] = check
        return check
    return register


def refusal(call: Callable[[], object]) -> list[str]:
    """The rule ids a refused call names (IllegalActionError.rule or `[rule ...]` in the text)."""
    with pytest.raises(TablekitError) as caught:
        call()
    rule = getattr(caught.value, "rule", None)
    return [rule] if rule else [w.strip("[]") for w in str(caught.value).split() if "forge." in w]


@scenario("forge.band", "forge.monster-roll", "forge.legend", "forge.starting-inscriptions",
          "forge.coppers", "forge.dungeon-pool", "forge.bosses", "forge.boss-hp", "forge.deal",
          "forge.player-counts", "forge.hero-values")
def _setup() -> list[str]:
    match = tablekit.new_game("forge", seed=1, wizards=2)
    s = match.state
    assert len(s.monsters) == 12 and len(s.bosses) == 6 and len(s.minion_pool) == 6
    assert s.boss_hp == 2 * s.monsters[s.boss].hp and all(len(h) == 12 for h in s.hands)
    assert s.hp == [20, 20] and s.coppers == [0, 0]  # the 30-copper starter plan is bought
    assert all(any(m.legend for m in s.monsters[6 * b:6 * b + 6]) for b in range(2))
    return rules_of(match.log)


@scenario("forge.plot", "forge.reveal", "forge.tactics", "forge.resolve", "forge.commit",
          "forge.boss-attack", "forge.minion-strike", "forge.refill", "forge.summon")
def _a_round() -> list[str]:
    match = table([["9♠", "2♦", "4♣"], ["2♥", "3♣", "5♦"]], boss_hp=40, boss_atk=3, minions=1,
                  pool=2)
    events = play(match, "Plot 9♠", "Plot 2♥", "Pass", "Pass", "Take the hit", "Take the hit",
                  "Take the hit", "Take the hit")
    s = match.state
    assert s.boss_hp == 40 - 11 and card(0, "9♠") in s.committed[0]
    assert s.hp == [20 - 3 - 4, 20 - 3 - 4] and len(s.minions) == 2 and s.round == 2
    return rules_of(events)


@scenario("forge.spike")
def _spike() -> list[str]:
    match = table([["9♠", "2♦", "4♣"]], boss_hp=40)
    events = play(match, "Plot 9♠", "Spike", "Pay with 2♦")
    assert match.state.boss_hp == 40 - 12
    return rules_of(events)


@scenario("forge.foil", "forge.tactic-limit")
def _foil() -> list[str]:
    match = table([["9♠", "2♦", "4♣"], ["2♥", "3♣", "5♦"]], boss_hp=40)
    events = play(match, "Plot 9♠", "Plot 2♥", "Foil wizard 2", "Pay with 2♦", "Pay with 4♣")
    assert match.to_move == 1  # one Tactic each: Wizard 1 has had theirs, Wizard 2 decides now
    events += play(match, "Pass")
    assert match.state.boss_hp == 40 - 9 - 1
    return rules_of(events)


@scenario("forge.snipe")
def _snipe() -> list[str]:
    match = table([["3♠", "J♦", "4♣"], ["K♥", "3♣", "5♦"]], boss_hp=14)
    events = play(match, "Plot 3♠", "Plot K♥", "Snipe wizard 2", "Pay with J♦", "Pass")
    assert match.state.killer == 0
    return rules_of(events)


@scenario("forge.brace")
def _brace() -> list[str]:
    match = table([["9♠", "2♦", "4♣"]], boss_hp=40, boss_atk=30)
    events = play(match, "Plot 9♠", "Brace", "Pay with 2♦")
    assert match.state.hp == [20]
    return rules_of(events)


@scenario("forge.convert")
def _convert_refused() -> list[str]:
    match = table([["Q♥", "7♣"]])
    return refusal(lambda: match.apply(match.game.action_from_json(["Convert", card(0, "Q♥")])))


@scenario("forge.convert-spade", "forge.convert-heart", "forge.convert-club",
          "forge.convert-diamond", "forge.pressure")
def _converts() -> list[str]:
    match = table([["7♠", "7♥"], ["7♣", "7♦"]], boss_hp=40, boss_atk=1,
                  hp=[10, 20])
    before = match.state.coppers[1]
    events = play(match, "Convert 7♠", "Convert 7♣")
    s = match.state
    assert s.shield[0] == 1 and len(s.hands[1]) == 1 + 2
    other = table([["7♥", "2♠"], ["7♦", "2♣"]], boss_hp=40, boss_atk=1, hp=[10, 20])
    events += play(other, "Convert 7♥", "Convert 7♦")
    assert other.state.hp[0] == 10 + 4 and other.state.coppers[1] == before + 7
    events += play(other, "Pass", "Pass", "Take the hit", "Take the hit")
    assert other.state.hp == [14 - 1 - 2, 20 - 1 - 2]  # the hit, then Pressure (no damage dealt)
    return rules_of(events)


@scenario("forge.killing-blow", "forge.kill-coppers", "forge.assist", "forge.glory",
          "forge.minions-fall", "forge.active-wizard", "forge.between-bosses", "forge.kill-reward")
def _killing_blow() -> list[str]:
    match = table([["Q♦", "2♦"], ["Q♠", "3♣"], ["5♥", "3♦"]], boss_hp=20, minions=1)
    before = list(match.state.coppers)
    events = play(match, "Plot Q♦", "Plot Q♠", "Plot 5♥", "Pass", "Pass", "Pass")
    s = match.state
    assert s.killer == 1 and s.coppers[1] == before[1] + 3 + 5  # overkill 9, bonus capped at 5
    assert s.coppers[0] == before[0] + 1 and s.glory == [0, 1, 0] and s.band_glory == [1, 1, 1]
    events += play(match, "Rally")
    assert match.state.hp == [25, 25, 25] and not match.state.minions
    return rules_of(events)


@scenario("forge.legend-bonus", "forge.mythic")
def _legend_kill() -> list[str]:
    match = table([["K♠", "2♦"]], boss_hp=5, legend=True)
    events = play(match, "Plot K♠", "Pass", "Momentum", "Earn Mythic wyrmbane")
    assert match.state.legend_bonus == [True]
    assert match.state.inscribed[0][card(0, "K♠") % 48] == "wyrmbane"
    return rules_of(events)


@scenario("forge.dodge")
def _dodge() -> list[str]:
    match = table([["9♠", "2♦", "3♣", "5♥"]], boss_hp=40, boss_atk=5)
    events = play(match, "Plot 9♠", "Pass")
    assert "Dodge card 5♥" in [str(a) for a in match.legal_actions()]
    events += play(match, "Dodge with 2♦ 5♥")  # 7 > 5; 5 alone is not enough
    s = match.state
    assert s.hp == [20] and card(0, "3♣") in s.hands[0]
    assert {card(0, "2♦"), card(0, "5♥")} <= set(s.committed[0])
    return rules_of(events)


@scenario("forge.hand-limit")
def _hand_limit() -> list[str]:
    hand = ["2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠", "2♥", "3♥", "4♥", "5♥", "6♥"]
    match = table([hand], boss_hp=60, boss_atk=1)  # solo: the hand size is 14
    events = play(match, "Plot 2♠", "Pass", "Take the hit")
    assert len(match.state.hands[0]) == 14
    return rules_of(events)


@scenario("forge.empty-deck")
def _empty_deck() -> list[str]:
    match = table([["9♠", "2♦"], ["7♥", "3♣"]], boss_hp=40, boss_atk=1, deck=0)
    assert match.state.phase == "tactic" and match.state.plots == [-1, -1]  # nobody plots
    play(match, "Pass", "Pass", "Take the hit", "Take the hit")
    assert match.state.hp == [19, 19]  # the hit, but no Pressure although nothing was dealt
    return rules_of(match.log)


@scenario("forge.knocked-out", "forge.loss")
def _party_wipe() -> list[str]:
    match = table([["9♠", "2♦"], ["7♥", "3♣"]], boss_hp=40, boss_atk=30)
    events = play(match, "Plot 9♠", "Plot 7♥", "Pass", "Pass")
    assert match.is_over and match.outcome.text.startswith("The party fell")
    return rules_of(events)


@scenario("forge.win")
def _win() -> list[str]:
    match = table([["K♠", "2♦"]], boss_hp=5, boss_no=5, mythics=False)
    events = play(match, "Plot K♠", "Pass")
    assert match.is_over and match.outcome.won(0)
    return rules_of(events)


@scenario("forge.inscription", "forge.inscription-effect")
def _inscriptions() -> list[str]:
    match = table([["9♠", "2♦"]], boss_hp=40, boss_atk=1, inscribed={(0, "9♠"): "thunderclap"})
    events = play(match, "Plot 9♠", "Pass")
    assert match.state.boss_hp == 40 - 9 - 3
    named = refusal(lambda: table([["9♠"]], inscribed={(0, "9♠"): "no-such-page"}))
    return rules_of(events) + named


@scenario("forge.cards")
def _cards() -> list[str]:
    convert_only = next(p for p in sample_book().inscriptions
                        if all(e.when == "convert" for e in p.effect))
    check_inscription("7♣", convert_only.id, sample_book(), {})  # fine on an Item
    return refusal(lambda: check_inscription("K♠", convert_only.id, sample_book(), {}))


@scenario("forge.label", "forge.label-reward", "forge.label-risk", "forge.label-effect",
          "forge.label-limits")
def _labels() -> list[str]:
    match = tablekit.new_game("forge", seed=2, wizards=3, dungeon=2, inscriptions="none")
    before = match.state.coppers[0]
    events = match.apply(match.action("Label mossy-mend (heal)"))
    s = match.state
    assert s.coppers[0] == before + 1 and s.hp[0] == 21 and "mossy-mend" in s.monsters[s.boss].labels
    events += _until(match, lambda: match.state.round > 1)
    assert "regrows 2 HP" in " ".join(e.text for e in events)  # the Boss survived round 1
    s.boss_hp = 1  # two labels a dungeon: the third Boss gets none
    events += _until(match, lambda: match.state.phase == "label")  # the second Boss
    events += match.apply(match.action("Label thick-hide (draw)"))
    s.boss_hp = 1
    events += _until(match, lambda: match.state.boss_no == 2)  # the third Boss: none left
    assert "forge.label-limits" in rules_of(events)
    return rules_of(events)


@scenario("forge.doom")
def _doom() -> list[str]:
    match = tablekit.new_game("forge", seed=2, wizards=1, dungeon=2)
    events = match.apply(match.action("Label doom (heal)"))
    match.state.boss_hp = 500
    events += _until(match, lambda: False)
    assert match.is_over and match.state.round == 5
    return rules_of(events)


@scenario("forge.record", "forge.fading", "forge.drifting", "forge.turning")
def _post_game() -> list[str]:
    cycle = post_game_demo(wizards=2, seed=5)
    assert cycle.is_over
    return rules_of(cycle.log)


def _until(match, done: Callable[[], bool]) -> list:
    """Play the heuristic (taking every hit) until `done()` or the end; the events."""
    events = []
    rng = random.Random(0)
    while not match.is_over and not done():
        legal = match.legal_actions()
        take = [a for a in legal if str(a) == "Take the hit"]
        view = match.view(match.to_move)
        events += match.apply(take[0] if take else match.game.heuristic_action(view, legal, rng))
    return events


def test_every_rule_of_the_book_has_a_scenario():
    book = {rule for rule in tablekit.rules("forge") if rule.startswith("forge.")}
    assert book - set(SCENARIOS) == set(), "rules without a scenario"
    assert set(SCENARIOS) - book == set(), "scenarios for rules not in the book"


@pytest.mark.parametrize("rule", sorted(SCENARIOS))
def test_the_scenario_reports_its_rule(rule):
    assert rule in SCENARIOS[rule]()


def test_a_band_refuses_what_the_book_forbids():
    with pytest.raises(BandError, match="Mythics are earned"):
        check_inscription("Q♥", "sunforge-crown", sample_book(), {})  # a bought Mythic
    with pytest.raises(BandError, match="one inscription per card"):
        check_inscription("Q♥", "ember-edge", sample_book(), {"Q♥": "kettle-charm"})

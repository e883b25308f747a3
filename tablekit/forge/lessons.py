"""Lesson tables: small hand-made DeckNForge situations for the learn notebook, and live tables
of the rules (a rolled Monster, the Player Counts, the cheapest dodge)."""

from __future__ import annotations

import random
from typing import Any

from tablekit.core.match import Match
from tablekit.core.registry import new_game
from tablekit.forge.band import build_band
from tablekit.forge.rules import cheapest_dodge, kill_coppers, player_count

# name -> (what it shows, new_game options with the scenario). Every set table is a moment of a
# real fight: the Boss at its own rolled numbers (`rolled`), the round it is, one Minion per
# round already played while the pool lasts, and the cards gone before on the committed pile
# (hand + deck + committed = 48; in round R of the first fight the deck holds 36 − 2(R − 1)).
LESSONS: dict[str, tuple[str, dict[str, Any]]] = {
    "plot-and-reveal": ("Two wizards plot face down; the cards turn over together.",
                        {"wizards": 2, "scenario": {"hands": [["9♠", "4♥", "K♣"],
                                                              ["Q♦", "7♥", "3♠"]],
                                                    "rolled": True, "round": 2, "minions": 1,
                                                    "deck": 34}}),
    "convert": ("Convert an Item for its suit's gift instead of attacking.",
                {"scenario": {"hands": [["7♠", "8♥", "6♣", "9♦", "K♠"]], "hp": [9],
                              "rolled": True, "round": 3, "damage": 5, "deck": 32}}),
    "tactics": ("Spike, Foil, Snipe and Brace, paid with discards.",
                {"wizards": 2, "scenario": {"hands": [["5♠", "J♦", "4♣", "8♣"],
                                                      ["K♥", "3♣", "6♦", "2♠"]],
                                            "rolled": True, "round": 2, "minions": 1,
                                            "deck": 34}}),
    "dodge": ("The Boss hits for 6: dodge with more than 6, or take it.",
              {"scenario": {"hands": [["K♠", "2♦", "3♣", "9♥", "10♣"]], "rolled": True,
                            "round": 4, "damage": 8, "deck": 30}}),
    "killing-blow": ("Whose card lands the killing blow, and what it earns.",
                     {"wizards": 3, "scenario": {"hands": [["Q♦", "2♦"], ["Q♠", "3♣"],
                                                           ["5♥", "3♦"]],
                                                 "legend": True, "rolled": True, "round": 2,
                                                 "minions": 1, "damage": 19, "deck": 34}}),
    "pressure-and-minions": ("No damage means Pressure; Minions strike after the Boss.",
                             {"wizards": 2, "scenario": {"hands": [["7♦", "2♠", "3♠"],
                                                                   ["7♥", "2♣", "4♣"]],
                                                         "rolled": True, "round": 3,
                                                         "minions": 2, "deck": 32}}),
    "key-rules": ("An empty deck skips the Plot; a wizard at 0 HP sits out the fight.",
                  {"wizards": 2, "scenario": {"hands": [["9♠", "2♦", "3♣"], ["2♥", "2♠"]],
                                              "deck": 0, "hp": [20, 3], "rolled": True,
                                              "boss_no": 2, "round": 2, "minions": 1,
                                              "glory": [1, 1], "coppers": [5, 4]}}),
    "labels": ("From a band's second dungeon the active wizard may label a revealed Boss.",
               {"wizards": 2, "dungeon": 2}),
}


def lesson(name: str, seed: int = 0) -> Match:
    """One of the learn notebook's prepared tables, by name."""
    if name not in LESSONS:
        raise KeyError(f"no lesson {name!r}; lessons: {', '.join(LESSONS)}")
    return new_game("forge", seed=seed, **LESSONS[name][1])


def rolled_monsters(seed: int = 0) -> list[dict[str, Any]]:
    """A freshly built band's six Monsters as table rows (Items, HP, ATK, Legend)."""
    band = build_band("A new band", random.Random(seed))
    return [{"card": m.key, "name": m.name, "items": " ".join(m.items), "HP": m.hp,
             "ATK": m.atk, "Legend": m.legend} for m in band.monsters]


def player_counts() -> list[dict[str, Any]]:
    """The Player Counts table as rows."""
    return [row._asdict() for row in map(player_count, range(1, 6))]


def label_table(labels: str | None = None) -> list[dict[str, Any]]:
    """The label pool as rows: each label's name, tier, the reward its tier pays at once, what it
    does to the Monster for good, and the button that adds it."""
    from tablekit.forge.cards import load_labels, sample_labels
    pool = sample_labels() if labels is None else load_labels(labels)
    return [label_row(lab) for lab in pool.labels]


def label_row(label: Any) -> dict[str, Any]:
    """One label as a row of the label table."""
    return {"label": label.name, "tier": label.tier.capitalize(),
            "reward at once": label_reward(label.tier), "what it does": label.text,
            "button": f"Label {label.id} (draw) / (heal)"}


def label_reward(tier: str) -> str:
    """What a label of this tier pays its adder at once."""
    from tablekit.forge.cards import LABEL_REWARD
    n = LABEL_REWARD[tier]
    return f"{n} copper{'s' if n > 1 else ''}, and draw {n} or heal {n}"


def dodge_table(hand: list[int], attacks: range = range(1, 16)) -> list[dict[str, Any]]:
    """For each attack, the cheapest dodge from a hand of face values (or none)."""
    rows = []
    for attack in attacks:
        best = cheapest_dodge(hand, attack)
        rows.append({"attack": attack,
                     "cheapest dodge": " + ".join(map(str, best)) if best else "none possible",
                     "discarded": sum(best) if best else 0})
    return rows


def kill_coppers_table(overkills: range = range(0, 9)) -> list[dict[str, int]]:
    """Killer's coppers by overkill (3 + overkill, the bonus capped at 5)."""
    return [{"overkill": o, "coppers": kill_coppers(o)} for o in overkills]


def bots_play(match: Match, seed: int = 0) -> Match:
    """Let the heuristic play every seat of a match to its end (it sees only each view)."""
    rng = random.Random(seed)
    game = match.game
    while not match.is_over:
        mover = match.to_move
        match.apply(game.heuristic_action(match.view(mover), match.legal_actions(), rng))
    return match


def post_game_demo(wizards: int = 2, seed: int = 5) -> Match:
    """A new campaign's first dungeon played by bots, recorded, then its Post-Game Cycle."""
    from tablekit.forge.campaign import Campaign
    from tablekit.forge.cycle import cycle_match
    campaign = Campaign.new(wizards=wizards, seed=seed)
    dungeon = bots_play(new_game("forge", seed=seed, **campaign.options()), seed)
    recorded, result = campaign.record(dungeon.state)
    return bots_play(cycle_match(recorded, result, seed), seed)


def campaign_after_a_game(wizards: int = 1, seed: int = 3) -> Any:
    """A new campaign after its first dungeon (played by bots): recorded, Faded and Drifted —
    ready for Turning."""
    from tablekit.forge.campaign import Campaign
    campaign = Campaign.new(wizards=wizards, seed=seed)
    dungeon = bots_play(new_game("forge", seed=seed, **campaign.options()), seed)
    recorded, result = campaign.record(dungeon.state)
    faded, _ = recorded.fade(seed=seed)
    return faded.drift(result, {}, seed=seed)

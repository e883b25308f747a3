"""Deck of Wonders balance figures: does deck building matter, and against whom?

`villain_balance` pits, for each Villain, its recommended colour against the builder's deck
(`improve_deck`: the shared optimiser, judged on fresh paired games). `deck_matrix` plays
any named decks against every Villain. Every win rate comes with its 95% interval and its
number of games, and the same seed gives the same figures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solvers.optimise import Budget
from solvers.wonders import (
    BUILD_BUDGET,
    DeckBuild,
    DeckProblem,
    improve_deck,
    owned_collection,
    recommended_deck,
    win_rate,
)
from tablekit.core.simulate import Estimate, Progress, simulate
from tablekit.core.stats import paired_difference, wilson_interval
from tablekit.wonders.campaign import Campaign
from tablekit.wonders.cards import default_catalog

VILLAINS = ("cullin", "morwen", "grak")  # the Villains a new campaign can face
# what a campaign changes, and the way a player expects the win rate to move: upgrades help,
# a Villain's Legacy pack that adds cards or rules to its side (or its Fated Form) hurts
UPGRADED = {"forest-troll": "player-strength", "hungry-wolf": "player-health",
            "stag-charger": "villain-strength", "tide-caller": "player-health",
            "kraken-spawn": "player-cost", "pearl-diver": "villain-strength",
            "lava-hound": "player-health", "berserker": "villain-health",
            "magma-golem": "player-strength"}
CAMPAIGN_CHANGES: tuple[tuple[str, str, dict, int], ...] = (
    ("upgrades on the recommended cards", "cullin", {"upgrades": UPGRADED}, +1),
    ("upgrades on the recommended cards", "morwen", {"upgrades": UPGRADED}, +1),
    ("upgrades on the recommended cards", "grak", {"upgrades": UPGRADED}, +1),
    ("pack: The Prince's Menagerie", "cullin", {"opened": ["cullin-menagerie"]}, -1),
    ("pack: A Royal Decree", "cullin", {"opened": ["cullin-decree"]}, -1),
    ("pack: The Bubbling Cauldron", "morwen", {"opened": ["morwen-cauldron"]}, -1),
    ("pack: The Eagles' Eyrie", "grak", {"opened": ["grak-eyrie"]}, -1),
)


@dataclass(frozen=True)
class VillainBalance:
    """One Villain's figures: the recommended colour and the builder's deck on the same fresh games."""

    villain: str
    recommended: Estimate
    best: Estimate  # the builder's answer (the recommended deck itself when nothing was shown better)
    best_picks: tuple[str, ...]
    difference: Estimate  # the search's best minus the recommended colour, paired, held out
    build: DeckBuild


def villain_balance(villains: Sequence[str] = VILLAINS, budget: Budget | None = None,
                    seed: int = 0, campaign: Campaign | None = None,
                    progress: Progress | None = None) -> list[VillainBalance]:
    """For each Villain: the recommended colour's and the builder's deck's win rates (held out, paired)."""
    budget = budget or BUILD_BUDGET
    report = _Steps(progress, _games(budget) * len(villains))
    rows = []
    for villain in villains:
        found = improve_deck(DeckProblem(villain, owned_collection(campaign)), seed=seed, budget=budget,
                             campaign=campaign, progress=report.part())
        rows.append(_row(found))
    return rows


def _games(budget: Budget) -> int:
    """Games one build plays at most: the search, then both arms of the verdict."""
    return budget.search_games + 2 * budget.verdict_games


def _row(found: DeckBuild) -> VillainBalance:
    """One Villain's figures from its build's verdict."""
    verdict = found.result.verdicts[0] if found.result.verdicts else None
    if verdict is None:  # the search's best was the recommended deck itself: its search games are all we have
        rate = next((e for deck, e in found.result.raced if list(deck) == found.picks), Estimate(0.0, 0.0, 0.0, 0))
        return VillainBalance(found.villain, rate, rate, tuple(found.picks), Estimate(0.0, 0.0, 0.0, 0), found)
    best = verdict.answer if found.shown_better else verdict.against
    return VillainBalance(found.villain, verdict.against, best, tuple(sorted(found.picks)),
                          verdict.difference, found)


def named_decks(rows: Sequence[VillainBalance],
                campaign: Campaign | None = None) -> dict[str, list[str]]:
    """The builder's best deck against each Villain, then each Villain's recommended colour."""
    villains = default_catalog().villains
    decks = {f"best vs {_short(villains[r.villain].name)}": list(r.best_picks) for r in rows
             if r.build.shown_better}
    for row in rows:
        colour = villains[row.villain].colour
        decks.setdefault(f"{colour} (recommended)", recommended_deck(row.villain, campaign))
    return decks


def deck_matrix(decks: dict[str, Sequence[str]], villains: Sequence[str] = VILLAINS,
                games: int = 100, seed: int | str = 0, campaign: Campaign | None = None,
                progress: Progress | None = None) -> dict[str, dict[str, Estimate]]:
    """Win rate of every deck against every Villain: {deck name: {villain: estimate}}."""
    report = _Steps(progress, games * len(decks) * len(villains))
    return {name: {v: win_rate(v, picks, games, f"{seed}/{v}", campaign=campaign,
                               progress=report.part())
                   for v in villains}
            for name, picks in decks.items()}


@dataclass(frozen=True)
class CampaignEffect:
    """How one campaign change moves the recommended deck's win rate (paired games)."""

    change: str
    villain: str
    before: Estimate
    after: Estimate
    difference: Estimate  # after − before over the same seeds, with its 95% interval
    expected: int  # +1: a player expects it to help; -1: to hurt

    @property
    def as_expected(self) -> bool:
        """True when the interval of the difference lies on the expected side of 0."""
        return self.difference.low > 0 if self.expected > 0 else self.difference.high < 0


def campaign_effects(games: int = 400, seed: int | str = 0,
                     changes: Sequence[tuple[str, str, dict, int]] = CAMPAIGN_CHANGES,
                     progress: Progress | None = None) -> list[CampaignEffect]:
    """Play the recommended deck with and without each campaign change, on the same seeds."""
    report = _Steps(progress, 2 * games * len(changes))
    effects = []
    for change, villain, fields, expected in changes:
        campaign = Campaign(opened=list(fields.get("opened", [])),
                            upgrades=dict(fields.get("upgrades", {})))
        base = _scores(villain, Campaign(), games, seed, report.part())
        changed = _scores(villain, campaign, games, seed, report.part())
        effects.append(CampaignEffect(change, villain, _rate(base), _rate(changed),
                                      paired_difference(changed, base), expected))
    return effects


def _scores(villain: str, campaign: Campaign, games: int, seed: int | str,
            progress: Callable[[int, int], None] | None) -> list[float]:
    """The recommended deck's result in each game (1 won, 0 lost) under a campaign."""
    config = {"villain": villain, "deck": "picked", "campaign": campaign.to_json(),
              "picks": recommended_deck(villain, campaign)}
    return simulate("wonders", games, seed=f"{seed}/{villain}", executor="serial",
                    config=config, progress=progress or False).scores()


def _rate(scores: list[float]) -> Estimate:
    return wilson_interval(int(sum(scores)), len(scores))


def balance_lines(rows: Sequence[VillainBalance]) -> list[str]:
    """The figures as text lines (the benchmark prints them; the card file's header keeps them)."""
    lines = []
    for row in rows:
        d = row.difference
        verdict = "shown better" if row.build.shown_better else "not shown better: the recommended deck is returned"
        lines.append(f"{row.villain}: recommended colour {_percent(row.recommended)}, search's best deck "
                     f"{d.mean:+.3f} [{d.low:+.3f}, {d.high:+.3f}] (n={d.n} paired games), {verdict}")
    return lines


def _percent(estimate: Estimate) -> str:
    return (f"{100 * estimate.mean:.0f}% (95% interval {100 * estimate.low:.0f}–"
            f"{100 * estimate.high:.0f}%, n={estimate.n})")


def _short(name: str) -> str:
    return name.split(",")[0]


class _Steps:
    """Several runs reported as one progress figure (each run reports its own games)."""

    def __init__(self, report: Progress | None, planned: int) -> None:
        self.report, self.planned, self.done = report, planned, 0

    def part(self) -> Callable[[int, int], None] | None:
        """The progress function of the next run."""
        if self.report is None:
            return None
        start = self.done

        def step(done: int, _total: int) -> None:
            self.done = start + done
            self.report(self.done, max(self.planned, self.done))

        return step

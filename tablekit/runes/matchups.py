"""Win rates of one prepared deck against another over many shuffles, with 95% intervals."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tablekit.core.errors import ConfigError
from tablekit.core.stats import Estimate, mean_interval
from tablekit.runes.board import DuelOptions
from tablekit.runes.cards import Card, load_pool
from tablekit.runes.decks import sample_decks
from tablekit.runes.duel import run_duel
from tablekit.runes.preparation import Plan, shuffle


@dataclass(frozen=True, slots=True)
class Matchup:
    """Deck A against deck B: wins, draws, losses of A, and A's score with its 95% interval."""

    wins: int
    draws: int
    losses: int
    score: Estimate
    mean_turns: float

    def __str__(self) -> str:
        return (f"{self.wins}-{self.draws}-{self.losses} (wins-draws-losses); score "
                f"{self.score}; {self.mean_turns:.1f} turns a duel")


def matchup(hero_a: str, plan_a: Plan, hero_b: str, plan_b: Plan, duels: int = 1000,
            seed: int | str = 0, options: DuelOptions | None = None,
            pool: Mapping[str, Card] | None = None,
            progress: Callable[[int, int], None] | None = None) -> Matchup:
    """Fight `duels` duels, each with both decks freshly shuffled and the first player taking
    turns; the same arguments give the same figures."""
    if duels < 1:
        raise ConfigError(f"a matchup needs at least one duel, not {duels} [rule runes.duel]")
    pool = load_pool() if pool is None else pool
    base = options or DuelOptions()
    draw = base.draw_score
    scores: list[float] = []
    wins = draws = turns = 0
    for n in range(duels):
        decks = [[pool[c] for c in shuffle(plan, f"{seed}:{side}:{n}", pool).deck]
                 for side, plan in enumerate((plan_a, plan_b))]
        duel_options = DuelOptions(**{**_fields(base), "first_player": n % 2})
        result = run_duel((hero_a, hero_b), decks, duel_options, log=False)
        turns += result.turns
        if result.winner is None:
            draws += 1
            scores.append(draw)
        else:
            wins += result.winner == 0
            scores.append(1.0 if result.winner == 0 else 0.0)
        if progress is not None and (n + 1) % 100 == 0:
            progress(n + 1, duels)
    return Matchup(wins, draws, duels - wins - draws, mean_interval(scores), turns / duels)


def sample_matrix(duels: int = 200, seed: int | str = 0,
                  heroes: Sequence[str] | None = None,
                  progress: Callable[[int, int], None] | None = None
                  ) -> dict[tuple[str, str], Matchup]:
    """Every sample deck against every other (rows: deck A); `progress(done, total)` is told
    the duels fought so far after each pair."""
    decks = sample_decks()
    heroes = list(decks) if heroes is None else list(heroes)
    total = duels * len(heroes) ** 2
    found = {}
    for a in heroes:
        for b in heroes:
            found[(a, b)] = matchup(a, decks[a][1], b, decks[b][1], duels, seed)
            if progress is not None:
                progress(len(found) * duels, total)
    return found


def _fields(options: DuelOptions) -> dict:
    return {name: getattr(options, name) for name in DuelOptions.__dataclass_fields__}

"""simulate(): seeded and reproducible, the same on a process pool and on a Dask cluster."""

from __future__ import annotations

import math
import statistics
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import tablekit
from tablekit.core.agents import HeuristicAgent, MonteCarloAgent, RandomAgent, make_agent
from tablekit.core.simulate import mean_interval, simulate, wilson_interval


def test_serial_runs_are_reproducible_and_summarised():
    first = simulate("deckula", 60, seed=9, agents=("heuristic",), executor="serial", progress=False)
    again = simulate("deckula", 60, seed=9, agents=("heuristic",), executor="serial", progress=False)
    other = simulate("deckula", 60, seed=10, agents=("heuristic",), executor="serial", progress=False)
    assert first.records == again.records and first.records != other.records
    assert len(first.records) == 60 and first.agents == ("heuristic",)
    score, wins = first.mean_score(), first.win_rate()
    scores = [record.scores[0] for record in first.records]  # the summary, worked out here
    half = 1.96 * statistics.stdev(scores) / math.sqrt(60)
    assert score.n == 60 and score.mean == pytest.approx(statistics.fmean(scores))
    assert score.high - score.low == pytest.approx(2 * half, rel=0.05)  # normal or t, 95%
    assert score.low < score.mean < score.high  # the heuristic's scores do vary
    won = sum(0 in record.winners for record in first.records)
    assert 0 < won < 60 and wins == wilson_interval(won, 60)


def test_chunking_and_executors_do_not_change_the_results():
    serial = simulate("deckula", 50, seed=4, executor="serial", progress=False, chunk=7)
    with ThreadPoolExecutor(2) as threads:
        threaded = simulate("deckula", 50, seed=4, executor=threads, progress=False, chunk=13)
    with ProcessPoolExecutor(2) as pool:
        pooled = simulate("deckula", 50, seed=4, executor=pool, progress=False, chunk=10)
    assert serial.records == threaded.records == pooled.records


def test_the_default_process_pool(capsys):
    result = simulate("deckula", 220, seed=1, agents=("random",), progress=True)
    assert len(result.records) == 220
    assert result.records == simulate("deckula", 220, seed=1, agents=("random",), executor="serial",
                                      progress=False).records


def test_a_dask_local_cluster_gives_the_same_games():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = simulate("deckula", 80, seed=5, executor=client.get_executor(), progress=False, chunk=40)
    assert on_dask.records == simulate("deckula", 80, seed=5, executor="serial", progress=False).records


def test_better_agents_score_better():
    rand = simulate("deckula", 150, seed=2, agents=("random",), executor="serial", progress=False)
    heur = simulate("deckula", 150, seed=2, agents=("heuristic",), executor="serial", progress=False)
    assert heur.mean_score().low > rand.mean_score().high


@pytest.mark.parametrize("bad, message", [({"n": 0}, "at least one"), ({"agents": ("psychic",)}, "unknown agent"),
                                          ({"executor": "cloud"}, "unknown executor")])
def test_bad_requests_are_clear_errors(bad, message):
    arguments = {"game": "deckula", "n": 4, "progress": False, **bad}
    with pytest.raises(ValueError, match=message):
        simulate(**arguments)
    with pytest.raises(tablekit.TablekitError):
        simulate("chess", 3)


def test_agents_from_names():
    assert isinstance(make_agent("random"), RandomAgent) and isinstance(make_agent("heuristic"), HeuristicAgent)
    search = make_agent("search:12")
    assert isinstance(search, MonteCarloAgent) and search.rollouts == 12


def test_intervals():
    assert wilson_interval(0, 10).low == 0 and wilson_interval(10, 10).high == 1
    middle = wilson_interval(5, 10)
    assert middle.low < 0.5 < middle.high
    assert mean_interval([2.0, 2.0, 2.0]).low == 2.0 and mean_interval([1.0]).n == 1

"""The Deck of Wonders widgets, kernel side: buttons drive the match, chooser, campaign, learn, build."""

from __future__ import annotations

import json
import random

import pytest

from solvers.optimise import Budget
from solvers.wonders import DeckLimit
from tablekit.core.errors import TablekitError
from tablekit.wonders.actions import Place
from tablekit.wonders.battle import best_battle_lines
from tablekit.wonders.campaign import Campaign
from tablekit.wonders.game import GAME
from tablekit.wonders.lessons import example_c
from tablekit.wonders.text import half_text
from tablekit.wonders.ui import WondersTable
from tablekit.wonders.ui.build import DeckBuilder
from tablekit.wonders.ui.campaign import CampaignPanel
from tablekit.wonders.ui.learn import BattlePuzzle, ExampleTable, example_c_html, example_c_ranking
from tests.ui.helpers import XSS, XSS_ESCAPED, assert_only_escaped, assert_unexpected_error_shown
from tests.ui.readable import shown_cards

WINNING_SEED = 6  # the rule-of-thumb player beats Cullin on this deal with full health


def labels(table: WondersTable) -> list[str]:
    return [b.description for b in table.buttons]


def play_heuristically(table: WondersTable, limit: int = 400) -> None:
    """Press, each time, the button of the action the rule-of-thumb player would take."""
    rng = random.Random(0)
    for _ in range(limit):
        if table.match.is_over:
            return
        action = GAME.heuristic_action(table.match.view(), table.match.legal_actions(), rng)
        next(b for b, a in zip(table.buttons, table.match.legal_actions(), strict=True) if a == action).click()
    raise AssertionError("the game did not end")


def test_buttons_are_the_legal_actions_and_clicks_change_the_match():
    table = WondersTable(seed=1)
    assert labels(table) == [str(a) for a in table.match.legal_actions()]
    assert "Opening hand" in table.status.value
    table.click("Keep your opening hand")
    assert table.state.phase == "play" and "your turn" in table.status.value
    hand = len(table.state.boards[0].hand)
    table.click("Play Hungry Wolf")
    board = table.state.boards[0]
    assert len(board.hand) == hand - 1 and board.player_minions[0].exhausted
    assert 'data-side="player"' in table.board.value and "tk-exhausted" in table.board.value
    assert "wonders.play-minion" in table.log_panel.value
    table.undo_button.click()
    assert len(table.state.boards[0].hand) == hand and not table.state.boards[0].player_minions


def test_illegal_action_shows_its_reason_and_changes_nothing():
    table = WondersTable(seed=1)
    before = table.match.digest()
    table.play(Place(0, "nobody"))
    rule = table.match.explain(Place(0, "nobody")).rule
    assert table.match.digest() == before and f"rule {rule}" in table.message.value


def test_chooser_applies_the_advisors_layout_on_example_c():
    table = WondersTable(match=example_c())
    assert table.chooser.layout.display == "none"
    table.click("End your turn")
    assert table.chooser.layout.display == "" and "Battle Lines" in table.status.value
    best = table.chooser.layouts[0]
    assert best.villain_order == ["Poison Toad", "Pixie Cavalry", "Forest Troll"]
    assert "Advisor" in table.chooser.info.value
    table.chooser.apply_best.click()
    board = table.state.boards[0]
    assert table.state.lineup is None and [m.name for m in board.player_minions] == ["Hungry Wolf"]
    assert board.villain_minions == [] and table.chooser.layout.display == "none"


def test_placing_by_hand_keeps_only_layouts_that_agree():
    table = WondersTable(match=example_c())
    table.click("End your turn")
    table.click("Battle Lines: Forest Troll next")
    assert all(lay.villain_order[0] == "Forest Troll" for lay in table.chooser.layouts)
    table.apply_layout(table.chooser.layouts[0])
    assert table.state.lineup is None and table.state.boards[0].villain_minions[0].name == "Forest Troll"


def test_chart_hint_and_new_game_with_villain():
    table = WondersTable(seed=2, hint_rollouts=4)  # a Villain turn that asks no choice
    table.click("Keep your opening hand")
    table.click("End your turn")
    while table.state.lineup is not None:
        table.apply_layout()
    assert list(table.chart.data[0].x) == [1, 2] and table.chart.data[0].y[-1] < 30
    table.hint_button.click()
    assert "tk-hint" in table.hints.value
    table.new_game(seed=5, villain="grak")
    assert table.state.boards[0].villain == "grak" and table.match.seed == 5
    assert "Grak" in table.board.value
    assert "Rules area" in WondersTable(seed=1, villain="morwen").board.value


def test_campaign_records_a_win_opens_packs_and_unlocks_the_fated_form(tmp_path):
    table = WondersTable(seed=WINNING_SEED)
    panel = CampaignPanel(table, tmp_path / "campaign.json")
    assert panel.record_button.disabled
    play_heuristically(table)
    assert table.match.outcome.won(0) and "Game over" in table.status.value
    assert "Victory!" in table.finish.value
    assert not panel.record_button.disabled
    opened = panel.record()
    assert {p.id for p in opened} == {"cullin-decree", "cullin-crown"}
    assert "Legacy pack opened" in panel.message.value and panel.record_button.disabled
    assert "cullin-fated" in [v for _, v in table.villain.options]
    panel.card.value, panel.upgrade.value = "hungry-wolf", "player-strength"
    panel.upgrade_button.click()
    assert table.campaign.upgrades == {"hungry-wolf": "player-strength"}
    assert panel.upgrade_button.disabled and "hungry-wolf" not in [c for _, c in panel.card.options]
    table.new_game(seed=1, villain="cullin")
    wolf = next(c for c in table.state.table if c.id == "hungry-wolf" and c.upgradeable)
    assert wolf.player.strength == 4


def test_campaign_panel_lends_a_beaten_fated_forms_rules_to_other_villains(tmp_path):
    table = WondersTable(seed=1, campaign=Campaign(opened=["cullin-decree", "cullin-crown"]))
    panel = CampaignPanel(table, tmp_path / "campaign.json")
    assert panel.borrowed.disabled and not panel.borrowed.options
    table.campaign.record_game("cullin-fated", won=True, player_health=5)
    panel.refresh()
    assert not panel.borrowed.disabled
    assert [p for _, p in panel.borrowed.options] == ["cullin-decree"]
    panel.borrowed.value = ("cullin-decree",)
    assert "From the next game against another Villain" in panel.message.value
    own = table.state.boards[0].rules
    table.new_game(seed=2, villain="morwen")
    assert ("minion-strength", 1) in table.state.boards[0].rules
    table.new_game(seed=2, villain="cullin")  # his own pack: counted once, not borrowed twice
    assert table.state.boards[0].rules == own
    panel.borrowed.value = ()
    table.new_game(seed=2, villain="morwen")
    assert ("minion-strength", 1) not in table.state.boards[0].rules


def test_a_new_game_the_rules_refuse_keeps_the_match_and_says_why():
    table = WondersTable(seed=1)
    before = table.match
    table.options["max_rounds"] = 0
    table.new_game(seed=5)
    assert table.match is before and "No new game" in table.message.value
    assert "max_rounds" in table.message.value


def test_campaign_save_and_load_round_trip(tmp_path):
    path = tmp_path / "campaign.json"
    first = WondersTable(seed=1, campaign=Campaign(opened=["cullin-crown"], upgrades_due=1))
    CampaignPanel(first, path).save_button.click()
    second = WondersTable(seed=1)
    panel = CampaignPanel(second, path)
    assert "cullin-fated" not in [v for _, v in second.villain.options]
    panel.load_button.click()
    assert second.campaign.to_json() == first.campaign.to_json()
    assert "cullin-fated" in [v for _, v in second.villain.options] and "loaded" in panel.message.value
    assert "The Crowned Tyrant" in panel.summary.value


@pytest.mark.parametrize("text", ["not json", json.dumps({"format": "something else"}),
                                  json.dumps({"format": "tablekit-wonders-campaign", "version": 1,
                                              "opened": ["no-such-pack"]})])
def test_a_bad_campaign_file_is_refused_and_changes_nothing(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    campaign = Campaign(opened=["cullin-decree"], upgrades_due=1)
    table = WondersTable(seed=1, campaign=campaign)
    panel = CampaignPanel(table, path)
    summary = panel.summary.value
    panel.load_button.click()
    assert table.campaign is campaign and campaign.to_json()["opened"] == ["cullin-decree"]
    assert "Campaign not loaded" in panel.message.value and str(path) in panel.message.value
    assert panel.summary.value == summary


def test_missing_file_and_unearned_upgrade_are_clear_messages(tmp_path):
    panel = CampaignPanel(WondersTable(seed=1), tmp_path / "missing.json")
    panel.load()
    assert "cannot be read" in panel.message.value
    panel.card.value = "hungry-wolf"
    panel.apply_upgrade()
    assert "earned by winning" in panel.message.value and panel.campaign.upgrades == {}


def test_example_tables_and_the_books_layouts():
    table = ExampleTable("A")
    table.click("End your turn")
    table.click("Choose Gnomish Servant")
    assert table.state.boards[0].player_health == 24
    table.new_button.click()
    assert table.state.boards[0].player_health == 30 and not table.match.history
    assert example_c_ranking() == [3, 2, 1]
    assert "Layout 3" in example_c_html()
    with pytest.raises(TablekitError, match="no lesson .D.; lessons: A, B, C"):
        ExampleTable("D")


def test_battle_puzzle_ranks_a_hand_made_layout():
    puzzle = BattlePuzzle.from_seed(7)
    assert puzzle.check_button.disabled and puzzle.check() is None
    for button in puzzle.villain_buttons:
        button.click()
    assert all(b.disabled for b in puzzle.villain_buttons)
    while not puzzle.complete:
        next(b for b in puzzle.player_buttons if not b.disabled).click()
    verdict = puzzle.check()
    every = best_battle_lines(puzzle.players, puzzle.villains, limit=None)
    better = [layout for layout in every if layout.score > verdict.yours.score]
    assert verdict.layouts == len(every) and verdict.rank == len(better) + 1 > 1  # not the best
    assert "Advisor's best" in puzzle.result.value
    puzzle.reset()
    assert not puzzle.villain_line and puzzle.result.value == ""


def test_pressing_the_advisors_best_layout_ranks_first_and_a_wrong_name_is_refused():
    puzzle = BattlePuzzle.from_seed(7)
    best = best_battle_lines(puzzle.players, puzzle.villains, limit=1)[0]
    verdict = puzzle.press(best.villain_order, best.player_order)
    assert verdict.rank == 1 and verdict.yours.score == best.score
    assert "Best possible" in puzzle.result.value
    puzzle.reset()
    with pytest.raises(TablekitError, match="no minion 'Nobody'"):
        puzzle.press(["Nobody"], [])
    assert puzzle.villain_line == [] and puzzle.verdict is None


def test_puzzle_player_line_follows_priority():
    puzzle = BattlePuzzle.from_seed(7)
    top = max(f.priority for f in puzzle.players)
    enabled = [f for f, b in zip(puzzle.players, puzzle.player_buttons, strict=True) if not b.disabled]
    assert enabled and all(f.priority == top for f in enabled)


TINY = Budget(search_games=100, block=10, explore=3, proposals=2, verdict_games=20)


def test_builder_compares_win_rates_and_names_clashing_limits():
    builder = DeckBuilder(villain="cullin", budget=TINY, seed=1)
    builder.add_limit(DeckLimit("minions", at_least=18, kind="minion"))
    found = builder.build()
    assert found is not None and builder.picks == sorted(found.picks) and len(builder.picks) == 28
    verdict = found.result.verdicts[0]
    assert list(builder.chart.data[0].x) == ["search's best", "recommended colour"]
    assert list(builder.chart.data[0].y) == [verdict.answer.mean, verdict.against.mean]
    assert builder.chart.data[0].error_y.array is not None and "heuristic agent" in builder.summary.value
    worth = builder.worth_chart.data[0]
    assert len(worth.x) == len(found.worth) and worth.error_x.array is not None
    assert list(worth.x) == sorted(e.mean for e in found.worth.values())
    builder.add_limit(DeckLimit("minions", at_most=10, kind="minion"))
    assert builder.build() is None and builder.result.status == "infeasible"
    assert "minions: at most 10" in builder.summary.value and list(builder.chart.data[0].x) == []


def test_coop_table_shows_both_boards_and_who_decides():
    table = WondersTable(seed=2, coop_villain="grak")
    assert table.board.value.count('class="tk-health"') == 2
    assert table.status.value.count("Player 1 —") == 1
    assert "Grak" in table.board.value and "Cullin" in table.board.value


def test_minions_carry_their_card_text_as_a_tooltip():
    table = WondersTable(match=example_c())
    assert 'title="Villain half (1/1): Poison' not in table.board.value
    table.click("End your turn")
    assert 'title="Villain half (1/1): Poison\nPlayer half (1/1, Priority 3): Poison"' in table.board.value


def test_every_card_reads_in_full_in_every_zone_hovered_or_clicked():
    """Hand, your minions, the Villain's minions: each card shows both halves whole while it is
    read (hovered, or clicked: it has a tabindex); at rest a hand card shows its Player half."""
    table = WondersTable(seed=WINNING_SEED)
    rng, zones = random.Random(0), set()
    while not table.match.is_over:
        state = table.state
        for card in shown_cards(table.board.value):
            spec = state.table[int(card.attrs["data-uid"])]
            zones.add(card.zone)
            assert card.attrs["tabindex"] == "0" and spec.name in card.rest_text
            for side in ("player", "villain"):
                half = getattr(spec, side)
                for line in [f"{side.capitalize()} half", *half_text(half, side)]:
                    assert line in card.read_text and line in card.attrs["title"]
            if card.zone == "Your hand":
                assert " · ".join(half_text(spec.player, "player")) in card.rest_text
                assert "Villain half" not in card.rest_text
        action = GAME.heuristic_action(table.match.view(), table.match.legal_actions(), rng)
        table.play(action)
    villain = table.state.boards[0].villain_name
    assert zones == {"Your hand", "Your minions (left = highest Priority)", f"{villain}'s minions"}


def test_buttons_that_would_read_alike_say_which_minion():
    from tablekit.wonders.scenario import scenario_match
    match = scenario_match(villain_minions=["pixie-mesmerist", "pixie-mesmerist", "forest-troll"],
                           player_minions=["hungry-wolf"], draw=["stag-charger", "stag-charger"])
    table = WondersTable(match=match)
    assert len(set(labels(table))) == len(labels(table))
    assert "Attack: Hungry Wolf → Pixie Mesmerist (2/2) #2" in labels(table)
    table.click("Attack: Hungry Wolf → Pixie Mesmerist (2/2) #2")
    assert [m.name for m in table.state.boards[0].villain_minions] == ["Pixie Mesmerist", "Forest Troll"]


def test_after_a_hand_placed_minion_the_chooser_ranks_the_completions_exactly():
    from tablekit.wonders.advisor import advise, as_fighters, lineup_minions
    from tablekit.wonders.battle import BattleCriterion, best_battle_lines
    table = WondersTable(match=example_c())
    table.click("End your turn")
    table.click("Battle Lines: Pixie Cavalry next")
    players, villains = lineup_minions(table.state)
    criterion = BattleCriterion(player_health=table.state.boards[0].player_health)
    every = [lay for lay in best_battle_lines(as_fighters(players), as_fighters(villains),
                                              criterion, limit=None)
             if lay.villain_indices[0] == 0]
    mine = advise(table.state, limit=len(every))
    assert [lay.report.fallen for lay in mine] == [lay.report.fallen for lay in every]
    assert [(lay.villain_order, lay.player_order, lay.score) for lay in mine] == \
        [(lay.villain_order, lay.player_order, lay.score) for lay in every]


def test_a_big_battle_line_placed_by_hand_still_gets_advice():
    from tablekit.wonders.scenario import scenario_match
    villains = ["pixie-mesmerist", "forest-troll", "pixie-cavalry", "treant-shepherd", "hungry-wolf",
                "gnomish-servant", "poison-toad", "forest-troll"]
    players = ["hungry-wolf", "treant-shepherd", "pixie-cavalry", "forest-troll", "pixie-mesmerist",
               "hungry-wolf", "treant-shepherd", "pixie-cavalry"]
    table = WondersTable(match=scenario_match(villain_minions=villains, player_minions=players,
                                              draw=["stag-charger", "stag-charger"]))
    table.click("End your turn")
    first = table.buttons[0].description
    table.buttons[0].click()
    assert table.chooser.layouts and all(
        lay.villain_order[0] in first for lay in table.chooser.layouts)
    table.chooser.apply_best.click()
    assert table.state.lineup is None and "your turn" in table.status.value


def test_builder_plays_a_campaign_collection_with_a_beaten_fated_form():
    campaign = Campaign(opened=["cullin-crown"], fated_beaten=["cullin-fated"])
    builder = DeckBuilder(villain="grak", campaign=campaign, budget=TINY, seed=2)
    builder.add_limit(DeckLimit("Cullin's cards", at_least=3, colour="cullin"))
    found = builder.build()
    assert found is not None and builder.result.status == "optimal" and len(builder.picks) == 28
    assert sum(default_catalog_set(c) == "cullin" for c in builder.picks) >= 3
    assert list(found.baselines) == ["CP-SAT pick on the static values"]  # the red deck breaks the limit


def default_catalog_set(card_id: str) -> str:
    from tablekit.wonders.cards import default_catalog
    return default_catalog().cards[card_id].set


# -- errors a learner can see, progress, and card names shown as text -------------------------
def _broken(*args, **kwargs):
    raise ValueError("solver <gave> up")


SHOWN = "solver &lt;gave&gt; up"


def test_every_wonders_widget_shows_an_unexpected_error(monkeypatch, tmp_path):
    import tablekit.wonders.ui.build as build_ui
    import tablekit.wonders.ui.learn as learn_ui
    table = WondersTable(seed=1)
    before = table.match.digest()
    monkeypatch.setattr(table.match, "play", _broken)
    table.buttons[0].click()
    assert_unexpected_error_shown(table.message.value, SHOWN)
    assert table.match.digest() == before and labels(table) == [str(a) for a in table.match.legal_actions()]

    example = ExampleTable("C")
    example.click("End your turn")
    monkeypatch.setattr(example.match, "play", _broken)
    example.chooser.apply_best.click()
    assert_unexpected_error_shown(example.message.value, SHOWN)
    assert example.state.lineup is not None and example.chooser.layout.display == ""

    panel = CampaignPanel(WondersTable(seed=1), tmp_path / "c.json")
    monkeypatch.setattr(panel.campaign, "save", _broken)
    panel.save_button.click()
    assert_unexpected_error_shown(panel.message.value, SHOWN)

    builder = DeckBuilder(villain="cullin", budget=TINY, seed=1)
    monkeypatch.setattr(build_ui, "improve_deck", _broken)
    builder.build_button.click()
    assert_unexpected_error_shown(builder.message.value, SHOWN)
    assert not builder.progress.running

    puzzle = BattlePuzzle.from_seed(7)
    for button in puzzle.villain_buttons:
        button.click()
    while not puzzle.complete:
        next(b for b in puzzle.player_buttons if not b.disabled).click()
    monkeypatch.setattr(learn_ui, "judge_layout", _broken)
    puzzle.check_button.click()
    assert_unexpected_error_shown(puzzle.message.value, SHOWN)


def test_the_builder_shows_progress_while_it_plays_games():
    builder = DeckBuilder(villain="cullin", budget=TINY, seed=1)
    seen = []
    builder.progress.bar.observe(lambda change: seen.append((change["new"], builder.progress.bar.max)),
                                 names="value")
    busy = []
    builder.progress.bar.observe(lambda _: busy.append(builder.build_button.disabled), names="value")
    builder.build_button.click()
    assert busy and all(busy) and not builder.build_button.disabled
    assert builder.message.value == "" and builder.found is not None
    planned = 100 + 2 * 20  # the search's games, then both arms of the verdict
    assert seen[-1] == (planned, planned) and len(seen) >= 3 and not builder.progress.running
    assert [v for v, _ in seen] == sorted(v for v, _ in seen)


@pytest.fixture
def evil_catalog(tmp_path, monkeypatch):
    """The sample set with every card and Villain name starting with an HTML attack."""
    from tablekit.wonders import cards, heuristic, setup
    for source in cards.DATA.glob("*.toml"):
        text = source.read_text(encoding="utf-8")
        (tmp_path / source.name).write_text(text.replace('name = "', f'name = "{XSS} '), encoding="utf-8")
    caches = (cards.default_catalog, setup._compiled, heuristic._best_layout)
    for cached in caches:
        cached.cache_clear()
    monkeypatch.setattr(cards, "DATA", tmp_path)
    monkeypatch.setattr(setup, "_TEMPLATES", {})  # dealt games kept by configuration
    yield
    monkeypatch.undo()
    for cached in caches:
        cached.cache_clear()


def test_card_and_villain_names_from_card_files_are_shown_only_as_text(evil_catalog, tmp_path):
    table = WondersTable(seed=1, hint_rollouts=2)
    panel = CampaignPanel(table, tmp_path / "c.json")
    table.click("Keep your opening hand")
    assert any(XSS in label for label in labels(table))  # plain text on the buttons
    table.hint_button.click()
    assert XSS_ESCAPED in table.hints.value
    play_heuristically(table)
    assert_only_escaped(table)
    assert XSS_ESCAPED in table.finish.value and XSS_ESCAPED in table.log_panel.value
    panel.record()
    assert_only_escaped(panel)
    builder = DeckBuilder(villain="cullin", budget=TINY, seed=1)
    builder.build()
    assert_only_escaped(builder)
    assert_only_escaped(BattlePuzzle.from_seed(7))
    assert_only_escaped(ExampleTable("C"))


def test_the_already_recorded_check_keys_on_the_game_itself(tmp_path):
    """Undo the last action and end the game another way: a different game, recordable (the
    old key, the match's id and history length, called it already recorded)."""
    table = WondersTable(seed=11)
    panel = CampaignPanel(table, tmp_path / "c.json")
    play_heuristically(table)
    panel.record()
    table.undo_button.click()
    table.redo_button.click()  # the same game again: already counted
    assert panel.record_button.disabled and panel.record() == []
    assert "already recorded" in panel.message.value
    table.undo_button.click()
    table.click("Attack: Hungry Wolf → the Villain")  # ends the game too, differently
    assert table.match.is_over and not panel.record_button.disabled
    panel.record()
    assert "already recorded" not in panel.message.value
    assert sum(r["games"] for r in table.campaign.record.values()) == 2


def test_the_deck_comparison_shows_every_deck_against_every_villain():
    from tablekit.wonders.ui.build import DeckComparison
    comparison = DeckComparison(villains=("cullin", "grak"), games=6, seed=2, budget=TINY)
    seen = []
    comparison.progress.bar.observe(lambda change: seen.append(change["new"]), names="value")
    comparison.run_button.click()
    assert comparison.message.value == "" and not comparison.progress.running
    built = [f"best vs {row.villain.title()}" for row in comparison.rows if row.build.shown_better]
    names = [*built, "green (recommended)", "red (recommended)"]
    assert [row.villain for row in comparison.rows] == ["cullin", "grak"]
    assert list(comparison.decks) == names == [bar.name for bar in comparison.chart.data]
    for bar in comparison.chart.data:
        rates = comparison.matrix[bar.name]
        assert list(bar.x) == ["Cullin", "Grak"] and list(bar.y) == [e.mean for e in rates.values()]
        assert all(e.n == 6 for e in rates.values())
    planned = 2 * (100 + 2 * 20) + 6 * len(names) * 2  # per Villain: search and verdict; then the matrix
    assert seen and seen[-1] == planned and seen == sorted(seen)
    assert all(f"<th>{name}</th>" in comparison.table.value for name in names)


def test_card_names_reach_the_worth_chart_only_escaped(monkeypatch):
    from types import SimpleNamespace

    import tablekit.wonders.ui.build as build_ui
    from tablekit.core.simulate import Estimate
    hostile = SimpleNamespace(cards={"tide-caller": SimpleNamespace(name=XSS)})
    monkeypatch.setattr(build_ui, "default_catalog", lambda: hostile)
    worth = {"tide-caller": Estimate(0.1, 0.0, 0.2, 10), f"{XSS}-id": Estimate(0.0, -0.1, 0.1, 10)}
    labels = build_ui.worth_figure(worth).data[0].y
    assert XSS_ESCAPED in labels and f"{XSS_ESCAPED}-id" in labels and not any(XSS in label for label in labels)


def test_the_sliders_change_only_the_games_and_keep_the_rest_of_the_budget():
    budget = Budget(search_games=400, block=20, explore=4, proposals=2, verdict_games=100, sweep=3)
    builder = DeckBuilder(villain="cullin", budget=budget, seed=1)
    builder.games.value, builder.verdict_games.value = 600, 200
    assert builder.chosen_budget() == Budget(600, 20, 4, 2, 200, sweep=3)

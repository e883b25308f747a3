"""The DeckNForge play table: you play one seat, bots the others, all by button clicks."""

from __future__ import annotations

import pytest

from tablekit.forge.cards import card_label
from tablekit.forge.ui import ForgeTable


@pytest.mark.parametrize("wizards", [1, 3])
def test_a_whole_dungeon_by_clicks_with_bots_in_the_other_seats(wizards):
    table = ForgeTable(seed=4, wizards=wizards, seat=wizards - 1)
    clicks = 0
    while not table.match.is_over:
        assert table.match.to_move == wizards - 1  # bots never leave a decision to you
        labels = [b.description for b in table.buttons]
        assert labels and "you" in table.status.value
        table.click(labels[0] if "Take the hit" not in labels else "Take the hit")
        clicks += 1
        assert clicks < 3_000
    assert "Game over" in table.status.value and table.match.outcome is not None
    assert {trace.name for trace in table.chart.data} == {"Boss"} | {f"Wizard {w + 1}"
                                                                      for w in range(wizards)}


def test_the_board_shows_only_your_hand_and_hides_face_down_plots():
    table = ForgeTable(seed=2, wizards=2, seat=1)
    state = table.match.state
    assert table.match.to_move == 1 and state.phase == "plot"  # the bot already plotted
    html = table.board.value
    assert "a face-down card" in html and "11 cards in hand" in html  # 12 less the plotted one
    assert all(card_label(card) in html for card in state.hands[1])
    assert card_label(state.plots[0]) + "</div>" not in html.split("Wizard 1")[1].split("Wizard 2")[0]


def test_the_cheapest_dodge_is_shown_beside_the_dodge_buttons():
    table = ForgeTable(seed=1, wizards=1, inscriptions="none",
                       scenario={"hands": [["9♠", "2♦", "3♦", "5♣"]], "boss_atk": 5})
    table.click("Plot 9♠")
    table.click("Pass")
    assert "Dodge with 2♦ 5♣" in [b.description for b in table.buttons]
    assert "cheapest dodge discards face values [2, 5] (total 7)" in table.board.value


def test_errors_show_in_the_widget():
    table = ForgeTable(seed=1)
    table.play("not an action")
    assert "illegal action" in table.message.value


def test_a_seat_outside_the_table_is_refused():
    from tablekit.core.errors import ConfigError
    with pytest.raises(ConfigError, match="seat 3"):
        ForgeTable(seed=1, wizards=2, seat=3)


ATTACK = "<img src=x onerror=alert({})>"


def _hostile(path, tmp_path):
    """A copy of a sample data file whose every name and text is an HTML attack."""
    import itertools
    import re
    count = itertools.count()
    text = re.sub(r'^(name|text) = ".*"$',
                  lambda m: f'{m.group(1)} = "{ATTACK.format(next(count))}"',
                  path.read_text(encoding="utf-8"), flags=re.M)
    out = tmp_path / path.name
    out.write_text(text, encoding="utf-8")
    return str(out)


def _page(table) -> str:
    return "".join(w.value for w in (table.status, table.board, table.message, table.log_panel,
                                     table.hints, table.finish))


def test_names_from_book_and_label_files_are_shown_only_escaped(tmp_path):
    from tablekit.forge.cards import SAMPLE_BOOK, SAMPLE_LABELS
    book, labels = _hostile(SAMPLE_BOOK, tmp_path), _hostile(SAMPLE_LABELS, tmp_path)
    table = ForgeTable(seed=3, wizards=2, dungeon=2, book=book, labels=labels)
    assert table.state.phase == "label"
    table.play(table.match.legal_actions()[0])  # a label from the hostile pool on the Boss
    for _ in range(12):
        if table.match.is_over:
            break
        table.click(table.buttons[0].description)
    page = _page(table)
    assert "&lt;img src=x onerror=alert(" in page  # the names are there, as text
    assert "<img" not in page


def test_an_unexpected_error_is_shown_and_the_table_stays_as_it_was():
    class Broken:
        name = "broken"

        def choose(self, game, view, legal, rng):
            raise RuntimeError("the bot tripped")

    table = ForgeTable(seed=2, wizards=2, seat=0)
    table.bot = Broken()
    before = (len(table.match.history), table.match.digest())
    table.click(table.buttons[0].description)  # your plot, then the broken bot
    assert "tk-error" in table.message.value and "the bot tripped" in table.message.value
    assert '<details class="tk-traceback"' in table.message.value
    assert (len(table.match.history), table.match.digest()) == before
    assert table.match.to_move == 0 and table.buttons


def test_new_game_takes_a_word_seed_the_table_size_and_your_seat():
    table = ForgeTable(seed=1)
    table.wizards_box.value = 5
    assert [v for _, v in table.seat_box.options] == [0, 1, 2, 3, 4]
    table.seat_box.value = 3
    table.seed.value = "dragon"
    table.new_button.click()
    assert table.message.value == ""
    assert table.match.seed == "dragon" and table.state.wizards == 5 and table.seat == 3
    assert table.match.to_move == 3 and "Wizard 4 (you)" in table.status.value
    again = ForgeTable(seed="dragon", wizards=5, seat=3)
    assert again.match.digest() == table.match.digest()  # same seed, same bots' moves


def test_a_refused_new_game_keeps_the_match():
    table = ForgeTable(seed=1)
    digest = table.match.digest()
    table.seed.value = "   "
    table.new_button.click()
    assert "No new game" in table.message.value and table.match.digest() == digest


def test_undo_takes_back_your_decision_and_the_bots_after_it():
    table = ForgeTable(seed=5, wizards=3, seat=1)
    start = (len(table.match.history), [b.description for b in table.buttons])
    table.click(start[1][0])
    assert len(table.match.history) > start[0] + 1  # you and then the bots moved
    table.undo_button.click()
    assert (len(table.match.history), [b.description for b in table.buttons]) == start
    table.redo_button.click()
    assert table.match.to_move in (1, None) and len(table.match.history) > start[0] + 1


def test_a_whole_dungeon_of_bots_shows_its_progress():
    seen = []

    class Watched:
        name = "watched"

        def choose(self, game, view, legal, rng):
            seen.append((table.progress.running, table.progress.text.value))
            return game.heuristic_action(view, legal, rng)

    table = ForgeTable(seed=7, wizards=5, seat=0)
    table.bot, table.progress_after = Watched(), 0.0  # as if every bot's move took long
    moves = table.run_bots(table.match, seat=-1)  # nobody's seat: the bots play it all
    assert table.match.is_over and moves == len(seen) > 100
    shown = [text for running, text in seen if running]
    assert shown and "The bots are playing" in shown[-1] and "of 6" in shown[-1]
    assert not table.progress.running  # hidden again when they are done


def test_lesson_tables_reset_to_their_situation():
    from tablekit.forge.ui import ForgeLesson
    table = ForgeLesson("plot-and-reveal", seat=0)
    first = table.match.digest()
    table.click(table.buttons[0].description)
    assert table.match.digest() != first
    table.new_button.click()
    assert table.match.digest() == first and table.new_button.description == "Reset"


def test_search_bots_play_the_other_seats_from_their_own_view(monkeypatch):
    from tablekit.core.agents import MonteCarloAgent
    seen = []
    choose = MonteCarloAgent.choose

    def watched(self, game, view, legal, rng):
        seen.append(view.viewer)
        return choose(self, game, view, legal, rng)

    monkeypatch.setattr(MonteCarloAgent, "choose", watched)
    table = ForgeTable(seed=3, wizards=2, seat=0)
    table.bots_box.value = "search:16"
    table.click(table.buttons[0].description)
    assert seen and set(seen) == {1}  # the bot of Wizard 2 saw only Wizard 2's view
    assert table.match.to_move in (0, None) and table.message.value == ""


def test_undo_never_hands_you_a_bots_decision():
    table = ForgeTable(seed=2, wizards=2, seat=1)  # Wizard 1, a bot, plotted before you
    history = list(table.match.history)
    assert history and table.match.to_move == 1
    table.undo_button.click()
    assert "Nothing of yours to take back" in table.message.value
    assert table.match.history == history and table.match.to_move == 1


def test_the_planner_tables_of_an_infeasible_plan_are_empty_not_a_crash():
    from solvers.forge import plan_inscriptions
    from tablekit.forge.ui import plans_table, verdict_table
    mythic = plan_inscriptions(require={"Q♥": "sunforge-crown"})  # infeasible: no dungeon is played
    assert mythic.status == "infeasible" and mythic.evidence is None
    plans, verdicts = plans_table(mythic), verdict_table(mythic)
    assert plans.empty and list(plans.columns) == ["plan", "inscriptions", "cost"]
    assert verdicts.empty and "difference" in verdicts.columns


def test_a_baseline_shown_better_than_the_others_is_named_not_called_built():
    from solvers.forge import PlanResult
    from solvers.optimise import Result
    from tablekit.forge.setup import STARTER_PLAN
    from tablekit.forge.ui import build_summary, plans_table
    starter = tuple(STARTER_PLAN.items())
    evidence = Result(starter, starter, True, (), {}, 0, (), (), "m", baseline="starter plan")
    result = PlanResult("baseline", evidence=evidence, baselines={"no inscriptions": (), "starter plan": starter})
    assert "starter plan shown better than the other baselines" in build_summary(result).data
    assert "every baseline" not in build_summary(result).data
    assert plans_table(result)["plan"][0] == "search's best: starter plan (answer)"

"""Each lesson duel shows the rule it is about."""

from __future__ import annotations

import pytest

from tablekit.runes.lessons import LESSONS, lesson, lesson_duel


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_each_lesson_shows_its_rule(name) -> None:
    rule, _ = LESSONS[name]
    match = lesson_duel(name)
    assert match.is_over and rule in [e.rule for e in match.log]


def test_unknown_lesson() -> None:
    with pytest.raises(KeyError, match="cold-3"):
        lesson("nope")


def test_a_lesson_match_saves_and_loads() -> None:
    import tablekit
    match = lesson_duel("cold-3")
    again = tablekit.load_game(match.to_json())
    assert again.digest() == match.digest() and [str(e) for e in again.log] == \
        [str(e) for e in match.log]

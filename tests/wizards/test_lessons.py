"""The learn notebook's lesson tables set up what they say they teach."""

from __future__ import annotations

import pytest

from tablekit.wizards.lessons import LESSONS, lesson


@pytest.mark.parametrize("name", list(LESSONS))
def test_every_lesson_starts(name):
    match = lesson(name)
    assert match.legal_actions() and not match.is_over


def test_the_battle_lesson_eliminates_stuns_and_counts_imps():
    texts = [e.text for e in lesson("battle").log]
    assert "Face-down creature at space 2 is Fire Imp." in texts
    assert "Fire Imp of Player 2 is eliminated by Bug Bear." in texts
    assert "Minotaur of Player 1 is stunned by Earth Imp." in texts


def test_the_adjacency_lesson_wall_protects_the_chanter():
    texts = [e.text for e in lesson("adjacency").log]
    assert "Hobb Lobber of Player 2 is eliminated by Minotaur." in texts
    assert not any("Hobb Chanter of Player 2 is eliminated" in t for t in texts)


def test_the_treasure_and_two_player_lessons():
    texts = [e.text for e in lesson("treasure").log]
    assert "Player 1 takes a red gem (Titan's entrance)." in texts
    assert "Player 1 takes a green gem (Air Imp doubles it)." in texts
    assert any(e.rule == "wizards.two-player" for e in lesson("two-player").log)


def test_an_unknown_lesson_names_the_lessons():
    with pytest.raises(KeyError, match="placement"):
        lesson("nope")

"""Wizards & Co. components: the appendix's numbers, and bad files refused with a clear error."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest

from tablekit.core.errors import CardDataError
from tablekit.wizards.cards import DATA, components, load_components

APPENDIX = {  # number: (name, type, strength, phase)
    "1": ("Fire Imp", "imp", "imps", "action"), "2": ("Air Imp", "imp", "imps", "treasure"),
    "3": ("Earth Imp", "imp", "imps", "action"), "4": ("Titan", "giant", 6, "placement"),
    "5": ("Ogre", "giant", 5, "placement"), "6": ("Hobb Lobber", "hobb", 1, "action"),
    "7": ("Hobb Chanter", "hobb", 2, "global"), "8": ("Hobb Runner", "hobb", 2, "action"),
    "9": ("Bug Bear", "beast", 3, "action"), "10": ("Minotaur", "beast", 3, "action"),
    "11": ("Water Imp", "imp", "imps", "action"), "12": ("Void Imp", "imp", "imps", "action"),
    "A": ("Void Dragon", "monster", "cursed", "global"),
    "B": ("Flesh Golem", "monster", 2, "treasure"),
    "C": ("Steel Sentinel", "monster", 4, "global"),
    "D": ("Big Blue Blob", "monster", 6, "treasure"),
    "E": ("Rot Monster", "monster", 4, "action"), "F": ("Void Spider", "monster", 7, "action"),
}
NAMED_ARTEFACTS = {
    "Axe of Unkindness": "equipment", "Big Blue Blob": "monster", "Blessed Cup": "end-of-game",
    "Bone Charm": "equipment", "Broadsword": "equipment", "Flesh Golem": "monster",
    "Greatsword": "equipment", "Holy Defender": "equipment", "Holy Vial": "equipment",
    "Imp-Swatter": "equipment", "Rot Monster": "monster",
}
NAMED_ENCHANTMENTS = {"Of Abundance", "Of Astonishing Horror", "Of Blood", "Of Forbidden Lore",
                      "Of Fortune", "Of Purification", "Of Radiance", "Of Shadow", "Of Wonders",
                      "Of the Ancestors", "Of the Chosen"}


def test_creatures_are_the_appendix():
    found = {c.number: (c.name, c.type, c.strength, c.phase) for c in components().creatures}
    assert found == APPENDIX


def test_artefacts_fill_three_piles_with_the_named_tiles_and_one_tile_per_monster():
    tiles = components().artefacts
    assert len(tiles) == 30 and Counter(a.pile for a in tiles) == {"A": 10, "B": 10, "C": 10}
    named = {a.name: a.kind for a in tiles if not a.sample}
    assert named == NAMED_ARTEFACTS
    monsters = sorted(a.monster for a in tiles if a.kind == "monster")
    assert monsters == sorted(c.id for c in components().creatures if c.is_monster)
    assert {a.points for a in tiles} == {7, 5, 3}


def test_enchantments_are_the_eleven_named_and_one_original():
    tiles = components().enchantments
    assert {e.name for e in tiles if not e.sample} == NAMED_ENCHANTMENTS
    assert len(tiles) == 12 and sum(e.sample for e in tiles) == 1


@pytest.mark.parametrize("players, boards", [(2, 2), (3, 3), (4, 3)])
def test_boards_per_player_count_have_two_sides(players, boards):
    found = components().boards_for(players)
    assert len(found) == boards
    for board in found:
        for side in (board.light, board.dark):
            assert side.ring[0] == "statue" and len(side.entrances) >= 4


def _copy(tmp_path):
    folder = tmp_path / "box"
    shutil.copytree(DATA, folder)
    return folder


@pytest.mark.parametrize("file, old, new, card, field", [
    ("creatures.toml", 'strength = 6', 'strength = "six"', "titan", "strength"),
    ("creatures.toml", 'phase = "placement"\neffect = "never-face-down"',
     'phase = "placement"\neffect = "fly"', "titan", "effect"),
    ("artefacts.toml", 'monster = "void-dragon"', 'monster = "titan"', "void-dragon", "monster"),
    ("artefacts.toml", 'bonus = 2\ntext = "The equipped creature is 2 stronger."',
     'bonuss = 2\ntext = "x"', "greatsword", "bonuss"),
    ("enchantments.toml", 'type = "beast"', 'type = "dragon"', "of-blood", "type"),
    ("boards.toml", '["statue", "red", "blue", "closed", "green", "yellow"]',
     '["statue", "red", "blue", "closed", "green", "gold"]', "two-1", "light"),
])
def test_bad_files_name_the_file_the_card_and_the_field(tmp_path, file, old, new, card, field):
    folder = _copy(tmp_path)
    path = folder / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(CardDataError) as caught:
        load_components(folder)
    error = caught.value
    assert error.file == str(path) and error.card == card and error.field.startswith(field)


def test_a_missing_board_for_a_player_count_is_refused(tmp_path):
    folder = _copy(tmp_path)
    path = folder / "boards.toml"
    text = path.read_text()
    path.write_text(text[:text.index('[[board]]\nid = "four-3"')])
    with pytest.raises(CardDataError, match="4 players use 3 boards"):
        load_components(folder)

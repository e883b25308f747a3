"""Rules review: card, Villain and campaign files that contradict themselves or the rules.

Each bad file is refused with one error naming what is wrong; nothing is half-loaded (the
loaders build everything first and hand it over only when every check passed).
"""

import json
import shutil

import pytest

import tablekit
from tablekit.core.errors import CardDataError, ConfigError, SaveFileError
from tablekit.wonders.campaign import Campaign
from tablekit.wonders.cards import DATA, default_catalog, load_catalog


def data_copy(tmp_path, old=None, new=None):
    for path in DATA.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    if old is not None:
        villains = tmp_path / "villains.toml"
        text = villains.read_text()
        assert old in text
        villains.write_text(text.replace(old, new, 1))
    return tmp_path


def test_the_shipped_data_passes_every_check(tmp_path):
    catalog = load_catalog(data_copy(tmp_path))
    assert catalog.cards.keys() == default_catalog().cards.keys()


@pytest.mark.parametrize(("old", "new", "field", "words"), [
    # a Villain's set icon must differ from the collection colours
    ('set = "morwen"\ncolour = "blue"', 'set = "blue"\ncolour = "blue"', "set",
     "collection colour"),
    # a Legacy pack id belongs to one Villain only
    ('id = "morwen-cauldron"', 'id = "cullin-decree"', "packs.id", "cullin"),
    # a pack may only unlock a locked Villain, and a locked Villain needs such a pack
    ('unlocks = "cullin-fated"', 'unlocks = "morwen"', "packs.unlocks", "not locked"),
    ('locked = true', 'locked = true\n', None, None),  # unchanged: still fine
    ('rules = [{ op = "opening-draws", n = 4', 'rules = [{ op = "opening-draws", n = 0',
     "rules", "at least 1"),
])
def test_contradictory_villain_files_are_refused(tmp_path, old, new, field, words):
    folder = data_copy(tmp_path, old, new)
    if field is None:
        load_catalog(folder)
        return
    with pytest.raises(CardDataError) as caught:
        load_catalog(folder)
    assert caught.value.field == field and words in caught.value.problem


def test_a_locked_villain_nobody_unlocks_is_refused(tmp_path):
    folder = data_copy(tmp_path, 'unlocks = "cullin-fated"\n', "\n")
    with pytest.raises(CardDataError) as caught:
        load_catalog(folder)
    assert caught.value.card == "cullin-fated" and caught.value.field == "locked"


GOOD = Campaign(opened=["cullin-crown"], upgrades={"hungry-wolf": "player-health"},
                fated_beaten=["cullin-fated"],
                record={"cullin-fated": {"games": 2, "wins": 1, "losses": 1}}).to_json()


@pytest.mark.parametrize(("change", "words"), [
    ({"opened": ["cullin-crown", "cullin-crown"]}, "twice"),
    ({"fated_beaten": ["cullin-fated"], "opened": []}, "not opened"),
    ({"record": {"cullin-fated": {"games": 3, "wins": 1, "losses": 1}}}, "add up"),
    ({"record": {"cullin": {"games": True, "wins": 1, "losses": 0}}}, "games = True: should be a whole number"),
])
def test_contradictory_campaign_files_are_refused(tmp_path, change, words):
    assert Campaign.from_json(GOOD) is not None
    data = {**GOOD, **change}
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError) as caught:
        Campaign.load(path)
    assert words in str(caught.value)
    assert str(path) in str(caught.value)
    with pytest.raises(ConfigError):
        tablekit.new_game("wonders", campaign=data)


def test_upgrade_on_a_card_without_a_slot_is_refused():
    catalog = default_catalog()
    wolf = catalog.cards["hungry-wolf"].model_copy(update={"upgrade_slot": False})
    patched = type(catalog)(catalog.cards | {"hungry-wolf": wolf}, catalog.villains)
    with pytest.raises(SaveFileError, match="no upgrade slot"):
        Campaign.from_json(GOOD, patched)
    assert Campaign.from_json(GOOD, catalog).upgrades == {"hungry-wolf": "player-health"}


@pytest.mark.parametrize(("options", "words"), [
    ({"max_rounds": True}, "max_rounds"),
    ({"picks": ["hungry-wolf"] * 2}, "deck='picked'"),
    ({"coop_deck": "random"}, "coop_villain"),
    ({"coop_picks": ["hungry-wolf"]}, "coop_villain"),
    ({"coop_villain": "morwen", "coop_picks": ["hungry-wolf"]}, "deck='picked'"),
])
def test_contradictory_game_options_are_refused(options, words):
    with pytest.raises(ConfigError, match=words):
        tablekit.new_game("wonders", seed=1, **options)


@pytest.mark.parametrize(("layout", "words"), [
    ({"player_health": 31}, "above the starting health"),
    ({"villain": "morwen", "villain_health": 33}, "above the starting health"),
    ({"player_minions": ["hungry-wolf"], "exhausted": ["owl-scout"]}, "not .*among"),
    ({"player_minions": ["hungry-wolf"], "exhausted": ["hungry-wolf"] * 2}, "not .*among"),
])
def test_contradictory_scenarios_are_refused(layout, words):
    with pytest.raises(ConfigError, match=words):
        tablekit.new_game("wonders", seed=1, scenario=layout)
    assert tablekit.new_game("wonders", seed=1, scenario={"villain": "morwen",
                                                          "villain_health": 32})

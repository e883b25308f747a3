"""Card data: the sample set agrees with the rulebook's examples; bad files are clear errors."""

import pytest

from tablekit.core.errors import CardDataError
from tablekit.wonders.cards import default_catalog, load_card_file, load_catalog, load_villain_file

GOOD = '''
[[card]]
id = "test-card"
name = "Test Card"
set = "green"
player = { kind = "minion", strength = 1, health = 2, priority = 1 }
villain = { kind = "spell", text = [[{ op = "draw", n = 1 }]] }
'''


def test_sample_set_matches_the_rulebook_examples():
    cards = default_catalog().cards
    mesmerist = cards["pixie-mesmerist"].player
    assert (mesmerist.strength, mesmerist.health, mesmerist.priority) == (1, 2, 4)
    wolf, treant = cards["hungry-wolf"].player, cards["treant-shepherd"].player
    assert (wolf.strength, wolf.health) == (3, 1) and (treant.strength, treant.health) == (3, 3)
    assert wolf.priority == treant.priority < mesmerist.priority
    assert cards["pixie-cavalry"].player.strength == 2
    assert cards["pixie-cavalry"].villain.strength == 2
    troll = cards["forest-troll"].villain
    assert troll.strength == 5 and 1 < troll.health <= 3
    toad = cards["poison-toad"].villain
    assert toad.strength == 1 and toad.poison and toad.health == 1
    assert cards["gnomish-servant"].villain.play[-1][-1].op == "draw"
    assert cards["earth-shield"].villain.text[-1][-1].op == "draw"
    assert cards["baited-trap"].player.cost[0].op == "discard"
    assert cards["baited-trap"].villain.text[0][0].op == "destroy"
    assert not any(e.op == "draw" for b in cards["baited-trap"].villain.text for e in b)


def test_sample_set_sizes():
    catalog = default_catalog()
    green = sum(c.copies for c in catalog.collection() if c.set == "green")
    assert green >= 28
    assert catalog.villains["cullin"].name == "Cullin, the Spoiled Prince"
    assert len([v for v in catalog.villains.values() if not v.fated_form]) >= 3
    for villain in catalog.villains.values():
        assert catalog.villain_cards(villain.set)
        assert sum(c.copies for c in catalog.collection() if c.set == villain.colour) >= 28


def test_a_good_file_loads(tmp_path):
    path = tmp_path / "cards-test.toml"
    path.write_text(GOOD)
    assert load_card_file(path)[0].name == "Test Card"


@pytest.mark.parametrize(("change", "field", "words"), [
    (("strength = 1, ", ""), "player.strength", "needs a strength"),
    ((", priority = 1", ""), "player.priority", "Priority"),
    (('kind = "spell", text', 'kind = "spell", strength = 2, text'), "villain.strength",
     "no strength"),
    (("op = \"draw\"", "op = \"fly\""), "villain.text.0.0.op", None),
    (("name = \"Test Card\"", "name = \"Test Card\"\ncolour = 3"), "colour", "typo"),
    (("n = 1", "n = -1"), "villain.text.0.0.n", None),
    (('villain = { kind = "spell", text = [[{ op = "draw", n = 1 }]] }',
      'villain = { kind = "minion", strength = 1, health = 1, priority = 2 }'),
     "villain.priority", "no Priority"),
    (('villain = { kind = "spell", text = [[{ op = "draw", n = 1 }]] }',
      'villain = { kind = "spell", text = [[{ op = "destroy", target = "ally-hero" }]] }'),
     "villain.text", "cannot target"),
    (('villain = { kind = "spell", text = [[{ op = "draw", n = 1 }]] }',
      'villain = { kind = "spell", cost = [{ op = "discard" }], text = [[{ op = "draw" }]] }'),
     "villain.cost", "only the Player half"),
])
def test_bad_card_files_name_the_card_and_field(tmp_path, change, field, words):
    path = tmp_path / "cards-bad.toml"
    path.write_text(GOOD.replace(*change))
    with pytest.raises(CardDataError) as caught:
        load_card_file(path)
    assert caught.value.card == "test-card" and caught.value.field == field
    assert str(path) in str(caught.value)
    if words:
        assert words in caught.value.problem


def test_unreadable_and_duplicate_files(tmp_path):
    path = tmp_path / "cards-bad.toml"
    path.write_text("[[card]\nid = ")
    with pytest.raises(CardDataError, match="not valid TOML"):
        load_card_file(path)
    path.write_text(GOOD + GOOD)
    with pytest.raises(CardDataError, match="share the id"):
        load_card_file(path)
    with pytest.raises(CardDataError, match="cannot read"):
        load_card_file(tmp_path / "missing.toml")


def test_catalog_cross_checks(tmp_path):
    villains = (default_catalog.__wrapped__.__globals__["DATA"] / "villains.toml").read_text()
    (tmp_path / "villains.toml").write_text(villains)
    (tmp_path / "cards-x.toml").write_text(GOOD.replace('set = "green"', 'set = "purple"'))
    with pytest.raises(CardDataError, match="unknown set icon"):
        load_catalog(tmp_path)
    (tmp_path / "cards-x.toml").write_text(GOOD.replace('set = "green"',
                                                        'set = "green"\npack = "nope"'))
    with pytest.raises(CardDataError, match="no Legacy pack"):
        load_catalog(tmp_path)


def test_a_win_with_health_condition_with_a_count_is_refused():
    villains = (default_catalog.__wrapped__.__globals__["DATA"] / "villains.toml").read_text()
    old = 'condition = { kind = "win-with-health", health = 15 }'
    assert old in villains
    with pytest.raises(CardDataError, match="met by one game") as caught:
        load_villain_file("v.toml", villains.replace(old, old[:-2] + ", count = 2 }"))
    assert caught.value.file == "v.toml"

"""The campaign panel beside the play table: record, next dungeon, save, load, errors shown."""

from __future__ import annotations

import tablekit
from tablekit.forge.campaign import Campaign
from tablekit.forge.campaign_ui import CampaignPanel
from tablekit.forge.ui import ForgeTable

HOSTILE = "<img src=x onerror=alert(1)>"


def panel(tmp_path, wizards: int = 2) -> CampaignPanel:
    campaign = Campaign.new(wizards=wizards, seed=11)
    table = ForgeTable(match=tablekit.new_game("forge", seed=11, **campaign.options()), seat=0)
    return CampaignPanel(table, campaign, tmp_path / "campaign.json")


def click(panel: CampaignPanel, text: str) -> None:
    button = next(b for row in panel.children if hasattr(row, "children")
                  for b in row.children if getattr(b, "description", "") == text)
    button.click()


def test_record_only_a_finished_dungeon_and_only_once(tmp_path):
    p = panel(tmp_path)
    before = p.campaign.to_json()
    click(p, "Record this dungeon")
    assert "not over yet" in p.message.value and p.campaign.to_json() == before
    p.table.run_bots(p.table.match, seat=-1)  # the bots finish the dungeon
    click(p, "Record this dungeon")
    assert p.message.value == "" and p.campaign.data.games == 1
    assert [w.coppers for w in p.campaign.data.wizards] == p.table.match.state.coppers
    click(p, "Record this dungeon")
    assert "already recorded" in p.message.value and p.campaign.data.games == 1


def test_save_load_and_a_damaged_file_changes_nothing(tmp_path):
    p = panel(tmp_path)
    p.table.run_bots(p.table.match, seat=-1)
    click(p, "Record this dungeon")
    click(p, "Save")
    saved = (tmp_path / "campaign.json").read_text(encoding="utf-8")
    assert "Saved" in p.summary.value and Campaign.load(saved).data == p.campaign.data
    damaged = tmp_path / "damaged.json"
    damaged.write_text(saved.replace('"coppers": ', '"coppers": 9'), encoding="utf-8")
    p.path.value = str(damaged)
    click(p, "Load")
    assert "tk-error" in p.message.value and p.campaign.data.games == 1
    p.path.value = str(tmp_path / "missing.json")
    click(p, "Load")
    assert "cannot read the campaign file" in p.message.value
    assert 'class="tk-traceback"' not in p.message.value  # an expected refusal, not a bug
    p.path.value = str(tmp_path / "campaign.json")
    click(p, "Load")
    assert p.message.value == "" and p.campaign.data == Campaign.load(saved).data


def test_the_next_dungeon_uses_the_campaign(tmp_path):
    p = panel(tmp_path)
    p.table.run_bots(p.table.match, seat=-1)
    click(p, "Record this dungeon")
    p.table.seed.value = "second"
    click(p, "Next dungeon")
    match = p.table.match
    assert p.message.value == "" and match.seed == "second" and not match.is_over
    assert match.state.coppers == [w.coppers for w in p.campaign.data.wizards]
    assert match.state.game.labels_allowed == (True, True)  # the bands' second dungeon
    assert match.to_move == 0


def test_names_from_the_campaign_file_are_shown_only_escaped(tmp_path):
    campaign = Campaign.new(wizards=1, seed=3)
    band = campaign.data.bands[0].model_copy(update={"name": HOSTILE})
    wizard = campaign.data.wizards[0].model_copy(update={"name": HOSTILE, "band": HOSTILE})
    hostile = Campaign(campaign.data.model_copy(update={"bands": (band,), "wizards": (wizard,)}))
    table = ForgeTable(match=tablekit.new_game("forge", seed=3, **hostile.options()))
    shown = CampaignPanel(table, hostile, tmp_path / "c.json").summary.value + table.board.value
    shown += table.log_panel.value
    assert "&lt;img src=x onerror=alert(1)&gt;" in shown and "<img" not in shown

"""Every card readable in full where it lies, in a real browser: hover it, or click it (a touch
screen has no hover), and its whole text is on the page — Deckula! and Deck of Wonders in Voilà
and in JupyterLab, the Wizards & Co. hand in Voilà.

The card to read is the one with the longest text among those on the page, found from a twin of
the notebook's deal (the texts come from the card files, so no card is named here).
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import expect

import tablekit
from tablekit.wizards.cards import components
from tablekit.wonders.text import half_text
from tests.browser.conftest import SHOTS
from tests.browser.helpers import (
    assert_clean_page,
    click_and_wait,
    open_in_voila,
    run_all_in_lab,
    shut_down_lab_kernel,
)

DECKULA = "deckula/2-play.ipynb"  # seed 3, beginner
WONDERS = "wonders/2-play.ipynb"  # seed 20, against Cullin
WIZARDS = "wizards/2-play.ipynb"
Texts = Callable[[str], list[str]]


def deckula_texts(match) -> Texts:
    """A Deckula! card's whole text by its data-card id."""
    texts = {card.spec.id: card.spec.text for card in match.state.cards}
    return lambda card_id: [texts[card_id]]


def wonders_texts(match) -> Texts:
    """A Deck of Wonders card's whole text by its data-uid: each half named, every bullet."""
    def lines(uid: str) -> list[str]:
        card = match.state.table[int(uid)]
        return [line for side in ("player", "villain")
                for line in (f"{side.capitalize()} half", *half_text(getattr(card, side), side))]
    return lines


def wizards_texts(card_id: str) -> list[str]:
    """A Wizards & Co. creature's text by its data-creature id."""
    return [components().creature(card_id).text]


def longest_card(page, zone: str, key: str, texts: Texts):
    """The card of `zone` whose whole text is longest, and that text's lines."""
    cards = page.locator(f"{zone} .tk-card[{key}]")
    expect(cards.first).to_be_visible()
    found = [(cards.nth(i), texts(cards.nth(i).get_attribute(key))) for i in range(cards.count())]
    return max(found, key=lambda pair: sum(len(line) for line in pair[1]))


def missing(card, lines: list[str]) -> list[str]:
    """The lines of the text the card does not show now (innerText: only what is displayed)."""
    shown = " ".join(card.inner_text().split())
    return [line for line in lines if " ".join(line.split()) not in shown]


def away(page) -> None:
    """Move the mouse off every card (the top left corner of the page) and let the page redraw."""
    page.mouse.move(1, 1)
    page.wait_for_timeout(100)


def read_in_full(page, zone: str, key: str, texts: Texts, shot: str) -> list[str]:
    """Hover, then click, the longest card of `zone`: its whole text must show each time. Returns
    the lines it hides at rest."""
    card, lines = longest_card(page, zone, key, texts)
    card.scroll_into_view_if_needed()
    away(page)
    hidden_at_rest = missing(card, lines)
    card.hover()
    assert missing(card, lines) == [], f"hovered, {zone} card shows only {card.inner_text()!r}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{shot}-hover.png"))
    away(page)
    assert missing(card, lines) == hidden_at_rest  # the mouse left: as at rest again
    card.click()
    away(page)  # only the click holds it open now, as a tap would on a touch screen
    assert missing(card, lines) == [], f"clicked, {zone} card shows only {card.inner_text()!r}"
    assert card.locator(".tk-card-full").first.is_visible()
    page.screenshot(path=str(SHOTS / f"{shot}-click.png"))
    page.locator(".tk-status").first.click()  # clicking elsewhere puts it back as it was
    assert missing(card, lines) == hidden_at_rest
    return hidden_at_rest


def test_voila_deckula_offer_and_home_cards_read_in_full(voila_server, page):
    open_in_voila(page, voila_server, DECKULA)
    texts = deckula_texts(tablekit.new_game("deckula", seed=3, difficulty="beginner"))
    cut = read_in_full(page, ".tk-board", "data-card", texts, "readable-deckula-offer")
    assert cut, "the longest offered card should be cut at rest (else this test shows nothing)"
    card, _ = longest_card(page, ".tk-board", "data-card", texts)
    name = card.locator(".tk-card-name").inner_text()
    click_and_wait(page, page.locator(".tk-actions button").filter(has_text=f"Keep {name}").first)
    read_in_full(page, ".tk-home", "data-card", texts, "readable-deckula-home")
    assert_clean_page(page)


def test_voila_wonders_hand_and_minion_cards_read_in_full(voila_server, page):
    open_in_voila(page, voila_server, WONDERS)
    twin = tablekit.new_game("wonders", seed=20, villain="cullin")  # the notebook's deal
    texts = wonders_texts(twin)
    assert read_in_full(page, ".tk-hand", "data-uid", texts, "readable-wonders-hand")
    for label in ("Keep your opening hand", "Play Hungry Wolf", "End your turn"):
        click_and_wait(page, page.locator(".tk-actions button").filter(has_text=label).first)
    read_in_full(page, ".tk-villain-row", "data-uid", texts, "readable-wonders-villain")
    read_in_full(page, ".tk-player-row", "data-uid", texts, "readable-wonders-minion")
    assert_clean_page(page)


def test_voila_wizards_hand_cards_read_in_full(voila_server, page):
    open_in_voila(page, voila_server, WIZARDS)
    assert read_in_full(page, ".tk-hand", "data-creature", wizards_texts, "readable-wizards-hand")
    first = page.locator(".tk-actions button").first  # places a creature of your hand face up
    name = next(c.name for c in components().creatures if first.inner_text().startswith(f"Place {c.name} "))
    click_and_wait(page, first)
    placed = page.locator(f".tk-board svg .wz-creature:has(.tk-card-full text:text-is('{name}'))").first
    full = placed.locator(".tk-card-full")
    expect(full).to_be_hidden()  # its name is shortened to fit the entrance
    placed.hover()
    expect(full).to_be_visible()
    away(page)
    expect(full).to_be_hidden()
    placed.click()
    away(page)
    expect(full).to_be_visible()
    page.screenshot(path=str(SHOTS / "readable-wizards-dungeon-click.png"))
    assert_clean_page(page)


def test_lab_deckula_and_wonders_cards_read_in_full(lab_server, page):
    run_all_in_lab(page, lab_server, DECKULA)
    texts = deckula_texts(tablekit.new_game("deckula", seed=3, difficulty="beginner"))
    assert read_in_full(page, ".tk-board", "data-card", texts, "readable-deckula-lab")
    shut_down_lab_kernel(page)
    run_all_in_lab(page, lab_server, WONDERS)
    texts = wonders_texts(tablekit.new_game("wonders", seed=20, villain="cullin"))
    assert read_in_full(page, ".tk-hand", "data-uid", texts, "readable-wonders-lab")
    assert_clean_page(page)

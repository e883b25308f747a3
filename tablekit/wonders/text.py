"""Card text in words: the data operations of a card half as the sentences a card would print."""

from __future__ import annotations

from tablekit.wonders.state import CardSpec, HalfSpec

_TARGETS = {"foe-hero": "{foe}", "foe-minion": "an enemy minion",
            "foe": "an enemy minion or {foe}", "all-foe-minions": "every enemy minion",
            "ally-minion": "a friendly minion", "self": "this minion", "ally-hero": "{ally}"}


def effect_text(effect: tuple[str, int, str], side: str) -> str:
    """One effect as words ("Deal 2 damage to the Villain")."""
    op, n, target = effect
    foe, ally = ("the Villain", "you") if side == "player" else ("the Player", "the Villain")
    where = _TARGETS.get(target, target).format(foe=foe, ally=ally)
    if op == "draw":
        return f"Draw {n}"
    if op == "damage":
        return f"Deal {n} damage to {where}"
    if op == "destroy":
        return f"Destroy {where}"
    if op == "heal":
        return f"{'Heal' if side == 'player' else 'The Villain heals'} {n}"
    return f"Give {where} {op.capitalize()}"


def half_text(half: HalfSpec, side: str) -> list[str]:
    """A card half's text as printed bullets: keywords, COST, PLAY, DEATH, spell text."""
    lines = [word.capitalize() for word in ("taunt", "poison", "shield") if getattr(half, word)]
    if half.discard_cost:
        lines.append(f"COST: discard {half.discard_cost} other card"
                     f"{'s' if half.discard_cost > 1 else ''}")
    for label, part in (("PLAY: ", half.play), ("DEATH: ", half.death), ("", half.text)):
        for bullet in part:
            lines.append(label + "; ".join(effect_text(e, side) for e in bullet))
    return lines


def half_summary(half: HalfSpec, side: str) -> str:
    """A card half's numbers and text in one line: "(2/3, Priority 4): Taunt · DEATH: Draw 1"."""
    if half.is_minion:
        numbers = f"{half.strength}/{half.health}"
        if side == "player":
            numbers += f", Priority {half.priority}"
    else:
        numbers = "spell"
    text = " · ".join(half_text(half, side))
    return f"({numbers})" + (f": {text}" if text else "")


def card_summary(card: CardSpec, side: str = "player") -> str:
    """One line for a card half: name, numbers and text."""
    return f"{card.name} {half_summary(card.player if side == 'player' else card.villain, side)}"


def card_lines(card: CardSpec, side: str = "player") -> list[str]:
    """The whole card, a line per half (both draw from one deck), the half `side` uses first:
    "Player half (3/1, Priority 2): ...", "Villain half (3/2): ..."."""
    sides = ("player", "villain") if side == "player" else ("villain", "player")
    return [f"{who.capitalize()} half {half_summary(getattr(card, who), who)}" for who in sides]

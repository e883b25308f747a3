"""Deck of Wonders effects: drawing, damage, destruction, card text, and how a game ends.

Card text resolves from frames on `state.work` (see `tablekit.wonders.rules`), so it can stop
at a "you choose" moment and go on after the player's Choose action.
"""

from __future__ import annotations

from tablekit.core.game import Events
from tablekit.wonders.battle import Fighter
from tablekit.wonders.cards import CHOSEN_TARGETS
from tablekit.wonders.state import NONE, VILLAIN, Board, Minion, State

SIDE_NAME = {"P": "Player", "V": "Villain"}


def coop_check(state: State, events: Events) -> None:
    """Co-op: both Villains down together wins; one beaten early stays alive at 1 health."""
    down = [b.villain_health <= 0 for b in state.boards]
    if all(down):
        end_game(state, "win", "Both Villains fell on the same turn: you win")
        events.add("wonders.coop-win", "Both Villains fall on the same turn: you win together")
        return
    for board, fell in zip(state.boards, down, strict=True):
        if fell:
            board.villain_health = 1
            events.add("wonders.coop-win", "{v} fell before its partner's Villain and stays at 1",
                       v=board.villain_name)


def end_game(state: State, result: str, text: str) -> None:
    """Record the end of the game."""
    state.result, state.result_text, state.phase = result, text, "over"
    state.pending, state.lineup = None, None


# -- drawing -----------------------------------------------------------------------------

def take_top(state: State, index: int, events: Events) -> int | None:
    """The top card of the draw pile (reshuffling the discard pile when empty), or None."""
    board = state.boards[index]
    if not board.draw:
        if not board.discard:
            events.add("wonders.nothing-to-draw", "No card is left to draw")
            return None
        board.draw, board.discard = board.discard, []
        state.random().shuffle(board.draw)
        events.add("wonders.reshuffle", "The draw pile is empty: the {n} discarded cards are "
                   "shuffled into a new draw pile", n=len(board.draw))
    return board.draw.pop()


def draw_to_hand(state: State, index: int, count: int, events: Events, rule: str) -> None:
    """The player draws `count` cards into their hand."""
    board = state.boards[index]
    for _ in range(count):
        uid = take_top(state, index, events)
        if uid is None:
            return
        board.hand.append(uid)
        events.add(rule, "You draw {card}", card=state.table[uid].name)


def can_draw(board: Board) -> bool:
    """True when a card can be drawn (from the pile or after a reshuffle)."""
    return bool(board.draw or board.discard)


# -- damage and destruction --------------------------------------------------------------

def hurt(state: State, index: int, minion: Minion, amount: int, poison: bool,
         events: Events) -> bool:
    """Deal damage to a minion (Shield first, Poison after); True when it is destroyed."""
    if minion.shield:
        minion.shield = False
        events.add("wonders.shield", "{m}'s Shield takes the hit ({n} damage becomes 0)",
                   m=minion.name, n=amount)
        drop_shield_card(state, index, minion)
        amount = 0
    minion.damage += amount
    if poison:
        events.add("wonders.poison", "Poison destroys {m}", m=minion.name)
        return True
    return minion.damage >= minion.health


def destroy(state: State, index: int, side: str, minion: Minion, events: Events,
            rule: str = "wonders.destroyed") -> None:
    """Remove a destroyed minion: it and its attached spells go to the discard pile; DEATH."""
    board = state.boards[index]
    row = board.player_minions if side == "P" else board.villain_minions
    if minion not in row:
        return
    row.remove(minion)
    board.discard.append(minion.uid)
    board.discard.extend(minion.attached)
    owner = "Your" if side == "P" else "The Villain's"
    events.add(rule, "{owner} {m} is destroyed", owner=owner, m=minion.name)
    half = state.table[minion.uid].player if side == "P" else state.table[minion.uid].villain
    if half.death:
        state.work.append(["bullets", index, side, minion.uid, "death", 0, None])


def destroy_all(state: State, index: int, fallen: list[tuple[str, Minion]],
                events: Events) -> None:
    """Destroy minions in the order they fell; their DEATH text resolves in that order."""
    mark = len(state.work)
    for side, minion in fallen:
        destroy(state, index, side, minion, events)
    state.work[mark:] = state.work[mark:][::-1]


def damage_hero(state: State, index: int, side: str, amount: int, events: Events,
                rule: str) -> None:
    """Damage the Villain (side "V") or the Player (side "P"); end the game at 0."""
    board = state.boards[index]
    if side == "V":
        board.villain_health -= amount
        events.add(rule, "{v} takes {n} damage ({h} left)", v=board.villain_name, n=amount,
                   h=max(board.villain_health, 0))
        if board.villain_health <= 0 and not state.coop:
            end_game(state, "win", f"{board.villain_name} is defeated: you win")
            events.add("wonders.win", "{v} has no health left: you win", v=board.villain_name)
    else:
        board.player_health -= amount
        events.add(rule, "You take {n} damage ({h} left)", n=amount,
                   h=max(board.player_health, 0))
        if board.player_health <= 0:
            end_game(state, "loss", "Your health reached 0: you lose")
            events.add("wonders.loss", "Your health reaches 0: you lose")


def heal_hero(state: State, index: int, side: str, amount: int, events: Events,
              rule: str) -> None:
    """Heal the Villain or the Player, never above their starting health."""
    board = state.boards[index]
    if side == "V":
        board.villain_health = min(board.villain_max, board.villain_health + amount)
        events.add(rule, "{v} heals to {h}", v=board.villain_name, h=board.villain_health)
    else:
        board.player_health = min(board.player_max, board.player_health + amount)
        events.add(rule, "You heal to {h}", h=board.player_health)


# -- card text ---------------------------------------------------------------------------

def choice_options(state: State, index: int, side: str, uid: int, effect: tuple) -> list[int]:
    """The legal targets of a chosen-target effect (minion uids, VILLAIN for the hero)."""
    op, _, target = effect
    board = state.boards[index]
    foes = board.villain_minions if side == "P" else board.player_minions
    allies = board.player_minions if side == "P" else board.villain_minions
    if target == "foe-minion":
        return [m.uid for m in foes]
    if target == "foe":
        return [m.uid for m in foes] + [VILLAIN]
    return [m.uid for m in allies if not _has(m, op)]


def step_bullets(state: State, frame: list, events: Events) -> None:
    _, index, side, uid, part, bullet_no, preset = frame
    card = state.table[uid]
    half = card.player if side == "P" else card.villain
    bullets = half.bullets(part)
    if bullet_no >= len(bullets):
        state.work.pop()
        return
    bullet = bullets[bullet_no]
    choice = None  # the bullet's chosen-target effect, if it has one
    for effect in bullet:
        if effect[2] in _CHOSEN:
            choice = effect
            break
    target = NONE
    if choice is not None:
        options = choice_options(state, index, side, uid, choice)
        if preset is None and len(options) > 1:
            state.pending = (index, uid, tuple(options))
            return
        target = preset if preset is not None else (options[0] if options else NONE)
        if target not in options:
            target = NONE
    frame[5] = bullet_no + 1
    if choice is not None:
        frame[6] = None  # a preset target serves the one bullet that asks for a choice
    rule = _TEXT_RULE[part]
    if bullet_no == 0:
        events.add(rule, "{card}: its {part} text resolves ({side} half)", card=card.name,
                   part=_PART_NAME[part], side=SIDE_NAME[side])
    if not _feasible(state, index, side, uid, bullet, target):
        if choice is not None and choice[2] == "ally-minion" and _allies(state, index, side):
            events.add("wonders.no-duplicate", "{card}: every minion that could take it already "
                       "has {op}", card=card.name, op=choice[0].capitalize())
        events.add("wonders.skip-bullet", "{card}: a bullet cannot be carried out and is skipped",
                   card=card.name)
        return
    for effect in bullet:
        _apply_effect(state, index, side, uid, effect, target, events)
        if state.result:
            return


_CHOSEN = frozenset(CHOSEN_TARGETS)
_PART_NAME = {"play": "PLAY", "death": "DEATH", "text": "spell"}
_TEXT_RULE = {"play": "wonders.play-text", "death": "wonders.death-text",
              "text": "wonders.spell-text"}


def _feasible(state: State, index: int, side: str, uid: int, bullet: tuple,
              target: int) -> bool:
    board = state.boards[index]
    foes = board.villain_minions if side == "P" else board.player_minions
    for op, _, where in bullet:
        if where in _CHOSEN and target == NONE:
            return False
        if op == "draw" and not can_draw(board):
            return False
        if where == "all-foe-minions" and not foes:
            return False
        if where == "self":
            me = _find(board, side, uid)
            if op != "draw" and (me is None or _has(me, op)):
                return False
    return True


def _apply_effect(state: State, index: int, side: str, uid: int, effect: tuple, target: int,
                  events: Events) -> None:
    op, n, where = effect
    board = state.boards[index]
    other = "V" if side == "P" else "P"
    name = state.table[uid].name
    if op == "draw":
        if side == "P":
            draw_to_hand(state, index, n, events, "wonders.draw-effect")
        else:
            events.add("wonders.draw-effect", "{card} makes the Villain draw {n} more", card=name,
                       n=n)
            state.work.append(["vdraws", index, n, n, name])
    elif op == "heal":
        heal_hero(state, index, side, n, events, "wonders.heal-effect")
    elif op == "damage":
        _damage_effect(state, index, side, other, name, n, where, target, events)
    elif op == "destroy":
        victim = _find(board, other, target)
        if victim is not None:
            events.add("wonders.destroy-effect", "{card} destroys {m}", card=name, m=victim.name)
            destroy(state, index, other, victim, events, "wonders.destroy-effect")
    else:
        minion = _find(board, side, uid if where == "self" else target)
        if minion is not None and not _has(minion, op):
            _give(state, index, minion, op, uid, events)


def _damage_effect(state: State, index: int, side: str, other: str, name: str, n: int,
                   where: str, target: int, events: Events) -> None:
    board = state.boards[index]
    if where == "foe-hero" or (where == "foe" and target == VILLAIN):
        damage_hero(state, index, other, n, events, "wonders.damage-effect")
        return
    foes = board.villain_minions if side == "P" else board.player_minions
    victims = list(foes) if where == "all-foe-minions" else \
        [m for m in foes if m.uid == target]
    fallen = []
    for victim in victims:
        events.add("wonders.damage-effect", "{card} deals {n} damage to {m}", card=name, n=n,
                   m=victim.name)
        if hurt(state, index, victim, n, False, events):
            fallen.append((other, victim))
    destroy_all(state, index, fallen, events)


def _give(state: State, index: int, minion: Minion, op: str, uid: int, events: Events) -> None:
    board = state.boards[index]
    setattr(minion, op, True)
    if uid in board.limbo:  # a spell with a lasting effect stays under its minion
        board.limbo.remove(uid)
        minion.attached.append(uid)
        if op == "shield":
            minion.shield_card = uid
        events.add("wonders.persistent-spell", "{card} is placed under {m}: it has {op}",
                   card=state.table[uid].name, m=minion.name, op=op.capitalize())
    else:
        events.add(f"wonders.{op}", "{m} gains {op}", m=minion.name, op=op.capitalize())


def finish_spell(state: State, index: int, uids: tuple, events: Events) -> None:
    board = state.boards[index]
    gone = [u for u in uids if u in board.limbo]
    for uid in gone:
        board.limbo.remove(uid)
    board.discard.extend(gone)
    if gone:
        events.add("wonders.discard-order", "Discarded together: {cards}",
                   cards=", ".join(state.table[u].name for u in gone))


def _allies(state: State, index: int, side: str) -> list[Minion]:
    board = state.boards[index]
    return board.player_minions if side == "P" else board.villain_minions


def _has(minion: Minion, op: str) -> bool:
    return bool(getattr(minion, op, False))


def _find(board: Board, side: str, uid: int) -> Minion | None:
    for minion in board.player_minions if side == "P" else board.villain_minions:
        if minion.uid == uid:
            return minion
    return None


def drop_shield_card(state: State, index: int, minion: Minion) -> None:
    if minion.shield_card >= 0:
        minion.attached.remove(minion.shield_card)
        state.boards[index].discard.append(minion.shield_card)
        minion.shield_card = -1


def clear_damage(board: Board) -> None:
    for minion in board.player_minions:
        minion.damage = 0
    for minion in board.villain_minions:
        minion.damage = 0


def fighter(minion: Minion) -> Fighter:
    """A minion as a Battle Lines fighter."""
    return Fighter(minion.name, minion.strength, minion.health, minion.priority,
                   minion.poison, minion.shield, minion.taunt, minion.damage)

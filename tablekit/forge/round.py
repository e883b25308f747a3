"""The round, run on from one decision to the next: fights, Reveal, damage, hits, refill.

Every function takes the state and an `Events` collector and changes the state in place; the
decisions themselves (actions) are offered and applied in `tablekit.forge.play`.
"""

from __future__ import annotations

from tablekit.core.game import Events
from tablekit.forge.band import LIFETIME_LABELS, add_label, labelled_stats
from tablekit.forge.cards import DECK_SIZE, SUIT_NAMES, card_label, card_suit, is_hero
from tablekit.forge.rules import (
    BOSSES,
    END_OF_ROUND_DRAW,
    MOMENTUM,
    PRESSURE_DAMAGE,
    RALLY,
    START_HP,
    SURGE,
    clockwise,
    heal_of_heart,
    kill_coppers,
    next_active,
)
from tablekit.forge.state import (
    HIT,
    LABEL,
    MYTHIC,
    OVER,
    PLOT,
    REWARD,
    TACTIC,
    ForgeState,
    Hit,
)

LABELS_PER_DUNGEON = 2


def wizard(w: int) -> str:
    """A wizard's name at the table."""
    return _WIZARD_NAMES[w] if 0 <= w < len(_WIZARD_NAMES) else f"Wizard {w + 1}"


_WIZARD_NAMES = tuple(f"Wizard {w + 1}" for w in range(5))  # named once: the log names them often


# -- fights -----------------------------------------------------------------------------------
def start_fight(s: ForgeState, ev: Events) -> None:
    """Reveal the next Boss, set its HP and ATK, and offer a label or start the first round."""
    boss = s.boss
    stats = labelled_stats(s.monsters[boss], s.game.pool)
    written = stats["hp"] * s.wizards
    s.boss_hp = max(1, written - s.momentum)
    s.boss_atk, s.armor, s.regen, s.doom = stats["atk"], stats["armor"], stats["regen"], stats["doom"]
    s.round = 1
    ev.add("forge.boss-hp", "Boss {no} of 6 is {name}: {hp} HP ({written} written × {n} wizards"
           "{momentum}), ATK {atk}.", no=s.boss_no + 1, name=s.monster_name(boss), hp=s.boss_hp,
           written=stats["hp"], n=s.wizards, atk=s.boss_atk,
           momentum=f", −{s.momentum} Momentum" if s.momentum else "")
    s.momentum = 0
    if label_offered(s):
        s.phase = LABEL
        return
    if s.game.labels_allowed[s.boss // 6]:
        ev.add("forge.label-limits", "No label for {boss}: {why}.", boss=s.monster_name(boss),
               why=label_limit_reason(s))
    begin_round(s, ev)


def label_offered(s: ForgeState) -> bool:
    """True when the active wizard may stick a label on the Boss just revealed."""
    monster = s.monsters[s.boss]
    return (s.game.labels_allowed[s.boss // 6] and s.labels_added < LABELS_PER_DUNGEON
            and len(monster.labels) < LIFETIME_LABELS
            and any(lab.id not in monster.labels for lab in s.game.pool.labels))


def label_limit_reason(s: ForgeState) -> str:
    """Why no label may go on the Boss just revealed (its band being past its first dungeon)."""
    if s.labels_added >= LABELS_PER_DUNGEON:
        return f"{LABELS_PER_DUNGEON} labels were already added in this dungeon"
    if len(s.monsters[s.boss].labels) >= LIFETIME_LABELS:
        return f"it already carries {LIFETIME_LABELS} labels, its lifetime limit"
    return "it already carries every label of the pool"


def apply_label(s: ForgeState, label_id: str, bonus: str, ev: Events) -> None:
    """Stick a label on the Boss: its stats change now, the adder takes the tier's reward."""
    label = s.game.pool[label_id]
    s.monsters[s.boss] = add_label(s.monsters[s.boss], label_id, s.game.pool)
    change = label_stat(s, label.op, label.amount)
    w, reward = s.active, label.reward
    s.coppers[w] += reward
    s.labels_added += 1
    s.label_adder = w
    ev.add("forge.label", "{who} labels {boss} with {label}: {text} ({change})", who=wizard(w),
           boss=s.monster_name(s.boss), label=label.name, text=label.text, change=change)
    if bonus == "draw":
        got = draw(s, w, reward)
        what = f"draws {got}"
    else:
        s.hp[w] += reward
        what = f"heals {reward} (HP {s.hp[w]})"
    ev.add("forge.label-reward", "{who} earns {c} copper{s} and {what}.", who=wizard(w), c=reward,
           s="" if reward == 1 else "s", what=what)
    begin_round(s, ev)


def label_stat(s: ForgeState, op: str, amount: int) -> str:
    """Change the Boss's stat a label names; the change as `HP 30 → 36`."""
    if op == "hp":
        before, s.boss_hp = s.boss_hp, s.boss_hp + amount * s.wizards
        return f"HP {before} → {s.boss_hp}"
    if op == "atk":
        before, s.boss_atk = s.boss_atk, s.boss_atk + amount
        return f"ATK {before} → {s.boss_atk}"
    if op == "armor":
        before, s.armor = s.armor, s.armor + amount
        return f"armour {before} → {s.armor}"
    if op == "regen":
        before, s.regen = s.regen, s.regen + amount
        return f"regrowth {before} → {s.regen}"
    s.doom = amount if not s.doom else min(s.doom, amount)
    return f"DOOM after round {s.doom}"


def begin_round(s: ForgeState, ev: Events) -> None:
    """Clear the table and ask every wizard able to Plot for a face-down card."""
    s.plots = [-1] * s.wizards
    s.converted = [False] * s.wizards
    s.bonus, s.spiked = {}, []
    s.braced = [False] * s.wizards
    s.dealt = 0
    s.queue = []
    for w in clockwise(s.active, s.wizards):
        if s.out[w]:
            continue
        if not s.decks[w]:
            ev.add("forge.empty-deck", "{who}'s deck is empty: no Plot this round.", who=wizard(w))
        elif s.hands[w]:
            s.queue.append(w)
    s.phase = PLOT
    if not s.queue:
        reveal(s, ev)


def reveal(s: ForgeState, ev: Events) -> None:
    """Turn the plotted cards over at once, give Converted cards their gifts, start Tactics."""
    shown = []
    for w in clockwise(s.active, s.wizards):
        card = s.plots[w]
        if card < 0:
            continue
        shown.append(f"{wizard(w)} {'converts' if s.converted[w] else 'attacks with'} "
                     f"{card_label(card)}")
    ev.add("forge.reveal", "Reveal: {shown}.", shown="; ".join(shown) or "no cards")
    for w in clockwise(s.active, s.wizards):
        if s.converted[w]:
            convert(s, w, s.plots[w], ev)
    s.phase = TACTIC
    s.queue = [w for w in clockwise(s.active, s.wizards) if not s.out[w]]
    next_tactic(s, ev)


def convert(s: ForgeState, w: int, card: int, ev: Events) -> None:
    """A Converted Item: committed, and its suit's gift (raised by a convert inscription)."""
    commit(s, card)
    page = s.inscription(card)
    extra = page.amount("convert", "value") if page else 0
    suit, value = card_suit(card), s.value(card)
    if suit == 0:
        s.shield[w] += 1 + extra
        text = f"shield {s.shield[w]} for this dungeon"
    elif suit == 1:
        healed = heal_of_heart(value) + extra
        s.hp[w] += healed
        text = f"heals {healed} (HP {s.hp[w]})"
    elif suit == 2:
        text = f"draws {draw(s, w, 2 + extra)}"
    else:
        s.coppers[w] += value + extra
        text = f"plunders {value + extra} coppers ({s.coppers[w]})"
    ev.add(("forge.convert-spade", "forge.convert-heart", "forge.convert-club",
            "forge.convert-diamond")[suit], "{who} converts {card} ({suit}): {text}.",
           who=wizard(w), card=card_label(card), suit=SUIT_NAMES[suit], text=text)
    if page:
        card_effects(s, w, card, "convert", ev)


def next_tactic(s: ForgeState, ev: Events) -> None:
    """Move to the next wizard who can take a Tactic, or resolve the damage."""
    while s.queue and not s.hands[s.queue[0]]:
        s.queue.pop(0)  # nothing to pay with: only passing is left
    if not s.queue:
        resolve(s, ev)


# -- damage and the killing blow -----------------------------------------------------------
def attackers(s: ForgeState) -> list[int]:
    """Wizards with an attack card on the table, clockwise from the active wizard."""
    return [w for w in clockwise(s.active, s.wizards) if s.plots[w] >= 0 and not s.converted[w]]


def card_damage(s: ForgeState, card: int) -> int:
    """What one attack card deals: face value changed by Tactics (at least 1), plus inscriptions."""
    damage = max(1, s.value(card) + s.bonus.get(card, 0))
    page = s.inscription(card)
    if page:
        damage += page.amount("play", "damage")
        if card in s.spiked:
            damage += page.amount("spike", "damage")
    return damage


def resolve(s: ForgeState, ev: Events) -> None:
    """Deal the attack cards' damage to the Boss, commit them, then the kill check or the hits."""
    hitters = attackers(s)
    total = sum(card_damage(s, s.plots[w]) for w in hitters)
    if s.armor and total:
        ev.add("forge.label-effect", "{boss}'s armour stops {a} damage.",
               boss=s.monster_name(s.boss), a=min(s.armor, total))
        total = max(0, total - s.armor)
    s.dealt = total
    s.boss_hp -= total
    ev.add("forge.resolve", "The attack deals {total} damage: {boss} has {hp} HP left.",
           total=total, boss=s.monster_name(s.boss), hp=max(s.boss_hp, 0))
    for w in hitters:
        commit(s, s.plots[w])
        if s.inscription(s.plots[w]):
            card_effects(s, w, s.plots[w], "play", ev)
    if hitters:
        ev.add("forge.commit", "{cards} are committed for the rest of the dungeon.",
               cards=" ".join(card_label(s.plots[w]) for w in hitters))
    if s.boss_hp <= 0:
        killing_blow(s, hitters, ev)
        return
    s.stage = "boss"
    s.hits = [Hit(w, s.monster_name(s.boss), s.boss_atk, True)
              for w in clockwise(s.active, s.wizards) if not s.out[w]]
    run_hits(s, ev)


def killer_of(s: ForgeState, hitters: list[int]) -> int:
    """The wizard whose attack card has the highest face value (suit tiebreak ♠ ♥ ♣ ♦)."""
    return max(hitters, key=lambda w: (s.value(s.plots[w]), -card_suit(s.plots[w]),
                                       -hitters.index(w)))


def killing_blow(s: ForgeState, hitters: list[int], ev: Events) -> None:
    """Coppers, assists, Glory and the Legend mark; then the killer's reward (or the win)."""
    w = killer_of(s, hitters)
    card = s.plots[w]
    boss = s.monsters[s.boss]
    s.killer, s.kill_card = w, card
    gain = kill_coppers(-s.boss_hp)
    s.coppers[w] += gain
    s.best_kill[w] = max(s.best_kill[w], s.value(card))
    ev.add("forge.killing-blow", "{who}'s {card} lands the killing blow on {boss}.",
           who=wizard(w), card=card_label(card), boss=s.monster_name(s.boss))
    over = -s.boss_hp
    ev.add("forge.kill-coppers", "{who} earns {gain} coppers (3, plus {bonus} for {over} "
           "overkill{cap}).", who=wizard(w), gain=gain, bonus=gain - 3, over=over,
           cap=": the bonus stops at 5" if over > 5 else "")
    if s.inscription(card):
        card_effects(s, w, card, "kill", ev)
    for other in range(s.wizards):
        if other != w:
            s.coppers[other] += 1
    if s.wizards > 1:
        ev.add("forge.assist", "Every other wizard earns 1 copper for the assist.")
    s.band_glory = [g + 1 for g in s.band_glory]
    s.glory[w] += 1
    ev.add("forge.glory", "Every band gains 1 Glory; {who} gains 1 personal Glory ({g}).",
           who=wizard(w), g=s.glory[w])
    if boss.legend:
        s.legend_bonus[w] = True
        ev.add("forge.legend-bonus", "{boss} was a Legend: {band}'s next Fading draws two "
               "Blessed cards.", boss=s.monster_name(s.boss), band=s.game.band_names[w])
    if s.minions:
        ev.add("forge.minions-fall", "The Boss falls and its {n} Minion(s) with it.",
               n=len(s.minions))
        s.minions = []
    s.hits, s.queue = [], []
    s.label_adder = -1  # the labelled Boss did not survive the round: no risk
    if s.boss_no < BOSSES - 1:
        s.phase = REWARD
    elif mythic_earned(s):
        s.phase = MYTHIC  # the game is won once the Mythic is written
        s.earned.append((card, ""))
    else:
        win(s, ev)


def win(s: ForgeState, ev: Events) -> None:
    """The sixth Boss is dead: the dungeon is won."""
    s.boss_no = BOSSES
    s.result, s.phase = "won", OVER
    ev.add("forge.win", "All six Bosses are dead: the wizards win the dungeon!")


def mythic_earned(s: ForgeState) -> bool:
    """True when the killing card is an uninscribed Hero and the Boss a Legend (our reading)."""
    card = s.kill_card
    return (s.game.mythics and is_hero(card) and s.monsters[s.boss].legend
            and s.inscription(card) is None and bool(s.game.book.tier("mythic")))


# -- hits -------------------------------------------------------------------------------------
def dodge_value(s: ForgeState, card: int) -> int:
    """What a card counts for when discarded to dodge."""
    return s.dodge_values[card]


def can_dodge(s: ForgeState, w: int, attack: int) -> bool:
    """True when the wizard's whole hand would beat the attack."""
    values = s.dodge_values
    return sum([values[c] for c in s.hands[w]]) > attack


def run_hits(s: ForgeState, ev: Events) -> None:
    """Resolve pending hits until one needs a wizard's choice; then the round's next stage."""
    while True:
        while s.hits:
            hit = s.hits[0]
            w = hit.wizard
            if s.out[w]:
                s.hits.pop(0)
                continue
            if hit.boss and s.braced[w]:
                ev.add("forge.brace", "{who} is braced and takes nothing from {src}.",
                       who=wizard(w), src=hit.source)
                s.hits.pop(0)
                continue
            if hit.attack - s.shield[w] <= 0:
                ev.add("forge.convert-spade", "{who}'s shield {sh} stops {src}'s {atk}.",
                       who=wizard(w), sh=s.shield[w], src=hit.source, atk=hit.attack)
                s.hits.pop(0)
                continue
            if can_dodge(s, w, hit.attack):
                s.phase = HIT
                return
            s.hits.pop(0)
            if take_hit(s, hit, ev, forced=True):
                return
        if next_stage(s, ev):
            return


def take_hit(s: ForgeState, hit: Hit, ev: Events, forced: bool = False) -> bool:
    """The wizard loses the hit's ATK less shield; True when this wiped the party."""
    w = hit.wizard
    damage = max(0, hit.attack - s.shield[w])
    why = " (no dodge beats it)" if forced else ""
    rule = "forge.boss-attack" if hit.boss else "forge.minion-strike"
    ev.add(rule, "{who} takes {d} from {src}{why}: HP {hp}.", who=wizard(w), d=damage,
           src=hit.source, why=why, hp=max(0, s.hp[w] - damage))
    return hurt(s, w, damage, ev)


def dodge(s: ForgeState, hit: Hit, cards: list[int], ev: Events) -> None:
    """Discard cards that beat the attack: the hit does nothing."""
    for card in cards:
        s.hands[hit.wizard].remove(card)
        commit(s, card)
    ev.add("forge.dodge", "{who} dodges {src}'s {atk} by discarding {cards} ({total}).",
           who=wizard(hit.wizard), src=hit.source, atk=hit.attack,
           cards=" ".join(card_label(c) for c in cards),
           total=sum(dodge_value(s, c) for c in cards))


def hurt(s: ForgeState, w: int, damage: int, ev: Events) -> bool:
    """Take HP; at 0 the wizard is out of this fight. True when the whole party is out."""
    s.hp[w] = max(0, s.hp[w] - damage)
    if s.hp[w] == 0 and not s.out[w]:
        s.out[w] = True
        ev.add("forge.knocked-out", "{who} drops to 0 HP and is out of this fight.",
               who=wizard(w))
        if all(s.out):
            s.result, s.phase = "lost", OVER
            s.hits, s.queue = [], []
            ev.add("forge.loss", "Every wizard is down in this fight: the party is wiped.")
            return True
    return False


def next_stage(s: ForgeState, ev: Events) -> bool:
    """After the Boss's hits: Pressure and the Minions; after those, the end of the round."""
    if s.stage == "boss":
        s.stage = "minions"
        if s.dealt == 0 and pressure(s, ev):
            return True
        s.hits = [Hit(w, s.monster_name(m), minion_atk(s, m), False)
                  for m in s.minions for w in clockwise(s.active, s.wizards) if not s.out[w]]
        return False
    s.stage = ""
    return end_round(s, ev) or True


def minion_atk(s: ForgeState, monster: int) -> int:
    """A Minion's ATK with its labels."""
    return labelled_stats(s.monsters[monster], s.game.pool)["atk"]


def pressure(s: ForgeState, ev: Events) -> bool:
    """No damage this round: 2 HP from every wizard in the fight whose deck is not empty."""
    ev.add("forge.pressure", "The Boss lost no HP this round: Pressure.")
    for w in clockwise(s.active, s.wizards):
        if s.out[w]:
            continue
        if not s.decks[w]:
            ev.add("forge.empty-deck", "{who}'s deck is empty: no Pressure damage.", who=wizard(w))
            continue
        ev.add("forge.pressure", "{who} loses {d} HP to Pressure: HP {hp}.", who=wizard(w),
               d=PRESSURE_DAMAGE, hp=max(0, s.hp[w] - PRESSURE_DAMAGE))
        if hurt(s, w, PRESSURE_DAMAGE, ev):
            return True
    return False


# -- end of round, between Bosses ------------------------------------------------------------
def end_round(s: ForgeState, ev: Events) -> bool:
    """Label risk, regrowth, DOOM, the draw of two, a Minion (or +1 ATK); the next round."""
    if s.label_adder >= 0:
        adder, s.label_adder = s.label_adder, -1
        if not s.out[adder]:
            ev.add("forge.label-risk", "{boss} survived the round: {who}, who labelled it, "
                   "loses 1 HP.", boss=s.monster_name(s.boss), who=wizard(adder))
            if hurt(s, adder, 1, ev):
                return True
    if s.regen:
        s.boss_hp += s.regen
        ev.add("forge.label-effect", "{boss} regrows {r} HP ({hp}).", boss=s.monster_name(s.boss),
               r=s.regen, hp=s.boss_hp)
    if s.doom and s.round >= s.doom:
        s.result, s.phase = "lost", OVER
        ev.add("forge.doom", "{boss} carries DOOM and is alive after round {r}: the party is "
               "wiped.", boss=s.monster_name(s.boss), r=s.round)
        return True
    for w in clockwise(s.active, s.wizards):
        if not s.out[w]:
            got = draw(s, w, END_OF_ROUND_DRAW)
            limited = got < END_OF_ROUND_DRAW and len(s.hands[w]) == s.game.hand
            ev.add("forge.hand-limit" if limited else "forge.refill",
                   "{who} draws {n} (hand {h}{limit}).", who=wizard(w), n=got,
                   h=len(s.hands[w]), limit=", the hand size" if limited else "")
    if s.minion_pool:
        minion = s.minion_pool.pop()
        s.minions.append(minion)
        ev.add("forge.summon", "{name} joins the fight as a Minion (ATK {atk}).",
               name=s.monster_name(minion), atk=minion_atk(s, minion))
    else:
        s.boss_atk += 1
        ev.add("forge.summon", "The Minion Pool is empty: {boss} gains 1 ATK ({atk}).",
               boss=s.monster_name(s.boss), atk=s.boss_atk)
    s.round += 1
    begin_round(s, ev)
    return False


def next_boss(s: ForgeState, reward: str, ev: Events) -> None:
    """Between Bosses: the role passes, HP back to 20, hands refilled, then the reward."""
    s.boss_no += 1
    before, s.active = s.active, next_active(s.active, s.coppers, s.glory)
    ev.add("forge.active-wizard", "{who} is the active wizard{again}.", who=wizard(s.active),
           again=" again" if s.active == before else "")
    for w in range(s.wizards):
        s.hp[w], s.out[w] = START_HP, False
        draw(s, w, s.game.hand)
    ev.add("forge.between-bosses", "Every wizard is back on 20 HP with a full hand.")
    w = s.killer
    if reward == "Rally":
        s.hp = [hp + RALLY for hp in s.hp]
        ev.add("forge.kill-reward", "Rally: every wizard heals 5 (HP 25 for the next Boss).")
    elif reward == "Surge":
        got = draw(s, w, SURGE, capped=False)
        ev.add("forge.kill-reward", "Surge: {who} draws {n} beyond the hand size.",
               who=wizard(w), n=got)
    else:
        s.momentum = MOMENTUM
        ev.add("forge.kill-reward", "Momentum: the next Boss starts with 10 HP less.")
    s.killer = s.kill_card = -1
    start_fight(s, ev)


# -- cards -----------------------------------------------------------------------------------
def draw(s: ForgeState, w: int, n: int, capped: bool = True) -> int:
    """Draw up to `n` cards from the wizard's deck (never past the hand size when capped)."""
    hand, deck = s.hands[w], s.decks[w]
    if capped:
        n = min(n, s.game.hand - len(hand))
    got = 0
    while got < n and deck:
        hand.append(deck.pop())
        got += 1
    return got


def commit(s: ForgeState, card: int) -> None:
    """Put a card on its band's committed pile for the rest of the dungeon."""
    s.committed[card // DECK_SIZE].append(card)


def card_effects(s: ForgeState, w: int, card: int, when: str, ev: Events) -> None:
    """The heal, draw, shield and coppers effects of a card's inscription that happen `when`."""
    page = s.inscription(card)
    done = []
    for effect in page.effect:
        if effect.when != when or effect.op in ("damage", "value"):
            continue
        who = [x for x in range(s.wizards) if not s.out[x]] if effect.target == "all" else [w]
        for x in who:
            if effect.op == "heal":
                s.hp[x] += effect.amount
            elif effect.op == "shield":
                s.shield[x] += effect.amount
            elif effect.op == "coppers":
                s.coppers[x] += effect.amount
            else:
                draw(s, x, effect.amount)
        done.append(f"{effect.op} {effect.amount}" + (" for all" if effect.target == "all" else ""))
    if done:
        ev.add("forge.inscription-effect", "{card}'s {name}: {done}.", card=card_label(card),
               name=page.name, done=", ".join(done))


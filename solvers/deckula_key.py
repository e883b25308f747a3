"""Deckula! hindsight: positions up to what can no longer matter, and dominance between them.

Two positions whose futures are the same game lead to the same best score. The search's key
(`Positions.key`) drops what no card still to act can see:

* two copies of a printed card are interchangeable (unless a blank ties them to other cards);
* a card in play is *settled* when nothing can ever read it again: it has no effect left to use
  (a Home card no Discard or passive effect; a Threat card no passive — its instants are spent),
  no VP that depends on other cards, no tag that a card still able to act reads (a coffin while
  a Sunrise may come), no blank on or by it, no queued effect of its own; and no effect that picks
  a Home card (Crumbling Tower, Lantern Priest, Garlic Merchant, Curious Quaintrelle) can still
  act — for a Visitor in the Threat area, no effect that picks a Visitor nor a mob that counts
  them. A settled card adds its VP now and for good, so the key keeps only the VP of all
  settled cards together (`kept`), not which cards they are;
* the discard pile matters only while a card that brings cards back from it may still act.

Then a position dominates another with the same key when it has kept at least as many VP and
has at least as much energy: everything the second can still do, the first can do too (energy
is only spent by choice or taken by effects, and taking it ends the game only when too little
is left), with at least as many points. `Explored` keeps, per key, the (kept, energy) pairs
already explored that no other explored pair dominates.
"""

from __future__ import annotations

from tablekit.deckula.cards import CardSpec, Effect
from tablekit.deckula.state import DeckulaState

HOME_TARGETS = ("chosen_home", "highest_home")


PICKS_HOME, PICKS_VISITOR, RECOVERS, SUMMONS = 1, 2, 4, 8  # what an effect may still do (bits)
FIRST_TAG = 16  # then one bit per tag an effect reads


class Positions:
    """The key of a position, with the VP of its settled cards set apart (see the module).

    What the cards still able to act may do is an OR of bit masks: `acts[uid]` for a card still to
    come (any of its effects), `acts_in_play[uid]` for a card in play (its Discard and passive
    effects; its instants are spent); `tag_bits[uid]` are the card's own tags.
    """

    def __init__(self, root: DeckulaState) -> None:
        specs = [card.spec for card in root.cards]
        numbers: dict[str, int] = {}
        self.kind = [numbers.setdefault(spec.id, len(numbers)) for spec in specs]
        # a card that never acts once in play, its VP fixed: a Home card without Discard or passive
        # effects, a Threat card without passives (its instants have been carried out)
        self.quiet_home = [_fixed_vp(s) and all(e.timing == "instant" for e in s.effect) for s in specs]
        self.quiet_threat = [_fixed_vp(s) and all(e.timing != "passive" for e in s.effect) for s in specs]
        self.visitor = [spec.visitor for spec in specs]
        self.vp = [spec.vp for spec in specs]
        self.summon = [sum(e.op == "summon" for e in spec.effect) for spec in specs]
        tags = sorted({tag for spec in specs for tag in spec.tags})
        self.tag_bit = {tag: FIRST_TAG << i for i, tag in enumerate(tags)}
        self.tag_bits = [sum(self.tag_bit[tag] for tag in set(spec.tags)) for spec in specs]
        self.acts = [self._acts(spec, spec.effect) for spec in specs]
        self.acts_in_play = [self._acts(spec, [e for e in spec.effect if e.timing != "instant"]) for spec in specs]
        # what a castle card in the discard pile may do once a recover brings it back (not another recover)
        self.castle_acts = [0 if spec.visitor or acts & RECOVERS else acts
                            for spec, acts in zip(specs, self.acts, strict=True)]

    def _acts(self, spec: CardSpec, effects: list[Effect]) -> int:
        """The bit mask of what `effects` may do, with the tags they (and the card's scoring) read."""
        bits = sum({PICKS_HOME if e.target in HOME_TARGETS else 0 for e in effects}
                   | {PICKS_VISITOR if e.target == "chosen_visitor" or e.min_visitors else 0 for e in effects}
                   | {RECOVERS if e.op == "recover" else 0 for e in effects}
                   | {SUMMONS if e.op == "summon" else 0 for e in effects}
                   | {self.tag_bit.get(e.unless_tag, 0) for e in effects if e.unless_tag})
        if spec.vp_per_tag and spec.scoring_tag in self.tag_bit:
            bits |= self.tag_bit[spec.scoring_tag]
        return bits

    def key(self, state: DeckulaState) -> tuple[tuple, int, tuple]:
        """(key, kept VP of the settled cards, which settled cards they are — for caches that need
        the exact position)."""
        acts = self._still_acting(state)
        tied = self._tied(state)
        kept, settled, home, threat = 0, [], [], []
        read = acts & ~(FIRST_TAG - 1)
        for uid in state.home:
            if not acts & PICKS_HOME and self.quiet_home[uid] and not self.tag_bits[uid] & read and uid not in tied:
                kept += self.vp[uid]
                settled.append(self.kind[uid])
            else:
                home.append(uid)
        for uid in state.threat:
            if self.quiet_threat[uid] and not (self.visitor[uid] and acts & PICKS_VISITOR) and uid not in tied:
                kept += self.vp[uid]
                settled.append(self.kind[uid])
            else:
                threat.append(uid)
        discard = state.discard if acts & RECOVERS else ()
        return _key(state, self.kind, home, threat, discard), kept, tuple(sorted(settled))

    def _still_acting(self, state: DeckulaState) -> int:
        """What the cards able to act may still do: cards to be drawn or kept, cards in play, queued
        effects; then set-aside Visitors while a summon may act, and castle cards in the discard
        pile while a recover may (RECOVERS set: the discard pile still matters)."""
        acts, in_play = self.acts, self.acts_in_play
        bits = summons = 0
        for uid in state.draw + state.offer + ([] if state.drawn is None else [state.drawn]):
            bits |= acts[uid]
            summons += self.summon[uid]
        for uid in state.home + state.threat:
            bits |= in_play[uid]
            summons += in_play[uid] & SUMMONS and self.summon[uid]
        if state.todo or state.pending is not None:
            queued = queued_effects(state)
            bits |= self._acts(_NO_SPEC, queued)
            summons += sum(e.op == "summon" for e in queued)
        if bits & RECOVERS:
            for uid in state.discard:
                bits |= self.castle_acts[uid]
                summons += bool(self.castle_acts[uid] & SUMMONS)
        for uid in summoned(state.set_aside, summons, self.summon):
            bits |= acts[uid]
        return bits

    @staticmethod
    def _tied(state: DeckulaState) -> set[int]:
        """Cards a blank, a queued effect or a pending choice names."""
        tied = set(state.blanks) | set(state.blanks.values())
        for task in state.todo:
            tied.add(task[1])
            if task[0] == "effect":
                tied.add(task[3])
        if state.pending is not None:
            tied |= {state.pending.source, state.pending.trigger, *state.pending.options}
            tied |= {source for source, _ in state.pending.passives}
        return tied


def summoned(set_aside: list[int], summons: int, summon: list[int]) -> list[int]:
    """The set-aside Visitors that `summons` summon effects may still call: from the top (the end of
    the list), a called summoner calling one more."""
    called = []
    for uid in reversed(set_aside):
        if summons <= 0:
            break
        called.append(uid)
        summons += summon[uid] - 1
    return called


_NO_SPEC = CardSpec(id="queued", name="queued effects")  # queued effects carry no scoring of their own


class Explored:
    """The (kept VP, energy) pairs explored under each key, none dominated by another."""

    def __init__(self) -> None:
        self.fronts: dict[tuple, list[tuple[int, int]]] = {}

    def dominated(self, key: tuple, kept: int, energy: int) -> bool:
        """True when a position explored under `key` kept at least as many VP with at least as much energy."""
        return any(k >= kept and e >= energy for k, e in self.fronts.get(key, ()))

    def add(self, key: tuple, kept: int, energy: int) -> None:
        """Record an explored position (dropping the pairs it dominates)."""
        front = self.fronts.get(key)
        if front is None:
            self.fronts[key] = [(kept, energy)]
            return
        front[:] = [(k, e) for k, e in front if k > kept or e > energy]
        front.append((kept, energy))


def _fixed_vp(spec: CardSpec) -> bool:
    """True when a card's VP does not depend on other cards."""
    return not spec.vp_per_beneath and not spec.vp_per_tag


def queued_effects(state: DeckulaState) -> list[Effect]:
    """Effects queued to resolve, or waiting on a pending choice."""
    effects = [state.spec(t[1]).effect[t[2]] for t in state.todo if t[0] == "effect"]
    if state.pending is not None:
        pairs = state.pending.passives or ((state.pending.source, state.pending.effect),)
        effects += [state.spec(source).effect[index] for source, index in pairs]
    return effects


def _key(state: DeckulaState, kind: list[int], home: list[int], threat: list[int], discard) -> tuple:
    """The position up to swapping identical copies, without energy (compared by dominance).

    `kind[uid]` numbers the printed card, so two copies of a card are interchangeable: buying
    one Candelabra and discarding the other leads to the same position whichever copy it was.
    Cards tied to others (blanked, blanking, holding cards beneath, named by a waiting effect)
    are named by their uid while any blank lasts: with two Quaintrelles, which one the Gaze
    blanks decides whether the Portrait she blanks scores.
    """
    ref = kind if not state.blanks else range(len(kind))
    pending = (state.pending.kind, _cards(list(state.pending.options), ref), _card(state.pending.source, ref),
               state.pending.effect, _card(state.pending.trigger, ref)) if state.pending else None
    beneath = tuple(sorted((ref[k], _cards(v, kind)) for k, v in state.beneath.items())) if state.beneath else ()
    blanks = tuple(sorted(state.blanks.items()))
    todo = tuple((t[0], _card(t[1], ref), t[2], _card(t[3], ref) if t[0] == "effect" else -1) for t in state.todo)
    return (tuple([kind[u] for u in state.draw]), _cards(home, kind), _cards(threat, kind), beneath, blanks,
            _cards(discard, kind), state.phase, _card(state.drawn, ref), pending, todo,
            tuple([kind[u] for u in state.set_aside]), _cards(state.offer, kind))


def _cards(uids, ref) -> tuple[int, ...]:
    """The cards `uids` as `ref` names them (kind or uid), sorted: which copy is where does not count."""
    return tuple(sorted([ref[u] for u in uids]))


def _card(uid: int | None, ref) -> int:
    """One card as `ref` names it; -1 for none (no card, or no source)."""
    return -1 if uid is None or uid < 0 else ref[uid]

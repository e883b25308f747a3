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


class Positions:
    """The key of a position, with the VP of its settled cards set apart (see the module)."""

    def __init__(self, root: DeckulaState) -> None:
        specs = [card.spec for card in root.cards]
        numbers: dict[str, int] = {}
        self.kind = [numbers.setdefault(spec.id, len(numbers)) for spec in specs]
        # a card that never acts once in play, its VP fixed: a Home card without Discard or passive
        # effects, a Threat card without passives (its instants have been carried out)
        self.quiet_home = [_fixed_vp(s) and all(e.timing == "instant" for e in s.effect) for s in specs]
        self.quiet_threat = [_fixed_vp(s) and all(e.timing != "passive" for e in s.effect) for s in specs]
        self.tags = [frozenset(spec.tags) for spec in specs]
        self.visitor = [spec.visitor for spec in specs]
        self.vp = [spec.vp for spec in specs]
        self.recover = [any(e.op == "recover" for e in s.effect) for s in specs]
        self.summon = [any(e.op == "summon" for e in s.effect) for s in specs]
        # (any effect, an effect still active once the card is in play) that picks a Home card ...
        self.picks_home = [_picks(s, lambda e: e.target in HOME_TARGETS) for s in specs]
        # ... or that picks or counts the Visitors in the Threat area
        self.picks_visitor = [_picks(s, lambda e: e.target == "chosen_visitor" or e.min_visitors > 0)
                              for s in specs]
        self.reads = [_reads(spec, in_play=False) for spec in specs]
        self.reads_in_play = [_reads(spec, in_play=True) for spec in specs]

    def key(self, state: DeckulaState) -> tuple[tuple, int, tuple]:
        """(key, kept VP of the settled cards, which settled cards they are — for caches that need
        the exact position)."""
        coming, queued = self._coming(state), queued_effects(state)
        picks_home = self._any(coming, state, queued, self.picks_home, HOME_TARGETS)
        picks_visitor = self._any(coming, state, queued, self.picks_visitor, ("chosen_visitor",)) or any(
            e.min_visitors for e in queued)
        read = set().union(*(self.reads[u] for u in coming), *(self.reads_in_play[u] for u in state.home),
                           *(self.reads_in_play[u] for u in state.threat), *(e.unless_tag for e in queued
                                                                            if e.unless_tag))
        tied = self._tied(state)
        kept, settled = 0, []
        home = []
        for uid in state.home:
            if not picks_home and self.quiet_home[uid] and uid not in tied and not (self.tags[uid] & read):
                kept += self.vp[uid]
                settled.append(self.kind[uid])
            else:
                home.append(uid)
        threat = []
        for uid in state.threat:
            if self.quiet_threat[uid] and uid not in tied and not (self.visitor[uid] and picks_visitor):
                kept += self.vp[uid]
                settled.append(self.kind[uid])
            else:
                threat.append(uid)
        discard = state.discard if self._recovering(state, queued) else ()
        return _key(state, self.kind, home, threat, discard), kept, tuple(sorted(settled))

    def _coming(self, state: DeckulaState) -> list[int]:
        """Cards that may still enter play: to be drawn or kept, set aside while a summon may still
        act, and castle cards in the discard pile while a recover may."""
        coming = state.draw + state.offer
        if state.drawn is not None:
            coming = [*coming, state.drawn]
        queued = queued_effects(state)
        recovering = self._recovering(state, queued)
        if recovering:
            coming += [u for u in state.discard if not self.visitor[u]]
        summons = any(self.summon[u] for u in coming) or any(e.op == "summon" for e in queued)
        if summons:
            coming += state.set_aside
        return coming

    def _recovering(self, state: DeckulaState, queued: list[Effect]) -> bool:
        """True while a card that brings cards back from the discard pile may still act."""
        recover = self.recover
        return (any(recover[u] for u in state.home) or any(recover[u] for u in state.draw)
                or any(recover[u] for u in state.offer) or (state.drawn is not None and recover[state.drawn])
                or any(e.op == "recover" for e in queued))

    @staticmethod
    def _any(coming: list[int], state: DeckulaState, queued: list[Effect], picks: list[tuple[bool, bool]],
             targets: tuple[str, ...]) -> bool:
        """True when a card to come, a card in play (by a Discard or passive effect) or a queued effect
        may still act through `picks`."""
        return (any(picks[u][0] for u in coming) or any(picks[u][1] for u in state.home)
                or any(picks[u][1] for u in state.threat) or any(e.target in targets for e in queued))

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


def _reads(spec: CardSpec, in_play: bool) -> frozenset[str]:
    """The tags a card looks for in the Home: its scoring tag, and those its effects wait on (once in
    play, only its Discard and passive effects still act)."""
    tags = {e.unless_tag for e in spec.effect if e.unless_tag and not (in_play and e.timing == "instant")}
    if spec.vp_per_tag and spec.scoring_tag:
        tags.add(spec.scoring_tag)
    return frozenset(tags)


def _picks(spec: CardSpec, wanted) -> tuple[bool, bool]:
    """(an effect of the card does `wanted`, one that still acts once the card is in play does)."""
    return (any(wanted(e) for e in spec.effect),
            any(wanted(e) and e.timing != "instant" for e in spec.effect))


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

    def cards(uids, ref=kind) -> tuple[int, ...]:
        return tuple(sorted([ref[u] for u in uids]))

    def card(uid: int | None) -> int:
        return -1 if uid is None or uid < 0 else ref[uid]

    pending = (state.pending.kind, cards(list(state.pending.options), ref), card(state.pending.source),
               state.pending.effect, card(state.pending.trigger)) if state.pending else None
    beneath = tuple(sorted((ref[k], cards(v)) for k, v in state.beneath.items())) if state.beneath else ()
    blanks = tuple(sorted(state.blanks.items()))
    todo = tuple((t[0], card(t[1]), t[2], card(t[3]) if t[0] == "effect" else -1) for t in state.todo)
    return (tuple([kind[u] for u in state.draw]), cards(home), cards(threat), beneath, blanks,
            cards(discard), state.phase, card(state.drawn), pending, todo,
            tuple([kind[u] for u in state.set_aside]), cards(state.offer))

"""Runes of Wyrd: why a deck wish list is impossible, in rule-book ids, and what to drop.

Every construction rule and every wish gets an assumption literal (the pattern of the OR-Tools
sample `assumptions_sample_sat.py`). When the model is infeasible CP-SAT returns a set of
assumptions that cannot hold together; we shrink it to a minimal one (deletion), report it,
set its wishes aside and look for the next one. A second model keeps the rules and satisfies
as many wishes as possible: the wishes it leaves out are the ones to drop.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from tablekit.runes.cards import HERO_NAMES, Card, cards_by_id
from tablekit.runes.deck import DECK_SIZE, RARITY_LIMITS, unique_groups

RULE_IDS = ("runes.deck-size", "runes.copy-limit", "runes.owned", "runes.unique",
            *(rule for rule, _, _, _ in RARITY_LIMITS))


@dataclass(frozen=True, slots=True)
class Wish:
    """A hard wish given to the deck builder: include a card, exclude one, or one hero only."""

    kind: str  # "include", "exclude" or "hero"
    card: str
    copies: int = 1

    @property
    def rule(self) -> str:
        """The rule-book id of this kind of wish."""
        return f"runes.wish-{self.kind}"

    def __str__(self) -> str:
        if self.kind == "include":
            return f"include {self.card}" + (f" ×{self.copies}" if self.copies > 1 else "")
        if self.kind == "exclude":
            return f"exclude {self.card}"
        return f"only {HERO_NAMES.get(self.card, self.card)}'s cards and neutral cards"


@dataclass(frozen=True, slots=True)
class Conflict:
    """Rules and wishes that cannot all hold, with a plain explanation."""

    rules: tuple[str, ...]
    wishes: tuple[Wish, ...]
    message: str

    @property
    def rule(self) -> str:
        """The main rule-book id of the conflict."""
        return self.rules[0] if self.rules else self.wishes[0].rule

    def __str__(self) -> str:
        named = ", ".join([*self.rules, *(str(w) for w in self.wishes)])
        return f"{self.message} [{named}]"


def explain_infeasible(owned: Mapping[Card, int], wishes: Sequence[Wish], hero_of: Mapping[str, str | None],
                       seed: int = 0, workers: int = 2) -> tuple[list[Conflict], list[Wish]]:
    """The minimal conflicts among rules and wishes, and the fewest wishes to drop."""
    owned = _relevant(owned, wishes)
    conflicts: list[Conflict] = []
    active = list(wishes)
    # one model for every pass: only its assumptions change, and _minimal_core resets them
    model, rule_lits, wish_lits, _ = _model(owned, wishes, hero_of)
    while True:
        assumed = [*rule_lits.values(), *(wish_lits[i] for i, w in enumerate(wishes) if w in active)]
        core = _minimal_core(model, assumed, seed, workers)
        if core is None:
            break
        rules = tuple(r for r, lit in rule_lits.items() if lit.index in core)
        involved = tuple(w for i, w in enumerate(wishes) if wish_lits[i].index in core)
        involved = _whole_rarity_request(rules, involved, active, owned)
        size = _largest_deck(owned, wishes, hero_of, rules, involved, seed, workers)
        conflicts.append(Conflict(rules, involved, _message(rules, involved, owned, size)))
        if not involved:
            break  # the collection itself cannot make a legal deck
        active = [w for w in active if w not in involved]
    for rules, involved in _counted_clashes(wishes, owned):
        named = {w for c in conflicts for w in c.wishes}
        if not set(involved) <= named:  # a clash with a wish no conflict names yet
            conflicts.append(Conflict(rules, involved, _message(rules, involved, owned, -1)))
    return conflicts, _fewest_drops(owned, wishes, hero_of, seed, workers)


def _counted_clashes(wishes: Sequence[Wish], owned: Mapping[Card, int]
                     ) -> list[tuple[tuple[str, ...], tuple[Wish, ...]]]:
    """Clashes plain counting shows among the wishes (a limit exceeded by the included cards
    alone, a card both included and excluded, or outside the chosen hero). The search above
    reports disjoint conflicts; these name the wishes it left unmentioned because their clash
    shares a wish with a conflict already found."""
    cards = cards_by_id(owned)
    includes = [w for w in wishes if w.kind == "include"]
    found: list[tuple[tuple[str, ...], tuple[Wish, ...]]] = []
    for rule, rarities, limit, _ in RARITY_LIMITS:
        counted = tuple(w for w in includes if cards[w.card].rarity in rarities)
        if sum(w.copies for w in counted) > limit:
            found.append(((rule,), counted))
    by_unique: dict[str, list[Wish]] = {}
    for w in includes:
        if cards[w.card].unique is not None:
            by_unique.setdefault(cards[w.card].unique, []).append(w)
    found += [(("runes.unique",), tuple(ws)) for ws in by_unique.values()
              if sum(w.copies for w in ws) > 1]
    for w in includes:
        if w.copies > cards[w.card].copy_limit:
            found.append((("runes.copy-limit",), (w,)))
        if w.copies > owned[cards[w.card]]:
            found.append((("runes.owned",), (w,)))
        found += [((), (w, other)) for other in wishes
                  if (other.kind == "exclude" and other.card == w.card)
                  or (other.kind == "hero" and cards[w.card].hero not in (None, other.card))]
    return found


def _whole_rarity_request(rules: tuple[str, ...], involved: tuple[Wish, ...],
                          active: Sequence[Wish], owned: Mapping[Card, int]) -> tuple[Wish, ...]:
    """A conflict of one rarity limit with included cards names every included card that limit
    counts ("3 Legendary cards requested"), not only the smallest clash (2 of them)."""
    limits = {rule: rarities for rule, rarities, _, _ in RARITY_LIMITS}
    if len(rules) != 1 or rules[0] not in limits or any(w.kind != "include" for w in involved):
        return involved
    rarity = {card.id: card.rarity for card in owned}
    counted = [w for w in active if w.kind == "include" and rarity[w.card] in limits[rules[0]]]
    return tuple(dict.fromkeys([*involved, *counted]))


def _relevant(owned: Mapping[Card, int], wishes: Sequence[Wish]) -> dict[Card, int]:
    """The cards that can decide feasibility: wished cards, cards sharing a unique property,
    and per rarity and hero the first cards up to twenty of them and twenty usable copies
    (any other card could be swapped for an unused one of these, whichever rules hold)."""
    wished = {w.card for w in wishes if w.kind != "hero"}
    shared = {u for u, members in unique_groups(owned).items() if len(members) > 1}
    kept: dict[Card, int] = {}
    classes: dict[tuple, list[int]] = {}
    for card in sorted(owned, key=lambda c: c.id):
        if card.id in wished or card.unique in shared:
            kept[card] = owned[card]
            continue
        count, capacity = classes.setdefault((card.rarity, card.hero), [0, 0])
        if count < DECK_SIZE or capacity < DECK_SIZE:
            kept[card] = owned[card]
            limit = 1 if card.unique else card.copy_limit
            classes[(card.rarity, card.hero)] = [count + 1, capacity + min(owned[card], limit)]
    return kept


def _model(owned: Mapping[Card, int], wishes: Sequence[Wish], hero_of: Mapping[str, str | None]
           ) -> tuple[cp_model.CpModel, dict[str, cp_model.IntVar], list[cp_model.IntVar],
                      dict[str, cp_model.IntVar]]:
    model = cp_model.CpModel()
    cards = cards_by_id(owned)
    copies = {cid: model.new_int_var(0, DECK_SIZE, f"copies[{cid}]") for cid in cards}
    rule_lits = {rule: model.new_bool_var(rule) for rule in RULE_IDS}
    # Build: exactly twenty cards.
    model.add(sum(copies.values()) == DECK_SIZE).only_enforce_if(rule_lits["runes.deck-size"])
    # Copy limits: one Equipment, two of anything else.
    for cid, card in cards.items():
        model.add(copies[cid] <= card.copy_limit).only_enforce_if(rule_lits["runes.copy-limit"])
    # Collection: never more copies than owned.
    for cid, card in cards.items():
        model.add(copies[cid] <= owned[card]).only_enforce_if(rule_lits["runes.owned"])
    # Unique properties: at most one card carrying each.
    for members in unique_groups(cards.values()).values():
        model.add(sum(copies[c.id] for c in members) <= 1).only_enforce_if(
            rule_lits["runes.unique"])
    # Rarity: the cumulative premium limits.
    for rule, rarities, limit, _ in RARITY_LIMITS:
        counted = [copies[c] for c, card in cards.items() if card.rarity in rarities]
        model.add(sum(counted) <= limit).only_enforce_if(rule_lits[rule])
    # Wishes: each one switchable on its own.
    wish_lits = []
    for i, wish in enumerate(wishes):
        lit = model.new_bool_var(f"wish[{i}]")
        wish_lits.append(lit)
        if wish.kind == "include":
            model.add(copies[wish.card] >= wish.copies).only_enforce_if(lit)
        elif wish.kind == "exclude":
            model.add(copies[wish.card] == 0).only_enforce_if(lit)
        else:
            for cid in cards:
                if hero_of[cid] not in (None, wish.card):
                    model.add(copies[cid] == 0).only_enforce_if(lit)
    return model, rule_lits, wish_lits, copies


def _solve(model: cp_model.CpModel, seed: int, workers: int) -> tuple[cp_model.CpSolver, int]:
    solver = cp_model.CpSolver()
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = workers
    solver.parameters.linearization_level = 2  # the counting bounds prove conflicts at once
    solver.parameters.max_time_in_seconds = 10.0
    return solver, solver.solve(model)


def _minimal_core(model: cp_model.CpModel, assumed: list[cp_model.IntVar], seed: int,
                  workers: int) -> set[int] | None:
    """A minimal set of assumption indices that cannot hold together; None if all can."""
    def core_of(lits: list[cp_model.IntVar]) -> list[int] | None:
        model.clear_assumptions()
        model.add_assumptions(lits)
        solver, status = _solve(model, seed, workers)
        if status != cp_model.INFEASIBLE:
            return None
        return list(solver.sufficient_assumptions_for_infeasibility())

    by_index = {lit.index: lit for lit in assumed}
    first = core_of(assumed)
    if first is None:
        return None
    core = [by_index[i] for i in first if i in by_index] or list(assumed)
    for lit in list(core):
        trial = [other for other in core if other is not lit]
        if core_of(trial) is not None:
            core = trial
    model.clear_assumptions()
    return {lit.index for lit in core}


def _largest_deck(owned: Mapping[Card, int], wishes: Sequence[Wish],
                  hero_of: Mapping[str, str | None], rules: tuple[str, ...],
                  involved: tuple[Wish, ...], seed: int, workers: int) -> int:
    """The most cards a deck could hold under the conflict's other rules and wishes."""
    model, rule_lits, wish_lits, copies = _model(owned, wishes, hero_of)
    for rule, lit in rule_lits.items():
        model.add(lit == int(rule in rules and rule != "runes.deck-size"))
    for i, wish in enumerate(wishes):
        model.add(wish_lits[i] == int(wish in involved))
    model.maximize(sum(copies.values()))
    solver, status = _solve(model, seed, workers)
    return int(solver.objective_value) if status == cp_model.OPTIMAL else -1


def _fewest_drops(owned: Mapping[Card, int], wishes: Sequence[Wish],
                  hero_of: Mapping[str, str | None], seed: int, workers: int) -> list[Wish]:
    model, rule_lits, wish_lits, _ = _model(owned, wishes, hero_of)
    for lit in rule_lits.values():
        model.add(lit == 1)
    model.maximize(sum(wish_lits))
    solver, status = _solve(model, seed, workers)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return list(wishes)
    return [w for i, w in enumerate(wishes) if not solver.value(wish_lits[i])]


def _message(rules: tuple[str, ...], wishes: tuple[Wish, ...], owned: Mapping[Card, int],
             largest: int) -> str:
    cards = cards_by_id(owned)
    includes = [w for w in wishes if w.kind == "include"]
    parts = []
    for rule, rarities, limit, label in RARITY_LIMITS:
        if rule in rules:
            asked = [w for w in includes if cards[w.card].rarity in rarities]
            count = sum(w.copies for w in asked)
            names = ", ".join(cards[w.card].name for w in asked)
            parts.append(f"{count} {label} cards requested ({names}); limit {limit}."
                         if count > limit else
                         f"The {label} limit of {limit} leaves too few usable cards.")
    if "runes.unique" in rules:
        by_prop: dict[str, list[str]] = {}
        for w in includes:
            if cards[w.card].unique:
                by_prop.setdefault(cards[w.card].unique, []).extend([cards[w.card].name] * w.copies)
        for prop, names in by_prop.items():
            if len(names) > 1:
                parts.append(f"{' and '.join(names)} both carry the unique property "
                             f"'{prop}'; only one may be in a deck.")
    for w in includes:
        card = cards[w.card]
        if "runes.copy-limit" in rules and w.copies > card.copy_limit:
            parts.append(f"{w.copies} copies of {card.name} requested; a deck may hold "
                         f"{card.copy_limit} of the same {card.type.value.capitalize()} card.")
        if "runes.owned" in rules and w.copies > owned[card]:
            parts.append(f"{w.copies} copies of {card.name} requested; {owned[card]} owned.")
    excluded = {w.card for w in wishes if w.kind == "exclude"}
    heroes = [w.card for w in wishes if w.kind == "hero"]
    for w in includes:
        card = cards[w.card]
        if w.card in excluded:
            parts.append(f"{card.name} is both required and excluded.")
        for hero in heroes:
            if card.hero not in (None, hero):
                parts.append(f"{card.name} is one of {HERO_NAMES[card.hero]}'s cards, but only "
                             f"{HERO_NAMES[hero]}'s cards and neutral cards are wanted.")
    if "runes.deck-size" in rules:
        asked = sum(w.copies for w in includes)
        parts.append(f"{asked} cards requested; a deck holds exactly {DECK_SIZE}."
                     if asked > DECK_SIZE else
                     f"Only {largest} cards can be used under these rules and wishes; a deck "
                     f"needs exactly {DECK_SIZE}.")
    return " ".join(parts) or "These wishes cannot hold together."

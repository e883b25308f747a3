"""The turn machine: a stack of tasks run until a player must decide, and the decisions."""

from __future__ import annotations

from collections.abc import Callable

from tablekit.core.game import Events
from tablekit.wizards import battle, endgame, placement, treasure
from tablekit.wizards.actions import ChooseBattle, Pass
from tablekit.wizards.effects import discard, name_of
from tablekit.wizards.state import OVER, PLACE, Pending, WizardsState


def settle(state: WizardsState, events: Events) -> None:
    """Run queued tasks until a decision is pending or the game is over."""
    while state.pending is None and state.phase != OVER:
        if state.todo:
            task = state.todo.pop()
            TASKS[task[0]](state, task, events)
        else:
            _begin_turn(state, events)


def options(state: WizardsState) -> list:
    """The actions the pending decision offers."""
    if state.pending is None:
        return []
    return DECISIONS[state.pending.kind][0](state)


def decide(state: WizardsState, action, events: Events) -> None:
    """Apply a legal answer to the pending decision, then run on."""
    DECISIONS[state.pending.kind][1](state, action, events)
    settle(state, events)


def _begin_turn(state: WizardsState, events: Events) -> None:
    if not any([d.open for d in state.dungeons]):
        endgame.start_scoring(state, events)
        return
    if not state.hands[state.active] and not any(
            state.hands[p] or state.decks[p] for p in range(state.players)):
        events.add("wizards.no-cards", "Nobody has a card left to place: the game is scored.")
        endgame.start_scoring(state, events, announce=False)
        return
    state.phase, state.placed = PLACE, []
    player = state.active
    if state.hands[player]:
        state.pending = Pending(player, "place")
        return
    events.add("wizards.place", "{who} has no card in hand and places nothing.",
               who=name_of(state, player))
    state.todo.append(("end-placement",))


def _end_turn(state: WizardsState, task: tuple, events: Events) -> None:
    state.active = (state.active + 1) % state.players
    state.turn += 1


def _place(state: WizardsState, action, events: Events) -> None:
    state.pending = None
    if isinstance(action, Pass):  # the only Pass a placement offers: STOP
        state.todo.append(("end-placement",))
    else:
        placement.apply_place(state, action, events)


def _equip(state: WizardsState, action, events: Events) -> None:
    if isinstance(action, Pass):  # NO_EQUIPMENT
        state.pending = None
    else:
        placement.apply_equip(state, action, events)


def _battle_order(state: WizardsState) -> list:
    return [ChooseBattle(d, state.side(d).name) for d in state.filled]


def _choose_battle(state: WizardsState, action: ChooseBattle, events: Events) -> None:
    state.pending = None
    events.add("wizards.battle-token", "{who} fights {name} first.",
               who=name_of(state, state.active), name=action.name)
    state.todo.append(("battle", action.dungeon))


def _discard_options(state: WizardsState) -> list:
    return treasure.hand_options(state, state.pending.data[1])


def _apply_discard(state: WizardsState, action, events: Events) -> None:
    player, (count, why) = state.pending.player, state.pending.data
    state.pending = None
    discard(state, player, action.creature, events, why.removeprefix("for "))
    if count > 1:
        state.todo.append(("discard", player, count - 1, why))


def _ask(kind: str) -> Callable:
    """A task that opens a decision for the player named in the task, when it has options."""
    def task(state: WizardsState, args: tuple, events: Events) -> None:
        player, data = args[1], args[2:]
        state.pending = Pending(player, kind, data)
        if not options(state):
            state.pending = None
    return task


def _gem_task(state: WizardsState, args: tuple, events: Events) -> None:
    _, player, count, rule, why = args
    state.pending = Pending(player, "gem", (player, count, rule, why))
    if not options(state):
        state.pending = None


def _cursed_task(state: WizardsState, args: tuple, events: Events) -> None:
    _, player, count, rule = args
    if state.cursed[player]:
        state.pending = Pending(player, "cursed", (count, rule))


def _discard_task(state: WizardsState, args: tuple, events: Events) -> None:
    _, player, count, why = args
    if state.hands[player]:
        state.pending = Pending(player, "discard", (count, why))


TASKS: dict[str, Callable] = {
    "after-place": lambda s, t, e: placement.after_place(s, e),
    "equip": lambda s, t, e: setattr(s, "pending", Pending(s.active, "equip", t[1:])),
    "end-placement": lambda s, t, e: placement.end_placement(s, e),
    "end-turn": _end_turn,
    "battle": lambda s, t, e: battle.start_battle(s, t[1], e),
    "act": lambda s, t, e: battle.act(s, t[1], t[2], e),
    "gear": lambda s, t, e: battle.gear(s, t, e),
    "treasure": lambda s, t, e: treasure.treasure(s, t[1], e),
    "upkeep": lambda s, t, e: treasure.upkeep(s, t[1], t[2], e),
    "collect": lambda s, t, e: treasure.collect(s, t[1], e),
    "enchanted-gems": lambda s, t, e: treasure.enchanted_gems(s, t[1], e),
    "tile": lambda s, t, e: treasure.tile(s, t[1], e),
    "award": lambda s, t, e: treasure.award(s, t[1], e),
    "runner-up": lambda s, t, e: treasure.runner_up(s, t[1], t[2], e),
    "chosen": lambda s, t, e: treasure.chosen(s, tuple(t[1]), e),
    "purify": lambda s, t, e: treasure.purify(s, t[1], e),
    "return": lambda s, t, e: treasure.return_home(s, t[1], e),
    "after-battle": lambda s, t, e: treasure.after_battle(s, t[1], e),
    "give": _ask("give"),
    "gem": _gem_task,
    "cursed": _cursed_task,
    "discard": _discard_task,
    "end-artefacts": lambda s, t, e: endgame.end_artefacts(s, e),
    "most-cursed": lambda s, t, e: endgame.mark_most_cursed(s, e),
    "cancel": lambda s, t, e: endgame.ask_cancel(s, t[1]),
    "final": lambda s, t, e: endgame.final(s, e),
}

def decision_rule(state: WizardsState) -> str:
    """The rule that asks for the pending decision (a cursed-gem return or a gem pick cites
    the card, tile or enchantment that grants it)."""
    kind = state.pending.kind
    if kind in ("cursed", "gem"):
        return state.pending.data[-2] if kind == "gem" else state.pending.data[1]
    return DECISIONS[kind][2]


# decision kind -> (options, apply, rule id)
DECISIONS: dict[str, tuple[Callable, Callable, str]] = {
    "place": (placement.place_options, _place, "wizards.place"),
    "ogre": (placement.ogre_options, placement.apply_ogre_move, "wizards.ogre"),
    "equip": (placement.equip_options, _equip, "wizards.equipment"),
    "battle-order": (_battle_order, _choose_battle, "wizards.battle-token"),
    "runner": (battle.runner_options, battle.apply_runner, "wizards.hobb-runner"),
    "water": (battle.water_options, battle.apply_water, "wizards.water-imp"),
    "void": (battle.void_options, battle.apply_void, "wizards.void-imp"),
    "cursed": (battle.cursed_options, battle.apply_cursed, "wizards.treasure-gems"),
    "discard": (_discard_options, _apply_discard, "wizards.rot-monster"),
    "blob": (treasure.blob_options, treasure.apply_blob, "wizards.big-blue-blob"),
    "feed": (treasure.feed_options, treasure.apply_feed, "wizards.flesh-golem"),
    "gem": (treasure.gem_options, treasure.apply_gem, "wizards.treasure-gems"),
    "give": (treasure.give_options, treasure.apply_give, "wizards.water-imp"),
    "artefact": (treasure.artefact_options, treasure.apply_artefact, "wizards.treasure-artefacts"),
    "return": (treasure.return_options, treasure.apply_return, "wizards.return"),
    "cancel": (endgame.cancel_options, endgame.apply_cancel, "wizards.score-cancel"),
}

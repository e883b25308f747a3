"""4. Scoring: end-of-game artefacts, the most cursed, cancelling gems, the totals and the winner."""

from __future__ import annotations

from tablekit.core.game import Events
from tablekit.wizards.actions import CancelGem, a_gem
from tablekit.wizards.cards import COLOURS, components
from tablekit.wizards.effects import name_of, return_cursed
from tablekit.wizards.scoring import cancel_choice, most_cursed, score_player
from tablekit.wizards.state import OVER, SCORE, Pending, WizardsState


def start_scoring(state: WizardsState, events: Events, announce: bool = True) -> None:
    """No dungeon is left (or no card to place): queue the scoring steps."""
    state.phase = SCORE
    if announce:
        events.add("wizards.remove-dungeon", "No dungeon is left: the game is scored.")
    cancels = [("cancel", p) for p in reversed(range(state.players))]
    state.todo += [("final",), *cancels, ("most-cursed",), ("end-artefacts",)]


def end_artefacts(state: WizardsState, events: Events) -> None:
    """End-of-game tiles act first: cursed gems go back, owed gems are queued as choices."""
    if not state.config["artefact_effects"]:
        return
    tasks = []
    for player in range(state.players):
        for artefact in state.artefacts[player]:
            tile = components().artefact(artefact)
            if tile.kind != "end-of-game":
                continue
            return_cursed(state, player, tile.discard_cursed, events, "wizards.end-artefact")
            if tile.gems:
                tasks.append(("gem", player, tile.gems, "wizards.end-artefact", tile.name))
    state.todo += reversed(tasks)


def mark_most_cursed(state: WizardsState, events: Events) -> None:
    """Whoever holds the most cursed gems now will lose 3 points."""
    state.most_cursed = tuple(most_cursed(state.cursed))
    for player, hit in enumerate(state.most_cursed):
        if hit:
            events.add("wizards.score-most-cursed", "{who} holds the most cursed gems ({n}): −3.",
                       who=name_of(state, player), n=state.cursed[player])


def ask_cancel(state: WizardsState, player: int) -> None:
    """While a player has both cursed gems and gems, they pick a gem to cancel."""
    if state.cursed[player] and any(state.gems[player]):
        state.pending = Pending(player, "cancel")


def cancel_options(state: WizardsState) -> list:
    """The colours the player may give up, the best choice first."""
    held = state.gem_count(state.pending.player)
    best = cancel_choice(held)
    rest = [c for c in COLOURS if held[c] and c != best]
    return [CancelGem(best, True), *(CancelGem(c, False) for c in rest)]


def apply_cancel(state: WizardsState, action: CancelGem, events: Events) -> None:
    """Give up the gem and a cursed gem; ask again while both remain."""
    player = state.pending.player
    state.pending = None
    index = COLOURS.index(action.colour)
    state.gems[player][index] -= 1
    state.supply[index] += 1
    state.cursed[player] -= 1
    state.cursed_supply += 1
    events.add("wizards.score-cancel", "{who} gives up {gem} with a cursed gem.",
               who=name_of(state, player), gem=a_gem(action.colour))
    ask_cancel(state, player)


def final(state: WizardsState, events: Events) -> None:
    """Add up every player's points and name the winner (ties: the battle token)."""
    scores = []
    for player in range(state.players):
        score = score_player(state.gem_count(player), state.cursed[player],
                             [components().artefact(a).points for a in state.artefacts[player]],
                             len(state.enchantments[player]), state.most_cursed[player])
        scores.append(score.total)
        if score.cursed_left:
            events.add("wizards.score-cursed-left", "{who} has {n} cursed gem(s) left: −{n}.",
                       who=name_of(state, player), n=score.cursed_left)
        if score.artefacts:
            events.add("wizards.score-artefacts", "{who}'s artefacts score {n}.",
                       who=name_of(state, player), n=score.artefacts)
        events.add("wizards.score-sets", "{who}: sets {sets}, artefacts {art}, enchantments "
                   "{ench}, cursed gems −{left}, most cursed −{most}: {total} points.",
                   who=name_of(state, player), sets=score.sets, art=score.artefacts,
                   ench=score.enchantments, left=score.cursed_left, most=score.most_cursed,
                   total=score.total)
    state.scores = tuple(scores)
    top = max(scores)
    tied = [p for p in state.seat_order(state.token or 0) if scores[p] == top]
    state.winners = (tied[0],)
    state.phase = OVER
    events.add("wizards.score-winner", "{who} wins with {top} points{tie}.",
               who=name_of(state, tied[0]), top=top,
               tie="" if len(tied) == 1 else " (the tie goes by the battle token)")

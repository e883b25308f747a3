"""Runes of Wyrd in HTML: the tables and sentences the widgets and notebooks show.

Pure functions from results of `tablekit.runes` and `solvers.runes` to HTML strings; no
widgets, no rules. Every string that is not our own markup goes through `html.escape` (card
names, texts and messages come from card files).
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction

import tablekit
from solvers.runes import BuildResult
from tablekit.runes.cards import Card, Rarity, cards_by_id
from tablekit.runes.deck import Violation, rarity_counts
from tablekit.runes.odds import chapter_positions
from tablekit.runes.preparation import MAX_INITIATIVE, Plan, Shuffle, initiative_cost

RARITY_COLOURS = {Rarity.COMMON: "#9e9e9e", Rarity.UNCOMMON: "#4caf50", Rarity.RARE: "#2196f3",
                  Rarity.EPIC: "#9c27b0", Rarity.LEGENDARY: "#ff9800"}


# Jupyter and Voilà right-align table cells; our tables read left to right.
TABLE_STYLE = ("<style>.tk-runes td, .tk-runes th {text-align: left !important; "
               "vertical-align: top; padding: 3px 10px;} .tk-runes th {white-space: nowrap;}"
               "</style>")


def pool_html(pool: Mapping[str, Card], collection: Mapping[Card, int]) -> str:
    """One sentence on the card pool and the collection: cards, copies, cards per rarity."""
    owned = {card: n for card, n in collection.items() if n}
    by_rarity = html.escape(", ".join(f"{n} {rarity.value}"
                                      for rarity, n in rarity_counts(pool.values()).items()))
    return (f"<p>The sample pool has <b>{len(pool)} cards</b> ({by_rarity}). The sample "
            f"collection owns <b>{sum(owned.values())} copies</b> of {len(owned)} of them.</p>")


def costs_html() -> str:
    """What each fixed Initiative costs in Wyrd Points, as a one-row table."""
    values = range(-MAX_INITIATIVE, MAX_INITIATIVE + 1)
    head = "<tr><th>Initiative</th>" + "".join(f"<th>{v:+d}</th>" for v in values) + "</tr>"
    row = "<tr><td>Wyrd Points</td>" + "".join(f"<td>{initiative_cost([v])}</td>"
                                                for v in values) + "</tr>"
    return _table(row, head)


def odds_html(items: Sequence[tuple[str, Fraction]]) -> str:
    """Exact probabilities, each as a fraction and a percentage."""
    rows = "".join(f"<tr><td>{html.escape(label)}</td><td><b>{p}</b></td>"
                   f"<td>≈ {float(p):.1%}</td></tr>" for label, p in items)
    return _table(rows, "<tr><th>Event</th><th>Exact</th><th></th></tr>")


def locked_html(locked: Shuffle, plan: Plan, names: Mapping[str, str]) -> str:
    """A locked shuffle: the play order of each Chapter, with each block's final score.

    Each Chapter is a numbered list, one block (a card, or a Thread A → B) per item with its
    Initiative and score in brackets after it, so no score runs into the next card's name,
    whether the page is read, copied or spoken."""
    rows = []
    for ch, scored in enumerate(locked.chapters):
        items = "\n".join(
            "<li>" + " → ".join(f"<b>{html.escape(names.get(plan.card_at(slot), plan.card_at(slot)))}</b>"
                                for slot in block.slots)
            + f" <small>(Initiative {block.initiative:+d}, score {score:.2f})</small></li>"
            for block, score in scored)
        rows.append(f"<tr><th>Chapter {ch + 1}</th><td><ol class='tk-locked'>\n{items}\n</ol></td></tr>")
    return (f"<p>Seed <b>{html.escape(str(locked.seed))}</b>: the order of play, Chapter by "
            "Chapter, first card first (a Thread of Fate shows as A → B).</p>"
            + _table("\n".join(rows)))


def violations_html(violations: Sequence[Violation]) -> str:
    """Violations as a list: each with its rule id (hover it for the rule's summary)."""
    if not violations:
        return "<p style='color:#2e7d32'><b>Legal:</b> every construction rule holds.</p>"
    book = tablekit.rules("runes")
    items = "".join(
        f"<li>{html.escape(v.message)} <code title='{html.escape(book[v.rule].summary)}'>"
        f"{html.escape(v.rule)}</code></li>" for v in violations)
    return f"<p style='color:#c62828'><b>{len(violations)} problem(s):</b></p><ul>{items}</ul>"


def rules_html(section_filter: Sequence[str] = ()) -> str:
    """The rule book as a table: id, rulebook section and our summary."""
    book = tablekit.rules("runes")
    rows = "".join(
        f"<tr><td><code>{html.escape(r.id)}</code></td><td>{html.escape(r.section)}</td>"
        f"<td>{html.escape(r.summary)}</td></tr>"
        for r in book.values() if not section_filter or r.section in section_filter)
    return _table(rows, "<tr><th>Rule</th><th>Rulebook section</th><th>In our words</th></tr>")


def steps_html(steps: Sequence[tuple[str, str, Sequence[Violation]]]) -> str:
    """The six preparation steps, each with a tick or its violations."""
    rows = "".join(
        f"<tr><td>{i:02d}</td><td><b>{html.escape(name)}</b></td><td>{html.escape(what)}</td><td>"
        + ("✔" if not found else "<br>".join(html.escape(str(v)) for v in found)) + "</td></tr>"
        for i, (name, what, found) in enumerate(steps, start=1))
    return _table(rows)


def deck_html(cards: Sequence[Card]) -> str:
    """A deck as a table: copies, name, rarity, type, unique property."""
    counts = Counter(cards)
    rows = "".join(
        f"<tr><td>{n}×</td><td style='color:{RARITY_COLOURS[c.rarity]}'><b>"
        f"{html.escape(c.name)}</b></td><td>{html.escape(c.rarity.value)}</td>"
        f"<td>{html.escape(c.type.value)}</td>"
        f"<td>{html.escape(c.unique or '')}</td></tr>"
        for c, n in sorted(counts.items(), key=lambda item: (-item[0].rarity.rank, item[0].id)))
    return (f"<p><b>{len(cards)} cards</b></p>"
            + _table(rows, "<tr><th></th><th>Card</th><th>Rarity</th><th>Type</th>"
                           "<th>Unique</th></tr>"))


def summary_html(result: BuildResult) -> str:
    """One line: proven optimal or not, the value and its parts, the Wyrd Points spent."""
    goals = result.objective - result.card_value - result.synergy_value
    proof = ("<b style='color:#2e7d32'>Proven optimal</b>" if result.status == "optimal" else
             "<b style='color:#ef6c00'>Best found in the time limit (not proven optimal)</b>")
    return (f"<p>{proof}: total value <b>{float(result.objective):.3f}</b> = cards "
            f"{float(result.card_value):.2f} + synergy {float(result.synergy_value):.2f} + goal "
            f"odds {float(goals):.3f}; {result.wyrd_points} Wyrd Points spent.</p>")


def csv_html(text: str, lines: int = 5) -> str:
    """The first lines of a CSV file, whole, and how many more there are (escaped)."""
    rows = text.splitlines()
    more = f"<p>… and {len(rows) - lines} more lines</p>" if len(rows) > lines else ""
    return f"<pre>{html.escape(chr(10).join(rows[:lines]))}</pre>{more}"


def conflicts_html(result: BuildResult, cards: Mapping[str, Card] | None = None) -> str:
    """Why the wishes cannot all hold, rule by rule, and the fewest wishes to drop."""
    cards = cards or {}
    items = "".join(
        f"<li>{html.escape(c.message)} <code>"
        f"{html.escape(', '.join(dict.fromkeys([*c.rules, *(w.rule for w in c.wishes)])))}</code></li>"
        for c in result.conflicts)
    drop = ", ".join(html.escape(with_card_names(str(w), cards)) for w in result.drop)
    advice = (f"<p>Drop these wishes and a deck exists: <b>{drop}</b></p>" if drop else
              "<p>No wish to drop: the collection itself cannot make a legal deck.</p>")
    return (f"<p style='color:#c62828'><b>No legal deck fits these wishes.</b></p><ul>{items}</ul>"
            + advice)


def plan_html(result: BuildResult, cards: Mapping[str, Card]) -> str:
    """The four Chapters with Initiative, Threads and each card's chance to lead its Chapter,
    then each goal's exact odds."""
    plan = result.plan
    after = {b: a for a, b in plan.threads}
    before = {a: b for a, b in plan.threads}
    rows = []
    for ch, chapter in enumerate(plan.chapters):
        exact = chapter_positions(plan, ch)
        cells = []
        for place, cid in enumerate(chapter):
            slot = (ch, place)
            if slot in after:
                note = f"Thread: always right after {html.escape(cards[plan.card_at(after[slot])].name)}"
            else:
                note = f"Initiative {plan.initiative[ch][place]:+d}"
                if slot in before:
                    note += f"; Thread → {html.escape(cards[plan.card_at(before[slot])].name)}"
            cells.append(f"<td>{html.escape(cards[cid].name)}<div style='font-size:85%;"
                         f"color:#555;line-height:1.3'>{note}<br>leads the Chapter: "
                         f"{float(exact[slot][0]):.0%}</div></td>")
        rows.append(f"<tr><th>Chapter {ch + 1}</th>{''.join(cells)}</tr>")
    odds = "".join(f"<li>{html.escape(with_card_names(goal, cards))}: <b>{float(p):.1%}</b> (exactly {p})</li>"
                   for goal, p in result.goal_odds.items())
    goals = f"<p><b>Ordering goals</b></p><ul>{odds}</ul>" if odds else ""
    return ("<p><b>Chapter plan</b> (cards are shuffled only inside their Chapter)</p>"
            + _table("".join(rows)) + goals)


def alternatives_html(result: BuildResult, cards: Mapping[str, Card] | None = None) -> str:
    """The k best decks: value and the cards that differ from the best."""
    cards = {**(cards or {}), **cards_by_id(result.cards)}  # a copy: never the caller's
    best = Counter(c.id for c in result.cards)
    rows = [f"<tr><td>1</td><td>{float(result.objective):.3f}</td><td>the deck above</td></tr>"]
    for rank, alt in enumerate(result.alternatives, start=2):
        cards.update(cards_by_id(alt.cards))
        other = Counter(c.id for c in alt.cards)
        rows.append(f"<tr><td>{rank}</td><td>{float(alt.objective):.3f}</td>"
                    f"<td>in: {_counted(other - best, cards)}<br>out: "
                    f"{_counted(best - other, cards)}</td></tr>")
    return (f"<p><b>The {len(rows)} best distinct decks</b> (each differs from the best by at "
            "least one card)</p>" + _table("".join(rows), "<tr><th>Rank</th><th>Value</th>"
                                                          "<th>Change from the best deck</th></tr>"))


def with_card_names(goal_text: str, cards: Mapping[str, Card]) -> str:
    """A goal's text with card ids replaced by card names (longest ids first)."""
    for cid in sorted(cards, key=len, reverse=True):
        if cid in goal_text:
            goal_text = goal_text.replace(cid, cards[cid].name)
    return goal_text


def _table(rows: str, header: str = "") -> str:
    return f"{TABLE_STYLE}<table class='tk-runes'>{header}{rows}</table>"


def _counted(counts: Counter, cards: Mapping[str, Card]) -> str:
    return ", ".join(f"{n}× {html.escape(cards[cid].name)}" if n > 1 else html.escape(cards[cid].name)
                     for cid, n in sorted(counts.items())) or "—"

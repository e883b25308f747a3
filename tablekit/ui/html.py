"""Small HTML builders shared by every game's table: the log with rules, badges, piles."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from tablekit.core.events import Event
from tablekit.core.rulebook import RuleBook

STYLE = """
<style>
.tk-board { font-family: system-ui, sans-serif; font-size: 13px; }
.tk-zone { margin: 4px 0 8px; padding: 6px; border-radius: 8px; background: #f6f4f0; min-height: 74px; }
.tk-zone-title { font-weight: 600; color: #555; margin-bottom: 4px; }
.tk-card { display: inline-block; vertical-align: top; width: 118px; min-height: 62px; margin: 2px;
  padding: 4px 6px; border: 1px solid #8a7d6b; border-radius: 6px; background: #fff; position: relative; }
.tk-card.tk-visitor { border-color: #9b2c2c; background: #fff5f5; }
.tk-card.tk-blanked { opacity: .45; background: repeating-linear-gradient(45deg,#eee,#eee 4px,#fff 4px,#fff 8px); }
.tk-card.tk-new { box-shadow: 0 0 0 3px #d69e2e; }
.tk-card-name { font-weight: 600; font-size: 12px; line-height: 1.25; }
.tk-card-text { font-size: 10.5px; line-height: 1.25; color: #444; margin-top: 2px; }
.tk-mark { display: inline-block; font-size: 10px; font-weight: 700; color: #fff; background: #9b2c2c; border-radius: 3px; padding: 0 3px; margin-right: 3px; }
.tk-vp { position: absolute; right: 4px; bottom: 3px; background: #c53030; color: #fff; border-radius: 50%;
  width: 20px; height: 20px; text-align: center; line-height: 20px; font-size: 11px; font-weight: 700; }
.tk-counters span { display: inline-block; margin-right: 14px; font-size: 14px; }
.tk-log { max-height: 260px; overflow-y: auto; font-size: 12px; padding-left: 0; list-style: none; margin: 0; }
.tk-log li { margin: 1px 0; }
.tk-log details summary { cursor: pointer; }
.tk-rule { display: inline-block; font-size: 10px; padding: 0 5px; border-radius: 8px; background: #e2e8f0;
  color: #2d3748; margin-right: 6px; }
.tk-rule-summary { font-size: 11px; color: #4a5568; margin: 2px 0 4px 18px; }
.tk-status { font-size: 14px; font-weight: 600; }
</style>
"""


def log_html(events: Iterable[Event], book: RuleBook, newest_first: bool = True) -> str:
    """The event log: each line with its rule; click a line to read that rule's summary."""
    lines = []
    for event in events:
        rule = book.get(event.rule)
        summary = escape(f"{rule.section}: {rule.summary}") if rule else "(rule not in the book)"
        lines.append(
            f'<li class="tk-event" data-rule="{escape(event.rule)}"><details><summary>'
            f'<span class="tk-rule">{escape(event.rule)}</span>{escape(event.text)}</summary>'
            f'<div class="tk-rule-summary">{summary}</div></details></li>')
    if newest_first:
        lines.reverse()
    return STYLE + f'<ul class="tk-log">{"".join(lines)}</ul>'


def zone_html(title: str, cards_html: Iterable[str], css: str = "") -> str:
    """A titled zone of cards."""
    inner = "".join(cards_html) or '<span style="color:#999">empty</span>'
    return f'<div class="tk-zone {css}"><div class="tk-zone-title">{escape(title)}</div>{inner}</div>'


def counters_html(counters: dict[str, object]) -> str:
    """A row of labelled counters (energy, piles, score...)."""
    cells = "".join(f'<span class="tk-counter" data-name="{escape(k)}">{escape(k)}: '
                    f'<b class="tk-value">{escape(str(v))}</b></span>' for k, v in counters.items())
    return f'<div class="tk-counters">{cells}</div>'


def rulebook_html(book: RuleBook) -> str:
    """The rule book as a table: section, id and our summary."""
    rows = "".join(f"<tr><td>{escape(r.section)}</td><td><code>{escape(r.id)}</code></td>"
                   f"<td>{escape(r.summary)}</td></tr>" for r in book.values())
    return (STYLE + "<table class='tk-rulebook' style='font-size:12px'><tr><th>Rulebook section</th>"
            f"<th>rule id</th><th>In our words</th></tr>{rows}</table>")

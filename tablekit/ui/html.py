"""HTML for every table: Jinja2 templates with autoescape, and the shared builders (log, zones,
cards readable in full where they lie: `readable_card_html`, `card_text_html`).

Every string that reaches HTML goes through `render` (autoescaped) or `escape`: card names and
texts come from users' card files. Pieces already built as HTML are passed as `Markup`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from jinja2 import Environment, Template
from markupsafe import Markup

from tablekit.core.events import Event
from tablekit.core.rulebook import RuleBook

_ENV = Environment(autoescape=True, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=False)


@lru_cache(maxsize=256)
def _template(source: str) -> Template:
    return _ENV.from_string(source)


def render(source: str, **values: Any) -> str:
    """Render a Jinja2 template with autoescape: plain strings are escaped, `Markup` is kept.

    Returns a plain `str` (adding it to other strings never escapes it again); pass HTML made
    elsewhere into a template as `Markup(html)`.
    """
    return str(_template(source).render(**values))


def join_html(parts: Iterable[str], sep: str = "") -> Markup:
    """Join pieces already rendered as HTML (each escaped when it is plain text)."""
    return Markup(sep).join(parts)


STYLE = """
<style>
.tk-board { font-family: system-ui, sans-serif; font-size: 13px; }
.tk-zone { margin: 4px 0 8px; padding: 6px; border-radius: 8px; background: #f6f4f0; min-height: 74px; }
.tk-zone-title { font-weight: 600; color: #555; margin-bottom: 4px; }
.tk-card { display: inline-block; vertical-align: top; width: 118px; min-height: 62px; margin: 2px;
  padding: 4px 6px; border: 1px solid #8a7d6b; border-radius: 6px; background: #fff; position: relative; }
.tk-card.tk-sealed { padding-bottom: 24px; }  /* room for the VP seal under the text */
.tk-card.tk-visitor { border-color: #9b2c2c; background: #fff5f5; }
.tk-card.tk-blanked { opacity: .45; background: repeating-linear-gradient(45deg,#eee,#eee 4px,#fff 4px,#fff 8px); }
.tk-card.tk-new { box-shadow: 0 0 0 3px #d69e2e; }
.tk-card-name { font-weight: 600; font-size: 12px; line-height: 1.25; }
.tk-card-text { font-size: 10.5px; line-height: 1.25; color: #444; margin-top: 2px; }
/* a card readable in full where it lies: hovered, or clicked / tapped (it takes the focus) */
.tk-card[tabindex], .tk-readable { cursor: help; }
.tk-card[tabindex]:focus, .tk-readable:focus { outline: 2px solid #2b6cb0; outline-offset: 1px; }
.tk-card[tabindex]:is(:hover, :focus, :focus-within) { opacity: 1; transform: none; }
.tk-card-full { display: none; }
:is(.tk-card[tabindex], .tk-readable):is(:hover, :focus, :focus-within) .tk-card-full { display: block; }
:is(.tk-card[tabindex], .tk-readable):is(:hover, :focus, :focus-within) .tk-card-brief { display: none; }
.tk-card-full > div + div { margin-top: 3px; }
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
.tk-error { color: #c53030; margin: 4px 0; }
.tk-traceback summary { cursor: pointer; color: #555; font-size: 12px; }
.tk-traceback pre { font-size: 11px; color: #333; background: #f7f7f7; padding: 4px 6px; white-space: pre-wrap; }
.tk-progress-text { font-size: 12px; color: #444; }
</style>
"""


LOG = """<ul class="tk-log">{% for event, rule in lines %}<li class="tk-event" data-rule="{{ event.rule }}">\
<details><summary><span class="tk-rule">{{ event.rule }}</span>{{ event.text }}</summary>\
<div class="tk-rule-summary">{% if rule %}{{ rule.section }}: {{ rule.summary }}{% else %}(rule not in the book)\
{% endif %}</div></details></li>{% endfor %}</ul>"""

ZONE = """<div class="tk-zone {{ css }}"><div class="tk-zone-title">{{ title }}</div>\
{% if cards %}{{ cards }}{% else %}<span style="color:#999">empty</span>{% endif %}</div>"""

COUNTERS = """<div class="tk-counters">{% for name, value in counters.items() %}\
<span class="tk-counter" data-name="{{ name }}">{{ name }}: <b class="tk-value">{{ value }}</b></span>\
{% endfor %}</div>"""

READABLE_CARD = """<div class="tk-card {{ css }}" tabindex="0" title="{{ title }}"\
{% for key, value in data.items() %} data-{{ key }}="{{ value }}"{% endfor %}>{{ face }}</div>"""

CARD_TEXT = """{% if brief is none %}<div class="tk-card-text">{{ lines|join(" ") }}</div>{% else %}\
{% if brief %}<div class="tk-card-text tk-card-brief">{{ brief }}</div>{% endif %}\
<div class="tk-card-text tk-card-full">{% for line in lines %}<div>{{ line }}</div>{% endfor %}</div>\
{% endif %}"""

BRIEF_LIMIT = 80  # characters of card text a card face shows before it cuts with "…"

RULEBOOK = """<table class='tk-rulebook' style='font-size:12px'><tr><th>Rulebook section</th>\
<th>rule id</th><th>In our words</th></tr>{% for r in rules %}<tr><td>{{ r.section }}</td>\
<td><code>{{ r.id }}</code></td><td>{{ r.summary }}</td></tr>{% endfor %}</table>"""


def log_html(events: Iterable[Event], book: RuleBook, newest_first: bool = True) -> str:
    """The event log: each line with its rule; click a line to read that rule's summary."""
    lines = [(event, book.get(event.rule)) for event in events]
    if newest_first:
        lines.reverse()
    return STYLE + render(LOG, lines=lines)


def zone_html(title: str, cards_html: Iterable[str], css: str = "") -> str:
    """A titled zone of cards (`cards_html`: cards already rendered as HTML)."""
    return render(ZONE, title=title, css=css, cards=join_html(Markup(c) for c in cards_html))


def readable_card_html(face: str, title: str, css: str = "", **data: object) -> str:
    """A card anyone can read in full where it lies: hover it, or click / tap it (it takes the
    focus: it has a tabindex), and its `tk-card-full` parts show while its `tk-card-brief` parts
    hide (one CSS block in `STYLE`, for an SVG piece too when it has the class `tk-readable`);
    `title`, the whole text, is the browser's tooltip. `face`: the card's inside, already HTML;
    `data`: its data-* attributes."""
    return render(READABLE_CARD, face=Markup(face), title=title, css=css, data=data)


def card_text_html(text: str | Sequence[str], brief: str | None = None) -> Markup:
    """A card's text for `readable_card_html`: a short text shows as it is; a longer one (or one
    given a `brief`) shows cut to `BRIEF_LIMIT` characters, and whole while the card is read."""
    lines = [text] if isinstance(text, str) else list(text)
    if brief is None:
        if len(lines) == 1 and len(lines[0]) <= BRIEF_LIMIT:
            return Markup(render(CARD_TEXT, lines=lines, brief=None))
        brief = " ".join(lines)
    return Markup(render(CARD_TEXT, lines=lines, brief=shorten(brief)))


def shorten(text: str, limit: int = BRIEF_LIMIT) -> str:
    """`text` cut at a word to at most `limit` characters, "…" marking the cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "…"


def counters_html(counters: dict[str, object]) -> str:
    """A row of labelled counters (energy, piles, score...)."""
    return render(COUNTERS, counters=counters)


def rulebook_html(book: RuleBook) -> str:
    """The rule book as a table: section, id and our summary."""
    return STYLE + render(RULEBOOK, rules=list(book.values()))


TABLE = """<style>.tk-table.tk-table th, .tk-table.tk-table td { text-align: left; vertical-align: top; \
padding: 3px 10px 3px 0; } .tk-table.tk-table .tk-num { text-align: right; }</style>\
<table class="tk-table"><thead><tr>{% for h, num in heads %}<th{% if num %} class="tk-num"{% endif %}>{{ h }}</th>\
{% endfor %}</tr></thead><tbody>{% for row in rows %}<tr>{% for cell, num in row %}\
<td{% if num %} class="tk-num"{% endif %}>{{ cell }}</td>{% endfor %}</tr>{% endfor %}</tbody></table>"""
ACRONYMS = {"hp": "HP", "atk": "ATK", "vp": "VP", "id": "ID", "ev": "EV", "n": "n"}


def header_words(key: str) -> str:
    """A column key as a reader's header: "boss_hp_multiplier" → "Boss HP multiplier"."""
    words = " ".join(ACRONYMS.get(word.lower(), word) for word in str(key).replace("_", " ").split())
    first = words.split(" ", 1)[0]
    return words if first == "n" or not words[:1].islower() else words[:1].upper() + words[1:]


def cell_text(value: Any) -> str:
    """A value in words: Yes/No for truth values, lists joined with commas, numbers without noise."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if value is None or (isinstance(value, float) and value != value):
        return "—"
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".") if value != int(value) else f"{int(value)}"
    if isinstance(value, Mapping):
        return "; ".join(f"{cell_text(k)}: {cell_text(v)}" for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(cell_text(item) for item in value)
    return str(value)


def table_html(rows: Any, headers: Mapping[str, str] | None = None) -> Any:
    """Rows (mappings, or a pandas table) as a page shows them: worded headers, no index column,
    Yes/No, lists as words, numbers right-aligned; every cell escaped. `headers` renames columns."""
    from IPython.display import HTML
    records = rows.to_dict("records") if hasattr(rows, "to_dict") else [dict(row) for row in rows]
    keys = list(rows.columns) if hasattr(rows, "columns") else list(dict.fromkeys(k for r in records for k in r))
    numeric = {k: all(_is_number(r.get(k)) for r in records) and bool(records) for k in keys}
    named = headers or {}
    heads = [(named.get(k, header_words(k)), numeric[k]) for k in keys]
    body = [[(cell_text(r.get(k)), numeric[k]) for k in keys] for r in records]
    return HTML(render(TABLE, heads=heads, rows=body))


def frame_html(frame: Any) -> Any:
    """A pandas table as a page shows it (see `table_html`)."""
    return table_html(frame)


def list_html(lines: Iterable[str]) -> Any:
    """Lines of text (reasons, wishes) as a bulleted list, escaped."""
    from IPython.display import HTML
    return HTML(render("<ul>{% for line in lines %}<li>{{ line }}</li>{% endfor %}</ul>", lines=list(lines)))


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)

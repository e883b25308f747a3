"""A game's rule book: rule id -> rulebook section heading and a summary in our own words."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from tablekit.core.errors import CardDataError


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: its id, the rulebook section it comes from, and our summary of it."""

    id: str
    section: str
    summary: str

    def __str__(self) -> str:
        return f"{self.id} ({self.section}): {self.summary}"


class RuleBook(Mapping[str, Rule]):
    """An ordered, read-only mapping from rule id to `Rule` for one game."""

    def __init__(self, game: str, rules: list[Rule]) -> None:
        self.game = game
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise CardDataError(f"{game} rule book", rule.id, "id", "duplicate rule id")
            self._rules[rule.id] = rule

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def sections(self) -> dict[str, list[Rule]]:
        """The rules grouped by rulebook section, in book order."""
        grouped: dict[str, list[Rule]] = {}
        for rule in self._rules.values():
            grouped.setdefault(rule.section, []).append(rule)
        return grouped

    def __repr__(self) -> str:
        return f"RuleBook({self.game!r}, {len(self)} rules)"

    @classmethod
    def from_toml(cls, game: str, path: Path) -> RuleBook:
        """Load a rule book from a TOML file of `[[rule]]` tables (id, section, summary)."""
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise CardDataError(str(path), None, None, f"cannot read rule book: {exc}") from exc
        rules = []
        for index, entry in enumerate(data.get("rule", [])):
            for field in ("id", "section", "summary"):
                if not isinstance(entry.get(field), str) or not entry[field].strip():
                    raise CardDataError(str(path), entry.get("id", f"#{index}"), field,
                                        "missing or empty")
            rules.append(Rule(entry["id"], entry["section"], " ".join(entry["summary"].split())))
        if not rules:
            raise CardDataError(str(path), None, "rule", "the rule book has no rules")
        return cls(game, rules)


CORE_RULES = Path(__file__).resolve().parent / "data" / "rules.toml"


def load_rulebook(game: str, path: Path) -> RuleBook:
    """A game's rule book from its TOML file, with the core's match rules in front."""
    core = RuleBook.from_toml("core", CORE_RULES)
    own = RuleBook.from_toml(game, path)
    return RuleBook(game, [*core.values(), *own.values()])

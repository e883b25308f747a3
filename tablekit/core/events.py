"""Events: every change of state, with the id of the rule that made it happen."""

from __future__ import annotations

from typing import Any


class Event:
    """One change of state: `rule` id, a plain sentence `text`, and structured `data`.

    The sentence is formatted lazily from a template and the data, so games can emit events
    cheaply in rollouts.
    """

    __slots__ = ("rule", "_template", "data", "_text")

    def __init__(self, rule: str, template: str, data: dict[str, Any] | None = None) -> None:
        self.rule = rule
        self._template = template
        self.data = data or {}
        self._text: str | None = None if data else template  # no data: the template is the text

    @property
    def text(self) -> str:
        """The event as a sentence a learner understands."""
        text = self._text
        if text is None:
            text = self._text = self._template.format_map(self.data)
        return text

    def to_json(self) -> dict[str, Any]:
        """The event as plain JSON data."""
        return {"rule": self.rule, "text": self.text}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.rule, self.text) == (other.rule, other.text)

    def __hash__(self) -> int:
        return hash((self.rule, self.text))

    def __repr__(self) -> str:
        return f"Event({self.rule!r}, {self.text!r})"

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"

"""Card data from TOML files, validated with pydantic: one clear error, nothing half-loaded."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from tablekit.core.errors import CardDataError

M = TypeVar("M", bound=BaseModel)


class CardModel(BaseModel):
    """Base of card schemas: immutable, and unknown fields are errors (typos get caught)."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


def read_toml(source: str | Path, text: str | None = None) -> dict[str, Any]:
    """Parse a TOML file (or `text` labelled `source`) into data; never executes anything."""
    label = str(source)
    try:
        if text is None:
            text = Path(source).read_text(encoding="utf-8")
        return tomllib.loads(text)
    except OSError as exc:
        raise CardDataError(label, None, None, f"cannot read the file: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise CardDataError(label, None, None, "the file is not UTF-8 text") from exc
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(label, None, None, f"not valid TOML: {exc}") from exc


def parse_cards(label: str, entries: Any, model: type[M], table: str = "card") -> list[M]:
    """Validate a list of card tables against `model`; the first bad one raises CardDataError."""
    if not isinstance(entries, list) or not entries:
        raise CardDataError(label, None, table, f"expected one or more [[{table}]] tables")
    cards = []
    for index, entry in enumerate(entries):
        name = _card_label(entry, index)
        if not isinstance(entry, dict):
            raise CardDataError(label, name, None, f"a [[{table}]] entry must be a table")
        try:
            cards.append(model.model_validate(entry))
        except ValidationError as exc:
            raise _card_error(label, name, exc) from None
    return cards


def load_cards(path: str | Path, model: type[M], table: str = "card",
               checks: Sequence[Callable[[list[M]], None]] = ()) -> list[M]:
    """Load, validate and cross-check the `[[table]]` entries of a TOML card file."""
    data = read_toml(path)
    cards = parse_cards(str(path), data.get(table), model, table)
    require_unique(str(path), cards, "id")
    for check in checks:
        check(cards)
    return cards


def require_unique(label: str, cards: Iterable[BaseModel], field: str) -> None:
    """Raise CardDataError when two cards share the value of `field`."""
    seen: set[Any] = set()
    for card in cards:
        value = getattr(card, field, None)
        if value is None:
            continue
        if value in seen:
            raise CardDataError(label, str(value), field, f"two cards share the {field} {value!r}")
        seen.add(value)


def _card_label(entry: Any, index: int) -> str:
    if isinstance(entry, dict):
        for key in ("id", "name"):
            if isinstance(entry.get(key), str):
                return entry[key]
    return f"#{index + 1}"


def _card_error(label: str, card: str, exc: ValidationError) -> CardDataError:
    first = exc.errors()[0]
    field = ".".join(str(part) for part in first["loc"]) or None
    problem = first["msg"]
    if first["type"] == "extra_forbidden":
        problem = "unknown field (a typo?)"
    elif first["type"] == "missing":
        problem = "required field is missing"
    return CardDataError(label, card, field, problem)

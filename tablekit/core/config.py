"""A game's options as one pydantic model: checking, errors, the option list and the save form.

Each game declares `config_model`, a subclass of `GameConfig`. The model is the one place
that says which options exist, their types, defaults and allowed values, and how many
players a configuration seats (`players`: a field when it is an option, else a property).
Cross-field checks that need game data (card files, Visitors, scenarios, campaigns) are the
game's own code, called from a `model_validator`; they raise `ConfigError`, which reaches the
caller as it is. Every other validation error becomes a `ConfigError` naming the option, the
value given and what is allowed.
"""

from __future__ import annotations

from typing import Any, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tablekit.core.errors import ConfigError, TablekitError


class Schema(BaseModel):
    """Base of every data model the games read (configs, scenarios): frozen, no unknown keys."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class GameConfig(Schema):
    """Base of a game's options; a subclass must say how many play (`players`)."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """Refuse a config class that does not say how many players it seats."""
        super().__pydantic_init_subclass__(**kwargs)
        if "players" not in cls.model_fields and not isinstance(
                getattr(cls, "players", None), property):
            raise TypeError(f"{cls.__name__} must define `players` (a field or a property)")

    def to_json(self) -> dict[str, Any]:
        """The options that differ from the defaults, as plain JSON data."""
        return self.model_dump(mode="json", exclude_defaults=True)


# pydantic's error types a learner reads more easily in plain words
PLAIN_WORDS = {"tuple_type": "should be a list", "list_type": "should be a list",
               "string_type": "should be text", "int_type": "should be a whole number",
               "int_parsing": "should be a whole number", "bool_type": "should be true or false",
               "dict_type": "should be a table of names to values",
               "model_type": "should be a table of names to values",
               "greater_than_equal": "should be at least {ge}",
               "less_than_equal": "should be at most {le}",
               "string_pattern_mismatch": "should look like {pattern}"}


def option(default: Any, rule: str | None = None, **field: Any) -> Any:
    """A config field whose errors cite `rule` (a rule id of the game's rule book)."""
    extra = {"rule": rule} if rule else None
    return Field(default, json_schema_extra=extra, **field)


def validate_config(game: str, model: type[GameConfig], options: dict[str, Any]) -> GameConfig:
    """The config model built from keyword options; any problem is a ConfigError."""
    try:
        return model.model_validate(options)
    except ValidationError as exc:
        raise config_error(game, model, exc) from None


def config_error(game: str, model: type[Schema], exc: ValidationError) -> TablekitError:
    """One ConfigError for a validation error (the game's own error when its code raised one)."""
    for error in exc.errors():
        raised = (error.get("ctx") or {}).get("error")
        if isinstance(raised, TablekitError):
            return raised
    return ConfigError(f"{game}: {describe_errors(model, exc)}")


def describe_errors(model: type[Schema], exc: ValidationError, noun: str = "option") -> str:
    """Plain sentences for a model's validation errors: the field, the value, what is allowed."""
    return "; ".join(_describe(model, error, noun) for error in exc.errors())


def _describe(model: type[Schema], error: Any, noun: str) -> str:
    """A sentence for one pydantic error: the field, the value, what is allowed, the rule."""
    where = ".".join(str(part) for part in error["loc"])
    kind = error["type"]
    if kind == "extra_forbidden":
        *outer, name = error["loc"]
        parent = _model_at(model, tuple(outer))
        known = ", ".join(parent.model_fields) if parent is not None else "?"
        text = (f"no {noun} {name!r}; the {noun}s are: {known or 'none'}" if not outer
                else f"{'.'.join(map(str, outer))} has no field {name!r}; its fields are: {known}")
    elif kind == "literal_error":
        text = (f"{noun} {where} cannot be {error['input']!r}; allowed: "
                f"{error['ctx']['expected']}")
    elif kind == "missing":
        text = f"{noun} {where} is missing"
    else:
        template = PLAIN_WORDS.get(kind)
        message = (template.format(**error.get("ctx", {})) if template
                   else error["msg"].removeprefix("Value error, "))
        text = f"{noun} {where} = {error['input']!r}: {message}"
    rule = _rule(model, error["loc"])
    return f"{text} [rule {rule}]" if rule else text


def _rule(model: type[Schema], loc: tuple[Any, ...]) -> str | None:
    """The rule id of the innermost field an error is about that names one, if any."""
    rule = None
    for depth in range(len(loc)):
        parent = _model_at(model, loc[:depth])
        info = parent.model_fields.get(str(loc[depth])) if parent is not None else None
        extra = info.json_schema_extra if info is not None else None
        if isinstance(extra, dict) and extra.get("rule"):
            rule = extra["rule"]
    return rule


def _model_at(model: type[Schema] | None, loc: tuple[Any, ...]) -> type[Schema] | None:
    """The nested model a location inside `model` leads to (None past a plain field)."""
    for part in loc:
        info = model.model_fields.get(str(part)) if model is not None else None
        if info is None:
            return None
        model = next((t for t in (info.annotation, *get_args(info.annotation))
                      if isinstance(t, type) and issubclass(t, Schema)), None)
    return model

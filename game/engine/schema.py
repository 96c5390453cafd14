"""Declarative level schemas: each file kind states its fields once; one reader enforces them.

A schema is a tree of specs: `Table` (a TOML table with a closed set of keys), `List`, `Int`,
`Number`, `Str`, `Bool`, `Choice` (a closed vocabulary), `Exactly`, `Either` (by TOML type),
`Id` (a unique id within a namespace), `Ref` (a reference to an id, in this file or another) and
`Default` (an optional field). `load_level` reads one file against its schema and returns a
`Level`: the checked data, the ids declared per namespace (id -> position in its list) and a
`fail` for the rules a schema cannot state (geometry, counts by kind), so every error still reads
`levels/french_quarter/map.toml: buildings[12].streets[1]: unknown 'Royal'`.

Checked for every file: types (a TOML `true` is never a number), ranges, closed vocabularies,
list sizes and repeats, unique ids, references (after the whole file is read, so a list may
refer to an entry further down), and unknown keys, which are rejected (a misspelled optional
key would otherwise be silently ignored). Before any of that, every number of the file:
integers beyond 64 bits and NaN or infinite floats are refused wherever they stand.

Why our own module rather than msgspec or pydantic (both install from PyPI): what those libraries
would cover here (types, ranges, unknown keys) is the smaller half. Unique ids and references
across files, the levels' closed vocabularies and our one-line `file: field: problem` messages
would need our code on top of theirs, plus a translation of their error paths and wording into
ours. This module is a few hundred lines with its docstrings, needs no dependency, and keeps the
existing messages.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .levels import LevelError, load_toml, shown

FieldPath = tuple[str | int, ...]


def field_name(path: FieldPath) -> str:
    """A field path as the errors show it: ("routes", 12, "color") -> 'routes[12].color'."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _type_name(value: Any) -> str:
    return {dict: "table", list: "list"}.get(type(value), type(value).__name__)


class _Reader:
    """One pass over one file: where errors point, the ids seen, the references to check."""

    def __init__(self, path: Path, known: Mapping[str, Mapping[str, int]]) -> None:
        self.path = path
        self.ids: dict[str, dict[str, int]] = {ns: dict(ids) for ns, ids in known.items()}
        self.refs: list[tuple[FieldPath, str, str]] = []

    def fail(self, path: FieldPath | str, problem: str) -> LevelError:
        """The one-line error for a field of this file."""
        name = path if isinstance(path, str) else field_name(path)
        return LevelError(f"{shown(self.path)}: {name}: {problem}")

    def check_refs(self) -> None:
        """Every reference names an id of its namespace (declared anywhere in the file)."""
        for path, namespace, value in self.refs:
            if value not in self.ids.get(namespace, {}):
                raise self.fail(path, f"unknown {value!r}")


class Spec(ABC):
    """A field's declaration; `read` returns the checked value or raises the field's error."""

    @abstractmethod
    def read(self, value: Any, path: FieldPath, reader: _Reader) -> Any:
        """Check one value found at `path`."""


def _typed(value: Any, kinds: tuple[type, ...], name: str, path: FieldPath,
           reader: _Reader) -> Any:
    # bool is a subclass of int in Python, but `true` is never a valid number in a level.
    if isinstance(value, bool) and bool not in kinds:
        if int in kinds:
            raise reader.fail(path, f"must be {name}, not {value!r}")
    elif isinstance(value, kinds):
        return value
    raise reader.fail(path, f"must be {name}, not {_type_name(value)}")


@dataclass(frozen=True)
class Int(Spec):
    """An integer, within low..high when they are given (low == high: a count the rulebook
    fixes, and the error says which number it must be)."""

    low: int | None = None
    high: int | None = None
    kinds: tuple[type, ...] = field(default=(int,), init=False, repr=False)

    def read(self, value: Any, path: FieldPath, reader: _Reader) -> Any:
        """The number, type and range checked."""
        name = "/".join(k.__name__ for k in self.kinds)
        value = _typed(value, self.kinds, name, path, reader)
        if self.low is not None and self.low == self.high:
            if value != self.low:
                raise reader.fail(path, f"must be {self.low}, not {value}")
        elif self.low is not None and self.high is not None:
            if not self.low <= value <= self.high:
                raise reader.fail(path, f"{value} is outside {self.low}..{self.high}")
        elif self.low is not None and value < self.low:
            raise reader.fail(path, f"{value} is below {self.low}")
        elif self.high is not None and value > self.high:
            raise reader.fail(path, f"{value} is above {self.high}")
        return value


@dataclass(frozen=True)
class Number(Int):
    """An integer or a float, within low..high when they are given."""

    kinds: tuple[type, ...] = field(default=(int, float), init=False, repr=False)


@dataclass(frozen=True)
class Str(Spec):
    """A string; `blank=False` rejects an empty (or all-space) one."""

    blank: bool = True

    def read(self, value: Any, path: FieldPath, reader: _Reader) -> Any:
        """The string."""
        value = _typed(value, (str,), "str", path, reader)
        if not self.blank and not value.strip():
            raise reader.fail(path, "empty")
        return value


@dataclass(frozen=True)
class Bool(Spec):
    """true or false."""

    def read(self, value: Any, path: FieldPath, reader: _Reader) -> Any:
        """The flag."""
        return _typed(value, (bool,), "bool", path, reader)


@dataclass(frozen=True)
class Choice(Spec):
    """One word of a closed vocabulary."""

    words: tuple[str, ...]

    def read(self, value: Any, path: FieldPath, reader: _Reader) -> Any:
        """The word."""
        if value not in self.words:
            raise reader.fail(path, f"unknown {value!r}")
        return value


@dataclass(frozen=True)
class Exactly(Spec):
    """A fixed value that the file states for readers (the deck order, the artist types)."""

    value: Any

    def read(self, value: Any, path: FieldPath, reader: _Reader) -> Any:
        """The value, if it is the expected one."""
        if value != self.value:
            raise reader.fail(path, f"must be {self.value!r}")
        return value


@dataclass(frozen=True)
class Id(Spec):
    """The id of an entry of a list, unique within `namespace` (its index is its list position)."""

    namespace: str

    def read(self, value: Any, path: FieldPath, reader: _Reader) -> Any:
        """The id, registered for references."""
        value = Str(blank=False).read(value, path, reader)
        ids = reader.ids.setdefault(self.namespace, {})
        if value in ids:
            raise reader.fail(path, f"duplicate {value!r}")
        ids[value] = path[-2] if len(path) > 1 and isinstance(path[-2], int) else len(ids)
        return value


@dataclass(frozen=True)
class Ref(Spec):
    """An id of `namespace`; `blank=True` also accepts "" for 'none'."""

    namespace: str
    blank: bool = False

    def read(self, value: Any, path: FieldPath, reader: _Reader) -> Any:
        """The id; checked once the whole file has been read."""
        value = _typed(value, (str,), "str", path, reader)
        if not (self.blank and value == ""):
            reader.refs.append((path, self.namespace, value))
        return value


@dataclass(frozen=True)
class List(Spec):
    """A list of `item`s: `size` is an exact length or (low, high), high None for no limit;
    `distinct` rejects repeats."""

    item: Spec
    size: int | tuple[int, int | None] | None = None
    distinct: bool = False

    def read(self, value: Any, path: FieldPath, reader: _Reader) -> Any:
        """The list, each item checked."""
        value = _typed(value, (list,), "list", path, reader)
        self._check_size(len(value), path, reader)
        out = [self.item.read(v, (*path, i), reader) for i, v in enumerate(value)]
        if self.distinct:
            for i, v in enumerate(out):
                if v in out[:i]:
                    raise reader.fail((*path, i), f"duplicate {v!r}")
        return out

    def _check_size(self, n: int, path: FieldPath, reader: _Reader) -> None:
        if self.size is None:
            return
        low, high = (self.size, self.size) if isinstance(self.size, int) else self.size
        if low <= n and (high is None or n <= high):
            return
        if n == 0:
            raise reader.fail(path, "empty")
        wanted = (str(low) if low == high else f"at least {low}" if high is None
                  else f"{low}-{high}")
        raise reader.fail(path, f"must have {wanted} entries, not {n}")


@dataclass(frozen=True)
class Default(Spec):
    """An optional field of a table: `value` when the key is absent."""

    spec: Spec
    value: Any = None

    def read(self, value: Any, path: FieldPath, reader: _Reader) -> Any:
        """The given value, checked."""
        return self.spec.read(value, path, reader)


@dataclass(frozen=True)
class Either(Spec):
    """One of several specs, picked by the TOML type of the value (e.g. a list or a word)."""

    by_type: tuple[tuple[type, Spec], ...]

    def read(self, value: Any, path: FieldPath, reader: _Reader) -> Any:
        """The value, checked by the spec for its type."""
        for kind, spec in self.by_type:
            if isinstance(value, kind):
                return spec.read(value, path, reader)
        name = "/".join(_type_name(kind()) for kind, _ in self.by_type)
        raise reader.fail(path, f"must be {name}, not {_type_name(value)}")


@dataclass(frozen=True)
class Table(Spec):
    """A TOML table with exactly these keys (a `Default` field may be left out)."""

    fields: Mapping[str, Spec]

    def __post_init__(self) -> None:
        # Schemas are module constants: keep their field tables read-only.
        object.__setattr__(self, "fields", MappingProxyType(dict(self.fields)))

    def read(self, value: Any, path: FieldPath, reader: _Reader) -> Any:
        """A dict with every declared key (defaults filled in), in declaration order."""
        if not isinstance(value, dict):
            raise reader.fail(path, f"must be a table, not {_type_name(value)}")
        for key in value:
            if key not in self.fields:
                known = ", ".join(self.fields)
                raise reader.fail((*path, key), f"unknown field (expected one of: {known})")
        out = {}
        for key, spec in self.fields.items():
            if key in value:
                out[key] = spec.read(value[key], (*path, key), reader)
            elif isinstance(spec, Default):
                out[key] = spec.value
            else:
                raise reader.fail((*path, key), "missing")
        return out


@dataclass(frozen=True)
class Level:
    """A level file read against its schema."""

    path: Path
    data: dict[str, Any]
    ids: Mapping[str, Mapping[str, int]]  # namespace -> id -> position in its list

    def fail(self, field_path: FieldPath | str, problem: str) -> LevelError:
        """The one-line error for a rule the schema cannot state (a count, some geometry)."""
        return _Reader(self.path, {}).fail(field_path, problem)


def read_level(data: Any, path: Path, schema: Table,
               known: Mapping[str, Mapping[str, int]] | None = None) -> Level:
    """Check already-parsed data against a schema; `known` holds ids other files declared."""
    reader = _Reader(path, known or {})
    check_numbers(data, reader)
    checked = schema.read(data, (), reader)
    reader.check_refs()
    # An empty list still declares its namespace: a loader asking for its ids gets none, not
    # a KeyError (an empty route list was found by the level fuzz test).
    declared = {namespace: {} for namespace in id_namespaces(schema)}
    return Level(path, checked, declared | reader.ids)


LARGEST = 2**63 - 1  # far beyond any count or point value; a longer integer is damage


def check_numbers(data: Any, reader: _Reader) -> None:
    """Refuse, naming the field, any number no level holds: an integer beyond 64 bits (TOML's
    own range; a hexadecimal one may have thousands of digits, which an error message could
    not even print) and NaN or an infinity (which pass every range check)."""
    stack: list[tuple[FieldPath, Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend(((*path, key), item) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in reversed(list(enumerate(value))))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int) and not -LARGEST - 1 <= value <= LARGEST:
            raise reader.fail(path, "an integer beyond 64 bits")
        elif isinstance(value, float) and not math.isfinite(value):
            raise reader.fail(path, f"must be a finite number, not {value}")


def id_namespaces(spec: Any) -> set[str]:
    """Every id namespace a schema declares, however deeply nested."""
    if isinstance(spec, Id):
        return {spec.namespace}
    if isinstance(spec, Mapping):
        parts: Any = spec.values()
    elif isinstance(spec, list | tuple):
        parts = spec
    else:
        parts = vars(spec).values() if isinstance(spec, Spec) else ()
    return set().union(*(id_namespaces(part) for part in parts))


def load_level(path: Path, schema: Table,
               known: Mapping[str, Mapping[str, int]] | None = None) -> Level:
    """Read one level file and check it against its schema (LevelError naming file and field)."""
    return read_level(load_toml(path), path, schema, known)

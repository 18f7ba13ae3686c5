"""The JSON reader (private): typed, strict access to a document's fields, each error naming its path.

`Reader` and the decoders of the plain fields (cards, enums, counts) that
every document's reader uses. `romme.documents._serialize` re-exports `Reader`.
"""

from __future__ import annotations

from typing import Any, TypeVar

from romme._guard import shown
from romme.cards import Card, parse_card
from romme.errors import InvalidDataError, InvalidNotationError

__all__ = [
    "JSON",
    "Reader",
    "T",
    "kind_of",
    "read_bools",
    "read_card",
    "read_cards",
    "read_enum",
    "read_int",
    "read_ints",
]

T = TypeVar("T")
JSON = dict[str, Any]


# -- the reader: typed access with a path for error messages --------------------


class Reader:
    """Typed, strict access to one JSON object, with its path for error messages."""

    def __init__(self, data: object, path: str) -> None:
        if not isinstance(data, dict):
            raise InvalidDataError(f"{path}: expected an object, got {kind_of(data)}")
        self.data: dict[object, object] = data
        self.path = path
        self.used: set[str] = set()

    def _get(self, key: str) -> object:
        self.used.add(key)
        if key not in self.data:
            raise InvalidDataError(f"{self.path}: missing field {key!r}")
        return self.data[key]

    def has(self, key: str) -> bool:
        return key in self.data

    def where(self, key: str) -> str:
        return f"{self.path}.{key}"

    def get_int(self, key: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
        return read_int(self._get(key), self.where(key), minimum, maximum)

    def get_optional_int(self, key: str, *, minimum: int | None = None) -> int | None:
        value = self._get(key)
        return None if value is None else read_int(value, self.where(key), minimum, None)

    def get_bool(self, key: str) -> bool:
        value = self._get(key)
        if type(value) is not bool:
            raise InvalidDataError(
                f"{self.where(key)}: expected true or false, got {kind_of(value)}"
            )
        return value

    def get_str(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str):
            raise InvalidDataError(f"{self.where(key)}: expected text, got {kind_of(value)}")
        return value

    def get_list(self, key: str) -> list[object]:
        value = self._get(key)
        if not isinstance(value, list):
            raise InvalidDataError(f"{self.where(key)}: expected a list, got {kind_of(value)}")
        return value

    def get_object(self, key: str) -> Reader:
        return Reader(self._get(key), self.where(key))

    def raw(self, key: str) -> object:
        return self._get(key)

    def done(self) -> None:
        extra = sorted(str(key) for key in self.data if key not in self.used)
        if extra:
            raise InvalidDataError(f"{self.path}: unknown field {extra[0]!r}")


def kind_of(value: object) -> str:
    if value is None:
        return "null"
    names = {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "an object",
    }
    return names.get(type(value), type(value).__name__)


def read_int(value: object, path: str, minimum: int | None, maximum: int | None) -> int:
    if type(value) is not int:
        raise InvalidDataError(f"{path}: expected an integer, got {kind_of(value)}")
    if minimum is not None and value < minimum:
        raise InvalidDataError(f"{path}: {shown(value)} is below {minimum}")
    if maximum is not None and value > maximum:
        raise InvalidDataError(f"{path}: {shown(value)} is above {maximum}")
    return value


def read_card(value: object, path: str) -> Card:
    if not isinstance(value, str):
        raise InvalidDataError(f'{path}: expected a card such as "7♥", got {kind_of(value)}')
    try:
        return parse_card(value)
    except InvalidNotationError as error:
        raise InvalidDataError(f"{path}: {error}") from None


def read_cards(value: object, path: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise InvalidDataError(f"{path}: expected a list of cards, got {kind_of(value)}")
    return tuple(read_card(item, f"{path}[{i}]") for i, item in enumerate(value))


def read_enum(cls: type[T], value: object, path: str) -> T:
    try:
        return cls(value)  # type: ignore[call-arg]
    except (ValueError, TypeError):
        values = [member.value for member in cls]  # type: ignore[attr-defined]
        raise InvalidDataError(f"{path}: {value!r} is not one of {values}") from None


def read_bools(value: object, path: str, length: int) -> tuple[bool, ...]:
    if not isinstance(value, list) or len(value) != length:
        raise InvalidDataError(f"{path}: expected a list of {length} booleans")
    for i, item in enumerate(value):
        if type(item) is not bool:
            raise InvalidDataError(f"{path}[{i}]: expected true or false, got {kind_of(item)}")
    return tuple(value)


def read_ints(value: object, path: str, length: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != length:
        raise InvalidDataError(f"{path}: expected a list of {length} integers")
    return tuple(read_int(item, f"{path}[{i}]", 0, None) for i, item in enumerate(value))

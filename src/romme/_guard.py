"""Input guards (private): the checks every public value and function applies to what a caller passes.

One place for them, so that every constructor and function refuses the
same wrong input the same way: a `TypeError` for a value of the wrong type,
a `ValueError` for one out of range, an `InputTooLargeError` for an
iterable longer than anything the game can hold (an endless iterator
included: it is read only up to the bound).
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar

from romme.errors import InputTooLargeError

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")


def bounded(value: Iterable[T], limit: int, what: str) -> tuple[T, ...]:
    """Return the items of `value` as a tuple, reading at most `limit` + 1 of them.

    Raises:
        TypeError: If `value` is not iterable (text is refused too: it is no list of items).
        InputTooLargeError: If `value` holds more than `limit` items.
    """
    if isinstance(value, str | bytes):
        raise TypeError(f"{what} must be a list of items, not text")
    if type(value) is tuple:
        items: tuple[T, ...] = value
    else:
        try:
            items = tuple(itertools.islice(value, limit + 1))
        except TypeError:
            raise TypeError(f"{what} must be iterable, not {type(value).__name__}") from None
    if len(items) > limit:
        raise InputTooLargeError(f"{what} holds more than {limit} items")
    return items


_SHOWN_DIGITS: Final = 50
"""An int of more digits is named by its size in an error message, not written out."""


def shown(value: object) -> str:
    """A short text of `value` for an error message: its repr, at most 200 characters.

    An int of more than 50 digits is named by its size: Python refuses to
    write out one of more than 4,300 digits (a bare `ValueError`), and a
    message need not hold it. A value whose repr fails is named by its type.
    """
    if type(value) is int and not -(10**_SHOWN_DIGITS) < value < 10**_SHOWN_DIGITS:
        return f"{'a negative' if value < 0 else 'an'} integer of {value.bit_length()} bits"
    try:
        text = repr(value)
    except ValueError:  # a container of such an int
        return f"a {type(value).__name__} too large to show"
    return text[:200]


def integer(
    value: object, what: str, minimum: int | None = None, maximum: int | None = None
) -> int:
    """Return `value` if it is an int (not a bool) within the bounds.

    Raises:
        TypeError: If `value` is no int.
        ValueError: If it lies outside the bounds.
    """
    if type(value) is not int:
        raise TypeError(f"{what} must be an integer, not {shown(value)}"[:200])
    if minimum is not None and value < minimum:
        raise ValueError(f"{what} must be {shown(minimum)} or more, not {shown(value)}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{what} must be {shown(maximum)} or less, not {shown(value)}")
    return value


def optional_integer(
    value: object, what: str, minimum: int | None = None, maximum: int | None = None
) -> int | None:
    """Return `value` if it is ``None`` or an int within the bounds (see `integer`)."""
    return None if value is None else integer(value, what, minimum, maximum)


def boolean(value: object, what: str) -> bool:
    """Return `value` if it is ``True`` or ``False``.

    Raises:
        TypeError: For anything else (``0`` and ``1`` included).
    """
    if type(value) is not bool:
        raise TypeError(f"{what} must be True or False, not {value!r}"[:200])
    return value


def member(cls: type[E], value: object, what: str) -> E:
    """Return `value` as a member of the enum `cls`: a member, or its text value.

    Raises:
        TypeError: For a value that is neither a member nor text.
        ValueError: For text that is no member's value; the message lists the values.
    """
    if isinstance(value, cls):
        return value
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a {cls.__name__} or its text value, not {value!r}"[:200])
    try:
        return cls(value)
    except ValueError:
        values = ", ".join(repr(m.value) for m in cls)
        raise ValueError(f"{what} must be one of {values}, not {value!r}"[:300]) from None


def instance(value: object, cls: type[T], what: str) -> T:
    """Return `value` if it is an instance of `cls`.

    Raises:
        TypeError: Naming `what` and the type expected.
    """
    if not isinstance(value, cls):
        raise TypeError(f"{what} must be a {cls.__name__}, not {type(value).__name__}")
    return value


Validator = Callable[[Any, Any, Any], None]
"""An attrs validator: called with the instance, the attribute and the value."""


def is_instance(cls: type[Any], what: str, *, optional: bool = False) -> Validator:
    """An attrs validator for `instance` (``None`` allowed too with `optional`)."""

    def validate(_: object, __: object, value: object) -> None:
        if not (optional and value is None):
            instance(value, cls, what)

    return validate


def is_integer(
    what: str, minimum: int | None = None, maximum: int | None = None, *, optional: bool = False
) -> Validator:
    """An attrs validator for `integer` (``None`` allowed too with `optional`)."""

    def validate(_: object, __: object, value: object) -> None:
        if not (optional and value is None):
            integer(value, what, minimum, maximum)

    return validate


def is_boolean(what: str) -> Validator:
    """An attrs validator for `boolean`."""

    def validate(_: object, __: object, value: object) -> None:
        boolean(value, what)

    return validate

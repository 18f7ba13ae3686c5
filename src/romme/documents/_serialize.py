"""JSON (Speichern und Laden): every public value as a JSON-ready dict and as JSON text.

Every document made by `to_dict` names what it holds and its format
version (``{"romme": 1, "type": "card", ...}``), so `from_dict` and
`loads` need no hint. Cards are their text form (``"7♥"``, ``"JK"``),
enums their lowercase values, actions their text form. Loading checks
everything (unknown or missing fields, types, a newer version, cards that
are not the deck, melds that are invalid under the document's rules,
impossible phases) and raises `InvalidDataError` saying what is wrong and
where; it never returns a half-built value.

>>> from romme import parse_card
>>> to_dict(parse_card("7♥"))
{'romme': 1, 'type': 'card', 'card': '7♥'}
>>> loads(dumps(parse_card("10♠")))
Card(10♠)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Final

from romme.cards import Card
from romme.documents._codecs import (
    meld_in,
    meld_out,
    result_in,
    result_out,
    rules_in,
    rules_out,
    state_in,
    state_out,
    view_in,
    view_out,
)
from romme.documents._reader import (
    JSON,
    Reader,
    kind_of,
    read_card,
)
from romme.errors import InvalidDataError, InvalidNotationError
from romme.game import ACTION_TYPES, Action, GameState, PlayerView, RoundResult, parse_action
from romme.melds import Meld
from romme.rules import Rules

__all__ = [
    "FORMAT_VERSION",
    "MAX_DOCUMENT_LENGTH",
    "dumps",
    "from_dict",
    "loads",
    "register",
    "to_dict",
]

FORMAT_VERSION: Final = 1
"""The version of the document format this library writes and reads."""
MAX_DOCUMENT_LENGTH: Final = 20_000_000
"""The longest JSON text `loads` reads (20 million characters)."""

# -- registry ------------------------------------------------------------------------

_Writer = Callable[[Any], JSON]
_ReaderFn = Callable[[Reader], Any]
_TYPES: dict[str, tuple[type[Any] | tuple[type[Any], ...], _Writer, _ReaderFn]] = {}


def register(
    name: str, cls: type[Any] | tuple[type[Any], ...], write: _Writer, read: _ReaderFn
) -> None:
    """Register a document type (used by the modules that build on this one)."""
    _TYPES[name] = (cls, write, read)


def _card_doc_in(reader: Reader) -> Card:
    card = read_card(reader.raw("card"), reader.where("card"))
    reader.done()
    return card


def _action_doc_in(reader: Reader) -> Action:
    text = reader.get_str("action")
    reader.done()
    try:
        return parse_action(text)
    except InvalidNotationError as error:
        raise InvalidDataError(f"{reader.where('action')}: {error}") from None


def _meld_doc_in(reader: Reader) -> Meld:
    meld = meld_in(reader, None)
    reader.done()
    return meld


def _rules_doc_in(reader: Reader) -> Rules:
    return rules_in(reader)


register("card", Card, lambda card: {"card": str(card)}, _card_doc_in)
register("meld", Meld, meld_out, _meld_doc_in)
register("rules", Rules, rules_out, _rules_doc_in)
register("action", ACTION_TYPES, lambda action: {"action": str(action)}, _action_doc_in)
register("state", GameState, state_out, state_in)
register("view", PlayerView, view_out, view_in)
register("round_result", RoundResult, result_out, result_in)


def to_dict(value: object) -> JSON:
    """Return `value` as a JSON-ready document that names its type and format version.

    Handles `Card`, `Meld`, `Rules`, every action, `GameState`,
    `PlayerView`, `RoundResult`, `romme.GameRecord` and `romme.Match`.

    Raises:
        TypeError: For a value of another type.
    """
    for name, (cls, write, _) in _TYPES.items():
        if isinstance(value, cls):
            return {"romme": FORMAT_VERSION, "type": name, **write(value)}
    raise TypeError(f"cannot serialise a {type(value).__name__}")


def from_dict(data: Mapping[str, object]) -> Any:
    """Return the value a document made by `to_dict` holds.

    Raises:
        InvalidDataError: If the document is malformed, of a newer format
            version, or inconsistent; the message says what and where.
    """
    if not isinstance(data, dict):
        raise InvalidDataError(f"document: expected an object, got {kind_of(data)}")
    reader = Reader(dict(data), "document")
    version = reader.raw("romme")
    if type(version) is not int:
        raise InvalidDataError("document.romme: expected the format version, an integer")
    if version > FORMAT_VERSION:
        raise InvalidDataError(
            f"document.romme: format version {version} is newer than this library reads ({FORMAT_VERSION})"
        )
    if version < 1:
        raise InvalidDataError(f"document.romme: no format version {version}")
    kind = reader.get_str("type")
    if kind not in _TYPES:
        raise InvalidDataError(f"document.type: unknown type {kind!r}; known: {sorted(_TYPES)}")
    body = {key: value for key, value in data.items() if key not in ("romme", "type")}
    try:
        return _TYPES[kind][2](Reader(body, kind))
    except RecursionError:
        raise InvalidDataError(f"{kind}: the document is nested too deeply") from None


def dumps(value: object, *, indent: int | None = None) -> str:
    """Return `value` as JSON text (see `to_dict`); ``loads(dumps(x)) == x``."""
    return json.dumps(to_dict(value), ensure_ascii=False, indent=indent)


def loads(text: str | bytes) -> Any:
    """Return the value JSON text made by `dumps` holds.

    Raises:
        InvalidDataError: For text that is not JSON, too long, or not a valid document.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidDataError(f"document: not UTF-8 text ({error})") from None
    if not isinstance(text, str):
        raise InvalidDataError(f"document: expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_LENGTH:
        raise InvalidDataError(
            f"document: {len(text)} characters is longer than {MAX_DOCUMENT_LENGTH}"
        )
    try:
        data = json.loads(text)
    except RecursionError:
        raise InvalidDataError("document: the JSON is nested too deeply") from None
    except ValueError as error:
        raise InvalidDataError(f"document: not valid JSON ({error})") from None
    return from_dict(data)

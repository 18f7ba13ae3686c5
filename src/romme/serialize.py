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
from typing import Any, Final, TypeVar

import attrs

from romme.actions import ACTION_TYPES, Action, parse_action
from romme.cards import Card, parse_card
from romme.errors import InvalidDataError, InvalidNotationError, InvalidPositionError, RommeError
from romme.melds import PERMISSIVE_RULES, Meld, MeldKind, meld_failure
from romme.rules import (
    MAX_RESHUFFLES,
    PRESETS,
    Rules,
    find_rules,
    preset_name,
)
from romme.scoring import EndReason, RoundResult
from romme.state import MAX_TURNS, GameState, Phase, TableMeld, TurnState
from romme.views import PlayerView

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

T = TypeVar("T")
JSON = dict[str, Any]


# -- the reader: typed access with a path for error messages --------------------


class Reader:
    """Typed, strict access to one JSON object, with its path for error messages."""

    def __init__(self, data: object, path: str) -> None:
        if not isinstance(data, dict):
            raise InvalidDataError(f"{path}: expected an object, got {_kind(data)}")
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
        return _int(self._get(key), self.where(key), minimum, maximum)

    def get_optional_int(self, key: str, *, minimum: int | None = None) -> int | None:
        value = self._get(key)
        return None if value is None else _int(value, self.where(key), minimum, None)

    def get_bool(self, key: str) -> bool:
        value = self._get(key)
        if type(value) is not bool:
            raise InvalidDataError(f"{self.where(key)}: expected true or false, got {_kind(value)}")
        return value

    def get_str(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str):
            raise InvalidDataError(f"{self.where(key)}: expected text, got {_kind(value)}")
        return value

    def get_list(self, key: str) -> list[object]:
        value = self._get(key)
        if not isinstance(value, list):
            raise InvalidDataError(f"{self.where(key)}: expected a list, got {_kind(value)}")
        return value

    def get_object(self, key: str) -> Reader:
        return Reader(self._get(key), self.where(key))

    def raw(self, key: str) -> object:
        return self._get(key)

    def done(self) -> None:
        extra = sorted(str(key) for key in self.data if key not in self.used)
        if extra:
            raise InvalidDataError(f"{self.path}: unknown field {extra[0]!r}")


def _kind(value: object) -> str:
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


def _int(value: object, path: str, minimum: int | None, maximum: int | None) -> int:
    if type(value) is not int:
        raise InvalidDataError(f"{path}: expected an integer, got {_kind(value)}")
    if minimum is not None and value < minimum:
        raise InvalidDataError(f"{path}: {value} is below {minimum}")
    if maximum is not None and value > maximum:
        raise InvalidDataError(f"{path}: {value} is above {maximum}")
    return value


def _card(value: object, path: str) -> Card:
    if not isinstance(value, str):
        raise InvalidDataError(f'{path}: expected a card such as "7♥", got {_kind(value)}')
    try:
        return parse_card(value)
    except InvalidNotationError as error:
        raise InvalidDataError(f"{path}: {error}") from None


def _cards(value: object, path: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise InvalidDataError(f"{path}: expected a list of cards, got {_kind(value)}")
    return tuple(_card(item, f"{path}[{i}]") for i, item in enumerate(value))


def _enum(cls: type[T], value: object, path: str) -> T:
    try:
        return cls(value)  # type: ignore[call-arg]
    except (ValueError, TypeError):
        values = [member.value for member in cls]  # type: ignore[attr-defined]
        raise InvalidDataError(f"{path}: {value!r} is not one of {values}") from None


def _bools(value: object, path: str, length: int) -> tuple[bool, ...]:
    if not isinstance(value, list) or len(value) != length:
        raise InvalidDataError(f"{path}: expected a list of {length} booleans")
    for i, item in enumerate(value):
        if type(item) is not bool:
            raise InvalidDataError(f"{path}[{i}]: expected true or false, got {_kind(item)}")
    return tuple(value)


def _ints(value: object, path: str, length: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != length:
        raise InvalidDataError(f"{path}: expected a list of {length} integers")
    return tuple(_int(item, f"{path}[{i}]", 0, None) for i, item in enumerate(value))


# -- writers and readers per type ----------------------------------------------------


def _rules_out(rules: Rules) -> JSON:
    name = preset_name(rules)
    if name is not None:
        return {"preset": name}
    # The preset with the fewest differences, and those differences.
    best_name, best_diff = None, _diff(Rules(), rules)
    for candidate, preset in PRESETS.items():
        diff = _diff(preset, rules)
        if len(diff) < len(best_diff):
            best_name, best_diff = candidate, diff
    return {"preset": best_name, **best_diff}


def _diff(base: Rules, rules: Rules) -> JSON:
    out: JSON = {}
    for field in attrs.fields(Rules):
        value = getattr(rules, field.name)
        if value != getattr(base, field.name):
            out[field.name] = value.value if hasattr(value, "value") else value
    return out


def _rules_in(reader: Reader) -> Rules:
    preset = reader.raw("preset") if reader.has("preset") else None
    if preset is None:
        base = Rules()
    elif isinstance(preset, str):
        try:
            base = find_rules(preset)
        except RommeError as error:
            raise InvalidDataError(f"{reader.where('preset')}: {error}") from None
    else:
        raise InvalidDataError(f"{reader.where('preset')}: expected a preset name or null")
    changes: dict[str, Any] = {}
    fields = {field.name: field for field in attrs.fields(Rules)}
    for key, value in reader.data.items():
        if key == "preset":
            continue
        if not isinstance(key, str) or key not in fields:
            raise InvalidDataError(f"{reader.path}: unknown field {key!r}")
        default = fields[key].default
        if isinstance(default, str):  # an enum field (the enums subclass str)
            changes[key] = _enum(type(default), value, reader.where(key))
        else:
            changes[key] = value
    try:
        return attrs.evolve(base, **changes)
    except (RommeError, TypeError, ValueError) as error:
        raise InvalidDataError(f"{reader.path}: {error}") from None


def _meld_out(meld: Meld) -> JSON:
    return {
        "kind": meld.kind.value,
        "cards": [str(card) for card in meld.cards],
        "value": meld.value,
        "jokers": [
            {
                "position": role.position,
                "rank": role.rank.symbol,
                "suits": sorted(s.value for s in role.suits),
            }
            for role in meld.jokers
        ],
    }


def _meld_in(reader: Reader, rules: Rules | None) -> Meld:
    kind = _enum(MeldKind, reader.get_str("kind"), reader.where("kind"))
    cards = _cards(reader.raw("cards"), reader.where("cards"))
    stored_jokers = reader.get_list("jokers") if reader.has("jokers") else None
    if rules is None:
        # A meld alone: rebuild it under the most permissive rules (sets with
        # distinct suits or not), then check the stored details agree.
        candidates = [meld_failure(cards, rules, kind) for rules in PERMISSIVE_RULES]
        melds = [m for m in candidates if isinstance(m, Meld)]
        matching = [
            m for m in melds if stored_jokers is None or _meld_out(m)["jokers"] == stored_jokers
        ]
        result: Meld | tuple[object, str] = (matching or melds or candidates)[0]
    else:
        result = meld_failure(cards, rules, kind)
    if not isinstance(result, Meld):
        raise InvalidDataError(
            f"{reader.path}: not a valid meld under the document's rules: {result[1]}"
        )
    if result.cards != cards:
        raise InvalidDataError(
            f"{reader.path}: the cards are not in table order ({result} expected)"
        )
    if reader.has("value") and reader.raw("value") != result.value:
        raise InvalidDataError(f"{reader.where('value')}: the meld is worth {result.value}")
    if stored_jokers is not None and stored_jokers != _meld_out(result)["jokers"]:
        raise InvalidDataError(
            f"{reader.where('jokers')}: does not match what the jokers stand for"
        )
    return result


def _table_out(entry: TableMeld) -> JSON:
    return {
        "kind": entry.meld.kind.value,
        "cards": [str(card) for card in entry.meld.cards],
        "owner": entry.owner,
        "staged": entry.staged,
        "fresh": sorted(entry.fresh),
    }


def _table_in(value: object, path: str, rules: Rules, players: int) -> TableMeld:
    reader = Reader(value, path)
    meld = _meld_in(reader, rules)
    owner = reader.get_int("owner", minimum=0, maximum=players - 1)
    staged = reader.get_bool("staged")
    fresh_raw = reader.get_list("fresh")
    fresh = frozenset(
        _int(p, f"{path}.fresh[{i}]", 0, len(meld) - 1) for i, p in enumerate(fresh_raw)
    )
    if any(not meld.cards[p].is_joker for p in fresh):
        raise InvalidDataError(f"{path}.fresh: names a position that holds no joker")
    reader.done()
    return TableMeld(meld, owner, staged, fresh)


def _turn_out(turn: TurnState) -> JSON:
    return {
        "number": turn.number,
        "opened_before": turn.opened_before,
        "taken": None if turn.taken is None else str(turn.taken),
        "taken_in_hand": turn.taken_in_hand,
        "taken_staged": turn.taken_staged,
        "laid_off": turn.laid_off,
    }


def _turn_in(reader: Reader) -> TurnState:
    taken = reader.raw("taken")
    fields = {
        "number": reader.get_int("number", minimum=0, maximum=MAX_TURNS),
        "opened_before": reader.get_bool("opened_before"),
        "taken": None if taken is None else _card(taken, reader.where("taken")),
        "taken_in_hand": reader.get_bool("taken_in_hand"),
        "taken_staged": reader.get_bool("taken_staged"),
        "laid_off": reader.get_bool("laid_off"),
    }
    reader.done()
    return _construct(TurnState, reader.path, **fields)


def _result_out(result: RoundResult) -> JSON:
    return {
        "end": result.end.value,
        "winner": result.winner,
        "hand_romme": result.hand_romme,
        "penalties": list(result.penalties),
        "dealt_in": list(result.dealt_in),
        "opened": list(result.opened),
    }


def _result_in(reader: Reader) -> RoundResult:
    penalties_raw = reader.get_list("penalties")
    players = len(penalties_raw)
    if not 2 <= players <= 6:
        raise InvalidDataError(f"{reader.where('penalties')}: expected 2 to 6 seats")
    end = _enum(EndReason, reader.get_str("end"), reader.where("end"))
    winner = reader.get_optional_int("winner", minimum=0)
    if winner is not None and winner >= players:
        raise InvalidDataError(f"{reader.where('winner')}: no seat {winner}")
    if (winner is None) != (end is not EndReason.WENT_OUT):
        raise InvalidDataError(
            f"{reader.path}: a round that ended by {end.value!r} has {'no' if winner is None else 'a'} winner"
        )
    result = _construct(
        RoundResult,
        reader.path,
        end=end,
        winner=winner,
        hand_romme=reader.get_bool("hand_romme"),
        penalties=_ints(penalties_raw, reader.where("penalties"), players),
        dealt_in=_bools(reader.raw("dealt_in"), reader.where("dealt_in"), players),
        opened=_bools(reader.raw("opened"), reader.where("opened"), players),
    )
    reader.done()
    if winner is not None and not (result.opened[winner] and result.dealt_in[winner]):
        raise InvalidDataError(f"{reader.path}: the winner must have been dealt in and opened")
    if winner is not None and result.penalties[winner] != 0:
        raise InvalidDataError(f"{reader.path}.penalties: the winner scores 0")
    if result.hand_romme and winner is None:
        raise InvalidDataError(f"{reader.path}: a Hand-Rommé needs a winner")
    return result


def _position_out(position: GameState | PlayerView) -> JSON:
    """The fields a state and a view share."""
    return {
        "rules": _rules_out(position.rules),
        "dealer": position.dealer,
        "current_player": position.current_player,
        "phase": position.phase.value,
        "discard_pile": [str(card) for card in position.discard_pile],
        "table": [_table_out(entry) for entry in position.table],
        "opened": list(position.opened),
        "dealt_in": list(position.dealt_in),
        "turn": _turn_out(position.turn),
        "reshuffles": position.reshuffles,
        "result": None if position.result is None else _result_out(position.result),
    }


def _state_out(state: GameState) -> JSON:
    return {
        **_position_out(state),
        "seed": state.seed,
        "hands": [[str(card) for card in hand] for hand in state.hands],
        "stock": [str(card) for card in state.stock],
    }


def _common_position(reader: Reader, players: int) -> dict[str, Any]:
    """Fields a state and a view share, read and checked."""
    rules = _rules_in(reader.get_object("rules"))
    if not 2 <= players <= rules.max_players:
        raise InvalidDataError(
            f"{reader.path}: these rules seat 2 to {rules.max_players}, not {players}"
        )
    fields: dict[str, Any] = {
        "rules": rules,
        "dealer": reader.get_int("dealer", minimum=0, maximum=players - 1),
        "current_player": reader.get_int("current_player", minimum=0, maximum=players - 1),
        "phase": _enum(Phase, reader.get_str("phase"), reader.where("phase")),
        "discard_pile": _cards(reader.raw("discard_pile"), reader.where("discard_pile")),
        "opened": _bools(reader.raw("opened"), reader.where("opened"), players),
        "dealt_in": _bools(reader.raw("dealt_in"), reader.where("dealt_in"), players),
        "turn": _turn_in(reader.get_object("turn")),
        "reshuffles": reader.get_int("reshuffles", minimum=0, maximum=MAX_RESHUFFLES),
    }
    if len(reader.get_list("table")) > rules.deck_size // 3:
        raise InvalidDataError(f"{reader.where('table')}: more melds than the deck can make")
    fields["table"] = tuple(
        _table_in(item, f"{reader.where('table')}[{i}]", rules, players)
        for i, item in enumerate(reader.get_list("table"))
    )
    result = reader.raw("result")
    fields["result"] = (
        None if result is None else _result_in(Reader(result, reader.where("result")))
    )
    return fields


def _state_in(reader: Reader) -> GameState:
    hands_raw = reader.get_list("hands")
    players = len(hands_raw)
    if not 2 <= players <= 6:
        raise InvalidDataError(f"{reader.where('hands')}: expected 2 to 6 hands, got {players}")
    fields = _common_position(reader, players)
    hands = tuple(_cards(hand, f"{reader.where('hands')}[{i}]") for i, hand in enumerate(hands_raw))
    seed = reader.get_int("seed")
    stock = _cards(reader.raw("stock"), reader.where("stock"))
    reader.done()
    return _construct(GameState, reader.path, seed=seed, hands=hands, stock=stock, **fields)


def _construct(cls: type[T], path: str, **fields: Any) -> T:
    """Build `cls` from fields read, turning what its constructor refuses into `InvalidDataError`.

    The constructors of `GameState` and `PlayerView` check the position as
    a whole (`romme.state.state_problem`); the error's ``where`` names the
    field at fault below `path`.
    """
    try:
        return cls(**fields)
    except InvalidPositionError as error:
        where = f"{path}.{error.where}" if error.where else path
        raise InvalidDataError(f"{where}: {error.detail}") from None
    except (TypeError, ValueError) as error:
        raise InvalidDataError(f"{path}: {error}") from None


def _view_out(seen: PlayerView) -> JSON:
    return {
        **_position_out(seen),
        "player": seen.player,
        "hand": [str(card) for card in seen.hand],
        "hand_sizes": list(seen.hand_sizes),
        "stock_size": seen.stock_size,
    }


def _view_in(reader: Reader) -> PlayerView:
    sizes_raw = reader.get_list("hand_sizes")
    players = len(sizes_raw)
    if not 2 <= players <= 6:
        raise InvalidDataError(
            f"{reader.where('hand_sizes')}: expected 2 to 6 seats, got {players}"
        )
    fields = _common_position(reader, players)
    player = reader.get_int("player", minimum=0, maximum=players - 1)
    hand = tuple(sorted(_cards(reader.raw("hand"), reader.where("hand"))))
    sizes = _ints(sizes_raw, reader.where("hand_sizes"), players)
    stock_size = reader.get_int("stock_size", minimum=0)
    reader.done()
    return _construct(
        PlayerView,
        reader.path,
        player=player,
        hand=hand,
        hand_sizes=sizes,
        stock_size=stock_size,
        **fields,
    )


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
    card = _card(reader.raw("card"), reader.where("card"))
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
    meld = _meld_in(reader, None)
    reader.done()
    return meld


def _rules_doc_in(reader: Reader) -> Rules:
    return _rules_in(reader)


register("card", Card, lambda card: {"card": str(card)}, _card_doc_in)
register("meld", Meld, _meld_out, _meld_doc_in)
register("rules", Rules, _rules_out, _rules_doc_in)
register("action", ACTION_TYPES, lambda action: {"action": str(action)}, _action_doc_in)
register("state", GameState, _state_out, _state_in)
register("view", PlayerView, _view_out, _view_in)
register("round_result", RoundResult, _result_out, _result_in)


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
        raise InvalidDataError(f"document: expected an object, got {_kind(data)}")
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

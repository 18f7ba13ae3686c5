"""JSON Schema (draft 2020-12) of the documents (Dokumente) `romme.dumps` writes, for clients in any language.

`json_schema` returns the schema of one kind of document: ``card``,
``meld``, ``rules``, ``action``, ``state``, ``view``, ``record``,
``round_result`` or ``match``. The schemas are built from the library's
own values (the fields of `Rules`, the enums, the presets), so they
never drift from what `dumps` writes. They check a document's shape:
its fields, their JSON types, card and action text, enum values and the
format version. What only the rules can tell (whether the cards form
the deck, whether a meld is valid, whose turn it may be) stays with
`romme.loads`.

>>> from romme import json_schema
>>> schema = json_schema("card")
>>> schema["$schema"]
'https://json-schema.org/draft/2020-12/schema'
>>> schema["properties"]["type"]
{'const': 'card'}
"""

from __future__ import annotations

import ast
import copy
import enum
import functools
import inspect
import itertools
import sys
from collections.abc import Mapping
from typing import Any, Final

import attrs

from romme.cards import Rank, Suit
from romme.documents._serialize import FORMAT_VERSION
from romme.game import ASS_FIRST_OUT_BONUS, MAX_SEED, EndReason, Phase, Side
from romme.melds import MeldKind
from romme.rules import MAX_TABLE_TAKES, PRESETS, Rules

__all__ = ["SCHEMA_KINDS", "json_schema", "rules_field_docs"]

SCHEMA_KINDS: Final = (
    "card",
    "meld",
    "rules",
    "action",
    "state",
    "view",
    "record",
    "round_result",
    "match",
)
"""The kinds of document `json_schema` describes, one per ``type`` that `romme.dumps` writes."""

_DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
_BASE_ID: Final = "https://romme-rules.readthedocs.io/schema"

_CARD: Final = "(?:JK|(?:10|[2-9JQKA])[♣♠♥♦])"
_CARDS: Final = f"{_CARD}(?: {_CARD})*"
_MELD: Final = (
    f"meld (?:(?:{'|'.join(kind.value for kind in MeldKind)}) )?{_CARDS}(?: as {_CARDS})?"
)
_LAYOFF: Final = (
    f"layoff (?:0|[1-9][0-9]*) (?:(?:{'|'.join(side.value for side in Side)}) )?{_CARDS}"
    f"(?: as {_CARDS})?"
)
_DISCARD: Final = f"discard {_CARD}"
_ACTION: Final = (
    f"^(?:draw|takeback|knock|buy|pass|consent|refuse|{_DISCARD}|{_MELD}|{_LAYOFF}"
    f"|take(?: (?:{_MELD}|{_LAYOFF}))?"
    f"|swap (?:0|[1-9][0-9]*) {_CARD}(?: then (?:{_MELD}|{_LAYOFF}|{_DISCARD}))?"
    "|rob (?:0|[1-9][0-9]*) (?:0|[1-9][0-9]*))$"
)

_SEATS: Final = {"minItems": 2, "maxItems": 6}


def _values(cls: type[enum.Enum]) -> list[str]:
    return [str(member.value) for member in cls]


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _nullable(schema: Mapping[str, Any]) -> dict[str, Any]:
    return {"anyOf": [dict(schema), {"type": "null"}]}


def _object(
    properties: Mapping[str, Any], *, optional: tuple[str, ...] = (), description: str = ""
) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object"}
    if description:
        out["description"] = description
    out["properties"] = dict(properties)
    out["required"] = [name for name in properties if name not in optional]
    out["additionalProperties"] = False
    return out


def _list(items: Mapping[str, Any], **bounds: int) -> dict[str, Any]:
    return {"type": "array", "items": dict(items), **bounds}


_COUNT: Final = {"type": "integer", "minimum": 0}
_SEED: Final = {"type": "integer", "minimum": 1 - MAX_SEED, "maximum": MAX_SEED - 1}
"""A seed: -(2**128 - 1) to 2**128 - 1 (`romme._turn.deal.MAX_SEED`)."""
_BOOL: Final = {"type": "boolean"}
_BOOLS: Final = _list(_BOOL, **_SEATS)


@functools.lru_cache(maxsize=1)
def rules_field_docs() -> Mapping[str, str]:
    """Return each `Rules` field's documentation, read from the source of `romme.rules`.

    attrs fields carry no docstring at run time; the text under each field
    in the source is its documentation, and this reads it from there, so the
    schema and the ``romme rules`` command explain the fields in the same
    words as the API reference. Where the source is not installed, the
    mapping is empty.

    >>> rules_field_docs()["opening_threshold"].startswith("Meld value")
    True
    """
    try:
        tree = ast.parse(inspect.getsource(sys.modules[Rules.__module__]))
    except (OSError, TypeError):  # pragma: no cover - installed without its source files
        return {}
    docs: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "Rules":
            body = node.body
            for statement, following in itertools.pairwise(body):
                if (
                    isinstance(statement, ast.AnnAssign)
                    and isinstance(statement.target, ast.Name)
                    and isinstance(following, ast.Expr)
                    and isinstance(following.value, ast.Constant)
                    and isinstance(following.value.value, str)
                ):
                    docs[statement.target.id] = " ".join(following.value.value.split())
    return docs


def _rules_schema() -> dict[str, Any]:
    docs = rules_field_docs()
    properties: dict[str, Any] = {
        "preset": {
            "description": "The preset the other fields change; null for the defaults of Rules().",
            "anyOf": [{"enum": sorted(PRESETS)}, {"type": "null"}],
        }
    }
    for field in attrs.fields(Rules):
        default = field.default
        schema: dict[str, Any]
        if isinstance(default, enum.Enum):
            schema = {"enum": _values(type(default))}
        elif isinstance(default, bool):
            schema = {"type": "boolean"}
        elif isinstance(default, int):
            schema = {"type": "integer"}
        else:  # the optional numbers default to None
            schema = {"type": ["integer", "null"]}
        if field.name in docs:
            schema = {"description": docs[field.name], **schema}
        properties[field.name] = schema
    return _object(
        properties,
        optional=tuple(properties),
        description="A preset's name and the fields in which the rules differ from it.",
    )


def _defs() -> dict[str, Any]:
    result = _object(
        {
            "end": {"enum": _values(EndReason)},
            "winner": _nullable(_COUNT),
            "hand_romme": _BOOL,
            "penalties": _list(_COUNT, **_SEATS),
            "dealt_in": _BOOLS,
            "opened": _BOOLS,
            "bonuses": _list(
                {
                    "type": "integer",
                    "minimum": -ASS_FIRST_OUT_BONUS,
                    "maximum": ASS_FIRST_OUT_BONUS,
                },
                **_SEATS,
            ),
        },
        optional=("bonuses",),
        description="How a round ended and each seat's penalty (and bonus, under ass_bonuses).",
    )
    position = {
        "rules": _ref("rules"),
        "dealer": _COUNT,
        "current_player": _COUNT,
        "phase": {"enum": _values(Phase)},
        "discard_pile": _ref("cards"),
        "table": _list(_ref("table_meld")),
        "opened": _BOOLS,
        "dealt_in": _BOOLS,
        "turn": _ref("turn"),
        "reshuffles": _COUNT,
        "result": _nullable(_ref("round_result")),
        "first_to_open": _nullable(_COUNT),
    }
    return {
        "card": {
            "type": "string",
            "pattern": f"^{_CARD}$",
            "description": 'A card\'s text form: rank and suit symbol ("7♥", "10♠") or "JK".',
        },
        "cards": _list(_ref("card")),
        "action": {
            "type": "string",
            "pattern": _ACTION,
            "description": 'An action\'s text form ("draw", "meld 7♠ 8♠ 9♠", "discard K♣").',
        },
        "rules": _rules_schema(),
        "joker_role": _object(
            {
                "position": _COUNT,
                "rank": {"enum": [rank.symbol for rank in Rank]},
                "suits": _list({"enum": _values(Suit)}, minItems=1, uniqueItems=True),
            },
            description="What a joker of a meld stands for: its position from 0, rank and suits.",
        ),
        "meld": _object(
            {
                "kind": {"enum": _values(MeldKind)},
                "cards": _ref("cards"),
                "value": _COUNT,
                "jokers": _list(_ref("joker_role")),
            },
            optional=("value", "jokers"),
        ),
        "table_meld": _object(
            {
                "kind": {"enum": _values(MeldKind)},
                "cards": _ref("cards"),
                "owner": _COUNT,
                "staged": _BOOL,
                "fresh": _list(_COUNT, uniqueItems=True),
                "announced": _ref("cards"),
            },
            optional=("announced",),
            description="A meld on the table, its owner, and the positions of jokers laid this turn"
            " (and, under announced jokers, the cards a set's jokers stand for).",
        ),
        "turn": _object(
            {
                "number": _COUNT,
                "opened_before": _BOOL,
                "taken": _nullable(_ref("card")),
                "taken_in_hand": _BOOL,
                "taken_staged": _BOOL,
                "laid_off": _BOOL,
                "to_go_out": _BOOL,
                "borrowed": _ref("cards"),
                "table_takes": {"type": "integer", "minimum": 0, "maximum": MAX_TABLE_TAKES},
                "before": _ref("table_before"),
                "claim": _object(
                    {
                        "turn_of": _COUNT,
                        "passed": _list(_COUNT, uniqueItems=True),
                        "buyer": _nullable(_COUNT),
                        "consented": _list(_COUNT, uniqueItems=True),
                    },
                    description="The claim window open on the top discard (knocking, buying).",
                ),
            },
            optional=("to_go_out", "borrowed", "table_takes", "before", "claim"),
            description="What the rules remember within the turn in progress.",
        ),
        "table_before": _object(
            {
                "table": _list(_ref("table_meld")),
                "opened": _BOOL,
                "turn": _ref("turn"),
            },
            description=(
                "Räuber-Rommé: the table and the turn before the first card was taken from the"
                " table this turn (a take-back restores them)."
            ),
        ),
        "round_result": result,
        "state": _object(
            {
                **position,
                "seed": _SEED,
                "hands": _list(_ref("cards"), **_SEATS),
                "stock": _ref("cards"),
            },
            optional=("first_to_open",),
            description="A whole position, every hidden card included; the top of a pile is its last card.",
        ),
        "view": _object(
            {
                **position,
                "player": _COUNT,
                "hand": _ref("cards"),
                "hand_sizes": _list(_COUNT, **_SEATS),
                "stock_size": _COUNT,
            },
            optional=("first_to_open",),
            description="What one seat (player) may see of a position.",
        ),
        "points_table": _object(
            {
                "went_out": {"type": "integer"},
                "hand_romme": {"type": "integer"},
                "not_opened": {"type": "integer"},
                "opened": _list(
                    {
                        "type": "array",
                        "prefixItems": [{"type": ["integer", "null"]}, {"type": "integer"}],
                        "minItems": 2,
                        "items": False,
                    },
                    minItems=1,
                ),
                "sat_out": {"type": "integer"},
            },
            description="Tournament points per round; opened holds [highest penalty or null, points] bands.",
        ),
        "record": _object(
            {
                "rules": _ref("rules"),
                "players": {"type": "integer", "minimum": 2, "maximum": 6},
                "dealer": _COUNT,
                "seed": _SEED,
                "initial": _nullable(_ref("state")),
                "actions": _list(_ref("action")),
            },
            description="A round as data: the deal (by seed, or the start position) and every action.",
        ),
        "match": _object(
            {
                "rules": _ref("rules"),
                "players": {"type": "integer", "minimum": 2, "maximum": 6},
                "seed": _SEED,
                "first_dealer": _COUNT,
                "rounds": _nullable({"type": "integer", "minimum": 1}),
                "limit": _nullable({"type": "integer", "minimum": 1}),
                "points_table": _nullable(_ref("points_table")),
                "results": _list(_ref("round_result")),
                "state": _nullable(_ref("state")),
            },
            description="A match: its settings, the results of the rounds played, the round in play.",
        ),
    }


_BODIES: Final = {
    "card": {"card": _ref("card")},
    "action": {"action": _ref("action")},
}


@functools.lru_cache(maxsize=16)
def _schema(kind: str) -> dict[str, Any]:
    defs = _defs()
    header = {
        "romme": {"const": FORMAT_VERSION, "description": "The format version."},
        "type": {"const": kind},
    }
    if kind in _BODIES:
        body = _object({**header, **_BODIES[kind]})
    else:
        inner = defs[kind]
        optional = tuple(name for name in inner["properties"] if name not in inner["required"])
        body = _object({**header, **inner["properties"]}, optional=optional)
        if "description" in inner:
            body["description"] = inner["description"]
    return {
        "$schema": _DRAFT,
        "$id": f"{_BASE_ID}/v{FORMAT_VERSION}/{kind}.json",
        "title": f"romme {kind} document (format version {FORMAT_VERSION})",
        **body,
        "$defs": defs,
    }


def json_schema(kind: str) -> dict[str, Any]:
    """Return the JSON Schema (draft 2020-12) of the documents of `kind` that `romme.dumps` writes.

    Each call returns a new dict, free to change. Shared parts (a card, the
    rules, a table meld, a state) are under ``$defs`` and referenced with
    ``$ref``, so each schema stands alone.

    Args:
        kind: One of `SCHEMA_KINDS`: ``card``, ``meld``, ``rules``,
            ``action``, ``state``, ``view``, ``record``, ``round_result``,
            ``match`` (the ``type`` field of the document).

    Raises:
        ValueError: For any other kind; the message lists the kinds.

    >>> sorted(json_schema("round_result")["required"])[:3]
    ['dealt_in', 'end', 'hand_romme']
    >>> json_schema("board")
    Traceback (most recent call last):
    ...
    ValueError: no schema for documents of kind 'board'; the kinds are card, meld, rules, action, state, view, record, round_result, match
    """
    if kind not in SCHEMA_KINDS:
        raise ValueError(
            f"no schema for documents of kind {kind!r}; the kinds are {', '.join(SCHEMA_KINDS)}"
        )
    return copy.deepcopy(_schema(kind))

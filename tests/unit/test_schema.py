"""JSON Schema of the documents: every document of seeded play validates, broken ones do not."""

from __future__ import annotations

import copy
import functools
import io
import json
from typing import Any

import pytest

from romme import (
    FORMAT_VERSION,
    SCHEMA_KINDS,
    GameRecord,
    InvalidDataError,
    find_rules,
    from_dict,
    json_schema,
    new_position,
    to_dict,
    validate_meld,
)
from romme.cli import main
from tests.conftest import require_extra
from tests.documents import played_documents

KINDS = ("card", "meld", "rules", "action", "state", "view", "record", "round_result", "match")
"""Every ``type`` that `romme.dumps` writes (serialize, records and match register them)."""


@functools.cache
def validator(kind: str) -> Any:
    """A draft 2020-12 validator of `kind`, with format checks."""
    jsonschema = require_extra("jsonschema", "test")
    return jsonschema.Draft202012Validator(json_schema(kind))


def is_valid(document: dict[str, Any], kind: str | None = None) -> bool:
    """Whether `document` validates against the schema of `kind` (its own type by default)."""
    return bool(validator(kind or document["type"]).is_valid(document))


def loads_refuses(document: dict[str, Any]) -> bool:
    """Whether `from_dict` refuses `document` with `InvalidDataError`."""
    try:
        from_dict(document)
    except InvalidDataError:
        return True
    return False


def test_there_is_one_schema_per_document_type() -> None:
    """json_schema covers every document type dumps writes, in the documented order."""
    assert KINDS == SCHEMA_KINDS


@pytest.mark.parametrize("kind", KINDS)
def test_each_schema_is_a_valid_draft_2020_12_schema(kind: str) -> None:
    """Every schema is itself valid under the draft 2020-12 meta-schema, and names that draft."""
    jsonschema = require_extra("jsonschema", "test")
    schema = json_schema(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert "https://json-schema.org/draft/2020-12/schema" == schema["$schema"]
    assert {"const": kind} == schema["properties"]["type"]
    assert {"const": 1} == {"const": schema["properties"]["romme"]["const"]}


def test_an_unknown_kind_is_a_value_error_listing_the_kinds() -> None:
    """json_schema refuses an unknown kind with a ValueError that names every kind."""
    with pytest.raises(ValueError, match="'board'") as caught:
        json_schema("board")
    for kind in KINDS:
        assert kind in str(caught.value)
    with pytest.raises(ValueError, match="kinds are"):
        json_schema(3)  # type: ignore[arg-type]


def test_each_call_returns_a_schema_free_to_change() -> None:
    """Changing a returned schema does not change the next one returned."""
    first = json_schema("state")
    first["properties"].clear()
    assert "hands" in json_schema("state")["properties"]


def test_every_document_of_seeded_play_under_every_preset_validates() -> None:
    """Every document of seeded matches (states, every seat's views, actions, melds, results, records, matches) validates."""
    documents = played_documents()
    assert set(KINDS) == {document["type"] for document in documents}
    failures = [d["type"] for d in documents if not is_valid(d)]
    assert [] == failures


def test_a_record_from_a_set_up_position_and_a_meld_with_jokers_validate() -> None:
    """A record that stores its start position and a meld listing its jokers validate."""
    rules = find_rules("classic")
    assert is_valid(to_dict(rules))
    meld = to_dict(validate_meld("JK 5♣ 6♣ JK", rules))
    assert 2 == len(meld["jokers"])
    assert is_valid(meld)
    state = new_position(rules, hands=["5♥ 6♥ 7♥", "8♦ 9♦"], seed=3)
    record = to_dict(GameRecord.start(state))
    assert record["initial"] is not None
    assert is_valid(record)


def _first(kind: str) -> dict[str, Any]:
    return copy.deepcopy(next(d for d in played_documents() if d["type"] == kind))


BROKEN = [
    ("state", lambda d: d.pop("stock")),
    ("state", lambda d: d.update(colour="red")),
    ("state", lambda d: d.update(seed="5")),
    ("state", lambda d: d["turn"].pop("laid_off")),
    ("state", lambda d: d["turn"].update(number=True)),
    ("state", lambda d: d.update(hands={})),
    ("view", lambda d: d.update(stock_size=None)),
    ("view", lambda d: d["hand"].append(7)),
    ("view", lambda d: d["rules"].update(joker_limit=1)),
    ("view", lambda d: d["rules"].update(colour="red")),
    ("match", lambda d: d.update(results="none")),
    ("record", lambda d: d["actions"].append(["draw"])),
    ("meld", lambda d: d.update(kind=3)),
    ("card", lambda d: d.update(card=["7♥"])),
    ("action", lambda d: d.pop("action")),
    ("round_result", lambda d: d.update(penalties=[True, False])),
    ("rules", lambda d: d.update(preset=7)),
]
"""Structural breaks: a field missing or unknown, a value of the wrong JSON type."""


@pytest.mark.parametrize(("kind", "breaking"), BROKEN)
def test_structurally_broken_documents_are_refused_by_loads_and_by_the_schema(
    kind: str, breaking: Any
) -> None:
    """A missing or unknown field or a wrong JSON type is refused both by loads and by the schema."""
    document = _first(kind)
    assert is_valid(document)
    breaking(document)
    assert loads_refuses(document)
    assert not is_valid(document)


@pytest.mark.parametrize("kind", KINDS)
def test_a_wrong_type_tag_or_a_future_version_fails_both(kind: str) -> None:
    """A document under another type's tag, or of a newer format version, fails both loads and the schema."""
    document = _first(kind)
    newer = {**document, "romme": FORMAT_VERSION + 1}
    assert loads_refuses(newer)
    assert not is_valid(newer)
    other = next(k for k in KINDS if k != kind)
    retagged = {**document, "type": other}
    assert loads_refuses(retagged)
    assert not is_valid(retagged)
    assert not is_valid(document, other)


@pytest.mark.parametrize("kind", KINDS)
def test_romme_schema_prints_the_schema_of_each_kind(kind: str) -> None:
    """`romme schema KIND` prints json_schema(KIND) as JSON."""
    out = io.StringIO()
    assert 0 == main(["schema", kind], stdout=out, stderr=io.StringIO())
    assert json_schema(kind) == json.loads(out.getvalue())


def test_romme_schema_refuses_an_unknown_kind() -> None:
    """`romme schema` takes only the known kinds (exit status 2, the kinds listed)."""
    err = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        main(["schema", "board"], stdout=io.StringIO(), stderr=err)
    assert 2 == exited.value.code
    assert "round_result" in err.getvalue()

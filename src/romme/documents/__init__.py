"""Documents (Speichern und Laden): JSON for every value, its schema, and game records.

`to_dict`, `from_dict`, `dumps` and `loads` with the registry of document
kinds (`register`), the codecs of each value (`state_in`, `rules_out`, …),
which the match documents of `romme.play` use too, the field reader
(`Reader`), the JSON Schema (`json_schema`) and the game record
(`GameRecord`), replayed through the turn core.

Its modules are private; this interface lists what the rest of the
library reads, the public names among them re-exported by `romme`.
"""

from romme.documents._codecs import (
    construct,
    result_in,
    result_out,
    rules_in,
    rules_out,
    state_in,
    state_out,
)
from romme.documents._reader import Reader
from romme.documents._records import MAX_RECORD_ACTIONS, GameRecord, ReplayError
from romme.documents._schema import SCHEMA_KINDS, json_schema, rules_field_docs
from romme.documents._serialize import (
    FORMAT_VERSION,
    MAX_DOCUMENT_LENGTH,
    dumps,
    from_dict,
    loads,
    register,
    to_dict,
)

__all__ = [
    "FORMAT_VERSION",
    "MAX_DOCUMENT_LENGTH",
    "MAX_RECORD_ACTIONS",
    "SCHEMA_KINDS",
    "GameRecord",
    "Reader",
    "ReplayError",
    "construct",
    "dumps",
    "from_dict",
    "json_schema",
    "loads",
    "register",
    "result_in",
    "result_out",
    "rules_field_docs",
    "rules_in",
    "rules_out",
    "state_in",
    "state_out",
    "to_dict",
]

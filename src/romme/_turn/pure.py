"""The pure-Python turn core's four entry points (private): the statement of every rule, the fallback and the oracle of the accelerator.

`legal_actions`, `check`, `is_legal` and `apply` as the Python stages
decide them, never through `romme._cturn`: `dispatch` falls back on them
wherever the accelerator answers ``NotImplemented`` (or is not in use), and
the differential tests (tests/accel/) compare the accelerator's answers with
theirs.
"""

from __future__ import annotations

from romme._turn.engine import apply
from romme._turn.legal import check, is_legal, legal_actions

__all__ = ["apply", "check", "is_legal", "legal_actions"]

"""The message of an adapter imported without its extra: which extra to install."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator


@contextlib.contextmanager
def needs_extra(module: str, extra: str) -> Iterator[None]:
    """Turn a missing third-party module imported inside into one that names `extra`.

    The error stays a `ModuleNotFoundError` (an `ImportError`) with the missing
    module's ``name``, so ``except ImportError`` and ``pytest.importorskip`` keep
    working; only its message says what to install.
    """
    try:
        yield
    except ModuleNotFoundError as error:
        if error.name is None or error.name.partition(".")[0] == "romme":
            raise
        raise ModuleNotFoundError(
            f"{module} needs the [{extra}] extra: pip install 'romme-rules[{extra}]' ({error})",
            name=error.name,
        ) from error

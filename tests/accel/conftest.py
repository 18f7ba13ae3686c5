"""The accelerator's tests: `romme._cturn` where it was built, or a skip that says so.

With ``ROMME_REQUIRE_ACCELERATOR=1`` (as ``.ci/run`` sets it after building
the wheel) a missing accelerator fails these tests instead of skipping them,
so that CI can never pass by skipping the differential test.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


@pytest.fixture(scope="session")
def cturn() -> ModuleType:
    """The compiled accelerator, `romme._cturn`."""
    try:
        return importlib.import_module("romme._cturn")
    except ImportError as error:
        if os.environ.get("ROMME_REQUIRE_ACCELERATOR") == "1":
            pytest.fail(f"romme._cturn is required here but was not built: {error}")
        pytest.skip(
            "romme._cturn was not built (no C compiler at install time?): "
            f"pip install -e . with a compiler builds it ({error})"
        )

"""Shared test setup: hypothesis profiles, the ``slow`` marker and the extras guard.

Profiles (no profile has a deadline: a loaded machine is slow, and speed is
measured by ``bench/``, never by a test):

- ``dev`` (the default) runs a moderate number of examples per property;
- ``ci`` (selected with ``HYPOTHESIS_PROFILE=ci``) runs the same
  derandomized and prints a reproduction blob for every failure;
- ``ci-quick`` is ``ci`` with the ``dev`` counts of the long properties;
- ``thorough`` runs many more examples, for a long run by hand.

A long property (whole rounds of play, many seeds) is one test, marked
``long``, whose count `examples` takes from the profile: few under ``dev``
and ``ci-quick``, the long run under ``ci``, ten times that under
``thorough``. There is no quick and slow twin of a property. `.ci/run` runs
the plain tests under ``ci-quick`` with coverage, and the ``long`` tests
once more under ``ci``.

Tests marked ``slow`` (a real server's or terminal's timing, whole rounds in a
browser, the benchmark, a local Ray) are left out of a plain ``python -m
pytest``; ``python -m pytest -m slow`` runs them, and ``.ci/run`` runs both.

Tests of an optional extra (``[web]``, ``[rl]``, ``[ray]``, …) call
`require_extra`: it skips the test, naming the extra to install, where the
extra is missing, and fails it instead when ``ROMME_REQUIRE_EXTRAS=1`` is set
(as ``.ci/run`` does after installing every extra), so that CI can never pass
by skipping them.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci-quick",
    max_examples=100,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
"""The hypothesis profile of this run (``dev`` unless ``HYPOTHESIS_PROFILE`` names another)."""
settings.load_profile(PROFILE)


def examples(dev: int, ci: int) -> int:
    """The count of a long property under this run's profile: `dev` under ``dev`` and ``ci-quick``, `ci` under ``ci``, ten times `ci` under ``thorough``.

    Such a test is marked ``long``: `.ci/run` runs the plain tests under
    ``ci-quick`` (the ``ci`` profile's settings with the ``dev`` counts),
    with coverage, and the ``long`` tests once more under ``ci``.

    The count is hypothesis's ``max_examples`` of the property, or the
    number of seeds or rounds a test of whole rounds plays.
    """
    if not 1 <= dev <= ci:
        raise ValueError(f"need 1 <= dev <= ci, not {dev} and {ci}")
    return {"ci": ci, "thorough": 10 * ci}.get(PROFILE, dev)


def require_extra(module: str, extra: str) -> ModuleType:
    """Import `module` of the optional `extra`, or skip the test saying what to install.

    With ``ROMME_REQUIRE_EXTRAS=1`` a missing module fails the test instead.
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        if os.environ.get("ROMME_REQUIRE_EXTRAS") == "1":
            pytest.fail(f"{module} (extra [{extra}]) is required here but missing: {error}")
        pytest.skip(
            f"needs the [{extra}] extra: pip install -e '.[{extra}]' ({error})",
            allow_module_level=True,
        )

"""Shared test setup: hypothesis profiles.

``dev`` (the default) runs more examples per property; ``ci`` (selected with
``HYPOTHESIS_PROFILE=ci``, as ``.ci/run`` does) runs fewer, derandomized and
without deadlines, and prints a reproduction blob for every failure.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=200)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

"""The build of the optional accelerator, `romme._cturn` (every other setting is in pyproject.toml).

One C extension, written against the limited API of Python 3.10, so that one
wheel per platform (tagged ``cp310-abi3``) serves every Python the package
supports. It is optional: where it cannot be compiled (no compiler, no Python
headers) the install goes on without it, quietly unless pip runs with ``-v``,
and gives the pure-Python package, which is the same library
(``romme.accelerated`` then says ``False``).
"""

from __future__ import annotations

import os

from setuptools import Extension, setup

_LIMITED_API = "0x030A0000"
"""Python 3.10, the oldest the package supports (``Py_LIMITED_API``)."""

_SOURCES = [
    "csrc/cturn.c",
    "csrc/position.c",
    "csrc/draw.c",
    "csrc/discard.c",
    "csrc/claims.c",
    "csrc/melds.c",
    "csrc/opening.c",
    "csrc/play.c",
    "csrc/laying.c",
    "csrc/rearranging.c",
]

_WARNINGS = [] if os.name == "nt" else ["-Wall", "-Wextra"]

setup(
    ext_modules=[
        Extension(
            "romme._cturn",
            sources=_SOURCES,
            depends=["csrc/position.h", "csrc/melds.h", "csrc/play.h", "csrc/rearranging.h"],
            define_macros=[("Py_LIMITED_API", _LIMITED_API)],
            py_limited_api=True,
            optional=True,
            extra_compile_args=_WARNINGS,
        )
    ],
    options={"bdist_wheel": {"py_limited_api": "cp310"}},
)

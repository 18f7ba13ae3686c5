"""Sphinx configuration for the romme-rules documentation.

Build (as CI does)::

    python -m sphinx -n -W --keep-going -q -b html docs /tmp/docs-html
    python -m sphinx -n -W --keep-going -q -b doctest docs /tmp/docs-doctest

The build needs no network: there is no intersphinx, and the few external
names that nitpicky mode cannot resolve are listed in ``nitpick_ignore``.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import romme

# The local extension (docs/_ext/romme_docs.py) generates the tables that must
# follow the code: presets x fields, preset aliases, the Reason table.
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

# -- project -------------------------------------------------------------------

project = "romme-rules"
author = "romme-rules developers"
copyright = "romme-rules developers"
release = romme.__version__
version = release

# -- general -------------------------------------------------------------------

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "romme_docs",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
language = "en"

# In this project single backticks in docstrings are a cross-reference to a
# Python object (`Card`, `Meld.cards`); romme_docs turns those that name a
# parameter of the documented function into *emphasis* instead.
default_role = "py:obj"
nitpicky = True

# -- MyST ----------------------------------------------------------------------

myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]

# -- autodoc and napoleon ------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
add_module_names = False
python_use_unqualified_type_names = True
python_maximum_signature_line_length = 88
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
# Signatures say `Action`, a link to its entry, instead of spelling out the union.
autodoc_type_aliases = {"Action": "romme.Action"}


# The docs extra installs numpy, enough for romme.rl.spaces, .observation and
# .rewards. The environments need their frameworks (the [rl] and [openspiel]
# extras); where one is not installed, autodoc imports its module against a
# stand-in, so that the RL page keeps its whole reference. CI installs them all,
# so nothing is stood in for there.
def _missing(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return True
    return False


autodoc_mock_imports = [name for name in ("gymnasium", "pettingzoo", "pyspiel") if _missing(name)]

# -- doctest -------------------------------------------------------------------

# Docstring examples run in their module's namespace under pytest; here every
# page gets the public API instead.
doctest_global_setup = """
import attrs
import romme
from romme import *
"""

# -- nitpicky: external names only ---------------------------------------------

# Without intersphinx (CI has no network) references to the standard library
# and attrs cannot resolve. Builtins and `typing` names are resolved by Sphinx
# itself. References to romme's own objects are never ignored.
nitpick_ignore: list[tuple[str, str]] = [
    ("py:class", "collections.Counter"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "collections.abc.Callable"),
    ("py:class", "random.Random"),
    ("py:obj", "random.Random"),
    # romme.testing's signatures (hypothesis has no inventory here; the alias is a Literal).
    ("py:class", "hypothesis.strategies.SearchStrategy"),
    ("py:class", "TypeAliasForwardRef"),
    ("py:class", "NearMissKind"),
    # romme.rl's signatures: numpy's and gymnasium's types (no inventory here).
    ("py:class", "NDArray"),
    ("py:class", "np.float32"),
    ("py:class", "np.bool_"),
    ("py:class", "gymnasium.spaces.space.Space"),
    ("py:class", "Position"),
]
if "gymnasium" in autodoc_mock_imports:
    # The stand-in's name for RommeEnv's spaces, where gymnasium is not installed.
    nitpick_ignore.append(("py:class", "gymnasium.spaces.Space.typing.Any"))

# Docstring examples are run by pytest (--doctest-modules) in their own
# module's namespace; Sphinx runs the {doctest} blocks of the pages.
doctest_test_doctest_blocks = ""

# -- HTML ----------------------------------------------------------------------

html_theme = "furo"
html_title = f"romme-rules {release}"
html_static_path = ["_static"]
html_css_files = ["romme.css"]

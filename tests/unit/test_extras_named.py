"""Without an extra, the RL adapters and examples say which extra to install, and the docs
extra builds the RL page's whole reference (tables point 12).

The absence of a package is made real in a child process: a finder placed first on
``sys.meta_path`` refuses to import it, as Python refuses a module that is not installed.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import require_extra

ROOT = Path(__file__).resolve().parents[2]

WITHOUT = textwrap.dedent(
    """
    import importlib.abc, runpy, sys
    blocked = set(sys.argv[1].split(","))
    class NotInstalled(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in blocked:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None
    sys.meta_path.insert(0, NotInstalled())
    what, sys.argv = sys.argv[2], sys.argv[2:]
    if what.endswith(".py"):
        runpy.run_path(what, run_name="__main__")
    elif what == "sphinx":
        from sphinx.cmd.build import main
        sys.exit(main(sys.argv[1:]))
    else:
        try:
            __import__(what)
        except ImportError as error:
            print(type(error).__name__, error.name, isinstance(error, ModuleNotFoundError))
            print(error)
    """
)
"""Runs a script, imports a module or builds the docs with the packages of argv[1] missing."""


def without(packages: str, *argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-c", WITHOUT, packages, *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=ROOT,
        env=env,
    )


ADAPTER_PACKAGES = {
    "romme.rl.spaces": ("numpy",),
    "romme.rl.observation": ("numpy",),
    "romme.rl.gym": ("numpy", "gymnasium"),
    "romme.rl.pettingzoo": ("numpy", "pettingzoo"),
    "romme.rl.openspiel": ("numpy", "pyspiel"),
}
"""The packages each RL adapter imports, of its extra."""


@pytest.mark.parametrize(
    ("module", "missing", "extra"),
    [
        ("romme.rl.spaces", "numpy", "rl"),
        ("romme.rl.observation", "numpy", "rl"),
        ("romme.rl.gym", "numpy", "rl"),
        ("romme.rl.gym", "gymnasium", "rl"),
        ("romme.rl.pettingzoo", "numpy", "rl"),
        ("romme.rl.pettingzoo", "pettingzoo", "rl"),
        ("romme.rl.openspiel", "numpy", "openspiel"),
        ("romme.rl.openspiel", "pyspiel", "openspiel"),
    ],
)
def test_tables_point12_an_adapter_without_its_extra_names_the_extra(
    module: str, missing: str, extra: str
) -> None:
    """Tables point 12: importing an RL adapter without its extra raises ModuleNotFoundError
    (an ImportError, with the missing module's name) whose message says which extra to
    install, not a bare "No module named 'numpy'"."""
    # The adapter's other packages must be there, so that the one made missing is the one
    # its import stops at (the run of the extra's own tests has them all).
    for package in ADAPTER_PACKAGES[module]:
        if package != missing:
            require_extra(package, extra)
    done = without(missing, module)

    assert 0 == done.returncode, done.stderr
    kind, message = done.stdout.splitlines()
    assert f"ModuleNotFoundError {missing} True" == kind
    assert message.startswith(f"{module} needs the [{extra}] extra: ")
    assert f"pip install 'romme-rules[{extra}]'" in message
    assert f"No module named '{missing}'" in message


@pytest.mark.parametrize(
    ("script", "says"),
    [
        (
            "examples/rl/train_reinforce.py",
            "this example needs the [rl] extra: pip install 'romme-rules[rl]'",
        ),
        (
            "examples/rl/rllib_pettingzoo.py",
            "romme.rl.pettingzoo needs the [rl] extra: pip install 'romme-rules[rl]'",
        ),
    ],
)
def test_tables_point12_the_rl_examples_without_numpy_say_which_extra(
    script: str, says: str
) -> None:
    """Tables point 12: the RL examples run without numpy fail saying to install the [rl]
    extra, not with a bare "No module named 'numpy'"."""
    done = without("numpy", script, "--check")

    assert 0 != done.returncode
    assert says in done.stderr.strip().splitlines()[-1]


def test_tables_point12_the_docs_extra_installs_numpy() -> None:
    """Tables point 12: the docs extra holds numpy, which romme.rl.spaces and
    romme.rl.observation import, so the RL page's reference is built from it."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    docs = re.search(r"^docs = \[(.*)\]$", text, re.M)
    assert docs is not None
    assert re.search(r'"numpy>=[\d.]+"', docs.group(1))


@pytest.mark.slow
def test_tables_point12_the_docs_build_with_the_docs_extra_only(tmp_path: Path) -> None:
    """Tables point 12: with the docs extra and without the RL frameworks (gymnasium,
    pettingzoo, pyspiel), the README's HTML build gives no warning (there were 8) and the RL
    page documents every adapter; and at 1280 px no code block of any page is wider than
    its column."""
    pytest.importorskip("sphinx", reason="needs the [docs] extra")
    html = tmp_path / "html"
    done = without(
        "gymnasium,pettingzoo,pyspiel",
        "sphinx",
        "-q",
        "-b",
        "html",
        "-d",
        str(tmp_path / "doctrees"),
        "docs",
        str(html),
        timeout=900,
    )
    assert 0 == done.returncode, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    page = (html / "rl.html").read_text(encoding="utf-8")
    for name in (
        "romme.rl.spaces.ActionSpace",
        "romme.rl.observation.Observation",
        "romme.rl.pettingzoo.raw_env",
        "romme.rl.gym.RommeEnv",
        "romme.rl.openspiel.RommeGame",
    ):
        assert f'id="{name}"' in page, name

    from tests.web.test_browser import CHROMIUM, CHROMIUM_ARGS, _need_chromium

    _need_chromium()
    playwright = pytest.importorskip("playwright.sync_api", reason="needs the [web-test] extra")
    wide = []
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport={"width": 1280, "height": 800})
        pages = [p for p in sorted(html.rglob("*.html")) if "_modules" not in p.parts]
        for path in pages:
            tab.goto(path.as_uri())
            over = tab.evaluate(
                "() => [...document.querySelectorAll('article pre')]"
                ".filter(p => p.scrollWidth > p.clientWidth + 1).length"
            )
            if over:
                wide.append((path.relative_to(html).as_posix(), over))
        browser.close()
    assert len(pages) > 20
    assert [] == wide

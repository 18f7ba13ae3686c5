"""Collection guard: the web table's modules are imported for their doctests only where the [web] extra is installed."""

import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("starlette") else ["src/romme/web/*"]

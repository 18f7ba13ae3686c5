"""The web table (Spieltisch im Browser): ``romme serve``, play Rommé in the browser.

Needs the ``[web]`` extra (Starlette and uvicorn); ``import romme`` never
imports this package. `create_app` returns the ASGI app; `StoreError` is
what it raises for a game store it cannot open.
"""

from romme.web.app import create_app
from romme.web.store import StoreError

__all__ = [
    "StoreError",
    "create_app",
]

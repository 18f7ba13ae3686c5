"""The web table (Spieltisch im Browser): ``romme serve``, play Rommé in the browser.

Needs the ``[web]`` extra (Starlette and uvicorn); ``import romme`` never
imports this package. `create_app` returns the ASGI app.
"""

from romme.web.app import create_app

__all__ = ["create_app"]

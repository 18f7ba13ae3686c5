"""The game store (Spielablage): every web game as one JSON document in an SQLite file.

The standard library's `sqlite3` keeps one row per game: its id, the
document `romme.web.game.to_document` writes (the match by
`romme.to_dict`, the seats with their tokens' hashes, the move log and the
score sheets), and when it was created and last changed. A store opened on
the same file after a restart finds every game again.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from typing import Any

__all__ = ["MEMORY", "GameStore"]

MEMORY = ":memory:"
"""The path of a store that lives in memory only (for tests)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    document TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
)
"""


class GameStore:
    """Games kept in an SQLite file, one JSON document per game.

    One connection serves every thread; `locked` holds the store's
    lock so that a request reads, changes and writes a game alone.

    Args:
        path: The SQLite file (created if missing), or `MEMORY`.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        """The SQLite file."""
        self._lock = threading.RLock()
        self._connection = sqlite3.connect(self.path, check_same_thread=False)
        with self._connection:
            self._connection.execute(_SCHEMA)

    @contextlib.contextmanager
    def locked(self) -> Iterator[GameStore]:
        """Hold the store alone for one read-change-write of a game (each write commits)."""
        with self._lock:
            yield self

    def load(self, game: str) -> dict[str, Any] | None:
        """Return the document of `game`, or ``None`` if there is no such game."""
        with self._lock:
            row = self._connection.execute(
                "SELECT document FROM games WHERE id = ?", (game,)
            ).fetchone()
        if row is None:
            return None
        document: dict[str, Any] = json.loads(row[0])
        return document

    def load_text(self, game: str) -> str | None:
        """Return the stored text of `game`'s document, exactly as written, or ``None``."""
        with self._lock:
            row = self._connection.execute(
                "SELECT document FROM games WHERE id = ?", (game,)
            ).fetchone()
        return None if row is None else str(row[0])

    def save(self, game: str, document: dict[str, Any], *, now: float) -> None:
        """Write the document of `game`, adding the game if it is new."""
        text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
        with self._lock, self._connection:
            self._connection.execute(
                "INSERT INTO games (id, document, created, updated) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET document = excluded.document, updated = excluded.updated",
                (game, text, now, now),
            )

    def games(self) -> list[str]:
        """Return the ids of every stored game, oldest first."""
        with self._lock:
            rows = self._connection.execute("SELECT id FROM games ORDER BY created, id").fetchall()
        return [str(row[0]) for row in rows]

    def close(self) -> None:
        """Close the connection (a store opened again on the file finds every game)."""
        with self._lock:
            self._connection.close()

"""The game store (Spielablage): every web game as one JSON document in an SQLite file.

The standard library's `sqlite3` keeps one row per game: its id, the
document `romme.web.game.to_document` writes (the match by
`romme.to_dict`, the seats with their tokens' hashes, the move log and the
score sheets), and when it was created and last changed. A store opened on
the same file after a restart finds every game again.

Each game has a lock of its own (`GameStore.locked`): a request reads,
changes and writes its game alone, and a slow request holds up only its
own game. The connection is shared and held only while a statement runs.
A storage fault raises `StoreError` (the file cannot be read or written)
or `DamagedGameError` (one game's row cannot be read), never a bare
`sqlite3` error.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
from collections.abc import Iterator
from typing import Any

from romme.errors import RommeError

__all__ = ["MEMORY", "DamagedGameError", "GameStore", "StoreError"]

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

logger = logging.getLogger("romme.web")


class StoreError(RommeError):
    """The game store's file cannot be opened, read or written (missing, read-only, damaged)."""


class DamagedGameError(StoreError):
    """One game's stored row cannot be read as a table document (the other games are not concerned)."""


class _Locks:
    """A lock per key, made when first asked for and dropped when nobody holds or waits for it."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, tuple[threading.RLock, int]] = {}

    @contextlib.contextmanager
    def hold(self, key: str) -> Iterator[None]:
        with self._guard:
            lock, users = self._locks.get(key, (threading.RLock(), 0))
            self._locks[key] = (lock, users + 1)
        try:
            with lock:
                yield
        finally:
            with self._guard:
                users = self._locks[key][1] - 1
                if users:
                    self._locks[key] = (lock, users)
                else:
                    del self._locks[key]


class GameStore:
    """Games kept in an SQLite file, one JSON document per game.

    One connection serves every thread, held only while a statement runs;
    `locked` holds one game's lock so that a request reads, changes and
    writes that game alone, while requests on other games go on.

    Args:
        path: The SQLite file (created if missing), or `MEMORY`.

    Raises:
        StoreError: If the file cannot be opened as a game store.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        """The SQLite file."""
        self._games = _Locks()
        self._db = threading.RLock()
        try:
            self._connection = sqlite3.connect(self.path, check_same_thread=False)
            with self._connection:
                self._connection.execute(_SCHEMA)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the game store {self.path}: {error}") from None
        self._file = self._identity()

    def _identity(self) -> tuple[int, int] | None:
        """The file's device and inode, to tell whether it was deleted or replaced; ``None`` for none."""
        if self.path == MEMORY or self.path == "":
            return None
        try:
            info = os.stat(self.path)
        except OSError:
            return None
        return (info.st_dev, info.st_ino)

    @contextlib.contextmanager
    def locked(self, game: str) -> Iterator[GameStore]:
        """Hold `game`'s lock for one read-change-write of it (each write commits); other games stay free."""
        with self._games.hold(game):
            yield self

    def _row(self, game: str) -> bytes | None:
        try:
            with self._db:
                row = self._connection.execute(
                    "SELECT CAST(document AS BLOB) FROM games WHERE id = ?", (game,)
                ).fetchone()
        except sqlite3.Error as error:
            raise StoreError(f"cannot read the game store {self.path}: {error}") from None
        return None if row is None else bytes(row[0])

    def load(self, game: str) -> dict[str, Any] | None:
        """Return the document of `game`, or ``None`` if there is no such game.

        Raises:
            StoreError: If the store cannot be read.
            DamagedGameError: If the game's row is not a JSON object.
        """
        text = self.load_text(game)
        if text is None:
            return None
        try:
            document = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise DamagedGameError(
                f"game {game}: the stored document is not JSON ({error})"
            ) from None
        if not isinstance(document, dict):
            raise DamagedGameError(f"game {game}: the stored document is not a JSON object")
        return document

    def load_text(self, game: str) -> str | None:
        """Return the stored text of `game`'s document, exactly as written, or ``None``.

        Raises:
            StoreError: If the store cannot be read.
            DamagedGameError: If the row is not UTF-8 text.
        """
        row = self._row(game)
        if row is None:
            return None
        try:
            return row.decode("utf-8")
        except UnicodeDecodeError as error:
            raise DamagedGameError(
                f"game {game}: the stored document is not UTF-8 ({error})"
            ) from None

    def save(self, game: str, document: dict[str, Any], *, now: float) -> None:
        """Write the document of `game`, adding the game if it is new.

        A file deleted while the store is open is written anew from the open
        connection, every game included, before the write is made again.

        Raises:
            StoreError: If the store cannot be written (the game stays as it was stored).
        """
        text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
        with self._db:
            try:
                self._write(game, text, now)
            except sqlite3.Error as error:
                if not self._restore():
                    raise StoreError(f"cannot write the game store {self.path}: {error}") from None
                try:
                    self._write(game, text, now)
                except sqlite3.Error as again:
                    raise StoreError(f"cannot write the game store {self.path}: {again}") from None

    def _write(self, game: str, text: str, now: float) -> None:
        with self._connection:
            self._connection.execute(
                "INSERT INTO games (id, document, created, updated) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET document = excluded.document, updated = excluded.updated",
                (game, text, now, now),
            )

    def _restore(self) -> bool:
        """Write every game to a new file where the store's file was deleted; return whether it was."""
        if self._file is None or os.path.lexists(self.path):
            return False
        logger.warning(
            "the game store %s was deleted while the server ran: writing its games to it anew",
            self.path,
        )
        try:
            fresh = sqlite3.connect(self.path, check_same_thread=False)
        except sqlite3.Error:
            return False
        try:
            self._connection.backup(fresh)
        except sqlite3.Error:
            fresh.close()
            return False
        self._connection.close()
        self._connection = fresh
        self._file = self._identity()
        return True

    def count(self) -> int:
        """Return the number of stored games.

        Raises:
            StoreError: If the store cannot be read.
        """
        try:
            with self._db:
                (number,) = self._connection.execute("SELECT COUNT(*) FROM games").fetchone()
        except sqlite3.Error as error:
            raise StoreError(f"cannot read the game store {self.path}: {error}") from None
        return int(number)

    def games(self) -> list[str]:
        """Return the ids of every stored game, oldest first.

        Raises:
            StoreError: If the store cannot be read.
        """
        try:
            with self._db:
                rows = self._connection.execute(
                    "SELECT id FROM games ORDER BY created, id"
                ).fetchall()
        except sqlite3.Error as error:
            raise StoreError(f"cannot read the game store {self.path}: {error}") from None
        return [str(row[0]) for row in rows]

    def close(self) -> None:
        """Close the connection (a store opened again on the file finds every game)."""
        with self._db:
            self._connection.close()

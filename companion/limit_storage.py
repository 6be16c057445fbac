"""The limits' counts, shared by every worker process of one server: `host:///path/to/file`.

`limits` (under Flask-Limiter) keeps counts in memory, one count per process, unless they live in Redis,
Memcached or MongoDB: with gunicorn's two workers a client met twice each limit, and a home server has
none of those services. So the counts live in one small SQLite file per server (in RAM where the host
has /dev/shm, see web/limits.py), registered with `limits` as a storage of its own (its documented way
to add one): fixed windows, one statement a hit. Writers take turns as the app's own SQLite writers do
(database.SqliteWriter: a lock per process and an flock between them, never SQLite's busy handler, which
would stall a gevent worker); a hit costs tens of microseconds. Several hosts share counts through
RATELIMIT_STORAGE_URI=redis://… or memcached:// instead.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import stat
import time
from pathlib import Path

import sqlalchemy as sa

from limits.storage import Storage

from .database import SqliteWriter

SCHEME = "host"
_SWEEP_EVERY = 1000  # hits between two sweeps of expired counts
MEMORY = Path("/dev/shm") if Path("/dev/shm").is_dir() else None  # Linux's RAM file system, on every host


class HostStorage(Storage):
    STORAGE_SCHEME = [SCHEME]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.path = (uri or "").split("://", 1)[1]
        if not self.path:
            raise ValueError("host:// needs the counts' file, e.g. host:///dev/shm/limits.sqlite3")
        self._turn = SqliteWriter(self.path)
        self._connection: sqlite3.Connection | None = None
        self._pid = 0
        self._hits = 0

    @property
    def base_exceptions(self) -> tuple[type[Exception], ...]:
        return sqlite3.Error, OSError  # OSError: the lock files beside the counts (a full or missing folder)

    def _db(self) -> sqlite3.Connection:
        """This process's connection (a forked worker opens its own). Called holding the turn."""
        if self._pid != os.getpid() or self._connection is None:
            connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=OFF")  # counts, not games: a crash may lose a few
            connection.execute("CREATE TABLE IF NOT EXISTS count "
                               "(key TEXT PRIMARY KEY, hits INTEGER NOT NULL, expires REAL NOT NULL)")
            self._connection, self._pid = connection, os.getpid()
        return self._connection

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self._turn():
            db = self._db()
            # A count past its window starts again at `amount` with a new window.
            hits = db.execute(
                "INSERT INTO count (key, hits, expires) VALUES (?1, ?2, ?3) ON CONFLICT (key) DO UPDATE SET "
                "hits = CASE WHEN expires <= ?4 THEN ?2 ELSE hits + ?2 END, "
                "expires = CASE WHEN expires <= ?4 THEN ?3 ELSE expires END RETURNING hits",
                (key, amount, now + expiry, now)).fetchone()[0]
            self._hits += 1
            if self._hits % _SWEEP_EVERY == 0:
                db.execute("DELETE FROM count WHERE expires <= ?", (now,))
        return hits

    def _row(self, key: str) -> tuple[int, float] | None:
        with self._turn():
            row = self._db().execute("SELECT hits, expires FROM count WHERE key = ? AND expires > ?",
                                     (key, time.time())).fetchone()
        return row

    def get(self, key: str) -> int:
        row = self._row(key)
        return row[0] if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return row[1] if row else time.time()

    def check(self) -> bool:
        try:
            with self._turn():
                self._db().execute("SELECT 1").fetchone()
            return True
        except (sqlite3.Error, OSError):
            return False

    def reset(self) -> int | None:
        with self._turn():
            return self._db().execute("DELETE FROM count").rowcount

    def clear(self, key: str) -> None:
        with self._turn():
            self._db().execute("DELETE FROM count WHERE key = ?", (key,))


def host_folder(instance_path: str, database_uri: str, base: Path | None = MEMORY,
                purpose: str = "limits") -> Path | None:
    """Where the server processes of one database on this host share what they keep (`purpose`: the limits'
    counts, the drawn panels): a folder of this user's in `base` (RAM), else beside a SQLite file or in the
    instance folder. None for SQLite in memory (one process)."""
    url = sa.engine.make_url(database_uri)
    if url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:"):
        return None
    database = str(Path(url.database).resolve()) if url.get_backend_name() == "sqlite" else database_uri
    digest = hashlib.sha256(database.encode()).hexdigest()[:16]
    own = _own_folder(base / f"table-companion-{os.getuid()}") if base else None
    if own is not None:
        if url.get_backend_name() == "sqlite":
            _sweep(own)
            _mark(own / f"{digest}{MARK}", database)
        return own / f"{digest}.{purpose}"
    if url.get_backend_name() == "sqlite":
        return Path(url.database).parent / f"{Path(url.database).name}.{purpose}"
    return Path(instance_path) / purpose / digest


MARK = ".database"  # beside a SQLite database's folders in RAM: the database's path, to sweep them once it is gone
STALE_AFTER = 3600  # seconds since a mark was last written before its folders may go (a database being made)


def _mark(mark: Path, database: str) -> None:
    try:
        mark.write_text(database, encoding="utf-8")
    except OSError:
        pass  # unswept then, as before: nothing fails for it


def _sweep(own: Path) -> None:
    """The folders of SQLite databases that are gone (a test's, a benchmark's): they held RAM until a reboot
    (3 GB of them on a developer's machine)."""
    for mark in own.glob(f"*{MARK}"):
        try:
            if time.time() - mark.stat().st_mtime < STALE_AFTER or Path(mark.read_text(encoding="utf-8")).exists():
                continue
            for folder in own.glob(f"{mark.name.removesuffix(MARK)}.*"):
                if folder != mark:
                    shutil.rmtree(folder, ignore_errors=True)
            mark.unlink()
        except OSError:
            continue


def _own_folder(path: Path) -> Path | None:
    """`path`, made if need be, if only this user may use it (/dev/shm is shared by every user of the host)."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        found = path.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(found.st_mode) or found.st_uid != os.getuid() or found.st_mode & 0o077:
        return None
    return path

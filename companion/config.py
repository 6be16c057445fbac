"""Settings: defaults here, overrides from the environment (and test_config in tests)."""
from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path
from typing import Any


def secret_key(instance_path: str) -> str:
    """SECRET_KEY from the environment, else one generated once into instance/ (never a fixed default)."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
    return path.read_text().strip()


def database_url(instance_path: str | Path) -> str:
    """DATABASE_URL, else SQLite in the instance folder."""
    return os.environ.get("DATABASE_URL") or f"sqlite:///{Path(instance_path) / 'companion.db'}"


def sqlite_unwritable(url: str) -> str | None:
    """What stops SQLite from writing the database `url` names, in one line; None if nothing does (or the
    database is not a SQLite file). SQLite creates files beside the database (its write-ahead log, our
    write locks): its folder must take new files, as the file itself must take writes."""
    scheme, found, rest = url.partition(":///")
    path = rest.split("?", 1)[0]
    if not found or scheme.split("+", 1)[0] != "sqlite" or path in ("", ":memory:"):
        return None
    database = Path(path).absolute()
    try:
        with tempfile.TemporaryFile(dir=database.parent):
            pass
        if database.exists():
            with open(database, "r+b"):
                pass
    except OSError as error:
        return (f"The SQLite database {database} cannot be written ({error.strerror}): its folder must be writable "
                f"(SQLite keeps files beside it), or set DATABASE_URL to a database that is.")
    return None


def sqlite_many_processes(url: str, workers: int) -> str | None:
    """Why `workers` processes cannot serve the database `url` names, in one line; None if they can.

    A server on SQLite is one process: its gevent worker holds thousands of waiting devices, and what the
    process keeps (its waiting devices, drawn panels, the limits' counts) is then the whole server's."""
    if workers <= 1 or not url.startswith("sqlite"):
        return None
    return (f"WORKERS={workers}: a server on SQLite is one process (WORKERS=1, the default); more processes "
            f"or hosts need PostgreSQL (DATABASE_URL, docs/DEPLOY.md).")


def from_environment(instance_path: str) -> dict:
    """The configuration of a running app."""
    return {
        "SECRET_KEY": secret_key(instance_path),
        "SQLALCHEMY_DATABASE_URI": sqlalchemy_url(database_url(instance_path)),
        "PUBLIC_URL": os.environ.get("PUBLIC_URL", ""),
        # Reverse proxies in front (docs/DEPLOY.md): their X-Forwarded-For/-Proto are then believed.
        "PROXIES": int(os.environ.get("PROXIES", "0")),
        "BODY_READ_SECONDS": float(os.environ.get("BODY_READ_SECONDS", "10")),
        "LIVE_WAIT_SECONDS": float(os.environ.get("LIVE_WAIT_SECONDS", "20")),
        **{name: os.environ[name] for name in ("RATELIMIT_STORAGE_URI", "WRONG_CODE_LIMIT", "NEW_GAME_LIMIT",
                                               "ACTION_LIMIT_PER_DEVICE", "ACTION_LIMIT_PER_ADDRESS",
                                               "IMPORT_MEGABYTES_LIMIT")
           if os.environ.get(name)},
        **{name: int(os.environ[name]) for name in ("IDLE_ARCHIVE_DAYS", "ARCHIVED_DELETE_DAYS", "DELETED_KEEP_DAYS",
                                                    "HISTORY_MAX_CHANGES")
           if os.environ.get(name)},
        "LIVE_MAX_WAITING_PER_ADDRESS": int(os.environ.get("LIVE_MAX_WAITING_PER_ADDRESS", "500")),
        "LIVE_CATCH_UP_SECONDS": float(os.environ.get("LIVE_CATCH_UP_SECONDS", "5")),
        **{name: int(os.environ[name]) for name in ("DATABASE_POOL_SIZE", "DATABASE_POOL_OVERFLOW",
                                                    "GAME_CONNECTIONS_PER_PROCESS")
           if os.environ.get(name)},
        **{name: float(os.environ[name]) for name in ("GAME_WAIT_SECONDS", "DATABASE_STATEMENT_SECONDS")
           if os.environ.get(name)},
    }


def sqlalchemy_url(url: str) -> str:
    """postgres:// and postgresql:// URLs use the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


DEFAULTS: dict[str, Any] = {
    # Tokens must outlive the longest game night: they are tied to the session, not to a clock.
    "WTF_CSRF_TIME_LIMIT": None,
    "WTF_CSRF_SSL_STRICT": False,  # plain http on a home LAN has no Referer guarantees
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "PERMANENT_SESSION_LIFETIME": 60 * 60 * 24 * 180,
    "SESSION_REFRESH_EACH_REQUEST": False,  # renewed once a day instead (security.py)
    "MAX_CONTENT_LENGTH": 4 * 1024 * 1024,
    # A game file, plain or gzipped, before and after inflating: a 2,200-event Mage Knight game is
    # 4.3 MB (about 2 KB a change), so this holds about 16,000 changes.
    "IMPORT_MAX_BYTES": 32 * 1024 * 1024,
    "MAX_FORM_MEMORY_SIZE": 64 * 1024,
    "SEND_FILE_MAX_AGE_DEFAULT": 60 * 60 * 24 * 365,  # static URLs carry a content hash
    "BABEL_DEFAULT_LOCALE": "en",
    "LANGUAGES": ("en", "ru"),
    "SQLALCHEMY_ENGINE_OPTIONS": {},
    # PostgreSQL connections per server process (database.py says why so few). All kept open: an
    # overflow connection is closed when given back, and opening them again and again (a PostgreSQL
    # process each) cost more CPU than anything the app asked of them.
    "DATABASE_POOL_SIZE": 8,
    "DATABASE_POOL_OVERFLOW": 0,
    # PostgreSQL: a change waits at most this long for its turn among the process's requests to its game
    # (at most GAME_CONNECTIONS_PER_PROCESS of them hold a connection at once), and as long for each lock
    # it then meets (lock_timeout: the row's, the holder's transaction). Then it is refused, 503 with
    # Retry-After, and nothing is changed: a game another session holds (a peer server frozen mid-change)
    # never takes what other games need.
    "GAME_WAIT_SECONDS": 5.0,
    "GAME_CONNECTIONS_PER_PROCESS": 2,
    # PostgreSQL: no statement runs longer (statement_timeout); the migrations are exempt.
    "DATABASE_STATEMENT_SECONDS": 30.0,
    "PROXIES": 0,
    # A request body must have arrived by then, counting only the time spent waiting for it
    # (web/body_timeout.py)...
    "BODY_READ_SECONDS": 10.0,
    # ...plus a second per this many bytes of it: a 32 MB game file from a phone at the edge of the
    # Wi-Fi (4 Mbit/s) still arrives, and a client trickling a large body is still cut off within a minute or so.
    "BODY_BYTES_PER_SECOND": 500_000,
    # Waiting requests one device or one network address may hold open in each server process:
    # beyond it a 429 at once, so no client can hoard the server's connections.
    "LIVE_MAX_WAITING_PER_DEVICE": 8,
    # Waited games are read again this often whatever the notifications said (a missed one costs a delay).
    "LIVE_CATCH_UP_SECONDS": 5.0,
    # Devices' presence is written in one batch this long after the first of them is noted.
    "PRESENCE_FLUSH_SECONDS": 1.0,
    # A page's live stream sends a heartbeat this often while nothing happens, and ends after
    # LIVE_STREAM_SECONDS (the page opens a new one at once). A page that heard nothing for
    # LIVE_SILENCE_SECONDS (~2 heartbeats missed) takes the server for out of reach: it says "Offline"
    # and keeps its taps (a dropped Wi-Fi never says so itself).
    "LIVE_BEAT_SECONDS": 1.5,
    "LIVE_SILENCE_SECONDS": 2.8,
    "LIVE_STREAM_SECONDS": 300.0,
    "LIVE_MAX_WAITING_PER_ADDRESS": 500,
    # Plain http on a LAN: browsers only offer gzip there. Small answers (live polls) stay as they are.
    "COMPRESS_ALGORITHM": ["gzip"],
    "COMPRESS_MIN_SIZE": 1024,
    "COMPRESS_LEVEL": 6,
    "COMPRESS_MIMETYPES": ["text/html", "text/css", "application/javascript", "text/javascript",
                           "application/json", "image/svg+xml"],
    "GAME_KINDS": ("companion.rules.mage_knight", "companion.rules.mice_mystics"),
    # Per client address (companion/web/limits.py); a mistyped code or two never comes near them. Counted
    # in the server process (one on SQLite); several processes or hosts share their counts through
    # RATELIMIT_STORAGE_URI=redis://… or memcached://… (docs/DEPLOY.md), else each counts its own.
    "RATELIMIT_STORAGE_URI": "memory://",
    "WRONG_CODE_LIMIT": "30 per minute;300 per hour",
    "NEW_GAME_LIMIT": "30 per hour",
    # Changes to games (actions, undo, seats, settings), per device and per address. A table's busiest
    # device taps a few times a second for a moment and a few hundred times an hour (a long Mage Knight
    # game: ~2,200 changes in an evening, all of them on one tablet at some tables); a club behind one
    # address has many tables. The hour bounds what one address can write: 6,000 changes of at most
    # ~7 KB, ~40 MB.
    "ACTION_LIMIT_PER_DEVICE": "40 per 10 seconds;120 per minute",
    "ACTION_LIMIT_PER_ADDRESS": "200 per 10 seconds;600 per minute;6000 per hour",
    # Game files one address may import, counted as inflated (a file is at most IMPORT_MAX_BYTES, 32 MB):
    # two of the largest an hour, or a dozen of an evening's game (~4 MB).
    "IMPORT_MEGABYTES_LIMIT": "64 per hour",
    # The changes one game keeps at most (then it refuses more, drops none): about twice the longest game
    # measured (2,200), and at the largest changes measured (6.8 KB in an export) its file, ~27 MB, still
    # imports (IMPORT_MAX_BYTES).
    "HISTORY_MAX_CHANGES": 4000,
    # A game nobody has touched for this long is archived, then deleted this much later (expiry.py).
    "IDLE_ARCHIVE_DAYS": 180,
    "ARCHIVED_DELETE_DAYS": 90,
    # A game a device deleted can be restored this long (the home page of the devices that had it says so).
    "DELETED_KEEP_DAYS": 14,
}

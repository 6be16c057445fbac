"""Live panels drawn by one server process, read by the others on the same host.

Each server process keeps its own panels in memory; a table's devices are spread over the processes,
so without this each process drew the same panel again after every change. A drawn panel set (one
game version, language and seating: who holds which seat, and the panel per kind of device) is also
written to one file per game and language, replaced whole (rename) at each new version; a process
that has not drawn it reads it from there, and only if its version and seating are the ones asked
for. Files hold no CSRF token (a placeholder stands in).
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
import time
from pathlib import Path
from typing import Hashable

import sqlalchemy as sa

MEMORY = Path("/dev/shm") if Path("/dev/shm").is_dir() else None  # Linux's RAM file system, on every host


class PanelDisk:
    # A file is read within moments of its drawing (or not at all): one an hour old is swept away, so a
    # folder in RAM holds the games being played, not every game ever played. A process looks at most
    # every SWEEP_EVERY seconds, when it writes.
    KEEP_FOR = 3600.0
    SWEEP_EVERY = 600.0

    def __init__(self, directory: Path):
        self.directory = directory
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        self._next_sweep = time.monotonic() + self.SWEEP_EVERY

    @classmethod
    def for_database(cls, instance_path: str, database_uri: str, base: Path | None = MEMORY) -> PanelDisk | None:
        """A folder per database in `base` (by default a file system in RAM: a panel file is written after
        every change and read at once, never needed after a restart); without one, beside a SQLite file or
        in the instance folder. None for SQLite in memory (one process)."""
        folder = host_folder(instance_path, database_uri, base)
        return cls(folder) if folder is not None else None

    def _path(self, key: tuple) -> Path:
        game_id, code, _created_at, _version, _seating, locale = key
        return self.directory / f"{int(game_id)}-{code}-{locale}.json"

    # A file: one line of JSON (the key, the seating, the placeholder, each variant's place in what
    # follows), then the panels' HTML one after another: read without decoding any HTML as JSON.

    def load(self, key: tuple) -> tuple[dict[str, str], str, dict[Hashable, str]] | None:
        """(seat of each device, placeholder, html per variant) drawn for exactly `key`, if any."""
        try:
            head, _, body = self._path(key).read_bytes().partition(b"\n")
            data = json.loads(head)
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("key") != _plain(key):
            return None
        try:
            text = body.decode()
            return data["seat_of"], data["placeholder"], {
                tuple(json.loads(variant)): text[start:end] for variant, (start, end) in data["panels"].items()}
        except (KeyError, TypeError, ValueError):
            return None  # not a file this code wrote (an older version's): drawn again

    def save(self, key: tuple, seat_of: dict[str, str], placeholder: str, panels: dict[Hashable, str]) -> None:
        path = self._path(key)
        places, start = {}, 0
        for variant, html in panels.items():
            places[json.dumps(list(variant))] = (start, start + len(html))
            start += len(html)
        head = json.dumps({"key": _plain(key), "seat_of": seat_of, "placeholder": placeholder, "panels": places})
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        try:
            with open(temporary, "w", encoding="utf-8", newline="") as out:
                out.write(head + "\n")  # json.dumps writes no raw line break
                out.writelines(panels.values())
            os.replace(temporary, path)  # readers see the old file or the new one, never half of one
        except OSError:
            temporary.unlink(missing_ok=True)  # a courtesy to the other processes: they draw it themselves
        if time.monotonic() >= self._next_sweep:
            self.sweep()

    def sweep(self) -> None:
        """Remove the files (and claims) not written for KEEP_FOR seconds."""
        self._next_sweep = time.monotonic() + self.SWEEP_EVERY
        older = time.time() - self.KEEP_FOR
        try:
            with os.scandir(self.directory) as entries:
                for entry in entries:
                    try:
                        if entry.stat(follow_symlinks=False).st_mtime < older:
                            os.unlink(entry.path)
                    except FileNotFoundError:
                        pass  # swept by another process just now
        except OSError:
            pass  # the folder is gone or unreadable: the next save says so, and draws go on

    def forget(self, code: str) -> None:
        """A deleted game's panels (and claims) leave the disk with it (on this host)."""
        for path in self.directory.glob(f"*-{code}-*"):
            path.unlink(missing_ok=True)

    # --- one process draws, the others read -----------------------------------------------------------
    # After a change every process wakes its own devices of the game at the same moment: without a claim
    # each drew the same panel. A claim is a file made with O_EXCL; a process that finds it taken waits for
    # it to go (the panel is then on disk), and takes a claim older than CLAIM_STALE as left by a crash.

    CLAIM_STALE = 2.0  # seconds: far above any drawing (milliseconds)
    CLAIM_WAIT = 1.0  # seconds a process waits for another's drawing before it draws itself
    CLAIM_POLL = 0.002  # seconds between looks (under gevent a sleep lets the other devices run)

    def claim(self, key: tuple) -> Path | None:
        """This process's claim to draw `key`'s panels (release it), or None after another process drew
        them (or gave up): look for them again then."""
        path = self._path(key).with_suffix(f".{key[3]}.{key[4]}.claim")
        waited_until = time.monotonic() + self.CLAIM_WAIT
        while True:
            try:
                os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
                return path
            except FileExistsError:
                pass
            except OSError:
                return None  # a full or read-only disk: draw without one
            try:
                if time.time() - path.stat().st_mtime > self.CLAIM_STALE:
                    path.unlink(missing_ok=True)
                    continue
            except FileNotFoundError:
                return None  # drawn and released just now
            if time.monotonic() > waited_until:
                return None
            time.sleep(self.CLAIM_POLL)
            if not path.exists():
                return None

    @staticmethod
    def release(claim: Path) -> None:
        claim.unlink(missing_ok=True)


def host_folder(instance_path: str, database_uri: str, base: Path | None = MEMORY, what: str = "panels") -> Path | None:
    """Where the server processes of one database on this host share `what` (the panels, the limits'
    counts): a folder of this user's in `base` (RAM), else beside a SQLite file or in the instance folder.
    None for SQLite in memory (one process)."""
    url = sa.engine.make_url(database_uri)
    if url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:"):
        return None
    database = str(Path(url.database).resolve()) if url.get_backend_name() == "sqlite" else database_uri
    digest = hashlib.sha256(database.encode()).hexdigest()[:16]
    own = _own_folder(base / f"table-companion-{os.getuid()}") if base else None
    if own is not None:
        return own / (digest if what == "panels" else f"{digest}.{what}")
    if url.get_backend_name() == "sqlite":
        return Path(url.database).parent / f"{Path(url.database).name}.{what}"
    return Path(instance_path) / what / digest


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


def _plain(key: tuple) -> list:
    return [str(part) if not isinstance(part, (int, str)) else part for part in key]

"""The folders the server processes of one database share in RAM go once their SQLite database is gone."""
from __future__ import annotations

import os
import time

from companion import limit_storage


def folders_of(tmp_path, name):
    database = tmp_path / name
    database.write_bytes(b"")
    uri = f"sqlite:///{database}"
    places = [limit_storage.host_folder("", uri, tmp_path / "ram", purpose=p) for p in ("limits", "panels")]
    for place in places:
        place.mkdir(parents=True)
        (place / "counts.sqlite3").write_bytes(b"x")
    return database, uri, places


def age(path, seconds):
    when = time.time() - seconds
    os.utime(path, (when, when))


def test_the_folders_of_a_database_that_is_gone_are_swept_when_another_server_starts(tmp_path):
    gone, _, old = folders_of(tmp_path, "gone.db")
    kept, kept_uri, live = folders_of(tmp_path, "kept.db")
    gone.unlink()
    own = old[0].parent
    for mark in own.glob(f"*{limit_storage.MARK}"):
        age(mark, limit_storage.STALE_AFTER + 60)
    limit_storage.host_folder("", kept_uri, tmp_path / "ram")
    assert not any(place.exists() for place in old)
    assert all((place / "counts.sqlite3").exists() for place in live)  # its database is there
    assert len(list(own.iterdir())) == 3  # its two folders and its mark


def test_a_fresh_mark_is_kept_a_while_even_before_its_database_is_made(tmp_path):
    gone, _, old = folders_of(tmp_path, "being-made.db")
    gone.unlink()
    limit_storage.host_folder("", f"sqlite:///{tmp_path / 'other.db'}", tmp_path / "ram")
    assert all(place.exists() for place in old)

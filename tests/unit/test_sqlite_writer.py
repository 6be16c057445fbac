"""SQLite writers queue on a thread lock and an flock next to the database, across server processes."""
import subprocess
import sys

from companion.database import SqliteWriter

TRY_LOCK = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR)
try:
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    print("free")
except BlockingIOError:
    print("held")
"""


def other_process_sees(lock_file) -> str:
    return subprocess.run([sys.executable, "-c", TRY_LOCK, str(lock_file)], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_a_writer_holds_the_lock_file_for_every_process_until_it_commits(tmp_path):
    database = tmp_path / "companion.db"
    writer = SqliteWriter(str(database))
    lock_file = tmp_path / "companion.db.write-lock"
    with writer():
        assert lock_file.exists()
        assert other_process_sees(lock_file) == "held"
    assert other_process_sees(lock_file) == "free"
    with writer():  # and again: the descriptor is reused, the lock taken anew
        assert other_process_sees(lock_file) == "held"


def test_the_lock_file_sits_beside_a_file_database_and_memory_needs_none(tmp_path):
    from tests.conftest import make_app
    app = make_app(tmp_path / "table.db")
    with app.app_context(), app.extensions["sqlite_writer"]():
        assert other_process_sees(tmp_path / "table.db.write-lock") == "held"
    memory = SqliteWriter(None)
    with memory():  # one process, no file: the thread lock alone
        assert not (tmp_path / "None.write-lock").exists()

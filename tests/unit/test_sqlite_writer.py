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


def test_an_in_memory_database_needs_no_lock_file(tmp_path):
    writer = SqliteWriter(None)
    with writer():
        pass
    assert not list(tmp_path.iterdir())

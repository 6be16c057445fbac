"""SQLite's writers in the server's one process take turns on a lock of the process (a greenlet's under
gevent), never in SQLite's busy handler, which would hold the whole process; nothing is kept beside the
database for other processes."""
import threading

from companion.storage import database
from tests.conftest import make_app
from tests.web.helpers import act, new_counter


def test_writers_leave_no_lock_files_beside_the_database(tmp_path):
    app = make_app(tmp_path / "table.db")
    phone = app.test_client()
    url, token = new_counter(phone)
    assert act(phone, url, token, 0, "add", n="1").status_code == 200
    assert sorted(path.name for path in tmp_path.iterdir() if "lock" in path.name or "queue" in path.name) == []


def test_a_second_writer_waits_until_the_first_has_committed(tmp_path):
    app = make_app(tmp_path / "table.db")
    entered = threading.Event()

    def second() -> None:
        with app.app_context(), database.one_writer():
            entered.set()

    with app.app_context(), database.one_writer():
        with database.one_writer():  # a change that calls another write helper holds it once
            other = threading.Thread(target=second)
            other.start()
            assert not entered.wait(0.2)
        assert not entered.is_set()
    other.join(timeout=30)
    assert entered.is_set()

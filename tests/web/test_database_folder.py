"""A server whose SQLite database cannot be written says so at start, in one line, and stops: before, its
workers failed to boot with a traceback about "unable to open database file" and nothing said why."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from companion.serving import ROOT, start_server


@pytest.fixture(params=["a file", "missing"])
def unwritable(tmp_path, request) -> tuple[str, str]:
    """(DATABASE_URL, its folder): a folder that is a plain file, or none at all. Neither can be written
    even by root, who writes in a folder of mode 0555 (tests run as root in CI) as in any other."""
    folder = tmp_path / "instance"
    if request.param == "a file":
        folder.write_text("")
    return f"sqlite:///{folder / 'companion.db'}", str(folder)


def said(text: str) -> list[str]:
    return [line for line in text.splitlines() if "cannot be written" in line]


def test_the_server_says_in_one_line_that_the_database_cannot_be_written_and_stops(tmp_path, unwritable):
    url, folder = unwritable
    log = tmp_path / "server.log"
    with pytest.raises(RuntimeError, match="gunicorn exited"):
        start_server(url, migrate=False, log_file=log)
    text = log.read_text()
    assert len(said(text)) == 1 and folder in said(text)[0] and "DATABASE_URL" in said(text)[0]
    assert "Traceback" not in text and "Booting worker" not in text


def test_bin_serve_s_database_upgrade_says_it_in_the_same_line(unwritable):
    url, folder = unwritable
    result = subprocess.run([sys.executable, "-m", "flask", "--app", "companion", "db", "upgrade"], cwd=ROOT,
                            env={**os.environ, "DATABASE_URL": url, "SECRET_KEY": "local"},
                            capture_output=True, text=True)
    assert result.returncode != 0
    assert len(said(result.stderr)) == 1 and folder in said(result.stderr)[0]
    assert "Traceback" not in result.stderr

"""An answered change is on the disk: a power cut loses no acknowledged change (SQLite).

The database lives on an ext4 file system in a loop-mounted image file. A power cut is the server's
processes killed and, at once, a copy taken of the image file: the copy holds what the file system had
handed to its "disk" (the loop device), not what sat in its page cache waiting for the next flush. The
copy is then mounted (ext4 replays its journal, as after a real cut) and every acknowledged change must
be in it. Needs root and loop devices (CI has both: REQUIRE_LOOP_MOUNT=1 makes their absence a failure).
"""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from companion.serving import kill_server, start_server

SETUP = {"mouse": ["collin", "lily"], "minion_type": ["rat_warriors"], "minion_count": [2]}
TABLES = 3
ACKNOWLEDGED_BEFORE_THE_CUT = 150


def post(url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, {}


def mount(image: Path, folder: Path) -> None:
    folder.mkdir(exist_ok=True)
    subprocess.run(["mount", "-o", "loop", str(image), str(folder)], check=True, capture_output=True)


def unmount(folder: Path) -> None:
    subprocess.run(["umount", str(folder)], check=True, capture_output=True)


@pytest.fixture
def disk(tmp_path):
    """A fresh ext4 file system in an image file, mounted; yields (image, mount point)."""
    image, folder = tmp_path / "disk.img", tmp_path / "disk"
    try:
        if os.geteuid() != 0:
            raise OSError("not root")
        with open(image, "wb") as f:
            f.truncate(96 * 1024 * 1024)
        subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], check=True, capture_output=True)
        mount(image, folder)
    except (OSError, subprocess.CalledProcessError) as error:
        if os.environ.get("REQUIRE_LOOP_MOUNT"):
            raise
        pytest.skip(f"no loop-mounted file system here: {error}")
    yield image, folder
    subprocess.run(["umount", str(folder)], capture_output=True)


def test_a_power_cut_loses_no_acknowledged_change(disk, tmp_path):
    image, folder = disk
    database = folder / "companion.db"
    server, base = start_server(f"sqlite:///{database}", env={"NEW_GAME_LIMIT": "1000 per hour"},
                                log_file=tmp_path / "server.log")
    codes = [post(f"{base}/api/games", {"kind": "mice_mystics", "setup": SETUP})[1]["code"] for _ in range(TABLES)]
    acknowledged: dict[str, list[int]] = {code: [] for code in codes}
    enough, cut = threading.Event(), threading.Event()

    def table(code: str) -> None:
        version = 0
        while not cut.is_set():
            try:
                status, game = post(f"{base}/api/games/{code}/actions",
                                    {"action": "next_turn", "version": version, "params": {}})
            except OSError:  # the cut came while this tap was on its way: never answered
                return
            if status == 200:
                version = game["version"]
                acknowledged[code].append(version)
                if sum(map(len, acknowledged.values())) >= ACKNOWLEDGED_BEFORE_THE_CUT:
                    enough.set()

    tables = [threading.Thread(target=table, args=(code,), daemon=True) for code in codes]
    for thread in tables:
        thread.start()
    try:
        assert enough.wait(timeout=600), "the tables never got their changes answered"
    finally:
        kill_server(server)  # the power goes: every process of the server at once, taps still coming
        shutil.copyfile(image, tmp_path / "after-the-cut.img")  # what the disk held at that moment
        cut.set()
        for thread in tables:
            thread.join(timeout=60)
    unmount(folder)

    mount(tmp_path / "after-the-cut.img", folder)
    connection = sqlite3.connect(database)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        lost = {}
        for code in codes:
            kept = {seq for (seq,) in connection.execute(
                "SELECT seq FROM event JOIN game ON game.id = event.game_id WHERE game.code = ?", (code,))}
            lost[code] = sorted(set(acknowledged[code]) - kept)
    finally:
        connection.close()
    total = sum(map(len, acknowledged.values()))
    assert total >= ACKNOWLEDGED_BEFORE_THE_CUT
    assert not any(lost.values()), (f"{sum(map(len, lost.values()))} of {total} acknowledged changes lost "
                                    f"in the cut: {lost}")

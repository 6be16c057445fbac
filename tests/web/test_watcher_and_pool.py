"""One live watcher per server process; a game's turns handed out in the order they were asked for."""
from __future__ import annotations

import threading

import pytest
from companion.live import watch
from companion.web.turns import Busy, FairGate, FairGates


def test_devices_arriving_while_the_watcher_starts_start_no_second_one(app, monkeypatch):
    watcher = app.extensions["live_watcher"]
    watcher.listens = True  # as on PostgreSQL, where each process starts one listener (never started here)
    started = []

    class Starting(threading.Thread):
        def start(self):  # another device arrives while this start() is under way, as under gevent
            started.append(self)
            if len(started) == 1:
                with watcher.waiting("ABCDE", "another-device", "192.0.2.1"):
                    pass

    monkeypatch.setattr(watch.threading, "Thread", Starting)
    with watcher.waiting("ABCDE", "a-device", "192.0.2.1"):
        pass
    assert len(started) == 1


def test_a_freed_place_goes_to_the_longest_waiting_not_to_a_newcomer():
    gate = FairGate(1)
    assert gate.enter(None)
    got_in = threading.Event()

    def first():
        assert gate.enter(5)
        got_in.set()

    waiting = threading.Thread(target=first)
    waiting.start()
    for _ in range(5000):  # until it waits in the queue (bounded; not a measure of speed)
        if gate._waiting:
            break
        threading.Event().wait(0.001)
    gate.leave()
    assert not gate.enter(0)  # a newcomer finds the place handed over already, however soon it asks
    waiting.join()
    assert got_in.is_set()
    gate.leave()
    assert gate.enter(0)


def test_a_game_holds_its_own_places_and_never_another_games():
    gates = FairGates(2)
    with gates.place("AAAAA", 0), gates.place("AAAAA", 0):
        with pytest.raises(Busy):
            with gates.place("AAAAA", 0):
                pass
        with gates.place("BBBBB", 0), gates.place("BBBBB", 0):
            pass
        with pytest.raises(RuntimeError):  # a request that fails gives its place back
            with gates.place("BBBBB", 0):
                raise RuntimeError("refused")
    assert gates._gates == {}  # nothing kept for games nobody waits on
    with gates.place("AAAAA", 0), gates.place("AAAAA", 0):
        pass


def test_a_stopped_watcher_asks_for_its_lost_database_no_more(app, monkeypatch):
    """A test's app whose PostgreSQL database is dropped: its watcher stops, instead of asking for the database
    (and logging that it lost it) every second for the rest of the run, or finding the next test's of that name."""
    watcher = app.extensions["live_watcher"]
    watcher.listens = True  # as on PostgreSQL
    asked = threading.Event()

    def lost(_watcher, _url):
        asked.set()
        raise OSError("the database is gone")
    monkeypatch.setattr(watch, "_listen_postgres", lost)
    watcher._start()
    assert asked.wait(60)
    watcher.stop()
    watcher.thread.join(60)  # bounded: a thread that never ends fails here, however fast the machine
    assert not watcher.thread.is_alive()

"""gunicorn.conf.py's worker hook: the collector set so that a full collection does not stop every tap
(companion/live/collector.py)."""
from __future__ import annotations

import gc
import runpy
import weakref
from types import SimpleNamespace
from pathlib import Path

from tests.conftest import make_app

CONF = Path(__file__).resolve().parents[2] / "gunicorn.conf.py"


class Cycle:
    me: object = None


def test_a_worker_sets_aside_what_it_loaded_and_collects_in_batches(tmp_path):
    conf = runpy.run_path(str(CONF))
    before = gc.get_threshold()
    garbage = Cycle()
    garbage.me = garbage  # a cycle: collected by the hook before it freezes, not kept for good
    gone = weakref.ref(garbage)
    del garbage
    try:
        conf["post_worker_init"](SimpleNamespace(wsgi=make_app(tmp_path / "test.db")))
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (2000, 10, 1000)
        assert gone() is None
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)

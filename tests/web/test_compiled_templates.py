"""A server worker compiles every template at start, once for all workers and restarts: Jinja's bytecode
cache in the instance folder (companion/web/compiled_templates.py). The first device to open a game on a
fresh worker no longer waits for its page's templates to compile."""
from __future__ import annotations

import runpy
from pathlib import Path

import jinja2
import pytest

from companion.live import collector
from companion.web import compiled_templates
from companion.storage import store
from companion.web.compiled_templates import environment_for
from tests.conftest import make_app

ROOT = Path(__file__).resolve().parents[2]
NEW_GAME = {"kind": "mice_mystics", "setup": {"mouse": ["collin", "lily"], "minion_type": ["rat_warriors"],
                                              "minion_count": [2]}}


@pytest.fixture
def kept_in(tmp_path, monkeypatch):
    folder = tmp_path / "compiled"
    monkeypatch.setattr(compiled_templates, "FOLDER", str(folder))  # an absolute path wins over the instance's
    return folder


@pytest.fixture
def compiles(monkeypatch):
    """The names of the templates Jinja compiles from their source from now on."""
    names: list[str] = []
    compile_source = jinja2.Environment.compile

    def counted(self, source, name=None, filename=None, raw=False, defer_init=False):
        names.append(name)
        return compile_source(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counted)
    return names


def environments(app):
    return [app.jinja_env, *(environment_for(app, locale) for locale in app.config["LANGUAGES"])]


def test_a_second_worker_loads_every_template_compiled_by_the_first_and_compiles_none(tmp_path, kept_in, compiles):
    first = make_app(tmp_path / "test.db")
    compiled_templates.compile_all(first)
    assert "game.html" in compiles and "kinds/mice_mystics.html" in compiles
    every = [name for environment in environments(first) for name in environment.list_templates(extensions=("html",))]
    assert sorted(compiles) == sorted(every)  # each template once in each environment: pages, en, ru
    assert len({path.name.split("-")[0] for path in kept_in.iterdir()}) == 3

    compiles.clear()
    second = make_app(tmp_path / "test.db", upgrade=False)
    compiled_templates.compile_all(second)
    assert compiles == []


def test_kept_code_draws_each_language_as_freshly_compiled_code_does(tmp_path, kept_in, compiles):
    compiled_templates.compile_all(make_app(tmp_path / "test.db"))
    compiles.clear()
    app = make_app(tmp_path / "test.db", upgrade=False)
    client = app.test_client()
    code = client.post("/api/games", json=NEW_GAME).get_json()["code"]
    panels = {}
    for lang in ("en", "ru"):
        client.set_cookie("lang", lang)
        panels[lang] = client.get(f"/g/{code}", headers={"HX-Request": "true"}).get_data(as_text=True)
        page = client.get(f"/g/{code}").get_data(as_text=True)
        assert ("Меню" in page) == (lang == "ru")
    assert compiles == []  # drawn from the kept code alone
    assert "Undo" in panels["en"] and "Отменить" not in panels["en"]
    assert "Отменить" in panels["ru"] and "Undo the" not in panels["ru"]


def test_code_folded_from_other_texts_is_kept_apart(tmp_path, kept_in):
    app = make_app(tmp_path / "test.db", upgrade=False)
    names = []
    for texts in (b"one catalog", b"another catalog"):
        environment = app.jinja_env.overlay()
        compiled_templates.keep(app, environment, "ru", texts)
        names.append(environment.bytecode_cache.pattern)
    assert names[0] != names[1] and all(name.startswith("ru-") for name in names)


def test_an_instance_folder_that_cannot_be_written_compiles_in_memory(tmp_path, monkeypatch):
    (tmp_path / "a-file").write_text("")
    monkeypatch.setattr(compiled_templates, "FOLDER", str(tmp_path / "a-file" / "compiled"))
    app = make_app(tmp_path / "test.db")
    assert app.jinja_env.bytecode_cache is None
    client = app.test_client()
    code = client.post("/api/games", json=NEW_GAME).get_json()["code"]
    assert client.get(f"/g/{code}").status_code == 200


def test_a_worker_at_start_has_compiled_its_templates_and_built_the_query_that_reads_a_game(
        tmp_path, kept_in, monkeypatch):
    app = make_app(tmp_path / "test.db")
    monkeypatch.setattr(store, "_SNAPSHOT", {})
    monkeypatch.setattr(collector, "settle", lambda: None)  # not this test process's collector
    hooks = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    hooks["post_worker_init"](type("Worker", (), {"wsgi": app})())
    assert list(store._SNAPSHOT) == ["sqlite"]
    for environment in environments(app):
        loaded = {key[1] for key in environment.cache.keys()}
        assert set(environment.list_templates(extensions=("html",))) <= loaded

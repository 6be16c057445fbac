"""Table Companion: a web app beside a physical board game that runs the bookkeeping."""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask

ROOT = Path(__file__).resolve().parent.parent
INSTANCE = ROOT / "instance"  # the secret key and the SQLite database, unless the environment says otherwise


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app: configuration, extensions, game kinds, blueprints."""
    # Imported here: gunicorn's master reads companion.config (gunicorn.conf.py) before the workers
    # patch the standard library for gevent, and must not import the web stack first.
    from flask import Flask
    app = Flask(__name__, instance_path=str(INSTANCE), instance_relative_config=True,
                template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    # A path with doubled slashes is not found, rather than redirected to its merged form: werkzeug builds
    # that redirect on the Host header, which the client writes ("//x" at Host: evil.example -> evil.example).
    app.url_map.merge_slashes = False
    from .web.render import TemplateEnvironment
    app.jinja_environment = TemplateEnvironment  # before anything asks for app.jinja_env
    os.makedirs(app.instance_path, exist_ok=True)

    from . import config
    app.config.from_mapping(config.DEFAULTS)
    if test_config is None:
        # Said before anything touches the database, whose errors would not say why (bin/serve's upgrade).
        problem = config.sqlite_unwritable(config.database_url(app.instance_path))
        if problem:
            raise SystemExit(problem)
        app.config.from_mapping(config.from_environment(app.instance_path))
    else:
        app.config.from_mapping(test_config)

    if app.config["PROXIES"]:
        from werkzeug.middleware.proxy_fix import ProxyFix
        n = app.config["PROXIES"]
        # Flask's documented way to wrap its WSGI app, which its types take for a method.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)  # type: ignore[method-assign]

    from .web import compiled_templates, i18n, security
    from .storage import database, expiry, presence
    from . import kinds
    from .live import watch
    database.init_app(app)
    presence.init_app(app)
    i18n.init_app(app)
    compiled_templates.init_app(app)
    security.init_app(app)
    kinds.init_app(app, app.config["GAME_KINDS"])

    from .web import (api, assets, body_timeout, devices, errors, forms, games, home, join, limits, live,
                      panel_cache, pwa, render, screen_fit, turns)
    limits.init_app(app)
    turns.init_app(app)
    expiry.init_app(app)
    assets.init_app(app)
    render.init_app(app)
    watch.init_app(app)
    join.init_app(app)
    screen_fit.init_app(app)
    devices.init_app(app)
    panel_cache.init_app(app)
    errors.init_app(app)
    forms.init_app(app)
    body_timeout.init_app(app)
    for blueprint in (home.bp, games.bp, live.bp, api.bp, pwa.bp):
        app.register_blueprint(blueprint)
    return app

"""https done fully, proxies believed only where they are (issue 24, point 6).

Over https — the server's own certificate (TLS_CERT), an https PUBLIC_URL, or X-Forwarded-Proto from a
believed proxy (PROXIES) — every cookie the app sets is Secure and every answer carries
Strict-Transport-Security. Over plain http on a LAN nothing changes, and cookies keep working there. The
server says at start when it believes proxies while listening where any client can reach it."""
from __future__ import annotations

import http.client
import re
import ssl
import subprocess
from http.cookies import SimpleCookie
from pathlib import Path

import pytest

from companion.serving import start_server, stop_server
from tests.conftest import csrf_token, make_app
from tests.web.helpers import MM_SETUP

HSTS = "Strict-Transport-Security"


def every_cookie(client, headers: dict | None = None, base_url: str = "http://localhost") -> dict[str, str]:
    """Visit every page that sets a cookie of the app's; {cookie name: its Set-Cookie header}."""
    headers = headers or {}
    client = Over(client, base_url)
    seen: dict[str, str] = {}

    def note(response) -> None:
        for header in response.headers.getlist("Set-Cookie"):
            seen[header.split("=", 1)[0]] = header

    first = client.get("/", headers=headers)  # a new device: its device cookie and the session
    note(first)
    token = re.search(r'name="csrf_token" value="([^"]+)"', first.get_data(as_text=True)).group(1)
    note(client.post("/lang", data={"csrf_token": token, "lang": "ru"}, headers=headers))
    note(client.post("/text-size", data={"csrf_token": token, "size": "large"}, headers=headers))
    created = client.post("/api/games", json={"kind": "mice_mystics", "setup": MM_SETUP}, headers=headers)
    assert created.status_code == 201
    code = created.get_json()["code"]
    note(client.post(f"/g/{code}/watch", data={"csrf_token": token}, headers=headers))
    note(client.post(f"/g/{code}/screen/qr", data={"csrf_token": token, "hide": "1"}, headers=headers))
    assert {"device", "session", "lang", "text_size", f"watching_{code}", f"qr_hidden_{code}"} <= set(seen), seen
    return seen


class Over:
    """A test client whose requests go to `base_url` (https://…: as the server's own TLS hands them on)."""

    def __init__(self, client, base_url: str):
        self.client, self.base_url = client, base_url

    def get(self, path, **kwargs):
        return self.client.get(path, base_url=self.base_url, **kwargs)

    def post(self, path, **kwargs):
        return self.client.post(path, base_url=self.base_url, **kwargs)


def is_secure(set_cookie: str) -> bool:
    return any(part.strip().lower() == "secure" for part in set_cookie.split(";")[1:])


def test_over_the_servers_own_https_every_cookie_is_secure_and_answers_carry_hsts(tmp_path):
    client = make_app(tmp_path / "t.db", PUBLIC_URL="").test_client()
    cookies = every_cookie(client, base_url="https://table.local")
    assert [name for name, header in cookies.items() if not is_secure(header)] == []
    for path in ("/", "/api/openapi.json", "/manifest.webmanifest", "/api/games/NOPE7"):
        assert Over(client, "https://table.local").get(path).headers.get(HSTS, "").startswith("max-age="), path


def test_an_https_public_url_makes_every_cookie_secure(tmp_path):
    """Behind a proxy that terminates TLS without saying so (PROXIES unset), PUBLIC_URL still tells."""
    client = make_app(tmp_path / "t.db", PUBLIC_URL="https://companion.example.org").test_client()
    cookies = every_cookie(client)
    assert [name for name, header in cookies.items() if not is_secure(header)] == []
    assert client.get("/").headers.get(HSTS, "").startswith("max-age=")


def test_a_believed_proxys_forwarded_https_makes_every_cookie_secure(tmp_path):
    client = make_app(tmp_path / "t.db", PUBLIC_URL="", PROXIES=1).test_client()
    cookies = every_cookie(client, headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.5"})
    assert [name for name, header in cookies.items() if not is_secure(header)] == []
    assert client.get("/", headers={"X-Forwarded-Proto": "https"}).headers.get(HSTS, "").startswith("max-age=")


def test_over_plain_http_on_the_lan_nothing_changes_and_cookies_keep_working(tmp_path):
    client = make_app(tmp_path / "t.db", PUBLIC_URL="http://192.168.1.20:5000").test_client()
    cookies = every_cookie(client)
    assert [name for name, header in cookies.items() if is_secure(header)] == []
    assert HSTS not in client.get("/").headers
    # The cookies are sent back over http: the same device, the same session (a form's token holds).
    device = client.get_cookie("device").value
    token = csrf_token(client, "/")
    assert client.post("/text-size", data={"csrf_token": token, "size": "small"}).status_code == 303
    assert client.get_cookie("device").value == device


def test_a_forwarded_https_is_not_believed_without_proxies(tmp_path):
    client = make_app(tmp_path / "t.db", PUBLIC_URL="").test_client()
    cookies = every_cookie(client, headers={"X-Forwarded-Proto": "https"})
    assert [name for name, header in cookies.items() if is_secure(header)] == []
    assert HSTS not in client.get("/", headers={"X-Forwarded-Proto": "https"}).headers


def test_every_cookie_of_the_apps_own_is_set_by_the_one_careful_helper():
    """A cookie added later is Secure over https too: no view sets one by itself."""
    companion = Path(__file__).resolve().parents[2] / "companion"
    setters = [f"{path.relative_to(companion)}:{n}" for path in companion.rglob("*.py")
               for n, line in enumerate(path.read_text().splitlines(), 1)
               if re.search(r"(?<!security)\.set_cookie\(", line) and path.name != "security.py"]
    assert setters == []


# The real server (gunicorn.conf.py, as bin/serve runs it), the real app, its own environment.

def serve(tmp_path: Path, name: str, **env: str) -> tuple:
    log = tmp_path / f"{name}.log"
    server, base = start_server(f"sqlite:///{tmp_path / name}.db", workers=1, log_file=log,
                                env={"PUBLIC_URL": "", "PROXIES": "0", **env})
    return server, base, log


def get(base: str, path: str, headers: dict | None = None, https: bool = False) -> http.client.HTTPResponse:
    host, port = base.split("://")[1].split(":")
    if https:
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE  # our own self-signed test cert
        connection = http.client.HTTPSConnection(host, int(port), timeout=10, context=context)
    else:
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def device_cookie(response: http.client.HTTPResponse) -> str:
    headers = response.headers.get_all("Set-Cookie") or []
    found = [h for h in headers if SimpleCookie(h).get("device")]
    assert found, headers
    return found[0]


def proxy_warning(log: Path) -> list[str]:
    return [line for line in log.read_text().splitlines() if "PROXIES" in line and "WARNING" in line]


def test_the_server_serving_its_own_certificate_sends_secure_cookies_and_hsts(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    server, base, _log = serve(tmp_path, "tls", TLS_CERT=str(cert), TLS_KEY=str(key))
    try:
        assert base.startswith("https://")
        answer = get(base, "/", https=True)
        assert answer.status == 200
        assert is_secure(device_cookie(answer))
        assert (answer.headers.get(HSTS) or "").startswith("max-age=")
    finally:
        stop_server(server)


def test_on_a_lan_the_server_believes_no_forwarded_https_and_warns_of_nothing(tmp_path):
    """PROXIES unset (bin/serve on every interface): X-Forwarded-Proto, even from this very host, changes
    nothing — gunicorn's own belief in it is switched off; the app's PROXIES alone decides."""
    server, base, log = serve(tmp_path, "lan", HOST="0.0.0.0")
    try:
        answer = get(base, "/", headers={"X-Forwarded-Proto": "https", "X-Forwarded-Ssl": "on"})
        assert answer.status == 200 and not is_secure(device_cookie(answer)) and answer.headers.get(HSTS) is None
    finally:
        stop_server(server)
    assert proxy_warning(log) == []


def test_believing_proxies_on_every_interface_is_warned_of_at_start(tmp_path):
    server, _base, log = serve(tmp_path, "public", HOST="0.0.0.0", PROXIES="1")
    stop_server(server)
    warnings = proxy_warning(log)
    assert len(warnings) == 1 and "0.0.0.0" in warnings[0] and "X-Forwarded-For" in warnings[0]


def test_behind_a_proxy_on_loopback_nothing_is_warned_and_its_https_is_believed(tmp_path):
    server, base, log = serve(tmp_path, "proxied", HOST="127.0.0.1", PROXIES="1")
    try:
        answer = get(base, "/", headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.5"})
        assert answer.status == 200 and is_secure(device_cookie(answer))
        assert (answer.headers.get(HSTS) or "").startswith("max-age=")
    finally:
        stop_server(server)
    assert proxy_warning(log) == []


@pytest.mark.parametrize("host, public", [("0.0.0.0", True), ("::", True), ("192.168.1.20", True),
                                          ("203.0.113.7", True), ("127.0.0.1", False), ("::1", False),
                                          ("localhost", False), ("127.0.0.2", False)])
def test_which_listening_addresses_a_client_may_reach_without_the_proxy(host, public):
    config = {}
    exec(compile((Path(__file__).resolve().parents[2] / "gunicorn.conf.py").read_text(), "gunicorn.conf.py", "exec"),
         config)
    assert config["reachable_without_proxy"](host) is public


DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_container_examples_publish_the_app_where_only_the_proxy_reaches_it():
    """`-p 8001:8000` publishes on every interface of the host: a client there names any X-Forwarded-For
    it likes and the per-address limits count nothing. The examples publish on 127.0.0.1."""
    texts = {path: path.read_text() for path in (DOCS / "DEPLOY.md", DEPLOY / "Containerfile")}
    published = [(path.name, flag) for path, text in texts.items()
                 for flag in re.findall(r"(?<![\w-])(?:-p|--publish)[ =](\S*\d:\d+)", text)]
    assert published and [p for p in published if not p[1].startswith("127.0.0.1:")] == []
    # The containers of the check run on the host's own network: they listen on its loopback only.
    check = (DEPLOY / "check-containers.sh").read_text()
    runs = [line for line in check.splitlines() if line.startswith("run -d ")]
    assert runs and all("-e HOST=127.0.0.1" in line for line in runs)

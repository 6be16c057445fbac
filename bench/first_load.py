"""Bytes a phone downloads for the first load of a game page (all assets, gzip, in English and in Russian:
the Russian page also loads the Cyrillic font), and from where, by kind (html, css, js, font, icons), and
file by file. The phone is a touch screen (Playwright's has_touch, is_mobile), 390×844.

Usage: .venv/bin/python -m bench.first_load
"""
from __future__ import annotations

import json
import tempfile
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

from bench.tap_latency import CHROMIUM_ARGS, start_server


def kind_of(url: str) -> str:
    path = urlsplit(url).path
    for suffix, kind in ((".woff2", "font"), (".svg", "icons"), (".js", "js"), (".css", "css")):
        if path.endswith(suffix):
            return kind
    return "html"


def main() -> None:
    from playwright.sync_api import sync_playwright
    server, base = start_server(Path(tempfile.mkdtemp()))
    try:
        for kind, setup in (("mage_knight", {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"]}),
                            ("mice_mystics", {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"]})):
            request = urllib.request.Request(
                base + "/api/games",
                method="POST",
                headers={"Content-Type": "application/json"},
                data=json.dumps({"kind": kind, "setup": setup}).encode(),
            )
            code = json.loads(urllib.request.urlopen(request).read())["code"]
            for locale in ("en-US", "ru-RU"):  # a Russian page also loads the Cyrillic font files
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                    page = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale,
                                               service_workers="block", has_touch=True, is_mobile=True).new_page()
                    sizes: list[tuple[str, int, int]] = []

                    def finished(request, sizes=sizes) -> None:
                        if "/live" not in request.url:
                            measured = request.sizes()
                            sizes.append((request.url, measured["responseBodySize"], measured["responseHeadersSize"]))

                    page.on("requestfinished", finished)
                    page.goto(f"{base}/g/{code}", wait_until="load")
                    page.wait_for_timeout(1000)  # deferred scripts, icons and fonts; the live poll stays open
                    browser.close()
                hosts = {urlsplit(url).netloc for url, _, _ in sizes}
                body = sum(b for _, b, _ in sizes)
                parts: dict[str, int] = {}
                for url, size, _ in sizes:
                    parts[kind_of(url)] = parts.get(kind_of(url), 0) + size
                print(f"{kind:<13} {locale} first load of a game page: {len(sizes)} requests, {body / 1024:.1f} KB "
                      f"bodies (+{sum(h for _, _, h in sizes) / 1024:.1f} KB headers), origins: {sorted(hosts)}; "
                      + ", ".join(f"{k} {v / 1024:.1f}" for k, v in sorted(parts.items()))
                      + f"; without the font {(body - parts.get('font', 0)) / 1024:.1f} KB", flush=True)
                print(
                    "    "
                    + ", ".join(
                        f"{urlsplit(url).path.rsplit('/', 1)[-1] or urlsplit(url).path} {size / 1024:.2f}"
                        for url, size, _ in sorted(sizes, key=lambda s: -s[1])
                    ),
                    flush=True,
                )
    finally:
        server.kill()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()

"""Screenshots of every moment of a Mage Knight round and a Mice and Mystics round, on each seated phone's
screen (the one that must act), a tablet and the group screen — to look at the whole flow in a minute.

    .venv/bin/python -m bench.screenshots [--out DIR] [--locale ru-RU] [--screen 800x1280]

Writes DIR/<game>/<NN>-<moment>-{phone,tablet,screen}.png (default DIR: /tmp/table-companion-shots) and an
index.html showing them side by side. The moments are the browser walk test's (tests/browser/walks.py).
Needs Chromium at /usr/bin/chromium (bin/test installs it).
"""
from __future__ import annotations

import argparse
import html
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from companion.serving import start_server, stop_server
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, TABLET
from tests.browser.walks import at_version, mage_knight_round, mice_and_mystics_round, seats_offered, take_seat
from tests.conftest import make_app

GROUP_SCREEN = {"width": 1280, "height": 800}
WALKS = {"mage_knight": mage_knight_round, "mice_mystics": mice_and_mystics_round}


def photograph(browser, base: str, name: str, walk, out: Path, locale: str,
               group_screen: dict = GROUP_SCREEN) -> list[tuple[str, list[str]]]:
    def device(viewport, **extra):
        return browser.new_context(viewport=viewport, locale=locale, **extra).new_page()

    moments = walk(base)
    first = next(moments)
    code = walk.code
    tablet, screen = device(TABLET), device(group_screen)
    tablet.goto(f"{base}/g/{code}")
    screen.goto(f"{base}/g/{code}/screen")
    phones = {}
    probe = device(PHONE, has_touch=True, is_mobile=True)
    probe.goto(f"{base}/g/{code}")
    for seat in seats_offered(probe):
        phone = probe if not phones else device(PHONE, has_touch=True, is_mobile=True)
        if phone is not probe:
            phone.goto(f"{base}/g/{code}")
        take_seat(phone, seat)
        phones[seat] = phone
    # "Just watching", in any language: the form that posts to /watch
    tablet.locator("#who form[action$='/watch'] button").click() if tablet.locator("#who").count() else None
    (out / name).mkdir(parents=True, exist_ok=True)
    rows, n, moment = [], 0, first
    while moment is not None:
        n += 1
        phone = phones.get(moment.seat) or next(iter(phones.values()))
        files = []
        for what, page in (("phone", phone), ("tablet", tablet), ("screen", screen)):
            at_version(page, moment.version)
            path = out / name / f"{n:02}-{moment.name}-{what}.png"
            page.screenshot(path=str(path))
            files.append(path.name)
        rows.append((f"{n:02} {moment.name} ({moment.seat or 'the group'})", files))
        moment = next(moments, None)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/table-companion-shots"))
    parser.add_argument("--locale", default="en-US")
    parser.add_argument("--only", choices=list(WALKS))
    parser.add_argument("--screen", default="1280x800", help="the group screen's size, WIDTHxHEIGHT (a tablet "
                                                            "standing: 800x1280)")
    args = parser.parse_args()
    width, height = (int(n) for n in args.screen.split("x"))
    tmp = Path(tempfile.mkdtemp())
    make_app(tmp / "shots.db")
    server, base = start_server(f"sqlite:///{tmp / 'shots.db'}", app="tests.served:create()", migrate=False,
                                log_file=tmp / "server.log")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            page = ["<!doctype html><meta charset=utf-8><title>Table Companion, moment by moment</title>",
                    "<style>img{height:420px;margin:4px;border:1px solid #999}</style>"]
            for name, walk in WALKS.items():
                if args.only and name != args.only:
                    continue
                page.append(f"<h1>{name}</h1>")
                for title, files in photograph(browser, base, name, walk, args.out, args.locale,
                                                  {"width": width, "height": height}):
                    page.append(f"<h2>{html.escape(title)}</h2>" +
                                "".join(f'<img src="{name}/{f}" alt="{f}">' for f in files))
                print(f"{name}: {len(list((args.out / name).glob('*.png')))} screenshots in {args.out / name}")
            (args.out / "index.html").write_text("\n".join(page))
            browser.close()
    finally:
        stop_server(server)
    print(f"open {args.out / 'index.html'}")


if __name__ == "__main__":
    main()

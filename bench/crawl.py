"""The crawler's longer run (tests/browser/crawler.py), for before a release: seeded games of every scenario
family played through what the app offers, each moment drawn on the acting seat's phone and the group screen
in Chromium and checked as a player would look at it.

    .venv/bin/python -m bench.crawl [--seeds 40] [--first 0] [--budget 80] [--every 2] [--screen-rate 0.5]
                                    [--axe-rate 0.05] [--long-names] [--out DIR]

Prints per seed its family, moments and failures, then the games, moments walked and checked, the failures
grouped by what failed (with the seeds and steps that show each) and the time. Screenshots of failing moments
go to DIR (default: a new folder under /tmp). Needs Chromium at /usr/bin/chromium.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from companion.serving import start_server, stop_server
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser import crawler
from tests.browser.crawler import Crawl, distinct, family_of
from tests.conftest import make_app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--budget", type=int, default=80, help="actions per game at most")
    parser.add_argument("--every", type=int, default=2, help="draw every k-th moment (and every notable one)")
    parser.add_argument("--screen-rate", type=float, default=0.5)
    parser.add_argument("--axe-rate", type=float, default=0.05)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--long-names", action="store_true", help="players named as long as a field takes")
    parser.add_argument("--verbose", action="store_true", help="print every failure, not only one per kind")
    args = parser.parse_args()
    if args.long_names:
        crawler.NAMES = crawler.LONG_NAMES
    out = args.out or Path(tempfile.mkdtemp(prefix="crawl-"))
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="crawl-db-"))
    make_app(work / "crawl.db")
    server, base = start_server(f"sqlite:///{work / 'crawl.db'}", app="tests.served:create_seeded()",
                                migrate=False, log_file=work / "server.log")
    start = time.monotonic()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            crawl = Crawl(browser, base, out, budget=args.budget, every=args.every, screen_rate=args.screen_rate,
                          axe_rate=args.axe_rate)
            for seed in range(args.first, args.first + args.seeds):
                moments = crawl.moments
                found = crawl.run(seed)
                print(f"seed {seed:4} {family_of(seed).name:15} {crawl.moments - moments:4} moments, "
                      f"{len(found)} failures", flush=True)
            browser.close()
    finally:
        stop_server(server)
    print()
    for what, failures in sorted(distinct(crawl.failures).items(), key=lambda kv: -len(kv[1])):
        seeds = sorted({f.moment.seed for f in failures})
        print(f"{len(failures):4}x {what}\n      seeds {seeds[:12]}{' …' if len(seeds) > 12 else ''}; first:")
        for failure in failures[:None if args.verbose else 1]:
            print("      " + str(failure).replace("\n", "\n      "))
    for refusal in crawl.refusals[:10]:
        print("refused:", refusal)
    for stall in [s for s in crawl.stalls if "did not show" in s][:10]:
        print("stall (the machine's speed):", stall)
    print("\nreached:", ", ".join(f"{k} {n}" for k, n in sorted(crawl.reached.items())))
    print(f"\n{crawl.summary()} (wall {time.monotonic() - start:.0f} s); screenshots in {out}")


if __name__ == "__main__":
    main()

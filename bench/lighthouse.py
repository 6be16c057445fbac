"""Lighthouse (mobile profile) on the home page, a game page and the group screen.

Starts gunicorn on a fresh SQLite file, creates a Mage Knight game through the API, runs the npm
package lighthouse (pinned in bench/lighthouse/package.json) against the system Chromium, and
prints performance / accessibility / best-practices / SEO scores for each page.
Usage: .venv/bin/python -m bench.lighthouse [runs, 5 unless given]
"""
from __future__ import annotations

import json
import statistics
import subprocess
import tempfile
import urllib.request
from pathlib import Path

from bench.tap_latency import start_server

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "bench" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# The metrics the performance score is made of (Lighthouse 12's weights: TBT 30, LCP 25, CLS 25, FCP 10, SI 10).
METRICS = {"first-contentful-paint": "FCP", "largest-contentful-paint": "LCP", "total-blocking-time": "TBT",
           "cumulative-layout-shift": "CLS", "speed-index": "SI"}


def new_game(base: str) -> str:
    import urllib.request
    body = json.dumps({"kind": "mage_knight", "setup": {"player_name": ["Anna", "Boris"],
                                                          "hero": ["tovak", "goldyx"],
                                                          "scenario": "full_conquest"}}).encode()
    request = urllib.request.Request(base + "/api/games", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["code"]


def audit(url: str, out: Path) -> dict[str, object]:
    subprocess.run(
        [str(LIGHTHOUSE / "node_modules" / ".bin" / "lighthouse"), url, "--quiet", "--output=json",
         f"--output-path={out}", f"--only-categories={','.join(CATEGORIES)}",
         "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage "
         "--disable-background-networking --disable-component-update --disable-sync --no-first-run"],
        check=True, env={"CHROME_PATH": "/usr/bin/chromium", "PATH": "/usr/bin:/bin:/usr/local/bin"})
    report = json.loads(out.read_text())
    scores: dict[str, object] = {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES}
    # What lowered a score below 100: each metric's value and its own score.
    for audit_id, short in METRICS.items():
        found = report["audits"][audit_id]
        scores[short] = f"{found['displayValue'].replace(chr(160), ' ')} ({round(found['score'] * 100)})"
    return scores


def main(runs: int = 5) -> None:
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=LIGHTHOUSE, check=True)
    workdir = Path(tempfile.mkdtemp())
    server, base = start_server(workdir)
    try:
        code = new_game(base)
        pages = {"home": f"{base}/", "game page": f"{base}/g/{code}", "group screen": f"{base}/g/{code}/screen"}
        # Each page once before it is audited, as a table's server has served its pages before. (A worker
        # compiles its templates at start, gunicorn.conf.py: the first answer of a fresh worker is no
        # longer 0.3-0.4 s slower, which Lighthouse's throttling model would add to every metric.)
        for url in pages.values():
            urllib.request.urlopen(url).read()
        print("Lighthouse 12.2.3, mobile profile (default throttling), system Chromium; each page fetched "
              "once before (a warm server)")
        seen: dict[str, list[dict[str, object]]] = {name: [] for name in pages}
        for run in range(runs):
            for name, url in pages.items():
                scores = audit(url, workdir / f"{name.replace(' ', '-')}-{run + 1}.json")
                seen[name].append(scores)
                print(f"{name:<14} " + "  ".join(f"{c}={s}" for c, s in scores.items()), flush=True)
        # Lighthouse's own advice for a score that varies from run to run: the median of five runs.
        print(f"median of {runs} runs, and the lowest:")
        for name, runs_seen in seen.items():
            print(f"{name:<14} " + "  ".join(
                f"{c}={statistics.median(r[c] for r in runs_seen):g} (lowest {min(r[c] for r in runs_seen)})"
                for c in CATEGORIES))
    finally:
        server.kill()
        server.wait(timeout=10)


if __name__ == "__main__":
    import sys
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)

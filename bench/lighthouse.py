"""Lighthouse (mobile profile) on the home page, a game page and the group screen; with --summaries, also the
summaries of issue 44 (a Mage Knight game over and a Mice and Mystics chapter end, played through the API by
bench.summary_shots, its limits raised for the script).

Starts gunicorn on a fresh SQLite file, creates a Mage Knight game through the API, runs the npm
package lighthouse (pinned in bench/lighthouse/package.json) against the system Chromium, and
prints performance / accessibility / best-practices / SEO scores for each page.
Usage: .venv/bin/python -m bench.lighthouse [runs, 5 unless given] [--summaries]
"""
from __future__ import annotations

import json
import statistics
import subprocess
import tempfile
import urllib.request
from pathlib import Path

from bench.summary_shots import PLAYING_LIMITS, evenings
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


def main(runs: int = 5, summaries: bool = False) -> None:
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=LIGHTHOUSE, check=True)
    workdir = Path(tempfile.mkdtemp())
    server, base = start_server(workdir, env=PLAYING_LIMITS if summaries else None)
    try:
        code = new_game(base)
        pages = {"home": f"{base}/", "game page": f"{base}/g/{code}", "group screen": f"{base}/g/{code}/screen"}
        if summaries:
            played = evenings(base, spread=True)
            mk, mm = played["mk-night"][0], played["mm-chapter"][0]
            pages |= {"MK game over": f"{base}/g/{mk}", "MK its screen": f"{base}/g/{mk}/screen",
                      "MK how it went": f"{base}/g/{mk}/folded/mk-evening",
                      "MM chapter end": f"{base}/g/{mm}", "MM how it went": f"{base}/g/{mm}/folded/mm-evening"}
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
                print(f"{name:<15} " + "  ".join(f"{c}={s}" for c, s in scores.items()), flush=True)
        # Lighthouse's own advice for a score that varies from run to run: the median of five runs.
        print(f"median of {runs} runs, and the lowest:")
        for name, runs_seen in seen.items():
            print(f"{name:<15} " + "  ".join(
                f"{c}={statistics.median(r[c] for r in runs_seen):g} (lowest {min(r[c] for r in runs_seen)})"
                for c in CATEGORIES))
    finally:
        server.kill()
        server.wait(timeout=10)


if __name__ == "__main__":
    import sys
    numbers = [a for a in sys.argv[1:] if a.isdigit()]
    main(int(numbers[0]) if numbers else 5, summaries="--summaries" in sys.argv[1:])

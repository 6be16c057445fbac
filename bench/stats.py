"""Percentiles of a list of timings, printed in milliseconds."""
from __future__ import annotations


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def report(name: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    if not ms:
        line = f"{name:<44} n=0"
        print(line, flush=True)
        return line
    line = (f"{name:<44} n={len(ms):<5} p50={percentile(ms, 50):7.2f} ms  p95={percentile(ms, 95):7.2f} ms"
            f"  p99={percentile(ms, 99):7.2f} ms  max={max(ms):7.2f} ms")
    print(line, flush=True)
    return line

#!/usr/bin/env python3
"""How well kbench tune's strategies do against an exhaustive search, from
its cache alone (nothing is measured).

Usage: tune_strategies.py [--kbench PATH] [--seeds N] [--within PCT]
                          [--strategies LIST] CACHE.json -- TUNE-ARGS...

CACHE.json is the --cache of an exhaustive search, TUNE-ARGS the arguments
it was given (variants, --param, --restrict, --per, --objective, --devices;
not --strategy, --seed, --budget, --cache or --json).  On a copy of the
cache, the exhaustive search is replayed (it must measure nothing: the
cache must cover the space), then each strategy runs for seeds 1..N at its
default budget, 30% of each search's space, also from the cache alone.

Prints a table per search: for each strategy, the mean over the seeds of
the best found against the exhaustive best (1.000 is the best; for an
objective to maximise, exhaustive / found), how many seeds came within PCT
(default 2%) of it, and the mean evaluations they took to get there.
Exit status 0; 1 when a run failed or measured anything; 2 for bad usage.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile


def run(kbench, args, cache, out):
    """kbench tune ARGS on cache, its --json to out: the document."""
    cmd = [kbench, "tune", *args, f"--cache={cache}", f"--json={out}"]
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    if done.returncode not in (0, 4):
        sys.exit(f"tune_strategies: {' '.join(cmd)}: exit "
                 f"{done.returncode}\n{done.stderr}")
    with open(out) as f:
        doc = json.load(f)
    measured = doc["context"]["tune"]["measured"]
    if measured:
        sys.exit(f"tune_strategies: {' '.join(cmd)} measured {measured} "
                 "configurations: the cache does not cover the space")
    return doc


def searches(doc):
    """{(search, device): [tune objects in evaluation order]}."""
    out = {}
    for e in doc["benchmarks"]:
        t = e["tune"]
        out.setdefault((t["search"], e.get("device_ordinal")), []).append(t)
    for ts in out.values():
        ts.sort(key=lambda t: t["evaluation"])
    return out


def ratio(found, best, maximize):
    """How far found is from best: 1.0 at best, above 1 worse."""
    if found is None:
        return float("inf")
    return best / found if maximize else found / best


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split("\n\n")[1])
    ap.add_argument("--kbench", default=os.environ.get("KBENCH", "kbench"))
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--within", type=float, default=2.0)
    ap.add_argument("--strategies", default="random,local,anneal")
    ap.add_argument("cache")
    ap.add_argument("tune_args", nargs="*")
    args = ap.parse_args()
    if not os.path.exists(args.cache):
        ap.error(f"{args.cache}: no such file")
    tmp = tempfile.mkdtemp(prefix="tune-strategies.")
    try:
        cache = os.path.join(tmp, "cache.json")
        shutil.copyfile(args.cache, cache)
        out = os.path.join(tmp, "run.json")
        exhaustive = searches(run(args.kbench, ["--strategy=exhaustive",
                                                *args.tune_args], cache, out))
        limit = 1 + args.within / 100
        rows = {key: [] for key in exhaustive}
        for strategy in args.strategies.split(","):
            stats = {key: {"ratios": [], "reached": []} for key in exhaustive}
            for seed in range(1, args.seeds + 1):
                doc = run(args.kbench, [f"--strategy={strategy}",
                                        f"--seed={seed}", *args.tune_args],
                          cache, out)
                for key, ts in searches(doc).items():
                    ex = exhaustive[key][-1]["best_so_far"]
                    maximize = ts[0]["maximize"]
                    stats[key]["ratios"].append(
                        ratio(ts[-1]["best_so_far"], ex, maximize))
                    near = [t["evaluation"] for t in ts
                            if ratio(t["best_so_far"], ex, maximize) <= limit]
                    if near:
                        stats[key]["reached"].append(near[0])
            for key, s in stats.items():
                budget = len(searches(doc)[key])
                mean = sum(s["ratios"]) / len(s["ratios"])
                reach = (sum(s["reached"]) / len(s["reached"])
                         if s["reached"] else float("nan"))
                rows[key].append((strategy, budget, mean, len(s["reached"]),
                                  reach))
        for (search, device), table in rows.items():
            ts = exhaustive[(search, device)]
            print(f"\n{search}, device {device}: space {len(ts)}, exhaustive "
                  f"best {ts[-1]['best_so_far']:.6g} {ts[0]['unit']} "
                  f"({ts[0]['objective']})")
            print(f"| strategy | budget | mean best / exhaustive best | "
                  f"seeds within {args.within:g}% | mean evaluations to "
                  f"get there |")
            print("| --- | ---: | ---: | ---: | ---: |")
            for strategy, budget, mean, reached, reach in table:
                print(f"| {strategy} | {budget} | {mean:.4f} | "
                      f"{reached}/{args.seeds} | {reach:.1f} |")
    finally:
        shutil.rmtree(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())

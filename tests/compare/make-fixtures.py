#!/usr/bin/env python3
"""Write the fixture files of tests/compare.sh (committed; run again only
to change them).  They follow kbench's JSON (a superset of Google
Benchmark's) with synthetic samples: Gaussian noise rounded to the 32 ns
steps of CUDA event timings, so that samples tie as real ones do.

  base.json       the reference run
  noise.json      the same cases, new draws, shifted by the drift measured
                  between two runs on the H100 (+0.4% GPU, +20% host)
  slower.json     new draws; reduce_vec4 10% slower, transpose_fast 10%
                  faster, reduce_few 50% slower on 3 samples, gone_variant
                  removed and new_variant added
  crash.json      base, with stencil_gmem crashed and reduce_gmem wrong
  otherdev.json   base, on another device
  nodevice.json   base, without a device
  gbench-base.json, gbench-new.json
                  plain Google Benchmark output: 9 repetitions per case,
                  no samples, mean/median/stddev aggregates; BM_slow 20%
                  slower in new
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
H100 = {"name": "NVIDIA H100 80GB HBM3",
        "uuid": "GPU-5c1e0c6f-4a2b-9d0e-8f37-2b6a1c9e0d41", "ordinal": 0,
        "sm": "9.0", "sms": 132, "l2_bytes": 52428800, "peak_gbps": 3352.32}
A100 = {"name": "NVIDIA A100-SXM4-80GB",
        "uuid": "GPU-0f9a7d2e-1b3c-4e5f-8a9b-0c1d2e3f4a5b", "ordinal": 0,
        "sm": "8.0", "sms": 108, "l2_bytes": 41943040, "peak_gbps": 2039.0}

# name, backend, median seconds, relative spread, samples, repetitions
CASES = [
    ("reduce_vec4/n:64M/threads:256/offset:0", "cuda", 89.0e-6, 0.003, 40, 1),
    ("transpose_fast/rows:8K/cols:8K", "cuda", 181.9e-6, 0.003, 40, 1),
    ("smem_bank/stride:32/reps:256/threads:256", "cuda", 8481.5e-6, 0.0005, 20, 1),
    ("reduce_gmem/n:64M/threads:128", "cuda", 321.3e-6, 0.002, 12, 3),
    ("copy_cpu/n:16M", "host", 14.06e-3, 0.03, 10, 1),
    ("stencil_gmem/n:64M/threads:256", "cuda", 307.6e-6, 0.002, 40, 1),
    ("reduce_few/n:1K", "cuda", 3.2e-6, 0.01, 3, 1),
    ("reduce_cub/n:64M", "cuda", 92.0e-6, 0.003, 40, 1),
    ("gone_variant/n:1K", "cuda", 5.0e-6, 0.01, 20, 1),
]


def context(device, mode="cold"):
    return {"date": "2026-11-23T12:00:00+00:00", "host_name": "h100-lease",
            "executable": "/usr/local/bin/kbench", "num_cpus": 16,
            "mhz_per_cpu": 2000, "caches": [], "library_version": "0.1.0",
            "library_build_type": "release", "json_schema_version": 1,
            "kbench": {"version": "0.1.0", "abi": "1.0",
                       "command_line": "kbench --json=run.json", "mode": mode,
                       "seed": 1, "device": device, "driver_version": 12040,
                       "runtime_version": 12040, "launch_floor_s": 3.14e-6}}


def draw(rng, median, spread, n, scale=1.0):
    step = 32e-9 if median < 1e-3 else 1e-9
    return [round(round(rng.gauss(median * scale, median * spread) / step)
                  * step, 12) for _ in range(n)]


def value(text):
    """'64M' -> 67108864: kbench writes parameter values as integers."""
    shift = {"K": 10, "M": 20, "G": 30}.get(text[-1], 0)
    return int(text[:-1] if shift else text) << shift


def entry(name, backend, samples, rep=0, reps=1, verdict="pass", stage="",
          message=""):
    variant, *params = name.split("/")
    s = sorted(samples)
    med = (s[(len(s) - 1) // 2] + s[len(s) // 2]) / 2 if s else 0.0
    e = {"name": name, "run_name": name, "run_type": "iteration",
         "repetitions": reps, "repetition_index": rep, "threads": 1,
         "iterations": len(samples), "real_time": round(med * 1e9, 3),
         "cpu_time": round(med * 1e9, 3), "time_unit": "ns",
         "bytes_per_second": 3.0e12 if s else 0, "variant": variant,
         "params": {k: value(v) for k, v in (p.split(":") for p in params)},
         "backend": backend, "verdict": verdict, "stage": stage,
         "message": message, "x_future_field": {"kept": [1, None]}}
    if s:
        e.update({"median_s": med, "mean_s": sum(s) / len(s), "min_s": s[0],
                  "max_s": s[-1], "noise": 0.001, "stop": "noise",
                  "gbps": 3000.0, "samples_s": samples})
    elif verdict == "skip":
        e.update({"skipped": True, "skip_message": message})
    else:
        e.update({"error_occurred": True, "error_message": message})
    return e


def run(seed, scale=None, drop=(), add=(), verdicts=None):
    rng = random.Random(seed)
    scale, verdicts = scale or {}, verdicts or {}
    out = []
    for name, backend, median, spread, n, reps in CASES + list(add):
        if name in drop:
            continue
        v = verdicts.get(name, ("pass", "", ""))
        for r in range(reps):
            samples = draw(rng, median, spread, n, scale.get(name, 1.0))
            out.append(entry(name, backend, samples if v[0] == "pass" else [],
                             r, reps, *v))
    return out


def write(path, ctx, benchmarks):
    with open(os.path.join(HERE, path), "w") as f:
        f.write('{"context": %s,\n "benchmarks": [\n' % json.dumps(ctx))
        f.write(",\n".join("  " + json.dumps(b) for b in benchmarks))
        f.write("\n]}\n")


SKIP_CUB = {"reduce_cub/n:64M": ("skip", "setup", "no CUDA device: test")}
base = run(1, verdicts=SKIP_CUB)
write("base.json", context(H100), base)
drift = {c[0]: 1.20 if c[1] == "host" else 1.004 for c in CASES}
write("noise.json", context(H100), run(2, scale=drift))
write("slower.json", context(H100),
      run(3, scale={"reduce_vec4/n:64M/threads:256/offset:0": 1.10,
                    "transpose_fast/rows:8K/cols:8K": 0.90,
                    "reduce_few/n:1K": 1.5},
          drop=("gone_variant/n:1K",),
          add=[("new_variant/n:1K", "cuda", 7.0e-6, 0.01, 20, 1)]))
write("crash.json", context(H100), run(1, verdicts=dict(SKIP_CUB, **{
    "stencil_gmem/n:64M/threads:256":
        ("crash", "run", "crashed: SIGSEGV in run"),
    "reduce_gmem/n:64M/threads:128":
        ("wrong", "verify", "element 17 is 3, expected 4")})))
write("otherdev.json", context(A100), base)
write("nodevice.json", context(None), base)


def gbench(seed, slow):
    rng = random.Random(seed)
    ctx = {"date": "2026-11-23T12:00:00+00:00", "host_name": "ci",
           "executable": "./bench", "num_cpus": 2, "mhz_per_cpu": 2400,
           "cpu_scaling_enabled": False, "caches": [],
           "library_build_type": "release", "json_schema_version": 1}
    out = []
    for name, t in (("BM_same/1024", 1500.0), ("BM_slow/1024", 2500.0)):
        times = [rng.gauss(t * (slow if "slow" in name else 1), t * 0.01)
                 for _ in range(9)]
        for i, x in enumerate(times):
            out.append({"name": name, "family_index": 0,
                        "per_family_instance_index": 0, "run_name": name,
                        "run_type": "iteration", "repetitions": 9,
                        "repetition_index": i, "threads": 1,
                        "iterations": 100000, "real_time": round(x, 3),
                        "cpu_time": round(x, 3), "time_unit": "ns"})
        for agg in ("mean", "median", "stddev"):
            out.append({"name": name + "_" + agg, "run_name": name,
                        "run_type": "aggregate", "repetitions": 9,
                        "threads": 1, "aggregate_name": agg,
                        "aggregate_unit": "time", "iterations": 9,
                        "real_time": round(sum(times) / 9, 3),
                        "cpu_time": round(sum(times) / 9, 3),
                        "time_unit": "ns"})
    return ctx, out


write("gbench-base.json", *gbench(4, 1.0))
write("gbench-new.json", *gbench(5, 1.2))

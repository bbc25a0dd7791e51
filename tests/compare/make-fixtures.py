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
  capped.json     slower.json with NVML's clock-event reasons as kbench
                  writes them: reduce_vec4's samples under a power cap
                  (sw_power_cap, with gpu_idle), every other CUDA case's
                  idle only
  crash.json      base, with stencil_gmem crashed and reduce_gmem wrong
  disturbed.json  base, with reduce_vec4 and transpose_fast disturbed by
                  another process (pid 4242, stray_copy) as kbench writes
                  such a case: verdict disturbed, the message naming the
                  process, the samples it took under the other process
                  (30% slower) kept in samples_s, no statistics
  otherdev.json   base, on another device
  nodevice.json   base, without a device
  counters-base.json, counters-new.json
                  kbench --metrics output (a "metrics" object and the bytes
                  audit's fields), timings alike: in new, layout_aos reads
                  a third fewer DRAM bytes, transpose_smem's bank conflicts
                  are gone, reduce_two launches 2 kernels instead of 1;
                  reduce_vec4's counts move within the tolerance (its DRAM
                  writes by 21%, but by 11 KB); copy_plain has counts in
                  base only
  seed-1.json, seed-2.json
                  kbench --metrics=seed --repetitions=3 twice on one build:
                  counts with the noise seen between identical runs on the
                  H100 (a reduction's DRAM writes 22 K -> 184 K and 304 K
                  -> 66 K against 268 MB read, bank conflicts 73 -> 88 and
                  139 -> 170, a copy's writes moving by 200 K), timings
                  alike; must compare clean
  seed-conflicts.json
                  seed-2 with smem_bank's bank conflicts at 2 ways (stride
                  2's counts under stride 1's name): must be flagged
  seed-dram.json  seed-2 with reduce_shfl reading 10% more DRAM bytes:
                  must be flagged
  seed-spread.json
                  seed-2 with L2 sectors moved by 8% in two cases: within
                  the range of the repetitions in one (not a change), past
                  it in the other
  seed-audit.json seed-2 with memcpy_d2d's claim flagged by the bytes
                  audit and reduce_shfl unaudited (the profiler was busy)
  energy-base.json, energy-new.json
                  kbench --energy output (energy_windows_j and the fields
                  beside it), timings alike: in new, memcpy_d2d uses 10%
                  more joules per run and reduce_vec4 12% less, on 5
                  windows each; transpose_fast moves by 2% (under the
                  threshold); reduce_cub by 25% on windows that overlap
                  (not significant); reduce_few by 20% on 3 windows a side;
                  reduce_gmem by 8% on 5 repetitions of one value each (no
                  windows); stencil_gmem has energy in base only
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
CAPPED = "reduce_vec4/n:64M/threads:256/offset:0"


def capped(entries):
    """entries with the clock-event fields of kbench's entry: CAPPED's
    samples under a power cap, the other CUDA cases' idle between
    samples only (not a slowdown)."""
    for e in entries:
        if e["backend"] != "cuda" or e["verdict"] != "pass":
            continue
        cap = e["name"] == CAPPED
        e.update({"clock_event_mask": 5 if cap else 1,
                  "clock_events": "gpu_idle,sw_power_cap" if cap
                  else "gpu_idle",
                  "clock_limits": "a power cap" if cap else "",
                  "clock_event_reads": len(e["samples_s"])})
    return entries


write("capped.json", context(H100), capped(
      run(3, scale={"reduce_vec4/n:64M/threads:256/offset:0": 1.10,
                    "transpose_fast/rows:8K/cols:8K": 0.90,
                    "reduce_few/n:1K": 1.5},
          drop=("gone_variant/n:1K",),
          add=[("new_variant/n:1K", "cuda", 7.0e-6, 0.01, 20, 1)])))
write("crash.json", context(H100), run(1, verdicts=dict(SKIP_CUB, **{
    "stencil_gmem/n:64M/threads:256":
        ("crash", "run", "crashed: SIGSEGV in run"),
    "reduce_gmem/n:64M/threads:128":
        ("wrong", "verify", "element 17 is 3, expected 4")})))
STRAY = ("another process used the GPU during the case: pid 4242 "
         "(stray_copy), SM 45%, memory 30% (NVML); measured again after "
         "waiting 5.0 s for the GPU to be quiet, still disturbed")


def disturbed(entries, names, slow):
    """entries with those of names disturbed: their samples slow times
    base's, and no statistics, as kbench writes a case that is not a
    pass."""
    out = []
    for e in entries:
        if e["name"] in names:
            samples = [round(x * slow, 12) for x in e["samples_s"]]
            e = entry(e["name"], e["backend"], [], e["repetition_index"],
                      e["repetitions"], "disturbed", "run", STRAY)
            e["samples_s"] = samples
        out.append(e)
    return out


write("disturbed.json", context(H100), disturbed(
    base, ("reduce_vec4/n:64M/threads:256/offset:0",
           "transpose_fast/rows:8K/cols:8K"), 1.3))
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


# name, repetitions, {metric: (base, new)}, audit (read, write) or None
COUNTED = [
    ("layout_aos/n:16M/threads:256", 1,
     {"dram__bytes_read.sum": (403658240, 268435456),
      "dram__bytes_write.sum": (383001088, 383180800),
      "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum": (75497472, 75497472),
      "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct":
          (66.7, 100.0)}, (403700000, 383100000)),
    ("transpose_smem/rows:8K/cols:8K", 2,
     {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum":
          (65942700, 219289),
      "dram__bytes_read.sum": (268447000, 268453000)}, None),
    ("reduce_vec4/n:64M/threads:256/offset:0", 1,
     {"dram__bytes_read.sum": (268436480, 268458000),
      "dram__bytes_write.sum": (63232, 52224)}, (268440000, 64000)),
    ("reduce_two/n:64M", 1, {"dram__bytes_read.sum": (268435456, 268435456)},
     None),
    ("copy_plain/n:64M", 1, {"dram__bytes_read.sum": (268435456, None)},
     None),
]
UNITS = {".sum": "byte", "conflicts": "l1data_bank_conflict",
         "sectors": "sector", ".pct": "percent"}


def unit(metric):
    for word in ("conflicts", "sectors", ".pct", ".sum"):
        if word in metric:
            return UNITS[word]
    return ""


def counted(side):
    rng = random.Random(6)
    out = []
    for name, reps, metrics, audit in COUNTED:
        kernels = 2 if name.startswith("reduce_two") and side else 1
        for r in range(reps):
            e = entry(name, "cuda", draw(rng, 100e-6, 0.002, 20), r, reps)
            values = {m: v[side] for m, v in metrics.items()
                      if v[side] is not None}
            if not values:
                out.append(e)
                continue
            # A second repetition counts a few more: its median is kept.
            values = {m: v + r * 1000 if m.endswith(".sum") else v
                      for m, v in values.items()}
            e.update(values)
            e["dram_read_bytes"], e["dram_write_bytes"] = audit or (None,
                                                                    None)
            e["metrics"] = dict(
                {"kernels_launched": kernels, "passes": 3},
                **{m: {"unit": unit(m), "value": v,
                       "kernels": [{"name": "k()", "value": v}]}
                   for m, v in values.items()})
            out.append(e)
    return out


write("counters-base.json", context(H100), counted(0))
write("counters-new.json", context(H100), counted(1))


# kbench --metrics=seed: per case the claim (bytes_read, bytes_written),
# then per metric its values in seed-1 and seed-2, three repetitions each
# (the noise between identical runs: each repetition a little apart).
SEED_UNITS = {"dram__bytes_read.sum": "byte", "dram__bytes_write.sum": "byte",
              "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum":
                  "l1data_bank_conflict",
              "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum":
                  "l1data_bank_conflict",
              "kb__shared_ld_ways.ratio": "wavefront/request",
              "kb__shared_st_ways.ratio": "wavefront/request",
              "lts__t_sectors_op_read.sum": "sector"}
LD_CONF = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
ST_CONF = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
SEED = [
    # name, memory, claim (read, written), {metric: (run 1, run 2)}
    ("reduce_shfl/n:64M/threads:256", "global", (268435456, 4),
     {"dram__bytes_read.sum": (268446720, 268441600),
      "dram__bytes_write.sum": (22016, 184320),
      LD_CONF: (0, 0), ST_CONF: (139, 170),
      "kb__shared_ld_ways.ratio": (1.0, 1.0),
      "kb__shared_st_ways.ratio": (1.0164536, 1.0201231)}),
    ("reduce_multi/n:64M", "global", (268435456, 4),
     {"dram__bytes_read.sum": (268444672, 268450816),
      "dram__bytes_write.sum": (304128, 66048)}),
    ("reduce_cluster/n:64M", "global", (268435456, 4),
     {"dram__bytes_read.sum": (268455168, 268449024),
      "dram__bytes_write.sum": (159232, 1871104),
      LD_CONF: (73, 88), ST_CONF: (205, 190),
      "kb__shared_ld_ways.ratio": (1.0089111, 1.0107422),
      "kb__shared_st_ways.ratio": (1.0250244, 1.0231934)}),
    ("transpose_smem_pad/rows:8K/cols:8K", "global", (268435456, 268435456),
     {"dram__bytes_read.sum": (268447488, 268443392),
      "dram__bytes_write.sum": (248044800, 248240128),
      LD_CONF: (217768, 226304), ST_CONF: (57519, 55296),
      "kb__shared_ld_ways.ratio": (1.1038399, 1.1079102),
      "kb__shared_st_ways.ratio": (1.0274272, 1.0263672)}),
    ("memcpy_d2d/rows:8K/cols:8K", "global", (268435456, 268435456),
     {"dram__bytes_read.sum": (268457472, 268451840),
      "dram__bytes_write.sum": (245767936, 245570048),
      "lts__t_sectors_op_read.sum": (8388608, 8388608)}),
    ("smem_bank/stride:1/reps:256/threads:256", "shared",
     (8858370048, 8650752),
     {"dram__bytes_read.sum": (8663040, 8657664),
      "dram__bytes_write.sum": (65792, 0),
      LD_CONF: (0, 0), ST_CONF: (0, 0),
      "kb__shared_ld_ways.ratio": (1.0, 1.0),
      "kb__shared_st_ways.ratio": (1.0, 1.0)}),
    ("layout_aos/n:16M/threads:256", "global", (402653184, 402653184),
     {"dram__bytes_read.sum": (403724544, 403718144),
      "dram__bytes_write.sum": (383544320, 383402496),
      "lts__t_sectors_op_read.sum": (12615680, 12615680)}),
]


def seed_entries(side, changes=None, flags=None):
    """side 0 or 1 of SEED; changes: {name: {metric: (value, jitter)}}
    replaces a case's counts (jitter: how far its repetitions spread);
    flags: {name: {field: value}} added to its entries."""
    rng = random.Random(7 + side)
    changes, flags = changes or {}, flags or {}
    out = []
    for name, memory, (read, written), metrics in SEED:
        values = {m: (v[side], None) for m, v in metrics.items()}
        values.update(changes.get(name, {}))
        for r in range(3):
            e = entry(name, "cuda", draw(rng, 100e-6, 0.002, 20), r, 3)
            e.update({"bytes_read": read, "bytes_written": written,
                      "memory": memory, "bytes_claim_flagged": False,
                      "unaudited": False, "audit_note": None})
            vals = {}
            for m, (v, jitter) in values.items():
                if jitter is None:  # counts a few apart, ratios alike
                    jitter = 0 if m.endswith(".ratio") or v < 1000 else 512
                vals[m] = v + (r - 1) * jitter
            # The bytes audit rides along: the DRAM counters' values.
            e["dram_read_bytes"] = vals["dram__bytes_read.sum"]
            e["dram_write_bytes"] = vals["dram__bytes_write.sum"]
            e.update({m: v for m, v in vals.items()})
            e["metrics"] = dict(
                {"kernels_launched": 1, "passes": 1},
                **{m: {"unit": SEED_UNITS[m], "value": v,
                       "kernels": [{"name": "k()", "value": v}]}
                   for m, v in vals.items()})
            e.update(flags.get(name, {}))
            out.append(e)
    return out


SEED_CTX = context(H100)
SEED_CTX["kbench"]["command_line"] = ("kbench --metrics=seed --repetitions=3 "
                                      "--json=seed.json")
write("seed-1.json", SEED_CTX, seed_entries(0))
write("seed-2.json", SEED_CTX, seed_entries(1))
write("seed-conflicts.json", SEED_CTX, seed_entries(1, {
    "smem_bank/stride:1/reps:256/threads:256":
        {LD_CONF: (69206016, 0), "kb__shared_ld_ways.ratio": (2.0, 0)}}))
write("seed-dram.json", SEED_CTX, seed_entries(1, {
    "reduce_shfl/n:64M/threads:256":
        {"dram__bytes_read.sum": (295290880, None)}}))
# L2 sectors 8% up in two cases: memcpy_d2d's new repetitions spread
# wider than that (9.06M +- 0.4M), layout_aos's stay tight.
write("seed-spread.json", SEED_CTX, seed_entries(1, {
    "memcpy_d2d/rows:8K/cols:8K":
        {"lts__t_sectors_op_read.sum": (9059697, 400000)},
    "layout_aos/n:16M/threads:256":
        {"lts__t_sectors_op_read.sum": (13625934, 1024)}}))
# memcpy_d2d claims 1.9x the 514.0 MB its DRAM counters moved (their
# medians): flagged, and its audit text (kb_audit_text) made of them.
write("seed-audit.json", SEED_CTX, seed_entries(1, flags={
    "memcpy_d2d/rows:8K/cols:8K": {"bytes_read": 488321024,
                                   "bytes_written": 488321024,
                                   "bytes_claim_flagged": True,
                                   "bytes_audit": "claims 1.9x the 514.0 MB "
                                                  "DRAM moved"},
    "reduce_shfl/n:64M/threads:256": {
        "unaudited": True,
        "audit_note": "bytes audit: the profiler is held by another "
                      "process (CUPTI_ERROR_HARDWARE_BUSY)"}}))


# name, repetitions, windows, J per run, relative spread, scale in new
# (None: no energy in new)
ENERGY = [
    ("memcpy_d2d/rows:8K/cols:8K", 1, 5, 0.0450, 0.005, 1.10),
    ("reduce_vec4/n:64M/threads:256/offset:0", 1, 5, 0.0230, 0.005, 0.88),
    ("transpose_fast/rows:8K/cols:8K", 1, 5, 0.0480, 0.005, 1.02),
    ("reduce_cub/n:64M", 1, 5, 0.0240, 0.20, 1.25),
    ("reduce_few/n:1K", 1, 3, 0.0001, 0.005, 1.20),
    ("reduce_gmem/n:64M/threads:128", 5, 0, 0.0600, 0.005, 1.08),
    ("stencil_gmem/n:64M/threads:256", 1, 5, 0.0800, 0.005, None),
]


def energetic(side, seed):
    rng = random.Random(seed)
    out = []
    for name, reps, windows, joules, spread, scale in ENERGY:
        for r in range(reps):
            e = entry(name, "cuda", draw(rng, 100e-6, 0.002, 20), r, reps)
            out.append(e)
            if side and scale is None:
                continue
            j = joules * (scale if side else 1.0)
            ws = [round(rng.gauss(j, j * spread), 9)
                  for _ in range(max(windows, 1))]
            per_run = sum(ws) / len(ws)
            # A run every 120 us in the batch: watts follow from joules.
            e.update({"energy_j_per_run": per_run,
                      "power_w": round(per_run / 120e-6, 1),
                      "energy_window_s": 1.02, "energy_runs": 1.02 / 120e-6,
                      "energy_windows_j": ws if windows else None,
                      "power_limit_w": 700.0, "energy_sm_clock_mhz": 1980,
                      "energy_mem_clock_mhz": 2619})
    return out


write("energy-base.json", context(H100), energetic(0, 7))
write("energy-new.json", context(H100), energetic(1, 8))


# Host cases, judged on their repetitions (one burst of samples each): the
# lent VMs' host timing drifts by up to a quarter within seconds, so every
# repetition here lands at its own level, 0.8-1.25x, with tight samples.
# In new: reduce_cpu twice as slow (5 repetitions a side: flagged);
# copy_cpu drifted alone (5 a side: same); transpose_cpu 1.6x on one
# repetition a side (not judged: one burst a side says nothing).
HOST = [
    ("reduce_cpu/n:16M", 11.0e-3, 5, 2.0),
    ("copy_cpu/n:16M", 9.0e-3, 5, 1.0),
    ("transpose_cpu/rows:2K/cols:2K/block:32", 18.0e-3, 1, 1.6),
]


def hostly(side, seed):
    rng = random.Random(seed)
    out = []
    for name, median, reps, scale in HOST:
        for r in range(reps):
            level = median * rng.uniform(0.8, 1.25) * (scale if side else 1.0)
            out.append(entry(name, "host", draw(rng, level, 0.004, 30), r,
                             reps))
    return out


write("host-base.json", context(H100), hostly(0, 11))
write("host-new.json", context(H100), hostly(1, 12))

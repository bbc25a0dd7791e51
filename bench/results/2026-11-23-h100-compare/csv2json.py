#!/usr/bin/env python3
"""Turn kbench --csv and --samples files into kbench's JSON shape, for
kbench compare, from runs made before kbench wrote JSON.

Usage: csv2json.py OUT.json RESULTS.csv SAMPLES.csv [RESULTS.csv SAMPLES.csv]...
                   [OLD_NAME=NEW_NAME]...
OLD_NAME=NEW_NAME renames a case (to pair a deliberately slowed case with
its usual name).  The device is the one in device.txt.
"""
import csv
import json
import sys


def name(variant, params):
    return variant + "".join("/" + kv.replace("=", ":") for kv in params.split())


def main():
    out, args = sys.argv[1], sys.argv[2:]
    renames = dict(a.split("=", 1) for a in args if "=" in a)
    files = [a for a in args if "=" not in a]
    bench = []
    for results, samples_csv in zip(files[::2], files[1::2]):
        samples = {}
        for r in csv.DictReader(open(samples_csv)):
            samples.setdefault(name(r["variant"], r["params"]), []).append(
                float(r["seconds"]))
        for r in csv.DictReader(open(results)):
            n = name(r["variant"], r["params"])
            median = float(r["median_s"] or 0)
            bench.append({"name": renames.get(n, n), "run_type": "iteration",
                          "real_time": median * 1e9, "cpu_time": median * 1e9,
                          "time_unit": "ns", "backend": r["backend"],
                          "verdict": r["verdict"], "stage": r["stage"],
                          "message": r["message"], "median_s": median,
                          "samples_s": samples.get(n, [])})
    device = {"name": "NVIDIA H100 80GB HBM3",
              "uuid": "GPU-62c45eca-bb51-d0e9-c02e-97a6482c318a"}
    context = {"json_schema_version": 1,
               "kbench": {"version": "0.1.0", "mode": "cold", "device": device}}
    with open(out, "w") as f:
        json.dump({"context": context, "benchmarks": bench}, f)


if __name__ == "__main__":
    main()

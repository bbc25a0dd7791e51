#!/usr/bin/env python3
"""Put a changed case under its base name, for kbench compare's planted
changes (the identical stage of bench/device-run.sh, now in its git
history):

  python3 bench/rename_cases.py IN.json OUT.json OLD=NEW [OLD=NEW]...

Each entry of IN named OLD is written to OUT named NEW (name and run_name);
every other entry is dropped, so that compare pairs the planted cases only.
For example, smem_bank at stride 2 (2 conflict ways) under stride 1's name:

  python3 bench/rename_cases.py planted-conflicts.json conflicts.json \\
    smem_bank/stride:2/reps:256/threads:256=smem_bank/stride:1/reps:256/threads:256
  kbench compare identical-1.json conflicts.json
"""
import json
import sys


def main(argv):
    if len(argv) < 4 or any("=" not in a for a in argv[3:]):
        sys.exit(__doc__)
    names = dict(a.split("=", 1) for a in argv[3:])
    with open(argv[1]) as f:
        doc = json.load(f)
    kept = []
    for e in doc["benchmarks"]:
        if e.get("name") in names:
            e["name"] = e["run_name"] = names[e["name"]]
            kept.append(e)
    missing = set(names) - {k for k, v in names.items()
                            if any(e["name"] == v for e in kept)}
    if missing:
        sys.exit("not in %s: %s" % (argv[1], ", ".join(sorted(missing))))
    doc["benchmarks"] = kept
    with open(argv[2], "w") as f:
        json.dump(doc, f)


if __name__ == "__main__":
    main(sys.argv)

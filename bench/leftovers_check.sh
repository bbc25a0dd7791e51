#!/bin/sh
# A case leaves nothing behind on the GPU (issue 68): the case after it in
# the same worker runs as if alone.  From a built tree:
#   sh bench/leftovers_check.sh ./kbench tests/plugins/.libs [KEEP_DIR]
# (bench/accept.sh may source or run it).  Prints one line,
#   PASS|FAIL leftovers: <figures>
# and exits 0 on PASS, 1 on FAIL.  tests/plugins/gpu_leftovers.cu's
# variants, each before leftover_copy (an honest 32 MiB copy whose setup
# fails when its context differs from the one its library first found),
# one kbench each:
#   - leftover_persist (a persisting L2 window on kbench's stream): put
#     back, its own cold row measured cold (at least 0.95x the copy alone)
#     or flagged, and the copy after it in the same worker;
#   - leftover_limits (every limit and configuration raised): put back,
#     and the copy after it unchanged;
#   - leftover_heap (a malloc heap the driver will not set again): the row
#     says so, and the copy runs in a fresh worker;
#   - leftover_thread (a thread launching kernels): the row says so, and
#     the copy runs in a fresh worker;
#   - leftover_wake (a thread the library started as it loaded, woken):
#     the copy after it not blamed: run in a fresh worker, or DISTURBED
#     naming leftover_wake and the kernel,
#     and a second copy in a fresh worker;
#   - leftover_crash (a persisting window, then a crash in teardown):
#     CRASH, and the copy in a fresh worker;
# every copy that passes within 2% of the copy alone (run first and last;
# event medians, --min-time=0.2).  The line ends with the script's seconds
# (about 25 s on an H200: eight runs of a worker's start and a few cases).
# KEEP_DIR keeps each run's JSON and output, and checks.txt: one line per
# check, "ok" or "not ok", then what it checked and saw.
. "$(dirname "$0")/check_args.sh"
timing="--min-samples=20 --min-time=0.2 --timeout=20 --case-timeout=60"
t0=$(date +%s)
run() {
  name=$1
  shift
  printf '%s n=8M\n' "$@" > "$tmp/$name.cases"
  # shellcheck disable=SC2086
  timeout 300 "$kb" $timing --plugin "$dir/gpu_leftovers.so" \
    --cases="$tmp/$name.cases" --json="$tmp/$name.json" > "$tmp/$name.txt" 2>&1
}
run alone leftover_copy
run persist leftover_persist leftover_copy
run limits leftover_limits leftover_copy
run heap leftover_heap leftover_copy
run thread leftover_thread leftover_copy
run wake leftover_wake leftover_copy leftover_copy
run crash leftover_crash leftover_copy
run alone_again leftover_copy
if fig=$(PYTHONPATH=$(dirname "$0") python3 - "$tmp" <<'PY' 2>&1
import json, os, sys
import result_times
tmp = sys.argv[1]
def load(name):
    try:
        return json.load(open(os.path.join(tmp, name + ".json")))["benchmarks"]
    except Exception as e:
        return []
def t(e):
    return result_times.event(e) if e and e.get("verdict") == "pass" else None
def us(x):
    return f"{x * 1e6:.2f} us" if x else "-"
checks, figs = [], []
def check(ok, what):
    checks.append(("ok" if ok else "not ok") + " " + what)
    return ok
def entry(es, i):
    return es[i] if len(es) > i else {"verdict": "missing", "message": ""}
def said(e):
    return f"{e.get('verdict')} {e.get('stage') or ''}: {(e.get('message') or '')[:160]}"
alone = [t(entry(load(n), 0)) for n in ("alone", "alone_again")]
alone = [a for a in alone if a]
check(len(alone) == 2, f"the copy alone, twice: {', '.join(us(a) for a in alone)}")
figs.append("copy alone " + "/".join(us(a) for a in alone))
def as_alone(e, what):
    x = t(e)
    near = min((abs(x / a - 1) for a in alone), default=None) if x else None
    ok = near is not None and near <= 0.02
    check(ok, f"{what}: within 2% of the copy alone: {us(x)}"
          + (f" ({near * 100:.2f}% off)" if near is not None else f" [{said(e)}]"))
    figs.append(f"{what} {x / alone[0]:.3f}x" if x and alone else f"{what} -")
    return ok
# A persisting window: put back; its own cold row cold or flagged.
es = load("persist")
p, c = entry(es, 0), entry(es, 1)
back = p.get("put_back") or ""
check(p.get("verdict") == "pass" and "window" in back and "cudaLimitPersistingL2CacheSize" in back,
      f"leftover_persist: its window and carve-out put back: {back[:200]} [{said(p)}]")
pt = t(p)
cold = bool(p.get("bytes_claim_flagged")) or (pt and alone and pt >= 0.95 * min(alone))
check(cold, f"leftover_persist: its own cold row measured cold or flagged: {us(pt)}, "
      f"flagged {bool(p.get('bytes_claim_flagged'))}: {p.get('bytes_audit')}")
figs.append(f"persist's own {pt / min(alone):.3f}x" if pt and alone else "persist's own -")
check(c.get("verdict") == "pass" and c.get("worker") == p.get("worker"),
      f"the copy after leftover_persist passes in the same worker [{said(c)}]")
as_alone(c, "copy after persist")
# Every limit and configuration raised: put back.
es = load("limits")
l, c = entry(es, 0), entry(es, 1)
back = l.get("put_back") or ""
wanted = ["cudaLimitStackSize", "cudaLimitMallocHeapSize", "cudaLimitPrintfFifoSize",
          "cache configuration", "device flags", "synchronization policy"]
check(l.get("verdict") == "pass" and all(w in back for w in wanted),
      f"leftover_limits: each raised setting put back: {back[:300]} [{said(l)}]")
check(c.get("verdict") == "pass" and (c.get("worker") == l.get("worker") or l.get("left_behind")),
      f"the copy after leftover_limits passes (the context as its library found it) in "
      f"the same worker, or the row says what was left: {l.get('left_behind')} [{said(c)}]")
as_alone(c, "copy after limits")
def left_then_fresh(run, what, words):
    """run's first case left what its row names (every word of words), and
    the copy after it passed in a fresh worker."""
    es = load(run)
    first, c = entry(es, 0), entry(es, 1)
    left = first.get("left_behind") or ""
    check(all(x in left for x in words),
          f"leftover_{run}: {what} named: {left[:200]} [{said(first)}]")
    check(c.get("verdict") == "pass" and c.get("worker") != first.get("worker"),
          f"the copy after leftover_{run} passes in a fresh worker [{said(c)}]")
    return c
# A limit the driver refuses to set again: the row says so, a fresh worker.
left_then_fresh("heap", "the limit kbench could not put back",
                ["cudaLimitMallocHeapSize", "refused"])
# A thread left launching kernels on a stream of its own: its case's row
# names what it left (the stream it made, the thread where it still spends
# CPU, the memory they hold: a thread blocked in its launches spends
# almost none, H200), and the copy after it runs in a fresh worker.
es = load("thread")
th, c = entry(es, 0), entry(es, 1)
left = th.get("left_behind") or ""
check("stream it made" in left or "thread" in left,
      f"leftover_thread: what it left named: {left[:200]} [{said(th)}]")
check(c.get("verdict") == "pass" and c.get("worker") != th.get("worker"),
      f"the copy after leftover_thread passes in a fresh worker [{said(c)}]")
as_alone(c, "copy after thread")
# A thread no case started, woken: its work is caught in the case that
# woke it; the next case is never blamed for it: either its worker was
# replaced for what the waking case left (it runs fresh and passes), or
# it is DISTURBED, naming leftover_wake and its kernel.
es = load("wake")
w, c1, c2 = entry(es, 0), entry(es, 1), entry(es, 2)
msg = c1.get("message") or ""
check(w.get("verdict") == "error" and w.get("stage") == "stream check",
      f"leftover_wake: ERROR in the stream check, its thread's work caught [{said(w)}]")
fresh = bool(w.get("left_behind")) and c1.get("verdict") == "pass" \
        and c1.get("worker") != w.get("worker")
blamed = c1.get("verdict") == "disturbed" and "leftover_wake" in msg \
         and "leftover_spin" in msg
check(fresh or blamed,
      f"the copy after leftover_wake: not blamed: a fresh worker ({w.get('left_behind')}) "
      f"or DISTURBED naming it and its kernel [{said(c1)}]")
check(c2.get("verdict") == "pass" and (fresh or c2.get("worker") != c1.get("worker")),
      f"the copy after that passes [{said(c2)}]")
as_alone(c2, "copy after the woken one")
# A crash in teardown after changing the context: CRASH, a fresh worker.
es = load("crash")
cr, c = entry(es, 0), entry(es, 1)
check(cr.get("verdict") == "crash", f"leftover_crash: CRASH [{said(cr)}]")
check(c.get("verdict") == "pass" and c.get("worker") != cr.get("worker"),
      f"the copy after leftover_crash passes in a fresh worker [{said(c)}]")
as_alone(c, "copy after crash")
open(os.path.join(tmp, "checks.txt"), "w").write("\n".join(checks) + "\n")
bad = [x[7:] for x in checks if x.startswith("not ok")]
print("; ".join(figs) + ("; " + "; ".join(bad) if bad else ""))
sys.exit(1 if bad else 0)
PY
); then
  echo "PASS leftovers: $fig; $(($(date +%s) - t0)) s"
  exit 0
fi
echo "FAIL leftovers: $(printf '%s' "$fig" | tr '\n' ' ' | cut -c1-900); $(($(date +%s) - t0)) s"
exit 1

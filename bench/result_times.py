"""The time fields of a kbench results file, format 2 or 1 (docs/results.md,
"Time fields"), for the bench/ tools: a JSON entry or a CSV row in, seconds
or None out.  Format 1 (up to d73b828) named the event median `median_s`
and a run's kernels summed `busy_median_s`; format 2 names them
`event_median_s` and `kernel_median_s`, and the judged one `time_median_s`.
"""


def _number(e, key):
    v = e.get(key)
    return float(v) if v not in (None, "") else None


def headline(e):
    """The time the table shows (the judged clock's median)."""
    v = _number(e, "time_median_s")
    if v is not None:
        return v
    if e.get("time") == "kernel":
        return _number(e, "busy_median_s")
    return _number(e, "median_s")


def headline_noise(e):
    """The headline time's noise (its spread over the samples)."""
    v = _number(e, "time_noise")
    if v is not None or "time_median_s" in e:
        return v
    return _number(e, "busy_noise" if e.get("time") == "kernel" else "noise")


def event(e):
    """The event time's median: the CUDA events around each sample."""
    v = _number(e, "event_median_s")
    return v if v is not None else _number(e, "median_s")


def kernel(e):
    """The kernel time's median: each run's kernels summed, on the GPU's
    clock (format 1's kernel_median_s was null for several a run)."""
    if "event_median_s" in e:
        return _number(e, "kernel_median_s")
    return _number(e, "busy_median_s")

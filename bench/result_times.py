"""The time fields of a kbench results file, format 2 or 1 (docs/results.md,
"Time fields"), for the bench/ tools: a JSON entry or a CSV row in, seconds
or None out.  Format 1 (up to d73b828) named the event median `median_s`
and a run's kernels summed `busy_median_s`; format 2 names them
`event_median_s` and `kernel_median_s`, and the judged one `time_median_s`.
None is a time the entry holds as null or empty (a case that did not
pass, a clock it has none of); an entry with no key of either format for
a time is not read as one: MissingTime names the key
(docs/decisions/format-1-readers.md).
"""


class MissingTime(KeyError):
    """An entry has neither format's key for a time."""

    def __init__(self, e, key, old):
        name = e.get("name") or e.get("variant") or "an entry"
        super().__init__(f"{name}: no {key} (results format 2) or {old} "
                         "(format 1): not a kbench entry, or one cut short")


def _number(e, key):
    v = e.get(key)
    return float(v) if v not in (None, "") else None


def _judged(e, key, busy, event):
    """The judged clock's key (format 2), else format 1's, which named the
    kernel time's busy and the event time's event, by the entry's time."""
    if key in e:
        return _number(e, key)
    old = busy if e.get("time") == "kernel" else event
    if old not in e:
        raise MissingTime(e, key, old)
    return _number(e, old)


def headline(e):
    """The time the table shows (the judged clock's median)."""
    return _judged(e, "time_median_s", "busy_median_s", "median_s")


def headline_noise(e):
    """The headline time's noise (its spread over the samples)."""
    return _judged(e, "time_noise", "busy_noise", "noise")


def event(e):
    """The event time's median: the CUDA events around each sample."""
    if "event_median_s" in e:
        return _number(e, "event_median_s")
    if "median_s" not in e:
        raise MissingTime(e, "event_median_s", "median_s")
    return _number(e, "median_s")


def kernel(e):
    """The kernel time's median: each run's kernels summed, on the GPU's
    clock (format 1's kernel_median_s was null for several a run, and a
    format 1 file from before kernel time has no busy_median_s)."""
    if "event_median_s" in e:
        if "kernel_median_s" not in e:
            raise MissingTime(e, "kernel_median_s", "busy_median_s")
        return _number(e, "kernel_median_s")
    return _number(e, "busy_median_s")

#!/usr/bin/env python3
"""The docs' sample outputs, made by kbench itself: regenerate them from
real runs, or check that what kbench prints today still has their shape.

Each block to keep is a fenced block right after a line

    <!-- tables.py: ARGS -->           (made here: host variants)
    <!-- tables.py gpu: ARGS -->       (made with --gpu, on a GPU)

in README.md or docs/*.md; its text is what `kbench ARGS` prints on
standard output.

    tables.py KBENCH [--gpu] FILE...          rewrite the blocks
    tables.py KBENCH --check FILE...          exit 1 when a block's shape
                                              is not what kbench prints

A block's shape: its lines without a digit (headings, column names, the
markdown table's rule) in order, the last line with every number made N,
and as many cells in each markdown row as in its header.  Times change
from run to run and machine to machine; columns, words and counts of
cells are the code's, and drift when it changes (tests/shell/docs.sh).
A gpu block is checked only for its column names, against a run of the
same command here, whose CUDA cases skip.
"""
import re
import subprocess
import sys

MARK = re.compile(r"^<!-- tables\.py( gpu)?: (.*) -->$")


def blocks(lines):
    """(index of the fence's first line, of its last, gpu, args) each."""
    for i, line in enumerate(lines):
        m = MARK.match(line.rstrip("\n"))
        if not m:
            continue
        start = i + 1
        if start >= len(lines) or not lines[start].startswith("```"):
            sys.exit(f"tables.py: line {i + 1}: no fenced block after the "
                     "marker")
        end = next((j for j in range(start + 1, len(lines))
                    if lines[j].rstrip("\n") == "```"), None)
        if end is None:
            sys.exit(f"tables.py: line {start + 1}: the block never ends")
        yield start, end, bool(m.group(1)), m.group(2).split()


def run(kbench, args):
    out = subprocess.run([kbench] + args, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, check=False)
    return out.stdout.splitlines()


def headers(lines):
    return [l for l in lines if l.strip() and not re.search(r"[0-9]", l)]


def last_shape(lines):
    last = [l for l in lines if l.strip()]
    return re.sub(r"[0-9]+(\.[0-9]+)?", "N", last[-1]) if last else ""


def cells(line):
    return line.count("|")


def problems(doc, now, gpu):
    """What differs between a block's lines and kbench's output now."""
    found = []
    columns = [l for l in headers(now) if l.startswith(("variant ", "| "))]
    if gpu:
        doc_columns = [l for l in headers(doc)
                       if l.startswith(("variant ", "| variant"))]
        if doc_columns != [l for l in columns
                           if l.startswith(("variant ", "| variant"))]:
            found.append(f"its columns are not kbench's: {doc_columns} "
                         f"against {columns}")
        return found
    if headers(doc) != headers(now):
        found.append(f"its lines without numbers differ: {headers(doc)} "
                     f"against {headers(now)}")
    if last_shape(doc) != last_shape(now):
        found.append(f"its last line is '{last_shape(doc)}', kbench's "
                     f"'{last_shape(now)}'")
    head = next((l for l in doc if l.startswith("| variant")), None)
    for l in doc:
        if head and l.startswith("| `") and cells(l) != cells(head):
            found.append(f"a row with {cells(l) - 1} cells under "
                         f"{cells(head) - 1} columns: {l}")
    return found


def main(argv):
    if len(argv) < 2:
        sys.exit("usage: tables.py KBENCH [--gpu | --check] FILE...")
    kbench, rest = argv[1], argv[2:]
    check, gpu = "--check" in rest, "--gpu" in rest
    files = [f for f in rest if not f.startswith("--")]
    status = 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
        out = list(lines)
        for start, end, is_gpu, args in reversed(list(blocks(lines))):
            now = run(kbench, args)
            if check:
                doc = [l.rstrip("\n") for l in lines[start + 1:end]]
                for p in problems(doc, now, is_gpu):
                    print(f"{path}:{start + 1}: kbench {' '.join(args)}: {p}")
                    status = 1
            elif gpu or not is_gpu:
                out[start + 1:end] = [l + "\n" for l in now]
        if not check and out != lines:
            with open(path, "w", encoding="utf-8") as f:
                f.writelines(out)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))

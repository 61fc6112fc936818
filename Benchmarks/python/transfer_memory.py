#!/usr/bin/env python3
"""Memory and rate of separate `hearth import` / `hearth export` processes.

Generates N documents of ~1.3 KB (six fields: two long strings, an integer, a double, a boolean,
an array) as one JSON Lines file, then runs, each as its own process sampled every 50 ms from
/proc/<pid>/status (and every 2 s from /proc/<pid>/smaps):
  1. `hearth import --merge` of that file into an empty data directory;
  2. `hearth export` in Firestore's format;
  3. `hearth export --format jsonl`;
  4. `hearth import` (checked) of the Firestore-format export into a second directory.
For each it prints documents/s and the peaks of VmRSS, RssAnon (what the process allocated), the
resident pages of LMDB's data file mapping (/proc/<pid>/smaps) and RssFile (every file it maps:
the data file, the binary and its libraries).

Usage: transfer_memory.py HEARTH_BINARY [--documents N] [--work DIR]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


def generate(path, count):
    """Writes `count` documents of project `bench` to a JSON Lines file."""
    base = "projects/bench/databases/(default)/documents/items/"
    filler = "lorem ipsum dolor sit amet " * 20
    with open(path, "w") as out:
        for index in range(count):
            fields = {
                "title": {"stringValue": f"item {index} " + filler[: 200 + index % 300]},
                "body": {"stringValue": filler[index % 50:] + filler[: 300 + index % 100]},
                "n": {"integerValue": str(index)},
                "score": {"doubleValue": (index * 7919 % 10007) / 13.0},
                "open": {"booleanValue": index % 3 == 0},
                "tags": {"arrayValue": {"values": [{"stringValue": f"t{index % 17}"}, {"stringValue": f"u{index % 5}"}]}},
            }
            out.write(json.dumps({"name": base + f"d{index:08d}", "fields": fields}) + "\n")


def status_kib(pid):
    """VmRSS, RssAnon and RssFile of `pid` in KiB (None once the process is gone)."""
    figures = {}
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "RssAnon", "RssFile"):
                    figures[key] = int(value.split()[0])
    except (FileNotFoundError, ProcessLookupError):
        return None
    return figures


def data_file_kib(pid):
    """Resident KiB of `pid`'s mappings of an LMDB data file (`data.mdb`), from /proc/<pid>/smaps."""
    total = 0
    in_data_file = False
    try:
        with open(f"/proc/{pid}/smaps") as smaps:
            for line in smaps:
                head = line.split()
                if head and "-" in head[0] and ":" not in head[0]:
                    in_data_file = line.rstrip().endswith("/data.mdb")
                elif in_data_file and line.startswith("Rss:"):
                    total += int(head[1])
    except (FileNotFoundError, ProcessLookupError):
        return None
    return total


def run(label, command, documents):
    """Runs `command`, sampling its memory; prints one table row and returns its peaks.

    Flushes the file system first (not timed): each command is measured on its own, not while
    the kernel still writes back the previous step's files (the 1.5 GiB input, an export).
    """
    os.sync()
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    peaks = {"VmRSS": 0, "RssAnon": 0, "RssFile": 0, "DataFile": 0}
    samples = 0
    while process.poll() is None:
        figures = status_kib(process.pid)
        # Reading smaps walks the page tables of the whole (large) LMDB map and holds the
        # process's memory-map lock meanwhile: every 50 ms it slowed a 1M-document import by
        # ~15% (49.7 s against 44.3 s unsampled). Every 2 s it costs about 1%.
        mapped = data_file_kib(process.pid) if samples % 40 == 0 else None
        samples += 1
        if figures:
            if mapped is not None:
                figures["DataFile"] = mapped
            for key, value in figures.items():
                peaks[key] = max(peaks[key], value)
        time.sleep(0.05)
    seconds = time.monotonic() - start
    if process.returncode != 0:
        sys.exit(f"{label} failed ({process.returncode}): {process.stderr.read()}")
    mib = {key: value / 1024 for key, value in peaks.items()}
    print(f"| {label} | {documents / seconds:,.0f} | {mib['RssAnon']:.0f} MiB | {mib['VmRSS']:.0f} MiB "
          f"| {mib['DataFile']:.0f} MiB | {mib['RssFile']:.0f} MiB |", flush=True)
    return mib


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("hearth")
    parser.add_argument("--documents", type=int, default=1_000_000)
    parser.add_argument("--work", default=None, help="working directory (default: a temporary one, removed)")
    args = parser.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="hearth-transfer-memory-")
    os.makedirs(work, exist_ok=True)
    try:
        source = os.path.join(work, "in.jsonl")
        if not os.path.exists(source):
            generate(source, args.documents)
        n = args.documents
        print(f"{n:,} documents, {os.path.getsize(source) / 2**20:,.0f} MiB of JSON Lines")
        print("| command | docs/s | peak anonymous memory | peak VmRSS | peak LMDB data file mapped | peak file-backed (all files) |")
        print("|---|---|---|---|---|---|")
        data = os.path.join(work, "data")
        again = os.path.join(work, "again")
        for leftover in (data, again, os.path.join(work, "out"), os.path.join(work, "out.jsonl")):
            if os.path.isdir(leftover):
                shutil.rmtree(leftover)
            elif os.path.exists(leftover):
                os.remove(leftover)
        run("`hearth import --merge` of the JSON Lines file", [args.hearth, "import", "--data", data, source, "--merge"], n)
        run("`hearth export` (Firestore's format)", [args.hearth, "export", "--data", data, "--out", os.path.join(work, "out")], n)
        run("`hearth export --format jsonl`",
            [args.hearth, "export", "--data", data, "--out", os.path.join(work, "out.jsonl"), "--format", "jsonl"], n)
        run("`hearth import` (checked) of the Firestore-format export", [args.hearth, "import", "--data", again, os.path.join(work, "out")], n)
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

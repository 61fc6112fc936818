"""The footprint of `hearth serve`: time from spawn to accepting a TCP connection, and resident memory
once idle (VmRSS, and the anonymous part RssAnon), as medians over several starts on a fresh data
directory each (or, with --existing, on a directory an earlier start has already set up, as
every start after a user's first one is). Usage: process_footprint.py HEARTH_BINARY [--runs 7]
[--existing] [--json FILE]."""
import argparse
import json
import os
import socket
import statistics
import subprocess
import tempfile
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile", "Threads"):
                fields[key] = int(value.split()[0])
    return fields


def one_run(binary, existing):
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        if existing:
            set_up = subprocess.Popen([binary, "serve", "--port", str(port), "--data", data],
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            for line in set_up.stdout:
                if "ready" in line:
                    break
            set_up.terminate()
            set_up.wait(timeout=30)
        start = time.perf_counter()
        process = subprocess.Popen([binary, "serve", "--port", str(port), "--data", data],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.05).close()
                    break
                except OSError:
                    if process.poll() is not None:
                        raise RuntimeError("hearth serve exited")
                    time.sleep(0.0005)
            accepted = time.perf_counter() - start
            time.sleep(2)  # idle
            fields = status(process.pid)
        finally:
            process.terminate()
            process.wait(timeout=30)
    return accepted, fields


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--existing", action="store_true")
    parser.add_argument("--json")
    args = parser.parse_args()
    runs = [one_run(args.binary, args.existing) for _ in range(args.runs)]
    result = {
        "data_directory": "existing" if args.existing else "fresh",
        "spawn_to_accept_ms_median": statistics.median(r[0] for r in runs) * 1000,
        "idle_rss_mib_median": statistics.median(r[1]["VmRSS"] for r in runs) / 1024,
        "idle_rss_anon_mib_median": statistics.median(r[1]["RssAnon"] for r in runs) / 1024,
        "idle_rss_file_mib_median": statistics.median(r[1]["RssFile"] for r in runs) / 1024,
        "threads": runs[-1][1]["Threads"],
        "binary_mib": os.path.getsize(args.binary) / (1 << 20),
    }
    print(json.dumps(result, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()

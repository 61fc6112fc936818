"""End-to-end figures through the official Python client (google-cloud-firestore) against
`hearth serve`: batch writes alone and with a whole-collection listener attached in a second
process, point-get and query latency, and the server's memory (RSS, and anonymous memory apart
from the LMDB file pages it maps) after the load and over a stretch of mixed load.

    HEARTH_BIN=.build/release/hearth .build/pyenv/venv/bin/python Benchmarks/python/bench_client.py \
        [--documents 100000] [--mixed-seconds 60] [--rounds 3] [--listener-nice 19] [--json out.json]

Every load (alone, or with the listener) writes into a server of its own over an empty directory,
so each writes into a store of the same size; with --rounds N the two loads alternate N times and
the slowdown reported is the median round's (the later of the middle two for an even N). Each
round also records the CPU seconds the server and the writing process used during each load, so the
server's own share of a slowdown can be told from the listening client's. --listener-nice N runs the
listening process at that niceness: its own CPU then yields to the writer and the server, and what
is left of the slowdown is mostly the server's delivery (the listener still takes idle CPU).

Google's emulator, as published: 100k documents in 500-document batches took 11.0 s alone and 121 s
with a whole-collection listener attached (11x slower). Hearth's target: at most 1.3x slower.
"""
import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "Tests", "python"))
from hearth_server import HearthServer  # noqa: E402

PROJECT = "bench-client"
BATCH = 500


def client(host):
    os.environ["FIRESTORE_EMULATOR_HOST"] = host
    from google.cloud import firestore
    return firestore.Client(project=PROJECT)


def document(i):
    return {"n": i, "name": f"item {i}", "group": i % 17, "tags": ["a", "b", str(i % 5)],
            "price": i * 0.25, "active": i % 2 == 0, "nested": {"x": i, "y": str(i)}}


def load(db, collection, count):
    """Writes `count` documents in batches of 500; returns seconds."""
    start = time.perf_counter()
    for first in range(0, count, BATCH):
        batch = db.batch()
        for i in range(first, min(first + BATCH, count)):
            batch.set(db.collection(collection).document(f"d{i:08d}"), document(i))
        batch.commit()
    return time.perf_counter() - start


def listen(host, collection, ready, stop, seen, niceness):
    """A second process: a listener on the whole collection, counting the documents it has seen."""
    if niceness:
        os.nice(niceness)
    db = client(host)
    names = set()

    def on_snapshot(snapshot, changes, read_time):
        for change in changes:
            names.add(change.document.id)
        seen.value = len(names)
        ready.set()

    watch = db.collection(collection).on_snapshot(on_snapshot)
    stop.wait()
    watch.unsubscribe()


def measured_load(host, server_pid, count, collection="alone"):
    """Writes `count` documents; returns the load's seconds and the CPU seconds the server and this
    (writing) process used during it."""
    server_before, writer_before = cpu_seconds(server_pid), own_cpu_seconds()
    seconds = load(client(host), collection, count)
    return seconds, cpu_seconds(server_pid) - server_before, own_cpu_seconds() - writer_before


def load_with_listener(host, server_pid, count, niceness=0):
    """Writes `count` documents while a second process listens to the whole collection; returns
    the load's seconds, the seconds until the listener had seen every document, whether it did
    within 120 s of the writes, and the CPU seconds the listening process, the server and the
    writing process used during the load."""
    ready, stop = multiprocessing.Event(), multiprocessing.Event()
    seen = multiprocessing.Value("i", 0)
    listener = multiprocessing.Process(target=listen, args=(host, "watched", ready, stop, seen, niceness))
    listener.start()
    if not ready.wait(60):
        raise RuntimeError("the listener never received its first snapshot")
    watch_start = time.perf_counter()
    cpu_before = cpu_seconds(listener.pid)
    watched, server_cpu, writer_cpu = measured_load(host, server_pid, count, "watched")
    cpu_during = cpu_seconds(listener.pid) - cpu_before
    deadline = time.time() + 120
    while seen.value < count and time.time() < deadline:
        time.sleep(0.05)
    # Until the listener has been told of every document: the cost of delivery counts.
    delivered = time.perf_counter() - watch_start
    stop.set()
    listener.join(30)
    return watched, delivered, seen.value >= count, cpu_during, server_cpu, writer_cpu


def on_fresh_server(work):
    """Runs `work(host, server_pid)` against a `hearth serve` of its own over an empty directory;
    returns what it returns."""
    previous = os.environ.get("FIRESTORE_EMULATOR_HOST")
    with tempfile.TemporaryDirectory(prefix="hearth-bench-client-round-") as data:
        server = HearthServer(data).start()
        try:
            return work(server.host, server.process.pid)
        finally:
            server.stop()
            if previous is not None:
                os.environ["FIRESTORE_EMULATOR_HOST"] = previous


def cpu_seconds(pid):
    """User and system CPU seconds of process `pid` so far, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds():
    """User and system CPU seconds of this process (all its threads) so far."""
    times = os.times()
    return times.user + times.system


def memory(pid):
    """RSS and anonymous memory in MiB, from /proc (anonymous excludes the mapped LMDB file)."""
    figures = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if parts[0] in ("Rss:", "Anonymous:"):
                figures[parts[0][:-1].lower()] = int(parts[1]) / 1024
    return {"rss_mib": round(figures.get("rss", 0), 1), "anonymous_mib": round(figures.get("anonymous", 0), 1)}


def fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def non_negative(text):
    """An argument that must be a whole number of at least 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number")
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is below 0")
    return value


def niceness(text):
    """A niceness to lower the listener's priority by: a whole number from 0 to 19."""
    value = non_negative(text)
    if value > 19:
        raise argparse.ArgumentTypeError(f"{value} is above 19, the lowest priority")
    return value


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=20_000)
    parser.add_argument("--mixed-seconds", type=int, default=30)
    parser.add_argument("--rounds", type=non_negative, default=1,
                        help="alternating rounds of the two loads (the slowdown is the median round's); "
                             "0 skips the listener, e.g. for memory figures at a size the official "
                             "client's listener cannot take in")
    parser.add_argument("--listener-nice", type=niceness, default=0,
                        help="niceness of the listening process (0: the same priority as the writer)")
    parser.add_argument("--json")
    args = parser.parse_args()
    os.environ.setdefault("GOOGLE_CLOUD_PROJECT", PROJECT)
    from google.cloud.firestore_v1.base_query import FieldFilter
    globals()["FieldFilter"] = FieldFilter
    results = {"documents": args.documents, "listener_nice": args.listener_nice}
    with tempfile.TemporaryDirectory(prefix="hearth-bench-client-") as data:
        server = HearthServer(data).start()
        try:
            db = client(server.host)
            pid = server.process.pid
            results["memory_at_start"] = memory(pid)
            alone, alone_server_cpu, alone_writer_cpu = measured_load(server.host, pid, args.documents)
            results["batch_write_alone_s"] = round(alone, 2)
            results["memory_after_load"] = memory(pid)
            # A query waits for the load's deferred index work, so none of it overlaps the next load.
            list(db.collection("alone").where(filter=FieldFilter("group", "==", 0)).limit(1).stream())

            # Round 1's load alone is the one above; this server then serves the gets, queries
            # and mixed load below. Every other load runs on a fresh server of its own.
            rounds = []
            for round_number in range(args.rounds):
                if round_number > 0:
                    alone, alone_server_cpu, alone_writer_cpu = on_fresh_server(
                        lambda host, server_pid: measured_load(host, server_pid, args.documents))
                watched, delivered, saw_all, listener_cpu, server_cpu, writer_cpu = on_fresh_server(
                    lambda host, server_pid: load_with_listener(host, server_pid, args.documents, args.listener_nice))
                rounds.append({"alone_s": round(alone, 2), "with_listener_s": round(watched, 2),
                               "slowdown": round(watched / alone, 2),
                               "listener_delivered_s": round(delivered, 2), "listener_saw_all": saw_all,
                               "listener_cpu_during_load_s": round(listener_cpu, 2),
                               "server_cpu_alone_s": round(alone_server_cpu, 2),
                               "server_cpu_with_listener_s": round(server_cpu, 2),
                               "writer_cpu_alone_s": round(alone_writer_cpu, 2),
                               "writer_cpu_with_listener_s": round(writer_cpu, 2)})
            if rounds:
                median = sorted(rounds, key=lambda r: r["slowdown"])[len(rounds) // 2]
                # The median round's pair, so the two figures divide to the slowdown reported.
                results["batch_write_alone_s"] = median["alone_s"]
                results["batch_write_with_listener_s"] = median["with_listener_s"]
                results["batch_write_with_listener_delivered_s"] = median["listener_delivered_s"]
                results["listener_slowdown"] = median["slowdown"]
                results["listener_saw_all"] = all(r["listener_saw_all"] for r in rounds)
                results["listener_rounds"] = rounds

            ids = [f"d{random.randrange(args.documents):08d}" for _ in range(2000)]
            gets = []
            for doc_id in ids:
                start = time.perf_counter()
                db.collection("alone").document(doc_id).get()
                gets.append(time.perf_counter() - start)
            results["get_p50_ms"] = round(percentile(gets, 0.5), 2)
            results["get_p99_ms"] = round(percentile(gets, 0.99), 2)
            queries = []
            for g in range(200):
                start = time.perf_counter()
                list(db.collection("alone").where(filter=FieldFilter("group", "==", g % 17)).order_by("n").limit(20).stream())
                queries.append(time.perf_counter() - start)
            results["query_p50_ms"] = round(percentile(queries, 0.5), 2)
            results["query_p99_ms"] = round(percentile(queries, 0.99), 2)

            # Mixed load: writes, gets and queries for --mixed-seconds; memory and descriptors at
            # the end of the first and of the last tenth.
            samples = []
            end = time.time() + args.mixed_seconds
            tenth = args.mixed_seconds / 10
            next_sample = time.time() + tenth
            i = 0
            while time.time() < end:
                i += 1
                db.collection("mixed").document(f"m{i % 5000}").set(document(i))
                db.collection("alone").document(f"d{random.randrange(args.documents):08d}").get()
                if i % 10 == 0:
                    list(db.collection("alone").where(filter=FieldFilter("group", "==", i % 17)).limit(10).stream())
                if time.time() >= next_sample:
                    samples.append({"t_s": round(time.time() - (end - args.mixed_seconds)), **memory(pid), "fds": fds(pid)})
                    next_sample += tenth
            results["mixed_operations"] = i
            results["memory_during_mixed_load"] = samples
        finally:
            server.stop()
    print(json.dumps(results, indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()

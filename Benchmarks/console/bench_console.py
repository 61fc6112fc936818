#!/usr/bin/env python3
"""Console benchmarks (not part of `make test`): what the console costs and how fast it answers.

Measures, against a `hearth serve` it starts (HEARTH_BIN; a release build gives the real figures):
  1. first page of a large collection rendered in headless chromium, vs a 10-document collection;
  2. commit -> visible in the console (the SSE change feed into the page), p50 and p90;
  3. batch-commit throughput with the console open on that collection vs closed (ratio).

Usage: HEARTH_BIN=.build/debug/hearth Tests/python/../../.build/pyenv/venv/bin/python \
           Benchmarks/console/bench_console.py --documents 1000000 [--json out.json]
"""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import sys
import tempfile
import time

import requests

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "Tests" / "python"))
from hearth_server import HearthServer  # noqa: E402

PROJECT = "bench-console"
DB = f"projects/{PROJECT}/databases/(default)"


def commit_batch(session, url, collection, ids, payload):
    writes = [{"update": {"name": f"{DB}/documents/{collection}/{i}", "fields": payload}} for i in ids]
    response = session.post(f"{url}/v1/{DB}/documents:commit", json={"writes": writes},
                            headers={"Authorization": "Bearer owner"})
    response.raise_for_status()


def load(session, url, collection, count, batch=500):
    payload = {"n": {"integerValue": "1"}, "s": {"stringValue": "x" * 32}}
    started = time.time()
    for start in range(0, count, batch):
        commit_batch(session, url, collection, [f"d{i:08d}" for i in range(start, min(count, start + batch))], payload)
        if start and start % 100_000 == 0:
            print(f"  loaded {start} ({start / (time.time() - started):.0f} docs/s)", flush=True)
    return time.time() - started


def first_page_ms(page, url, collection, expect, runs=5):
    times, in_page = [], []  # whole cold page load; the page-of-50 request plus its rendering
    for _ in range(runs):
        started = time.perf_counter()
        page.goto(f"{url}/console/#/data/{PROJECT}/(default)/{collection}")
        page.wait_for_function(f"document.querySelectorAll('#document-list li[data-id]').length >= {min(50, expect)}")
        times.append((time.perf_counter() - started) * 1000)
        in_page.append(float(page.evaluate("document.getElementById('pane-documents').dataset.firstPageMs")))
        page.goto("about:blank")
    return statistics.median(times), times, statistics.median(in_page)


def latency_ms(page, session, url, collection, samples):
    page.goto(f"{url}/console/#/data/{PROJECT}/(default)/{collection}")
    page.wait_for_selector("#live-state:has-text('live')")
    page.evaluate("""() => {
        window.__seen = {};
        new MutationObserver(() => {
            for (const li of document.querySelectorAll('#document-list li[data-id^="a-lat-"]'))
                if (!(li.dataset.id in window.__seen)) window.__seen[li.dataset.id] = performance.timeOrigin + performance.now();
        }).observe(document.getElementById('document-list'), { childList: true, subtree: true });
    }""")
    results = []
    payload = {"n": {"integerValue": "2"}}
    for i in range(samples):
        doc = f"a-lat-{i:04d}"
        sent = time.time() * 1000
        commit_batch(session, url, collection, [doc], payload)
        deadline = time.time() + 5
        seen = None
        while time.time() < deadline:
            seen = page.evaluate(f"window.__seen['{doc}']")
            if seen:
                break
            time.sleep(0.002)
        if seen:
            results.append(seen - sent)
    return results


def throughput(session, url, collection, seconds, batch=500):
    payload = {"n": {"integerValue": "3"}}
    written = 0
    started = time.time()
    round_ = 0
    while time.time() - started < seconds:
        ids = [f"t{round_:06d}-{j:03d}" for j in range(batch)]
        commit_batch(session, url, collection, ids, payload)
        written += batch
        round_ += 1
    return written / (time.time() - started)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--documents", type=int, default=100_000)
    parser.add_argument("--latency-samples", type=int, default=50)
    parser.add_argument("--throughput-seconds", type=float, default=10)
    parser.add_argument("--json")
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if not chromium:
        sys.exit("chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    data = tempfile.mkdtemp(prefix="hearth-bench-console-")
    server = HearthServer(data, extra_args=["--no-sync", "--project", PROJECT]).start()
    results = {"binary": os.environ["HEARTH_BIN"], "documents": args.documents}
    try:
        session = requests.Session()
        print(f"loading {args.documents} documents…", flush=True)
        results["load_seconds"] = load(session, server.url, "big", args.documents)
        load(session, server.url, "small", 10)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
            page = browser.new_page()
            big, big_runs, big_list = first_page_ms(page, server.url, "big", args.documents)
            print(f"first page rendered: {big:.0f} ms for {args.documents} documents {big_runs}", flush=True)
            small, small_runs, small_list = first_page_ms(page, server.url, "small", 10)
            results["first_page_ms"] = {"big": big, "big_runs": big_runs, "small": small, "small_runs": small_runs,
                                        "list_and_render_big": big_list, "list_and_render_small": small_list}
            print(f"first page rendered (cold page load): {big:.0f} ms for {args.documents} documents, {small:.0f} ms for 10; "
                  f"the page-of-50 request + render alone: {big_list:.0f} ms vs {small_list:.0f} ms", flush=True)
            lat = latency_ms(page, session, server.url, "big", args.latency_samples)
            results["commit_to_visible_ms"] = {
                "p50": statistics.median(lat) if lat else None,
                "p90": statistics.quantiles(lat, n=10)[8] if len(lat) >= 10 else None,
                "samples": len(lat), "requested": args.latency_samples}
            print(f"commit->visible: p50 {results['commit_to_visible_ms']['p50']:.1f} ms over {len(lat)} samples", flush=True)
            rates = {"closed": [], "open": []}
            for state in ["closed", "open", "closed", "open"]:
                if state == "open":
                    page.goto(f"{server.url}/console/#/data/{PROJECT}/(default)/big")
                    page.wait_for_selector("#live-state:has-text('live')")
                else:
                    page.goto("about:blank")
                rates[state].append(throughput(session, server.url, "big", args.throughput_seconds / 2))
            closed, opened = statistics.mean(rates["closed"]), statistics.mean(rates["open"])
            results["batch_throughput_docs_per_s"] = {"closed": closed, "open": opened, "ratio": opened / closed, "runs": rates}
            print(f"batch commits: {closed:.0f} docs/s console closed, {opened:.0f} open, ratio {opened / closed:.2f}", flush=True)
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)
    targets = {
        "first_page_under_300ms": results["first_page_ms"]["big"] < 300,
        "commit_to_visible_p50_under_100ms": (results["commit_to_visible_ms"]["p50"] or 1e9) < 100,
        "throughput_ratio_at_least_0.9": results["batch_throughput_docs_per_s"]["ratio"] >= 0.9,
        "documents_at_least_1M": args.documents >= 1_000_000,
    }
    results["targets_met"] = targets
    print(json.dumps(targets, indent=1))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()

"""Ctrl-C during `hearth import` stops it cleanly: the data directory stays consistent
(`hearth verify` passes), holds whole batches only (none at all when the import was still
checking its source), and a second run imports everything."""
import json
import os
import signal
import subprocess
import time

import pytest

DOCUMENTS = 60_000  # enough that the import outlasts the longest delay (imports got faster)
BATCH = 1_000  # the importer's batch size


def write_source(path):
    with open(path, "w") as out:
        for index in range(DOCUMENTS):
            out.write(json.dumps({
                "name": f"projects/p/databases/(default)/documents/items/d{index:06d}",
                "fields": {"n": {"integerValue": str(index)}, "text": {"stringValue": "x" * 40}},
            }) + "\n")


def count_documents(binary, data, tmp_path):
    """Documents in the data directory, through an export to JSON Lines."""
    out = tmp_path / f"count-{time.monotonic_ns()}.jsonl"
    run = subprocess.run([binary, "export", "--data", str(data), "--project", "p", "--format", "jsonl", "--out", str(out)],
                         capture_output=True, text=True, timeout=300)
    if run.returncode != 0 and "no database" in (run.stdout + run.stderr).lower():
        return 0
    assert run.returncode == 0, run.stdout + run.stderr
    with open(out) as lines:
        return sum(1 for line in lines if line.strip())


def interrupt_import(binary, data, source, extra, delay=0.0):
    """Starts an import, sends SIGINT `delay` seconds after it opened the data directory (a point
    somewhere in checking or writing), returns its exit code and output."""
    process = subprocess.Popen([binary, "import", "--data", str(data), *extra, str(source)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (data / "data.mdb").exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    return process.returncode, out + err


@pytest.mark.parametrize("mode", [["--merge"], []], ids=["merge", "checked"])
@pytest.mark.parametrize("delay", [0.0, 0.4, 1.5])
def test_ctrl_c_during_import_leaves_whole_batches_and_a_consistent_directory(tmp_path, mode, delay):
    binary = os.environ["HEARTH_BIN"]
    source = tmp_path / "in.jsonl"
    write_source(source)
    data = tmp_path / "data"
    code, output = interrupt_import(binary, data, source, mode, delay)
    if code == 0:
        pytest.skip("the import finished before the signal arrived; nothing to check")
    assert "stopped" in output.lower() or "cancel" in output.lower(), output
    verify = subprocess.run([binary, "verify", "--data", str(data)], capture_output=True, text=True, timeout=300)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    written = count_documents(binary, data, tmp_path)
    assert written % BATCH == 0 and written < DOCUMENTS, written
    # A second run (merge: names already there are replaced) brings in everything.
    again = subprocess.run([binary, "import", "--data", str(data), "--merge", str(source)],
                           capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stdout + again.stderr
    assert count_documents(binary, data, tmp_path) == DOCUMENTS

"""A Listen client that stops reading (a frozen process) has its stream ended with
RESOURCE_EXHAUSTED once the server's writes make no progress for the stall limit, so the server
stops queuing responses for it; a client that keeps reading is never ended."""
import multiprocessing
import os
import signal
import time

import pytest

from hearth_server import HearthServer

PADDING = "x" * 50_000


def client():
    from google.cloud import firestore

    return firestore.Client(project="stall-test")


def listen(host, ready):
    os.environ["FIRESTORE_EMULATOR_HOST"] = host  # in the listener's own process only
    db = client()
    db.collection("watched").on_snapshot(lambda snapshot, changes, read_time: ready.set())
    while True:
        time.sleep(1)


def listen_lines(server):
    return [line for line in server.lines if "] Listen -" in line]


@pytest.mark.parametrize("frozen", [True, False], ids=["frozen", "reading"])
def test_a_listener_that_stops_reading_is_ended_and_one_that_reads_is_kept(tmp_path, monkeypatch, frozen):
    server = HearthServer(tmp_path / "data", ["--log-level", "info", "--listen-stall-limit", "2"]).start()
    # Restored after the test: later tests' clients talk to the session's server.
    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", server.host)
    listener = None
    try:
        ready = multiprocessing.Event()
        listener = multiprocessing.Process(target=listen, args=(server.host, ready), daemon=True)
        listener.start()
        assert ready.wait(60), "the listener never received its first snapshot"
        if frozen:
            os.kill(listener.pid, signal.SIGSTOP)
        db = client()
        # ~1 MB a batch: enough to fill the frozen client's HTTP/2 window and socket buffers.
        batches = 0
        deadline = time.time() + 60
        while time.time() < deadline and not listen_lines(server):
            batch = db.batch()
            for i in range(20):
                batch.set(db.collection("watched").document(f"b{batches}-{i}"), {"n": i, "padding": PADDING})
            batch.commit()
            batches += 1
            time.sleep(0.1)
            if not frozen and batches >= 60:  # ~6 s, three stall limits
                break
        ended = listen_lines(server)
        if frozen:
            assert ended, "the frozen listener's stream never ended:\n" + "\n".join(server.lines[-10:])
            assert "status=resourceExhausted" in ended[0], ended[0]
        else:
            assert not ended, "a reading listener was ended:\n" + "\n".join(ended)
    finally:
        if listener is not None:
            os.kill(listener.pid, signal.SIGKILL)
            listener.join(10)
        server.stop()

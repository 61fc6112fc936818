import time
import uuid

import requests
from google.cloud import firestore

from hearth_server import HearthServer


def test_named_database_is_separate(client, server):
    other = firestore.Client(project=client.project, database="other-db")
    name = f"named-{uuid.uuid4().hex[:6]}"
    other.collection(name).document("d").set({"where": "named"})
    client.collection(name).document("d").set({"where": "default"})
    assert other.collection(name).document("d").get().to_dict() == {"where": "named"}
    assert client.collection(name).document("d").get().to_dict() == {"where": "default"}
    assert [s.id for s in other.collection(name).stream()] == ["d"]


def test_data_survives_restart(tmp_path, monkeypatch):
    first = HearthServer(tmp_path / "data").start()
    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", first.host)
    db = firestore.Client(project="restart-test")
    for i in range(20):
        db.collection("keep").document(f"d{i}").set({"i": i})
    db.collection("keep").document("d0").update({"i": firestore.Increment(100)})
    assert first.stop() == 0
    second = HearthServer(tmp_path / "data", port=first.port).start()
    try:
        db = firestore.Client(project="restart-test")
        assert db.collection("keep").count().get()[0][0].value == 20
        assert db.collection("keep").document("d0").get().to_dict() == {"i": 100}
    finally:
        second.stop()


def test_shutdown_endpoint(tmp_path):
    hearth = HearthServer(tmp_path / "data").start()
    response = requests.post(f"{hearth.url}/shutdown")
    assert response.status_code == 200
    assert hearth.wait_exit(20) == 0


def test_no_sync_keeps_data_across_a_server_crash(tmp_path, monkeypatch):
    # --no-sync skips the per-commit flush; what a commit wrote is still with the operating
    # system, so a killed server loses nothing (only a machine crash could).
    first = HearthServer(tmp_path / "data", extra_args=["--no-sync"]).start()
    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", first.host)
    db = firestore.Client(project="no-sync-test")
    batch = db.batch()
    for i in range(50):
        batch.set(db.collection("fast").document(f"d{i}"), {"i": i})
    batch.commit()
    db.collection("fast").document("d7").update({"i": firestore.Increment(1)})
    first.kill()
    second = HearthServer(tmp_path / "data", port=first.port).start()
    try:
        db = firestore.Client(project="no-sync-test")
        assert db.collection("fast").count().get()[0][0].value == 50
        assert db.collection("fast").document("d7").get().to_dict() == {"i": 8}
    finally:
        second.stop()


def test_bulk_batches_are_queryable_at_once_and_after_a_crash(tmp_path, monkeypatch):
    # Batches of 256+ writes leave their index entries to a later transaction: a query right
    # after must still see every document, and a server killed with that work pending must
    # rebuild it from its commit log when it starts again.
    first = HearthServer(tmp_path / "data").start()
    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", first.host)
    db = firestore.Client(project="bulk-test")
    rooms = db.collection("rooms")
    batch = db.batch()
    for i in range(500):
        batch.set(rooms.document(f"r{i:03d}"), {"price": i, "tags": ["wifi"] if i % 2 else ["balcony"]})
    batch.commit()
    cheap = rooms.where(filter=firestore.FieldFilter("price", "<", 10)).order_by("price").stream()
    assert [snapshot.id for snapshot in cheap] == [f"r{i:03d}" for i in range(10)]
    assert rooms.where(filter=firestore.FieldFilter("tags", "array_contains", "wifi")).count().get()[0][0].value == 250

    time.sleep(1.2)  # past the second after a query during which commits index as they go
    batch = db.batch()
    for i in range(300):
        batch.update(rooms.document(f"r{i:03d}"), {"price": 1000 + i})
    for i in range(450, 500):
        batch.delete(rooms.document(f"r{i:03d}"))
    batch.commit()
    first.kill()
    second = HearthServer(tmp_path / "data", port=first.port).start()
    try:
        db = firestore.Client(project="bulk-test")
        rooms = db.collection("rooms")
        assert rooms.count().get()[0][0].value == 450
        cheap = rooms.where(filter=firestore.FieldFilter("price", "<", 310)).order_by("price").stream()
        assert [snapshot.id for snapshot in cheap] == [f"r{i:03d}" for i in range(300, 310)]
        assert rooms.where(filter=firestore.FieldFilter("price", ">=", 1000)).count().get()[0][0].value == 300
    finally:
        second.stop()

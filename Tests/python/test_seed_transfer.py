"""Seed data in and out of a running emulator, as the Firebase CLI moves it: the export endpoint
`firebase emulators:export` calls, `serve --export-on-exit` on Ctrl-C / SIGTERM, and
`serve --import` into an empty data directory (and not over existing data)."""
import datetime
import json
import os
import signal
import subprocess

import pytest
import requests
from google.cloud import firestore

from hearth_server import HearthServer

PROJECT = "seed-transfer"


@pytest.fixture(autouse=True)
def own_emulator_host(monkeypatch):
    """These tests point the client at their own servers; the session's server is restored after."""
    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", os.environ.get("FIRESTORE_EMULATOR_HOST", ""))


def write_sample(host):
    os.environ["FIRESTORE_EMULATOR_HOST"] = host
    db = firestore.Client(project=PROJECT)
    db.document("cities/la").set({"name": "Los Angeles", "pop": 3_900_000, "at": datetime.datetime(2024, 1, 2, tzinfo=datetime.timezone.utc)})
    db.document("cities/la/landmarks/pier").set({"kind": "pier", "tags": ["beach", "sea"], "where": firestore.GeoPoint(34.0, -118.5)})
    db.document("cities/sf").set({"name": "San Francisco", "pop": 870_000, "ratio": -0.0, "raw": b"\x00\xff"})
    return {path: db.document(path).get() for path in ("cities/la", "cities/la/landmarks/pier", "cities/sf")}


def check_same(host, expected):
    """The documents hold the same values (Firestore's export format has no document times, so
    imported documents carry the import's time, as with Google's tools)."""
    os.environ["FIRESTORE_EMULATOR_HOST"] = host
    db = firestore.Client(project=PROJECT)
    for path, before in expected.items():
        after = db.document(path).get()
        assert after.exists, path
        assert after.to_dict() == before.to_dict(), path


def test_export_endpoint_writes_a_folder_hearth_imports(tmp_path):
    source = HearthServer(tmp_path / "source").start()
    try:
        expected = write_sample(source.host)
        response = requests.post(
            f"{source.url}/emulator/v1/projects/{PROJECT}:export",
            json={"database": f"projects/{PROJECT}/databases/(default)", "export_directory": str(tmp_path / "out"),
                  "export_name": "firestore_export"},
            timeout=60)
        assert response.status_code == 200, response.text
        folder = tmp_path / "out" / "firestore_export"
        assert any(name.endswith(".overall_export_metadata") for name in os.listdir(folder))
        bad = requests.post(f"{source.url}/emulator/v1/projects/{PROJECT}:export", data="{}", timeout=10)
        assert bad.status_code == 400
    finally:
        source.stop()
    subprocess.run([os.environ["HEARTH_BIN"], "import", "--data", str(tmp_path / "copy"), str(folder)],
                   check=True, capture_output=True, timeout=120)
    copy = HearthServer(tmp_path / "copy").start()
    try:
        check_same(copy.host, expected)
    finally:
        copy.stop()


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM])
def test_export_on_exit_then_import_at_start(tmp_path, stop_signal):
    seed = tmp_path / "seed"
    first = HearthServer(tmp_path / "first", extra_args=["--export-on-exit", str(seed), "--project", PROJECT]).start()
    expected = write_sample(first.host)
    first.process.send_signal(stop_signal)
    assert first.wait_exit(60) == 0, "\n".join(first.lines)
    metadata = json.loads((seed / "firebase-export-metadata.json").read_text())
    assert "firestore" in metadata
    assert (seed / "firestore_export").is_dir()

    second = HearthServer(tmp_path / "second", extra_args=["--import", str(seed)]).start()
    try:
        assert any("imported 3 documents" in line for line in second.lines), "\n".join(second.lines)
        check_same(second.host, expected)
    finally:
        second.stop()


def test_import_does_not_overwrite_existing_data(tmp_path):
    seed = tmp_path / "seed"
    first = HearthServer(tmp_path / "first", extra_args=["--export-on-exit", str(seed), "--project", PROJECT]).start()
    write_sample(first.host)
    assert first.stop() == 0

    data = tmp_path / "existing"
    existing = HearthServer(data).start()
    os.environ["FIRESTORE_EMULATOR_HOST"] = existing.host
    firestore.Client(project=PROJECT).document("cities/la").set({"name": "mine"})
    assert existing.stop() == 0

    again = HearthServer(data, extra_args=["--import", str(seed)]).start()
    try:
        assert any("was not imported" in line for line in again.lines), "\n".join(again.lines)
        os.environ["FIRESTORE_EMULATOR_HOST"] = again.host
        db = firestore.Client(project=PROJECT)
        assert db.document("cities/la").get().to_dict() == {"name": "mine"}
        assert not db.document("cities/sf").get().exists
    finally:
        again.stop()

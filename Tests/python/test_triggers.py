"""Firestore triggers delivered by `hearth serve --triggers` to real Cloud Functions: Google's
functions-framework serving an unchanged firebase-functions trigger, on loopback."""
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from conftest import wait_for
from hearth_server import HearthServer, free_port

PROJECT = "hearth-triggers"
HERE = os.path.dirname(os.path.abspath(__file__))


class FunctionProcess:
    """functions-framework serving one target of functions/main.py."""

    def __init__(self, target, port, events_file, firestore_host):
        self.target, self.port, self.events_file, self.firestore_host = target, port, events_file, firestore_host
        self.process = None

    def start(self):
        env = dict(os.environ, EVENTS_FILE=str(self.events_file), GCLOUD_PROJECT=PROJECT,
                   GOOGLE_CLOUD_PROJECT=PROJECT, FIRESTORE_EMULATOR_HOST=self.firestore_host)
        framework = os.path.join(os.path.dirname(sys.executable), "functions-framework")
        self.process = subprocess.Popen(
            [framework, "--target", self.target, "--signature-type", "cloudevent", "--host", "127.0.0.1",
             "--port", str(self.port), "--source", os.path.join(HERE, "functions", "main.py")],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

        def up():
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=1)
            except urllib.error.HTTPError:
                return True
            except OSError:
                return False
            return True

        assert wait_for(up, timeout=30), "functions-framework did not start"
        return self

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


def events(path):
    if not os.path.exists(path):
        return []
    with open(path) as lines:
        return [json.loads(line) for line in lines if line.strip()]


def triggers_file(tmp_path, url, **extra):
    path = tmp_path / "triggers.json"
    entries = [
        {"name": "onUser", "eventType": "google.cloud.firestore.document.v1.written", "document": "users/{userId}",
         "database": "(default)", "url": url, **extra},
    ]
    path.write_text(json.dumps({"triggers": entries}))
    return path


def firestore_client(monkeypatch, host):
    from google.cloud import firestore

    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", host)
    return firestore.Client(project=PROJECT)


def test_written_events_reach_a_firebase_functions_trigger_and_resume_after_restart(tmp_path, monkeypatch):
    port, hearth_port = free_port(), free_port()
    log = tmp_path / "events.jsonl"
    function = FunctionProcess("on_user_written", port, log, f"127.0.0.1:{hearth_port}").start()
    hearth = HearthServer(tmp_path / "data", ["--triggers", str(triggers_file(tmp_path, f"http://127.0.0.1:{port}/"))],
                          port=hearth_port)
    try:
        hearth.start()
        assert any("Trigger onUser" in line for line in hearth.lines)
        db = firestore_client(monkeypatch, hearth.host)
        alice = db.document("users/alice")
        alice.set({"name": "Alice", "age": 30})
        alice.update({"age": 31})
        alice.delete()
        db.document("posts/p1").set({"title": "no trigger"})
        db.document("users/alice/notes/n1").set({"text": "deeper: no trigger"})
        assert wait_for(lambda: len(events(log)) >= 3, timeout=20), events(log)
        got = events(log)
        assert [e["type"] for e in got] == ["google.cloud.firestore.document.v1.written"] * 3
        assert [e["params"] for e in got] == [{"userId": "alice"}] * 3
        assert [e["document"] for e in got] == ["users/alice"] * 3
        assert [(e["before"], e["after"]) for e in got] == [
            (None, {"name": "Alice", "age": 30}),
            ({"name": "Alice", "age": 30}, {"name": "Alice", "age": 31}),
            ({"name": "Alice", "age": 31}, None),
        ]
        first = got[0]
        assert first["source"] == f"//firestore.googleapis.com/projects/{PROJECT}/databases/(default)"
        assert first["subject"] == "documents/users/alice"
        assert (first["project"], first["database"], first["namespace"], first["location"]) == (
            PROJECT, "(default)", "(default)", "nam5")
        assert len({e["id"] for e in got}) == 3

        assert hearth.stop() == 0
        hearth.lines.clear()
        hearth.start()
        db = firestore_client(monkeypatch, hearth.host)
        db.document("users/bob").set({"name": "Bob"})
        assert wait_for(lambda: len(events(log)) >= 4, timeout=20)
        time.sleep(0.5)
        after_restart = events(log)
        assert len(after_restart) == 4, "nothing delivered twice after a clean restart"
        assert after_restart[3]["params"] == {"userId": "bob"}
        assert after_restart[3]["after"] == {"name": "Bob"}
    finally:
        hearth.kill()
        function.stop()


def test_events_committed_before_a_sigkill_are_delivered_after_the_restart(tmp_path, monkeypatch):
    port, hearth_port = free_port(), free_port()
    log = tmp_path / "events.jsonl"
    path = triggers_file(tmp_path, f"http://127.0.0.1:{port}/", maxAttempts=100, retryBackoffSeconds=0.05)
    hearth = HearthServer(tmp_path / "data", ["--triggers", str(path)], port=hearth_port).start()
    function = FunctionProcess("on_user_written", port, log, hearth.host)
    try:
        db = firestore_client(monkeypatch, hearth.host)
        db.document("users/a").set({"n": 1})
        db.document("users/b").set({"n": 1})
        db.document("users/a").update({"n": 2})
        time.sleep(0.3)  # the function is down: every attempt so far failed
        hearth.process.send_signal(signal.SIGKILL)
        hearth.process.wait(10)
        function.start()
        hearth.lines.clear()
        hearth.start()
        assert wait_for(lambda: len(events(log)) >= 3, timeout=30), events(log)
        time.sleep(0.5)
        got = events(log)
        assert [(e["document"], e["after"]) for e in got] == [
            ("users/a", {"n": 1}), ("users/b", {"n": 1}), ("users/a", {"n": 2})]
        assert got[2]["before"] == {"n": 1}
    finally:
        hearth.kill()
        function.stop()


def test_auth_context_updates_carry_the_writer(tmp_path, monkeypatch):
    port, hearth_port = free_port(), free_port()
    log = tmp_path / "events.jsonl"
    path = tmp_path / "triggers.json"
    path.write_text(json.dumps({"triggers": [{
        "name": "onItem", "eventType": "google.cloud.firestore.document.v1.updated.withAuthContext",
        "document": "orders/{orderId}/items/{itemId}", "url": f"http://127.0.0.1:{port}/", "location": "eur3"}]}))
    function = FunctionProcess("on_item_updated", port, log, f"127.0.0.1:{hearth_port}").start()
    hearth = HearthServer(tmp_path / "data", ["--triggers", str(path)], port=hearth_port)
    try:
        hearth.start()
        db = firestore_client(monkeypatch, hearth.host)
        item = db.document("orders/o1/items/i1")
        item.set({"qty": 1, "meta": {"by": "x", "at": 1}})
        item.update({"qty": 2, "meta.at": 2})
        assert wait_for(lambda: len(events(log)) >= 1, timeout=20)
        time.sleep(0.3)
        got = events(log)
        assert len(got) == 1, "the creation is not an update"
        assert got[0]["type"] == "google.cloud.firestore.document.v1.updated.withAuthContext"
        assert got[0]["params"] == {"orderId": "o1", "itemId": "i1"}
        assert got[0]["before"] == {"qty": 1, "meta": {"by": "x", "at": 1}}
        assert got[0]["after"] == {"qty": 2, "meta": {"by": "x", "at": 2}}
        assert got[0]["auth"] == ["service_account", "owner"]
        assert got[0]["location"] == "eur3"
    finally:
        hearth.kill()
        function.stop()


@pytest.mark.parametrize("entry, message", [
    ({"eventType": "google.cloud.firestore.document.v1.written", "document": "users/{id}", "url": "http://127.0.0.1:1/"},
     "triggers[0].name"),
    ({"name": "x", "eventType": "google.cloud.firestore.document.v1.moved", "document": "users/{id}",
      "url": "http://127.0.0.1:1/"}, "triggers[0].eventType"),
    ({"name": "x", "eventType": "google.cloud.firestore.document.v1.written", "document": "users",
      "url": "http://127.0.0.1:1/"}, "names a collection"),
    ({"name": "x", "eventType": "google.cloud.firestore.document.v1.written", "document": "users/{id}",
      "url": "http://example.com/"}, "is not this machine"),
    ("nope", "not valid JSON"),
    ('{"trigger": []}', 'the file needs "triggers".'),
    ('{"triggers": [{"name": 5}]}', "triggers[0].name has the wrong type"),
])
def test_a_bad_triggers_file_stops_the_start_with_the_entry_at_fault(tmp_path, entry, message):
    path = tmp_path / "triggers.json"
    path.write_text(entry if isinstance(entry, str) else json.dumps({"triggers": [entry]}))
    result = subprocess.run(
        [os.environ["HEARTH_BIN"], "serve", "--port", str(free_port()), "--data", str(tmp_path / "data"),
         "--triggers", str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert message in result.stdout + result.stderr


def test_console_shows_dead_letters_replays_them_and_shows_ttl_policies(tmp_path, monkeypatch):
    """The Triggers tab's API and page: a function that is down dead-letters the event; once it is
    up, Replay delivers it; a TTL policy shows what the sweep deleted."""
    import datetime
    import importlib.util
    import shutil

    import requests

    port, hearth_port = free_port(), free_port()
    log = tmp_path / "events.jsonl"
    indexes = tmp_path / "firestore.indexes.json"
    indexes.write_text(json.dumps({"indexes": [], "fieldOverrides": [
        {"collectionGroup": "sessions", "fieldPath": "expireAt", "ttl": True, "indexes": []}]}))
    path = triggers_file(tmp_path, f"http://127.0.0.1:{port}/", maxAttempts=2, retryBackoffSeconds=0.01)
    hearth = HearthServer(tmp_path / "data", ["--triggers", str(path), "--indexes", str(indexes), "--ttl-interval", "0"],
                          port=hearth_port).start()
    function = FunctionProcess("on_user_written", port, log, hearth.host)
    api = f"{hearth.url}/console/api"
    try:
        db = firestore_client(monkeypatch, hearth.host)
        db.document("users/zoe").set({"name": "Zoe"})
        assert wait_for(lambda: len(requests.get(f"{api}/triggers").json()["deadLetters"]) == 1, timeout=20)
        report = requests.get(f"{api}/triggers").json()
        letter = report["deadLetters"][0]
        assert (letter["trigger"], letter["document"], letter["attempts"]) == ("onUser", "users/zoe", 2)
        assert letter["error"].startswith(f"could not reach http://127.0.0.1:{port}/: "), letter["error"]
        assert report["triggers"][0]["name"] == "onUser" and report["triggers"][0]["deadLettered"] == 1
        assert report["ttl"] == [{"collectionGroup": "sessions", "fieldPath": "expireAt", "deleted": 0, "recent": []}]

        failed = requests.post(f"{api}/triggers/replay", params={"trigger": "onUser", "id": letter["id"]})
        assert failed.status_code == 503, failed.text
        assert requests.get(f"{api}/triggers").json()["deadLetters"][0]["attempts"] == 3

        function.start()
        chromium = shutil.which("chromium")
        if chromium and importlib.util.find_spec("playwright"):
            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
                page = browser.new_page()
                page.goto(f"{hearth.url}/console/#/triggers")
                page.wait_for_selector(".dead-letters tr[data-letter] button.replay")
                page.click(".dead-letters tr[data-letter] button.replay")
                page.wait_for_selector("text=None: every event was delivered.")
                browser.close()
        else:
            assert requests.post(f"{api}/triggers/replay", params={"trigger": "onUser", "id": letter["id"]}).status_code == 200
        assert wait_for(lambda: len(events(log)) == 1)
        assert events(log)[0]["after"] == {"name": "Zoe"} and events(log)[0]["id"] == letter["id"]

        past = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=5)
        db.document("sessions/s1").set({"expireAt": past})
        db.document("users/zoe/sessions/s2").set({"expireAt": past})
        assert requests.post(f"{api}/ttl/sweep").json() == {"deleted": 2}
        policy = requests.get(f"{api}/triggers").json()["ttl"][0]
        assert policy["deleted"] == 2 and sorted(policy["recent"]) == ["sessions/s1", "users/zoe/sessions/s2"]
        assert not db.document("sessions/s1").get().exists
        logged = [r for r in requests.get(f"{api}/requests").json()["records"] if r["method"] == "TTL delete"]
        assert len(logged) == 1 and logged[0]["principal"] == "system" and logged[0]["status"] == "OK"
        assert logged[0]["path"] == f"projects/{PROJECT}/databases/(default)/documents/sessions"
        assert logged[0]["detail"].startswith("2 expired document(s) (expireAt): ")
        missing = requests.post(f"{api}/triggers/dismiss", params={"trigger": "onUser", "id": "zz"})
        assert missing.status_code == 400
    finally:
        hearth.kill()
        function.stop()

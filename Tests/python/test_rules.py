import uuid

import pytest
import requests
from google.api_core import exceptions
from google.auth.credentials import AnonymousCredentials
from google.cloud import firestore

from conftest import unsigned_jwt, wait_for
from hearth_server import HearthServer

RULES = """
rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /users/{uid} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
    match /public/{doc} {
      allow read: if true;
    }
  }
}
"""


class TokenCredentials(AnonymousCredentials):
    """Credentials carrying an ID token (an unsigned JWT) for the emulator."""

    def __init__(self, token):
        super().__init__()
        self.id_token = token


class UserClient(firestore.Client):
    """A client that sends its credentials' ID token instead of 'Bearer owner'."""

    @property
    def _rpc_metadata(self):
        metadata = [(k, v) for (k, v) in super()._rpc_metadata if k != "authorization"]
        token = getattr(self._credentials, "id_token", None)
        if token:
            metadata.append(("authorization", f"Bearer {token}"))
        return metadata


@pytest.fixture(scope="module")
def rules_server(tmp_path_factory):
    data = tmp_path_factory.mktemp("rules-data")
    rules_file = data / "firestore.rules"
    rules_file.write_text(RULES)
    hearth = HearthServer(data / "db", extra_args=["--rules", str(rules_file)]).start()
    yield hearth, rules_file
    hearth.stop()


def clients(hearth, monkeypatch, uid="alice"):
    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", hearth.host)
    admin = firestore.Client(project="rules-test")
    user = UserClient(project="rules-test", credentials=TokenCredentials(unsigned_jwt({"sub": uid, "email": f"{uid}@x.io"})))
    anonymous = UserClient(project="rules-test", credentials=TokenCredentials(None))
    return admin, user, anonymous


def test_signed_in_user_is_judged_by_rules(rules_server, monkeypatch):
    hearth, _ = rules_server
    admin, alice, anonymous = clients(hearth, monkeypatch)
    alice.collection("users").document("alice").set({"name": "Alice"})
    assert alice.collection("users").document("alice").get().to_dict() == {"name": "Alice"}
    with pytest.raises(exceptions.PermissionDenied):
        alice.collection("users").document("bob").set({"name": "not me"})
    with pytest.raises(exceptions.PermissionDenied):
        alice.collection("users").document("bob").get()
    with pytest.raises(exceptions.PermissionDenied):
        anonymous.collection("users").document("alice").get()
    with pytest.raises(exceptions.PermissionDenied):
        list(alice.collection("users").stream())
    admin.collection("users").document("bob").set({"name": "Bob"})
    assert admin.collection("users").document("bob").get().exists


def test_listen_is_judged_by_rules(rules_server, monkeypatch):
    hearth, _ = rules_server
    _, alice, _ = clients(hearth, monkeypatch)
    seen = []
    watch = alice.collection("users").document("alice").on_snapshot(lambda docs, changes, t: seen.append(len(docs)))
    assert wait_for(lambda: len(seen) >= 1)
    watch.unsubscribe()


def test_rules_endpoints_and_reload(rules_server, monkeypatch):
    hearth, rules_file = rules_server
    admin, alice, _ = clients(hearth, monkeypatch)
    coverage = requests.get(f"{hearth.url}/emulator/v1/projects/rules-test:ruleCoverage")
    assert coverage.status_code == 200
    html = requests.get(f"{hearth.url}/emulator/v1/projects/rules-test:ruleCoverage.html")
    assert html.status_code == 200 and "<" in html.text
    bad = requests.put(f"{hearth.url}/emulator/v1/projects/other:securityRules",
                       json={"rules": {"files": [{"name": "firestore.rules", "content": "nonsense {"}]}})
    assert bad.status_code == 400
    open_rules = "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { match /{d=**} { allow read, write: if true; } } }"
    loaded = requests.put(f"{hearth.url}/emulator/v1/projects/rules-test:securityRules",
                          json={"rules": {"files": [{"name": "firestore.rules", "content": open_rules}]}})
    assert loaded.status_code == 200, loaded.text
    alice.collection("users").document("carol").set({"ok": True})
    closed = open_rules.replace("if true", "if false")
    requests.put(f"{hearth.url}/emulator/v1/projects/rules-test:securityRules",
                 json={"rules": {"files": [{"name": "firestore.rules", "content": closed}]}})
    with pytest.raises(exceptions.PermissionDenied):
        alice.collection("users").document("alice").get()

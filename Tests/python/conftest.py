import base64
import contextlib
import json
import os
import uuid

import pytest

from hearth_server import HearthServer

PROJECT = "hearth-test"


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    hearth = HearthServer(tmp_path_factory.mktemp("data")).start()
    os.environ["FIRESTORE_EMULATOR_HOST"] = hearth.host
    os.environ["GOOGLE_CLOUD_PROJECT"] = PROJECT
    yield hearth
    hearth.stop()


@pytest.fixture
def client(server):
    from google.cloud import firestore

    return firestore.Client(project=PROJECT)


@pytest.fixture
def coll(client, request):
    """A fresh collection for one test."""
    return client.collection(f"{request.node.name[:40]}-{uuid.uuid4().hex[:8]}")


def unsigned_jwt(claims):
    """An unsigned (alg: none) JWT carrying `claims`."""
    def part(obj):
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).rstrip(b"=").decode()

    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(claims)}."


def wait_for(predicate, timeout=10.0, interval=0.05):
    import time

    deadline = time.time() + timeout
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return predicate()


@contextlib.contextmanager
def firebase_admin_app(host, project):
    """A firebase-admin app (uniquely named) for `project` whose Auth calls go to the emulator at `host`:
    FIREBASE_AUTH_EMULATOR_HOST is set while the block runs, then restored."""
    import firebase_admin

    previous = os.environ.get("FIREBASE_AUTH_EMULATOR_HOST")
    os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = host
    app = firebase_admin.initialize_app(options={"projectId": project}, name=f"{project}-{uuid.uuid4().hex[:8]}")
    try:
        yield app
    finally:
        firebase_admin.delete_app(app)
        if previous is None:
            os.environ.pop("FIREBASE_AUTH_EMULATOR_HOST", None)
        else:
            os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = previous

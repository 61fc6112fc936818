"""What the pipeline test modules share: a module-scoped `hearth serve --enterprise (default)`
and clients of it that leave the session's FIRESTORE_EMULATOR_HOST as they found it."""
import os

import pytest
from google.cloud import firestore

from hearth_server import HearthServer


def enterprise_server(name):
    """A module-scoped fixture: a server whose `(default)` database is Enterprise edition, with
    its data in a fresh directory called `name`."""
    @pytest.fixture(scope="module")
    def server(tmp_path_factory):
        hearth = HearthServer(tmp_path_factory.mktemp(name), extra_args=["--enterprise", "(default)"]).start()
        yield hearth
        hearth.stop()
    return server


def make_client(server, project, database="(default)"):
    """A client of `server`; the session's FIRESTORE_EMULATOR_HOST (other modules' server) is put back."""
    previous = os.environ.get("FIRESTORE_EMULATOR_HOST")
    os.environ["FIRESTORE_EMULATOR_HOST"] = server.host
    try:
        return firestore.Client(project=project, database=database)
    finally:
        if previous is None:
            os.environ.pop("FIRESTORE_EMULATOR_HOST", None)
        else:
            os.environ["FIRESTORE_EMULATOR_HOST"] = previous

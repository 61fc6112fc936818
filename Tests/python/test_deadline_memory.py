"""Deadlines cost the server nothing once the call is over.

The official clients send a deadline (`grpc-timeout`) on every call: 60 s for GetDocument and
Commit, 300 s for RunQuery, a day for Listen. grpc-swift kept each one as a sleeping task that, once
cancelled at the end of the call, stayed allocated until the deadline passed (0.7–1.8 KB each), so a
server under steady load held rate × deadline of them. Hearth runs deadlines as timers that are
freed when the call ends: thousands of calls with an hour's deadline leave the heap where it was.
"""
import os

import grpc
import pytest
from google.cloud.firestore_v1.types import Document, GetDocumentRequest, Value

from conftest import PROJECT

SERVICE = "/google.firestore.v1.Firestore/"
NAME = f"projects/{PROJECT}/databases/(default)/documents/deadlines/one"
AN_HOUR = 3600.0


def anonymous_kib(pid):
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith("Anonymous:"):
                return int(line.split()[1])
    raise AssertionError("no Anonymous line in smaps_rollup")


@pytest.mark.skipif(not os.path.exists("/proc/self/smaps_rollup"), reason="needs Linux's /proc smaps_rollup")
def test_calls_with_long_deadlines_leave_no_memory_behind(server, client):
    client.collection("deadlines").document("one").set({"n": 1})
    request = GetDocumentRequest.serialize(GetDocumentRequest(name=NAME))
    with grpc.insecure_channel(server.host) as channel:
        get = channel.unary_unary(SERVICE + "GetDocument", request_serializer=None, response_deserializer=None)

        def calls(count):
            for _ in range(count):
                document = Document.deserialize(get(request, timeout=AN_HOUR))
                assert document.fields["n"] == Value(integer_value=1)

        calls(1500)  # fills the request log's ring (1,000 entries) and warms the allocator
        before = anonymous_kib(server.process.pid)
        calls(4000)
        grown = anonymous_kib(server.process.pid) - before
    # The server that held each deadline until it passed grew 2,904 KiB over these 4,000 calls.
    assert grown < 1024, f"anonymous memory grew {grown} KiB over 4,000 calls with an hour's deadline"

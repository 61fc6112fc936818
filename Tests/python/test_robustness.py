import subprocess
import sys
import textwrap
import threading

import grpc
import pytest
import requests
from google.cloud.firestore_v1.base_query import FieldFilter

from conftest import PROJECT, wait_for

SERVICE = "/google.firestore.v1.Firestore/"


def raw_call(server, method, payload, metadata=(("authorization", "Bearer owner"),)):
    # A generous deadline: these tests assert status codes, and a debug server on a loaded
    # 2-core machine can take seconds to read a 12 MiB request.
    with grpc.insecure_channel(server.host) as channel:
        call = channel.unary_unary(SERVICE + method, request_serializer=None, response_deserializer=None)
        return call(payload, metadata=metadata, timeout=60)


def test_malformed_protobuf_is_rejected(server):
    with pytest.raises(grpc.RpcError) as error:
        raw_call(server, "Commit", b"\xff\xff\xff\xff")
    assert error.value.code() in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.INTERNAL)
    assert requests.get(server.url + "/").status_code == 200


def test_unknown_method_is_unimplemented(server):
    with pytest.raises(grpc.RpcError) as error:
        raw_call(server, "NoSuchMethod", b"")
    assert error.value.code() == grpc.StatusCode.UNIMPLEMENTED


def test_bad_database_name_is_invalid_argument(server):
    # CommitRequest{database: "nonsense"}: field 1, length 8.
    with pytest.raises(grpc.RpcError) as error:
        raw_call(server, "Commit", b"\x0a\x08nonsense")
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_oversized_request_is_refused(server):
    huge = b"\x0a" + b"\x80\x80\x80\x06" + b"a" * (12 * 1024 * 1024)
    with pytest.raises(grpc.RpcError) as error:
        raw_call(server, "Commit", huge)
    assert error.value.code() in (grpc.StatusCode.RESOURCE_EXHAUSTED, grpc.StatusCode.INVALID_ARGUMENT)


def test_garbage_bearer_token_is_unauthenticated(server):
    with pytest.raises(grpc.RpcError) as error:
        raw_call(server, "Commit", b"", metadata=(("authorization", "Bearer not-a-jwt"),))
    assert error.value.code() == grpc.StatusCode.UNAUTHENTICATED


def active_streams(server):
    return requests.get(f"{server.url}/emulator/v1/listens").json()["activeStreams"]


def test_vanished_client_frees_its_listeners(server):
    script = textwrap.dedent(f"""
        import os, sys, time
        from google.cloud import firestore
        db = firestore.Client(project="{PROJECT}")
        for i in range(5):
            db.collection("vanish").on_snapshot(lambda *args: None)
        print("listening", flush=True)
        time.sleep(60)
    """)
    before = active_streams(server)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "listening"
        assert wait_for(lambda: active_streams(server) >= before + 5)
    finally:
        child.kill()
        child.wait(10)
    assert wait_for(lambda: active_streams(server) <= before, timeout=15)


def test_many_concurrent_clients(server):
    from google.cloud import firestore

    errors = []

    def work(n):
        try:
            db = firestore.Client(project=PROJECT)
            for i in range(10):
                db.collection("concurrent").document(f"c{n}-{i}").set({"n": n, "i": i})
            assert len(list(db.collection("concurrent").where(filter=FieldFilter("n", "==", n)).stream())) == 10
            requests.get(server.url + "/").raise_for_status()
        except Exception as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []

"""Oversize messages and deep nesting are refused with a clear status, without crashing the
server or making it balloon in memory."""
import json

import grpc
import pytest
import requests

from conftest import PROJECT
from test_robustness import raw_call

DATABASE = f"projects/{PROJECT}/databases/(default)"


def varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def field(number, payload):
    """A length-delimited protobuf field."""
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def nested_value(depth):
    """A Firestore Value: a map holding a map ... `depth` levels deep, ending in a string."""
    value = field(17, b"leaf")  # Value.string_value
    for _ in range(depth):
        entry = field(1, b"a") + field(2, value)  # MapValue.FieldsEntry{key, value}
        value = field(6, field(1, entry))  # Value.map_value{fields}
    return value


def commit_with(value):
    document = field(1, f"{DATABASE}/documents/hostile/deep".encode()) + field(2, field(1, b"f") + field(2, value))
    return field(1, DATABASE.encode()) + field(2, field(1, document))  # CommitRequest{database, writes[{update}]}


def rss_kib(server):
    with open(f"/proc/{server.process.pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def assert_alive(server):
    assert server.process.poll() is None, "the server died"
    assert requests.get(server.url + "/", timeout=30).status_code == 200


@pytest.mark.parametrize("depth", [21, 60, 5_000])
def test_deeply_nested_value_is_refused(server, depth):
    with pytest.raises(grpc.RpcError) as error:
        raw_call(server, "Commit", commit_with(nested_value(depth)))
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert_alive(server)


def test_nesting_at_the_limit_is_accepted(server):
    raw_call(server, "Commit", commit_with(nested_value(19)))
    assert_alive(server)


def test_deeply_nested_filter_is_answered(server):
    # StructuredQuery.where: a composite AND holding a composite AND ... 5,000 deep.
    inner = field(2, field(1, b"x") ) + varint(3 << 3) + varint(5) + field(3, field(17, b"v"))  # FieldFilter{field, op EQUAL, value}
    filter_ = field(2, inner)  # Filter.field_filter
    for _ in range(5_000):
        filter_ = field(1, varint(1 << 3) + varint(1) + field(2, filter_))  # Filter.composite_filter{op AND, filters}
    query = field(2, field(2, b"hostile")) + field(3, filter_)  # StructuredQuery{from, where}
    request = field(1, f"{DATABASE}/documents".encode()) + field(2, query)  # RunQueryRequest{parent, structured_query}
    with grpc.insecure_channel(server.host) as channel:
        call = channel.unary_stream("/google.firestore.v1.Firestore/RunQuery", request_serializer=None, response_deserializer=None)
        with pytest.raises(grpc.RpcError) as error:
            list(call(request, metadata=(("authorization", "Bearer owner"),), timeout=60))
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert_alive(server)


def test_deeply_nested_rest_json_is_refused(server):
    depth = 200_000
    body = '{"writes": [{"update": {"name": "x", "fields": {"a": ' + '{"mapValue": {"fields": {"a": ' * depth
    body += '{"stringValue": "v"}' + "}}}" * depth + "}}}]}"
    url = f"{server.url}/v1/{DATABASE}/documents:commit"
    response = requests.post(url, data=body, headers={"Authorization": "Bearer owner"}, timeout=120)
    assert response.status_code in (400, 413)
    raw = "[" * 1_000_000 + "]" * 1_000_000
    response = requests.post(url, data=raw, headers={"Authorization": "Bearer owner"}, timeout=120)
    assert response.status_code == 400
    assert_alive(server)


def test_oversize_rest_body_is_refused(server):
    url = f"{server.url}/v1/{DATABASE}/documents:commit"
    body = json.dumps({"writes": [{"update": {"name": f"{DATABASE}/documents/hostile/big", "fields": {"s": {"stringValue": "x" * (11 << 20)}}}}]})
    response = requests.post(url, data=body, headers={"Authorization": "Bearer owner"}, timeout=120)
    assert response.status_code == 413
    assert response.json()["error"]["status"] == "RESOURCE_EXHAUSTED"
    assert_alive(server)


def test_oversize_write_stream_message_is_refused(server):
    def requests_():
        yield field(1, DATABASE.encode())  # WriteRequest{database}
        value = field(17, b"x" * (11 << 20))
        document = field(1, f"{DATABASE}/documents/hostile/big".encode()) + field(2, field(1, b"s") + field(2, value))
        yield field(1, DATABASE.encode()) + field(3, field(1, document))  # WriteRequest{database, writes}

    with grpc.insecure_channel(server.host) as channel:
        call = channel.stream_stream("/google.firestore.v1.Firestore/Write", request_serializer=None, response_deserializer=None)
        with pytest.raises(grpc.RpcError) as error:
            list(call(requests_(), metadata=(("authorization", "Bearer owner"),), timeout=60))
    assert error.value.code() in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.RESOURCE_EXHAUSTED)
    assert_alive(server)


def test_lying_length_prefixes_do_not_allocate(server):
    before = rss_kib(server)
    # A field claiming 1 GiB of payload, followed by a few bytes only.
    payload = varint(1 << 3 | 2) + varint(1 << 30) + b"abc"
    for _ in range(20):
        with pytest.raises(grpc.RpcError) as error:
            raw_call(server, "Commit", payload)
        assert error.value.code() in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.INTERNAL)
    assert_alive(server)
    assert rss_kib(server) < before + 256 * 1024, "decoding lying lengths must not allocate what they claim"


LIMIT = 10 * 1024 * 1024  # hearth serve's default request limit, Firestore's 10 MiB


def commit_of_size(total, tag):
    """A CommitRequest of exactly `total` bytes: eleven documents of one string field each, the
    last one padded to the size."""
    def document(index, length):
        value = field(17, b"x" * length)
        name = f"{DATABASE}/documents/hostile-{tag}/d{index}".encode()
        return field(1, name) + field(2, field(1, b"s") + field(2, value))

    head = field(1, DATABASE.encode()) + b"".join(field(2, field(1, document(i, 950_000))) for i in range(10))
    pad = total - len(head) - 950_000
    while True:
        request = head + field(2, field(1, document(10, pad)))
        if len(request) == total:
            return request
        pad += total - len(request)


def test_a_request_at_the_limit_is_accepted_and_one_byte_more_is_refused(server):
    # Measured on the bytes received: the limit itself passes, one byte over is Firestore's refusal.
    raw_call(server, "Commit", commit_of_size(LIMIT, "at"))
    with pytest.raises(grpc.RpcError) as error:
        raw_call(server, "Commit", commit_of_size(LIMIT + 1, "over"))
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error.value.details() == f"Request payload size exceeds the limit: {LIMIT} bytes."
    # Nothing of the refused request was written; everything of the accepted one was.
    listed = requests.get(f"{server.url}/v1/{DATABASE}/documents/hostile-over", headers={"Authorization": "Bearer owner"}, timeout=60)
    assert listed.json().get("documents", []) == []
    listed = requests.get(f"{server.url}/v1/{DATABASE}/documents/hostile-at?pageSize=20&mask.fieldPaths=none", headers={"Authorization": "Bearer owner"}, timeout=60)
    assert len(listed.json()["documents"]) == 11
    assert_alive(server)

"""Large Commit requests, whose writes the server applies while it is still decoding the later
ones: they answer exactly as small ones do, and a failure anywhere in them writes nothing."""
import uuid

import grpc
import pytest
from google.api_core import exceptions

from conftest import PROJECT
from test_hostile_input import field, varint
from test_robustness import raw_call

DATABASE = f"projects/{PROJECT}/databases/(default)"
WRITES = 300  # above the server's streaming threshold (128 writes)


def set_write(collection, index, extra=b""):
    """A Write{update: Document{name, fields{n: index}}}, with `extra` bytes appended to the Write."""
    value = varint(2 << 3) + varint(index)  # Value.integer_value
    entry = field(1, b"n") + field(2, value)  # Document.FieldsEntry{key, value}
    document = field(1, f"{DATABASE}/documents/{collection}/d{index}".encode()) + field(2, entry)
    return field(2, field(1, document) + extra)  # CommitRequest.writes


def commit_request(writes):
    return field(1, DATABASE.encode()) + b"".join(writes)


def stored(client, collection):
    return {doc.id: doc.to_dict() for doc in client.collection(collection).stream()}


def test_a_large_batch_is_written_whole_with_one_commit_time(client, coll):
    batch = client.batch()
    for index in range(400):
        batch.set(coll.document(f"d{index:03}"), {"n": index, "tag": "t" * (index % 7)})
    results = batch.commit()
    assert len(results) == 400
    assert len({result.update_time for result in results}) == 1
    docs = {doc.id: doc.to_dict() for doc in coll.stream()}
    assert docs == {f"d{index:03}": {"n": index, "tag": "t" * (index % 7)} for index in range(400)}


def test_a_failed_precondition_late_in_a_large_batch_writes_nothing(client, coll):
    batch = client.batch()
    for index in range(WRITES):
        if index == 250:
            batch.update(coll.document("missing"), {"n": index})
        else:
            batch.set(coll.document(f"d{index}"), {"n": index})
    with pytest.raises(exceptions.NotFound) as error:
        batch.commit()
    assert "No document to update" in str(error.value)
    assert list(coll.stream()) == []


@pytest.mark.parametrize("position", [0, 200, WRITES - 1])
def test_an_invalid_write_anywhere_in_a_large_request_answers_as_in_a_small_one(server, client, position):
    collection = f"streamed-{uuid.uuid4().hex[:8]}"
    bad = field(2, field(1, field(1, f"{DATABASE}/documents/{collection}".encode())))  # a collection's name
    small = commit_request([bad])
    with pytest.raises(grpc.RpcError) as expected:
        raw_call(server, "Commit", small)
    writes = [set_write(collection, index) for index in range(WRITES)]
    writes[position] = bad
    with pytest.raises(grpc.RpcError) as found:
        raw_call(server, "Commit", commit_request(writes))
    assert found.value.code() == expected.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert found.value.details() == expected.value.details()
    assert stored(client, collection) == {}


def test_a_write_only_protobuf_takes_is_committed_with_the_rest(server, client):
    # An unknown field (number 99, a varint) in one write: the fast decoder gives the request back
    # to SwiftProtobuf, which skips the field, so the whole request commits.
    collection = f"streamed-{uuid.uuid4().hex[:8]}"
    writes = [set_write(collection, index) for index in range(WRITES)]
    writes[260] = set_write(collection, 260, extra=varint(99 << 3) + varint(1))
    raw_call(server, "Commit", commit_request(writes))
    assert stored(client, collection) == {f"d{index}": {"n": index} for index in range(WRITES)}


def test_a_malformed_write_late_in_a_large_request_is_refused_and_writes_nothing(server, client):
    collection = f"streamed-{uuid.uuid4().hex[:8]}"
    writes = [set_write(collection, index) for index in range(WRITES)]
    writes[280] = field(2, b"\x0a\xff\xff")  # a Write whose `update` claims more bytes than it has
    with pytest.raises(grpc.RpcError) as error:
        raw_call(server, "Commit", commit_request(writes))
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert stored(client, collection) == {}

"""The Write stream (the mobile and web SDKs' commit path), driven through the official
library's generated gRPC client, since the Python client itself commits with Commit."""
import queue

import pytest
from google.api_core import exceptions
from google.cloud.firestore_v1.types import common, document, firestore as requests_pb, write as write_pb


class WriteStream:
    """One bidi Write stream opened with its `first` request: `send` a request, `receive` the next
    response. (The library reads the first response while opening the stream, so the first
    request has to be queued before.)"""

    def __init__(self, client, **first):
        self._outbox = queue.Queue()
        self.send(**first)

        def outgoing():
            while True:
                item = self._outbox.get()
                if item is None:
                    return
                yield item

        self._responses = client._firestore_api.write(requests=outgoing(), metadata=client._rpc_metadata)

    def send(self, **fields):
        self._outbox.put(requests_pb.WriteRequest(**fields))

    def receive(self):
        return next(self._responses)

    def close(self):
        self._outbox.put(None)


def set_write(client, ref, **values):
    fields = {name: document.Value(integer_value=value) for name, value in values.items()}
    name = f"{client._database_string}/documents/{ref.path}"
    return write_pb.Write(update=document.Document(name=name, fields=fields))


def open_stream(client):
    """A new stream and its handshake response."""
    stream = WriteStream(client, database=client._database_string)
    return stream, stream.receive()


def test_handshake_then_commits(client, coll):
    stream, first = open_stream(client)
    assert first.stream_id
    assert first.stream_token
    assert len(first.write_results) == 0

    a, b = coll.document("a"), coll.document("b")
    stream.send(writes=[set_write(client, a, n=1), set_write(client, b, n=2)], stream_token=first.stream_token)
    second = stream.receive()
    assert len(second.write_results) == 2
    assert second.stream_token and second.stream_token != first.stream_token
    assert second.commit_time.timestamp() > 0
    assert a.get().to_dict() == {"n": 1}
    assert b.get().to_dict() == {"n": 2}

    stream.send(writes=[set_write(client, a, n=3)], stream_token=second.stream_token)
    third = stream.receive()
    assert third.commit_time.timestamp() >= second.commit_time.timestamp()
    assert a.get().to_dict() == {"n": 3}
    stream.close()


def test_server_timestamp_transform_results(client, coll):
    stream, handshake = open_stream(client)
    token = handshake.stream_token
    ref = coll.document("stamped")
    write = set_write(client, ref, n=1)
    write.update_transforms = [write_pb.DocumentTransform.FieldTransform(
        field_path="at", set_to_server_value=write_pb.DocumentTransform.FieldTransform.ServerValue.REQUEST_TIME)]
    stream.send(writes=[write], stream_token=token)
    response = stream.receive()
    assert len(response.write_results[0].transform_results) == 1
    assert ref.get().to_dict()["at"].timestamp() == pytest.approx(response.commit_time.timestamp(), abs=1e-3)
    stream.close()


def test_failed_commit_ends_the_stream_and_writes_nothing(client, coll):
    stream, handshake = open_stream(client)
    token = handshake.stream_token
    kept, missing = coll.document("kept"), coll.document("missing")
    guarded = set_write(client, missing, n=1)
    guarded.current_document = common.Precondition(exists=True)
    stream.send(writes=[set_write(client, kept, n=1), guarded], stream_token=token)
    with pytest.raises(exceptions.NotFound):
        stream.receive()
    assert not kept.get().exists


def test_first_message_must_not_write(client, coll):
    with pytest.raises(exceptions.InvalidArgument):
        WriteStream(client, database=client._database_string, writes=[set_write(client, coll.document("x"), n=1)])
    assert not coll.document("x").get().exists


def test_unknown_token_is_invalid(client, coll):
    stream, _ = open_stream(client)
    stream.send(writes=[set_write(client, coll.document("x"), n=1)], stream_token=b"\x00\x00\x00\x00\x00\x00\x00\x09")
    with pytest.raises(exceptions.InvalidArgument):
        stream.receive()


def test_resume_replays_unacknowledged_responses(client, coll):
    stream, first = open_stream(client)
    stream.send(writes=[set_write(client, coll.document("one"), n=1)], stream_token=first.stream_token)
    one = stream.receive()
    stream.send(writes=[set_write(client, coll.document("two"), n=2)], stream_token=one.stream_token)
    two = stream.receive()
    stream.close()

    resumed = WriteStream(
        client, database=client._database_string, stream_id=first.stream_id, stream_token=one.stream_token)
    replayed = resumed.receive()
    assert replayed.commit_time == two.commit_time
    assert len(replayed.write_results) == 1
    fresh = resumed.receive()
    assert fresh.stream_id == first.stream_id
    assert len(fresh.write_results) == 0
    resumed.send(writes=[set_write(client, coll.document("three"), n=3)], stream_token=fresh.stream_token)
    assert len(resumed.receive().write_results) == 1
    assert coll.document("three").get().exists
    resumed.close()


def test_unknown_stream_cannot_resume(client):
    with pytest.raises(exceptions.InvalidArgument):
        WriteStream(client, database=client._database_string, stream_id="no-such-stream",
                    stream_token=b"\x00" * 7 + b"\x01")

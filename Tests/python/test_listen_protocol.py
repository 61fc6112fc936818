"""The Listen target protocol driven directly through the client's GAPIC stub."""
import queue
import threading
import uuid

from google.cloud.firestore_v1.types import ListenRequest, Target, TargetChange

TARGET = 0x5079


class Stream:
    """One Listen RPC with an open request side."""

    def __init__(self, client, target):
        self.requests = queue.Queue()
        self.requests.put(ListenRequest(database=client._database_string, add_target=target))
        self.responses = queue.Queue()

        def request_iter():
            while True:
                item = self.requests.get()
                if item is None:
                    return
                yield item

        self.call = client._firestore_api._transport.listen(request_iter(), metadata=client._rpc_metadata)

        def pump():
            try:
                for response in self.call:
                    self.responses.put(response)
            except Exception as error:  # noqa: BLE001
                self.responses.put(error)

        threading.Thread(target=pump, daemon=True).start()

    def until_marker(self, timeout=10):
        """Responses up to and including the next global NO_CHANGE with a read time."""
        seen = []
        while True:
            response = self.responses.get(timeout=timeout)
            assert not isinstance(response, Exception), response
            seen.append(response)
            change = response.target_change
            if ("target_change" in response and change.target_change_type == TargetChange.TargetChangeType.NO_CHANGE
                    and not change.target_ids and change.read_time):
                return seen

    def close(self):
        self.requests.put(None)
        self.call.cancel()


def kinds(responses):
    out = []
    for response in responses:
        kind = ListenResponseKind(response)
        out.append(kind)
    return out


def ListenResponseKind(response):  # noqa: N802
    which = response._pb.WhichOneof("response_type")
    if which == "target_change":
        return TargetChange.TargetChangeType(response.target_change.target_change_type).name
    return which


def documents_target(client, path, resume_token=None):
    target = Target(target_id=TARGET, documents=Target.DocumentsTarget(documents=[f"{client._database_string}/documents/{path}"]))
    if resume_token is not None:
        target.resume_token = resume_token
    return target


def test_initial_sequence_and_resume(client):
    path = f"proto-{uuid.uuid4().hex[:8]}/d"
    client.document(path).set({"v": 1})
    stream = Stream(client, documents_target(client, path))
    first = stream.until_marker()
    assert kinds(first) == ["ADD", "document_change", "CURRENT", "NO_CHANGE"]
    assert list(first[0].target_change.target_ids) == [TARGET]
    token = first[-1].target_change.resume_token
    assert token
    client.document(path).update({"v": 2})
    second = stream.until_marker()
    assert kinds(second) == ["document_change", "NO_CHANGE"]
    assert second[-1].target_change.read_time >= first[-1].target_change.read_time
    stream.close()

    client.document(path).update({"v": 3})
    resumed = Stream(client, documents_target(client, path, resume_token=token))
    replay = resumed.until_marker()
    assert kinds(replay) == ["ADD", "document_change", "CURRENT", "NO_CHANGE"]
    assert replay[1].document_change.document.fields["v"].integer_value == 3
    resumed.close()

    unchanged = Stream(client, documents_target(client, path, resume_token=replay[-1].target_change.resume_token))
    assert kinds(unchanged.until_marker()) == ["ADD", "CURRENT", "NO_CHANGE"]
    unchanged.close()


def test_unusable_token_resets(client):
    path = f"proto-{uuid.uuid4().hex[:8]}/d"
    client.document(path).set({"v": 1})
    stream = Stream(client, documents_target(client, path, resume_token=b"not-ours"))
    assert kinds(stream.until_marker()) == ["ADD", "RESET", "document_change", "CURRENT", "NO_CHANGE"]
    stream.close()


def test_query_target_resume_sends_only_changes(client):
    coll = f"proto-{uuid.uuid4().hex[:8]}"
    client.collection(coll).document("a").set({"v": 1})
    client.collection(coll).document("b").set({"v": 2})
    query = client.collection(coll)._query()._to_protobuf()
    target = Target(target_id=TARGET, query=Target.QueryTarget(parent=f"{client._database_string}/documents", structured_query=query))
    stream = Stream(client, target)
    first = stream.until_marker()
    assert kinds(first) == ["ADD", "document_change", "document_change", "CURRENT", "NO_CHANGE"]
    stream.close()
    client.collection(coll).document("a").delete()
    client.collection(coll).document("c").set({"v": 3})
    target.resume_token = first[-1].target_change.resume_token
    resumed = Stream(client, target)
    replay = kinds(resumed.until_marker())
    assert replay[0] == "ADD" and replay[-2:] == ["CURRENT", "NO_CHANGE"]
    assert sorted(replay[1:-2]) == ["document_change", "document_remove"]
    resumed.close()


def test_duplicate_target_id_is_removed_with_cause(client):
    path = f"proto-{uuid.uuid4().hex[:8]}/d"
    stream = Stream(client, documents_target(client, path))
    stream.until_marker()
    stream.requests.put(ListenRequest(database=client._database_string, add_target=documents_target(client, path)))
    response = stream.responses.get(timeout=10)
    assert ListenResponseKind(response) == "REMOVE"
    assert response.target_change.cause.code == 3
    stream.close()


def test_one_marker_per_commit_across_targets(client):
    """Two query targets and a documents target on one stream: each batch touching all of them
    gives every target's changes, then exactly one global marker (never one between targets)."""
    first, second = f"proto-{uuid.uuid4().hex[:8]}", f"proto-{uuid.uuid4().hex[:8]}"
    parent = f"{client._database_string}/documents"

    def query_target(target_id, collection):
        query = client.collection(collection)._query()._to_protobuf()
        return Target(target_id=target_id, query=Target.QueryTarget(parent=parent, structured_query=query))

    watched = f"{first}/watched"
    stream = Stream(client, query_target(1, first))
    stream.until_marker()
    stream.requests.put(ListenRequest(database=client._database_string, add_target=query_target(2, second)))
    stream.until_marker()
    documents = Target(target_id=3, documents=Target.DocumentsTarget(documents=[f"{parent}/{watched}"]))
    stream.requests.put(ListenRequest(database=client._database_string, add_target=documents))
    stream.until_marker()

    for round_number in range(5):
        batch = client.batch()
        batch.set(client.document(watched), {"round": round_number})
        batch.set(client.collection(second).document(f"d{round_number}"), {"round": round_number})
        batch.commit()
        responses = stream.until_marker()
        changes = [r for r in responses if ListenResponseKind(r) == "document_change"]
        targets = sorted(t for r in changes for t in r.document_change.target_ids)
        assert targets == [1, 2, 3], kinds(responses)
        assert kinds(responses)[-1] == "NO_CHANGE"
        assert kinds(responses).count("NO_CHANGE") == 1
    stream.close()

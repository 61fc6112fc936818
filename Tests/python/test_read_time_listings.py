"""Listings at a read time: collection ids, and missing documents, as they were then."""
import time
import uuid

import requests

from conftest import PROJECT

OWNER = {"Authorization": "Bearer owner"}


def later_than(result):
    """A read time just after a commit (and before the next one)."""
    time.sleep(0.01)
    return result.update_time


def test_subcollections_at_a_read_time(client):
    parent = client.collection(f"lt-{uuid.uuid4().hex[:8]}").document("p")
    parent.collection("old").document("1").set({"v": 1})
    then = later_than(parent.collection("kept").document("1").set({"v": 1}))
    parent.collection("old").document("1").delete()
    parent.collection("new").document("1").set({"v": 1})
    assert sorted(c.id for c in parent.collections()) == ["kept", "new"]
    assert sorted(c.id for c in parent.collections(read_time=then)) == ["kept", "old"]


def test_root_collections_at_a_read_time(client):
    tag = uuid.uuid4().hex[:8]
    emptied = client.collection(f"emptied-{tag}").document("1")
    emptied.set({"v": 1})
    then = later_than(client.collection(f"kept-{tag}").document("1").set({"v": 1}))
    emptied.delete()
    client.collection(f"later-{tag}").document("1").set({"v": 1})
    now = {c.id for c in client.collections() if c.id.endswith(tag)}
    past = {c.id for c in client.collections(read_time=then) if c.id.endswith(tag)}
    assert now == {f"kept-{tag}", f"later-{tag}"}
    assert past == {f"emptied-{tag}", f"kept-{tag}"}


def test_collection_ids_at_a_read_time_over_rest(server, client):
    parent = client.collection(f"lr-{uuid.uuid4().hex[:8]}").document("p")
    then = later_than(parent.collection("a").document("1").set({"v": 1}))
    parent.collection("b").document("1").set({"v": 1})
    url = f"{server.url}/v1/projects/{PROJECT}/databases/(default)/documents/{parent.path}:listCollectionIds"
    now = requests.post(url, headers=OWNER, json={}).json()
    past = requests.post(url, headers=OWNER, json={"readTime": then.isoformat().replace("+00:00", "Z")}).json()
    assert now["collectionIds"] == ["a", "b"]
    assert past["collectionIds"] == ["a"]


def test_missing_documents_at_a_read_time(client):
    # The client's list_documents always asks for missing documents (show_missing).
    coll = client.collection(f"lm-{uuid.uuid4().hex[:8]}")
    coll.document("gone").collection("sub").document("1").set({"v": 1})
    then = later_than(coll.document("stays").collection("sub").document("1").set({"v": 1}))
    coll.document("gone").collection("sub").document("1").delete()
    coll.document("later").collection("sub").document("1").set({"v": 1})
    assert [ref.id for ref in coll.list_documents()] == ["later", "stays"]
    assert [ref.id for ref in coll.list_documents(read_time=then)] == ["gone", "stays"]

import datetime

import pytest
from google.api_core import exceptions
from google.cloud import firestore
from google.cloud.firestore_v1 import GeoPoint


def test_set_get_update_delete(coll):
    doc = coll.document("a")
    doc.set({"name": "Ada", "age": 36})
    snapshot = doc.get()
    assert snapshot.exists
    assert snapshot.to_dict() == {"name": "Ada", "age": 36}
    assert snapshot.create_time is not None and snapshot.update_time is not None
    doc.update({"age": 37, "address.city": "London"})
    assert doc.get().to_dict() == {"name": "Ada", "age": 37, "address": {"city": "London"}}
    doc.delete()
    assert not doc.get().exists


def test_every_value_type_round_trips(client, coll):
    when = datetime.datetime(2024, 5, 6, 7, 8, 9, 123456, tzinfo=datetime.timezone.utc)
    data = {
        "null": None, "bool": False, "int": -(2**62), "float": 1.25, "nan_free": float("inf"),
        "str": "héllo", "bytes": b"\x00\xffab", "time": when, "geo": GeoPoint(1.5, -2.25),
        "ref": client.document("other/doc"), "array": [1, "two", {"three": 3}], "map": {"nested": {"deep": True}},
        "empty_map": {}, "empty_array": [],
    }
    doc = coll.document("types")
    doc.set(data)
    got = doc.get().to_dict()
    assert got["ref"].path == "other/doc"
    got["ref"] = data["ref"]
    assert got == data


def test_create_conflict_and_update_missing(coll):
    doc = coll.document("x")
    doc.create({"a": 1})
    with pytest.raises(exceptions.Conflict):
        doc.create({"a": 2})
    with pytest.raises(exceptions.NotFound):
        coll.document("missing").update({"a": 1})


def test_set_merge_and_delete_field(coll):
    doc = coll.document("m")
    doc.set({"a": 1, "b": {"c": 2, "d": 3}})
    doc.set({"b": {"c": 20}, "e": 5}, merge=True)
    assert doc.get().to_dict() == {"a": 1, "b": {"c": 20, "d": 3}, "e": 5}
    doc.update({"a": firestore.DELETE_FIELD})
    assert doc.get().to_dict() == {"b": {"c": 20, "d": 3}, "e": 5}
    doc.set({"e": 6}, merge=["e"])
    assert doc.get().to_dict()["e"] == 6


def test_precondition_on_update_time(coll):
    doc = coll.document("p")
    result = doc.set({"v": 1})
    doc.update({"v": 2}, option=firestore.Client.write_option(last_update_time=result.update_time))
    with pytest.raises(exceptions.FailedPrecondition):
        doc.update({"v": 3}, option=firestore.Client.write_option(last_update_time=result.update_time))


def test_get_fields_and_get_all(client, coll):
    coll.document("a").set({"x": 1, "y": 2})
    coll.document("b").set({"x": 3})
    snapshot = coll.document("a").get(field_paths=["x"])
    assert snapshot.to_dict() == {"x": 1}
    found = {s.id: s.exists for s in client.get_all([coll.document("a"), coll.document("b"), coll.document("c")])}
    assert found == {"a": True, "b": True, "c": False}


def test_list_documents_and_collections(client, coll):
    coll.document("a").set({"x": 1})
    coll.document("b").collection("sub").document("s").set({"y": 1})
    ids = sorted(d.id for d in coll.list_documents())
    assert ids == ["a", "b"]
    assert [c.id for c in coll.document("b").collections()] == ["sub"]
    assert coll.id in [c.id for c in client.collections()]


def test_add_generates_an_id(coll):
    _, ref = coll.add({"k": "v"})
    assert len(ref.id) == 20
    assert ref.get().to_dict() == {"k": "v"}


def test_list_documents_at_a_read_time(client, coll):
    coll.document("m").collection("sub").document("x").set({"n": 0})
    first = coll.document("a").set({"n": 1}).update_time
    coll.document("a").set({"n": 2})
    coll.document("b").set({"n": 3})
    then = [ref.id for ref in coll.list_documents(read_time=first)]
    now = [ref.id for ref in coll.list_documents()]
    assert then == ["a", "m"]
    assert now == ["a", "b", "m"]
    assert [ref.id for ref in coll.list_documents(page_size=1, read_time=first)] == ["a", "m"]


def test_list_documents_in_a_transaction_pages_by_name(client, coll):
    for name in ["c", "a", "d", "b"]:
        coll.document(name).set({"name": name})
    api = client._firestore_api
    transaction = api.begin_transaction(
        request={"database": client._database_string}, metadata=client._rpc_metadata).transaction
    parent = f"{client._database_string}/documents"
    seen, token = [], ""
    while True:
        page = api.list_documents(
            request={"parent": parent, "collection_id": coll.id, "page_size": 3, "page_token": token,
                     "transaction": transaction},
            metadata=client._rpc_metadata)
        response = next(iter(page.pages))
        seen += [doc.name.rsplit("/", 1)[1] for doc in response.documents]
        assert all(doc.fields["name"].string_value for doc in response.documents)
        token = response.next_page_token
        if not token:
            break
    assert seen == ["a", "b", "c", "d"]


def test_update_time_precondition_in_the_future_is_invalid(server, client, coll):
    import datetime

    import requests

    from conftest import PROJECT

    doc = coll.document("future")
    created = doc.set({"v": 1})
    future = created.update_time + datetime.timedelta(days=1)
    option = firestore.Client.write_option(last_update_time=future)
    with pytest.raises(exceptions.InvalidArgument):
        doc.update({"v": 2}, option=option)
    with pytest.raises(exceptions.InvalidArgument):
        doc.delete(option=option)
    # The client's set takes no precondition: a set with one, over REST.
    name = f"projects/{PROJECT}/databases/(default)/documents/{doc.path}"
    response = requests.post(
        f"{server.url}/v1/projects/{PROJECT}/databases/(default)/documents:commit",
        headers={"Authorization": "Bearer owner"},
        json={"writes": [{"update": {"name": name, "fields": {"v": {"integerValue": "3"}}},
                          "currentDocument": {"updateTime": future.isoformat().replace("+00:00", "Z")}}]})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["status"] == "INVALID_ARGUMENT"
    # A past time that does not match stays FAILED_PRECONDITION.
    past = created.update_time - datetime.timedelta(seconds=1)
    with pytest.raises(exceptions.FailedPrecondition):
        doc.update({"v": 2}, option=firestore.Client.write_option(last_update_time=past))
    assert doc.get().to_dict() == {"v": 1}

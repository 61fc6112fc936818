import pytest
from google.cloud import firestore
from google.cloud.firestore_v1 import FieldFilter, Or, And
from google.cloud.firestore_v1.base_query import BaseCompositeFilter  # noqa: F401


@pytest.fixture
def people(coll):
    rows = {
        "ann": {"name": "ann", "age": 31, "city": "Oslo", "tags": ["a", "b"], "score": 1.5},
        "bob": {"name": "bob", "age": 25, "city": "Rome", "tags": ["b"], "score": 3},
        "cat": {"name": "cat", "age": 40, "city": "Oslo", "tags": [], "score": None},
        "dan": {"name": "dan", "age": 19, "city": "Lima", "tags": ["c"]},
        "eve": {"name": "eve", "age": 31, "city": "Rome", "tags": ["a"], "score": 2},
    }
    for key, value in rows.items():
        coll.document(key).set(value)
    return coll


def ids(query):
    return [s.id for s in query.stream()]


@pytest.mark.parametrize("op,value,expected", [
    ("==", 31, ["ann", "eve"]),
    ("!=", 31, ["bob", "cat", "dan"]),
    ("<", 25, ["dan"]),
    ("<=", 25, ["bob", "dan"]),
    (">", 31, ["cat"]),
    (">=", 31, ["ann", "cat", "eve"]),
    ("in", [19, 40], ["cat", "dan"]),
    ("not-in", [19, 40], ["ann", "bob", "eve"]),
])
def test_field_filters(people, op, value, expected):
    assert sorted(ids(people.where(filter=FieldFilter("age", op, value)))) == expected


def test_array_filters(people):
    assert sorted(ids(people.where(filter=FieldFilter("tags", "array_contains", "a")))) == ["ann", "eve"]
    assert sorted(ids(people.where(filter=FieldFilter("tags", "array_contains_any", ["b", "c"])))) == ["ann", "bob", "dan"]


def test_null_filter(people):
    assert ids(people.where(filter=FieldFilter("score", "==", None))) == ["cat"]


def test_composite_filters(people):
    query = people.where(filter=Or([FieldFilter("city", "==", "Lima"), FieldFilter("age", ">", 35)]))
    assert sorted(ids(query)) == ["cat", "dan"]
    query = people.where(filter=And([FieldFilter("city", "==", "Rome"), FieldFilter("age", ">", 26)]))
    assert ids(query) == ["eve"]


def test_order_limit_offset(people):
    by_age = people.order_by("age", direction=firestore.Query.DESCENDING)
    # Ties on age are broken by document name in the direction of the last order.
    assert ids(by_age) == ["cat", "eve", "ann", "bob", "dan"]
    assert ids(by_age.limit(2)) == ["cat", "eve"]
    assert ids(by_age.offset(3)) == ["bob", "dan"]
    assert [s.id for s in people.order_by("age").limit_to_last(2).get()] == ["eve", "cat"]


def test_cursors(people):
    by_age = people.order_by("age")
    assert ids(by_age.start_at({"age": 31})) == ["ann", "eve", "cat"]
    assert ids(by_age.start_after({"age": 31})) == ["cat"]
    assert ids(by_age.end_at({"age": 25})) == ["dan", "bob"]
    assert ids(by_age.end_before({"age": 25})) == ["dan"]
    snapshot = people.document("bob").get()
    assert ids(by_age.start_after(snapshot)) == ["ann", "eve", "cat"]


def test_select(people):
    rows = [s.to_dict() for s in people.select(["name"]).order_by("name").stream()]
    assert rows[0] == {"name": "ann"}


def test_aggregations(people):
    result = people.count(alias="n").get()[0][0]
    assert (result.alias, result.value) == ("n", 5)
    assert people.where(filter=FieldFilter("city", "==", "Oslo")).count().get()[0][0].value == 2
    assert people.sum("age").get()[0][0].value == 146
    assert people.avg("age").get()[0][0].value == pytest.approx(146 / 5)
    query = people.count(alias="c").sum("score", alias="s").avg("score", alias="a")
    values = {r.alias: r.value for r in query.get()[0]}
    # Only documents holding every aggregated field are considered (dan has no score).
    assert values["c"] == 4
    assert values["s"] == pytest.approx(6.5)
    assert values["a"] == pytest.approx(6.5 / 3)


def test_collection_group(client, coll):
    group = f"grp{coll.id[-8:]}"
    coll.document("x").collection(group).document("1").set({"v": 1})
    coll.document("y").collection(group).document("2").set({"v": 2})
    client.collection(group).document("3").set({"v": 3})
    snapshots = list(client.collection_group(group).where(filter=FieldFilter("v", ">=", 2)).stream())
    assert sorted(s.id for s in snapshots) == ["2", "3"]
    assert client.collection_group(group).count().get()[0][0].value == 3


def test_partitions(client, coll):
    group = f"part{coll.id[-8:]}"
    for i in range(10):
        coll.document(f"p{i}").collection(group).document(f"d{i}").set({"i": i})
    partitions = list(client.collection_group(group).get_partitions(3))
    total = sum(len(list(p.query().stream())) for p in partitions)
    assert total == 10


def test_partition_cursors_come_in_pages(client, coll):
    from google.api_core import exceptions

    group = f"pages{coll.id[-8:]}"
    for i in range(12):
        coll.document(f"p{i:02}").collection(group).document(f"d{i:02}").set({"i": i})
    api = client._firestore_api
    query = client.collection_group(group)._to_protobuf()
    request = {"parent": f"{client._database_string}/documents", "structured_query": query, "partition_count": 6}
    everything = api.partition_query(request={**request}, metadata=client._rpc_metadata)
    whole = next(iter(everything.pages))
    assert len(whole.partitions) == 5 and not whole.next_page_token
    paged, token = [], ""
    while True:
        page = next(iter(api.partition_query(
            request={**request, "page_size": 2, "page_token": token}, metadata=client._rpc_metadata).pages))
        assert len(page.partitions) <= 2
        paged += page.partitions
        token = page.next_page_token
        if not token:
            break
    assert paged == list(whole.partitions)
    with pytest.raises(exceptions.InvalidArgument):
        next(iter(api.partition_query(
            request={**request, "page_token": "nonsense"}, metadata=client._rpc_metadata).pages))


def test_invalid_query_is_invalid_argument(people):
    from google.api_core import exceptions
    with pytest.raises(exceptions.InvalidArgument):
        list(people.where(filter=FieldFilter("age", "not-in", [1])).where(filter=FieldFilter("name", "not-in", ["a"]))
             .stream())

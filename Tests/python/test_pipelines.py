"""Pipelines (Enterprise edition) through the official client's pipeline API, against values
worked out by hand from Firestore's documented semantics (not from Hearth's own classic queries)."""
import datetime
import uuid

import pytest
from google.api_core import exceptions
from google.cloud import firestore
from google.cloud.firestore_v1.pipeline_expressions import Constant, Count, Field, And, Or, Not
from google.cloud.firestore_v1.pipeline_expressions import Array as ArrayOf

from hearth_server import HearthServer
from pipeline_support import make_client as shared_client

PROJECT = "hearth-pipelines"
CITIES = {
    "SF": {"name": "San Francisco", "state": "CA", "population": 860000, "density": 7.2, "tags": ["bay", "tech"]},
    "LA": {"name": "Los Angeles", "state": "CA", "population": 3900000, "density": 3.3, "tags": ["film"]},
    "SD": {"name": "San Diego", "state": "CA", "population": 1400000, "density": 1.7, "tags": []},
    "NYC": {"name": "New York", "state": "NY", "population": 8300000, "density": 11.3, "tags": ["finance", "tech"]},
    "BUF": {"name": "Buffalo", "state": "NY", "population": 275000},
    "AUS": {"name": "Austin", "state": "TX", "population": 960000, "density": 1.2, "tags": ["tech"]},
}


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("pipelines")


@pytest.fixture(scope="module")
def server(data_dir):
    hearth = HearthServer(data_dir, extra_args=["--enterprise", "(default)"]).start()
    yield hearth
    hearth.stop()


def make_client(server, database="(default)"):
    return shared_client(server, PROJECT, database)


@pytest.fixture(scope="module")
def cities(server):
    client = make_client(server)
    name = "cities-" + uuid.uuid4().hex[:8]
    for key, value in CITIES.items():
        client.collection(name).document(key).set(value)
    return client, name


def names(results):
    return [r.data()["name"] for r in results]


def test_a_standard_edition_database_refuses_pipelines(server):
    client = make_client(server, database="standard-db")
    client.collection("c").document("d").set({"a": 1})
    with pytest.raises(exceptions.InvalidArgument) as raised:
        client.pipeline().collection("c").execute()
    assert "ExecutePipeline requires the Database Edition to be enterprise" in str(raised.value)
    # Classic reads keep working there.
    assert client.collection("c").document("d").get().to_dict() == {"a": 1}


def test_where_select_sort_offset_limit(cities):
    client, coll = cities
    results = (client.pipeline().collection(coll)
               .where(Field.of("population").greater_than(900000))
               .select("name", Field.of("population").divide(100000).as_("hundreds"))
               .sort(Field.of("population").descending())
               .execute())
    # Sorting by a field the select dropped: absent for every row, so the select's order (by name) stays.
    assert sorted(r.data()["name"] for r in results) == ["Austin", "Los Angeles", "New York", "San Diego"]
    ordered = (client.pipeline().collection(coll)
               .where(Field.of("population").greater_than(900000))
               .sort(Field.of("population").descending())
               .offset(1).limit(2)
               .select("name", Field.of("population").divide(100000).as_("hundreds"))
               .execute())
    assert [r.data() for r in ordered] == [
        {"name": "Los Angeles", "hundreds": 39}, {"name": "San Diego", "hundreds": 14}]
    assert all(r.ref is None for r in ordered), "select builds new rows: no document reference"


def test_document_rows_keep_their_reference_and_times(cities):
    client, coll = cities
    results = (client.pipeline().collection(coll)
               .where(Field.of("state").equal("TX"))
               .add_fields(Field.of("population").multiply(2).as_("twice"))
               .remove_fields("tags", "density")
               .execute())
    assert len(results) == 1
    (austin,) = results
    assert austin.ref.path == f"{coll}/AUS"
    assert austin.id == "AUS"
    assert austin.data() == {"name": "Austin", "state": "TX", "population": 960000, "twice": 1920000}
    assert austin.create_time is not None and austin.update_time is not None


def test_aggregate_with_groups_and_without(cities):
    client, coll = cities
    grouped = (client.pipeline().collection(coll)
               .aggregate(Field.of("population").sum().as_("people"), Count().as_("cities"),
                          Field.of("density").average().as_("density"), Field.of("population").maximum().as_("biggest"),
                          groups=["state"])
               .execute())
    by_state = {r.data()["state"]: r.data() for r in grouped}
    assert by_state["CA"]["people"] == 6160000
    assert by_state["CA"]["cities"] == 3
    assert by_state["CA"]["density"] == pytest.approx((7.2 + 3.3 + 1.7) / 3)
    assert by_state["CA"]["biggest"] == 3900000
    assert by_state["NY"] == {"state": "NY", "people": 8575000, "cities": 2, "density": 11.3, "biggest": 8300000}
    assert by_state["TX"]["cities"] == 1
    total = client.pipeline().collection(coll).aggregate(Count().as_("n"), Field.of("tags").count().as_("tagged")).execute()
    assert [r.data() for r in total] == [{"n": 6, "tagged": 5}]
    empty = (client.pipeline().collection(coll).where(Field.of("state").equal("WA"))
             .aggregate(Count().as_("n"), Field.of("population").sum().as_("sum")).execute())
    assert [r.data() for r in empty] == [{"n": 0, "sum": None}]


def test_distinct_and_filters_on_aggregates(cities):
    client, coll = cities
    states = client.pipeline().collection(coll).distinct("state").execute()
    assert sorted(r.data()["state"] for r in states) == ["CA", "NY", "TX"]
    crowded = (client.pipeline().collection(coll)
               .aggregate(Count().as_("n"), groups=["state"])
               .where(Field.of("n").greater_than_or_equal(2))
               .execute())
    assert sorted(r.data()["state"] for r in crowded) == ["CA", "NY"]


def test_logic_absence_and_arrays(cities):
    client, coll = cities
    tech = (client.pipeline().collection(coll)
            .where(And(Field.of("tags").array_contains("tech"), Not(Field.of("state").equal("NY"))))
            .execute())
    assert sorted(names(tech)) == ["Austin", "San Francisco"]
    missing = client.pipeline().collection(coll).where(Not(Field.of("density").exists())).execute()
    assert names(missing) == ["Buffalo"]
    either = (client.pipeline().collection(coll)
              .where(Or(Field.of("state").equal("TX"), Field.of("population").less_than(300000)))
              .execute())
    assert sorted(names(either)) == ["Austin", "Buffalo"]
    lengths = (client.pipeline().collection(coll).where(Field.of("state").equal("CA"))
               .select("name", Field.of("tags").array_length().as_("n")).execute())
    assert sorted((r.data()["name"], r.data()["n"]) for r in lengths) == [
        ("Los Angeles", 1), ("San Diego", 0), ("San Francisco", 2)]


def test_arithmetic_strings_and_types(cities):
    client, coll = cities
    (row,) = (client.pipeline().collection(coll).where(Field.of("state").equal("TX"))
              .select(
                  Field.of("population").add(0.5).as_("plus_half"),
                  Field.of("population").mod(7).as_("mod7"),
                  Constant.of(7).divide(2).as_("int_div"),
                  Constant.of(7.0).divide(2).as_("real_div"),
                  Field.of("name").to_upper().as_("upper"),
                  Field.of("name").char_length().as_("chars"),
                  Field.of("name").starts_with("Aus").as_("starts"),
                  Field.of("name").string_concat(", ", Field.of("state")).as_("label"),
                  Field.of("density").type().as_("density_type"),
                  Field.of("population").type().as_("population_type"),
                  Field.of("__name__").document_id().as_("id"),
              )
              .execute())
    assert row.data() == {
        "plus_half": 960000.5, "mod7": 960000 % 7, "int_div": 3, "real_div": 3.5, "upper": "AUSTIN", "chars": 6,
        "starts": True, "label": "Austin, TX", "density_type": "float64", "population_type": "int64", "id": "AUS"}


def test_an_integer_overflow_is_an_error(cities):
    client, coll = cities
    with pytest.raises(exceptions.InvalidArgument) as raised:
        (client.pipeline().collection(coll).where(Field.of("state").equal("TX"))
         .select(Constant.of(2 ** 63 - 1).add(1).as_("boom")).execute())
    assert "Integer overflow in add" in str(raised.value)


def test_documents_collection_group_and_union(cities):
    client, coll = cities
    picked = client.pipeline().documents(client.collection(coll).document("NYC"), client.collection(coll).document("SF")).execute()
    assert names(picked) == ["New York", "San Francisco"]
    client.collection(coll).document("SF").collection("landmarks").document("gg").set({"name": "Golden Gate"})
    client.collection("elsewhere").document("x").collection("landmarks").document("lib").set({"name": "Liberty"})
    group = client.pipeline().collection_group("landmarks").execute()
    assert sorted(names(group)) == ["Golden Gate", "Liberty"]
    both = (client.pipeline().collection(coll).where(Field.of("state").equal("TX"))
            .union(client.pipeline().collection(coll).where(Field.of("state").equal("NY")).sort(Field.of("name").ascending()))
            .execute())
    assert names(both) == ["Austin", "Buffalo", "New York"]


def test_read_time_and_unimplemented_stages(cities):
    client, coll = cities
    before = datetime.datetime.now(tz=datetime.timezone.utc)
    client.collection(coll).document("ZZ").set({"name": "Zzyzx", "state": "CA", "population": 0})
    now = client.pipeline().collection(coll).where(Field.of("population").equal(0)).execute()
    assert names(now) == ["Zzyzx"]
    earlier = client.pipeline().collection(coll).where(Field.of("population").equal(0)).execute(read_time=before)
    assert names(earlier) == []
    client.collection(coll).document("ZZ").delete()
    with pytest.raises(exceptions.MethodNotImplemented) as raised:
        client.pipeline().collection(coll).raw_stage("insert").execute()
    assert "insert" in str(raised.value)


def test_the_edition_survives_a_restart_without_the_flag(server, cities, data_dir):
    client, coll = cities
    server.stop()
    again = HearthServer(data_dir).start()
    try:
        client = make_client(again)
        results = client.pipeline().collection(coll).where(Field.of("state").equal("TX")).execute()
        assert names(results) == ["Austin"]
    finally:
        again.stop()
        server.start()


def test_the_console_shows_each_databases_edition(server, cities):
    import requests
    make_client(server, database="standard-db").collection("c").document("seen").set({"a": 1})
    listed = requests.get(f"http://{server.host}/console/api/databases", timeout=10).json()
    editions = {(d["project"], d["database"]): d["edition"] for d in listed}
    assert editions[(PROJECT, "(default)")] == "enterprise"
    assert editions[(PROJECT, "standard-db")] == "standard"

"""Pipeline DML (update, delete) and explain stats through the official client's pipeline API,
checked against Firestore's documented behaviour: a DML stage comes last, gives one row
`{documents_modified: N}`, fails as a whole when an updated document is missing, and its writes
reach listeners like any commit."""
import datetime
import json
import threading
import uuid

import pytest
from google.api_core import exceptions
from google.cloud import firestore
from google.cloud.firestore_v1.pipeline_expressions import Constant, Count, Field
from google.cloud.firestore_v1.query_profile import PipelineExplainOptions

from pipeline_support import enterprise_server, make_client as shared_client

PROJECT = "hearth-pipeline-dml"
BOOKS = {
    "a": {"title": "A", "price": 10, "status": "new"},
    "b": {"title": "B", "price": 60, "status": "archived"},
    "c": {"title": "C", "price": 80, "status": "archived"},
    "d": {"title": "D", "price": 55, "color": "blue"},
}


server = enterprise_server("pipeline-dml")


def make_client(server):
    return shared_client(server, PROJECT)


@pytest.fixture
def books(server):
    client = make_client(server)
    name = "books-" + uuid.uuid4().hex[:8]
    for key, value in BOOKS.items():
        client.collection(name).document(key).set(value)
    return client, name


def contents(client, name):
    return {snapshot.id: snapshot.to_dict() for snapshot in client.collection(name).stream()}


def test_delete_removes_the_matching_documents_and_says_how_many(books):
    client, name = books
    result = client.pipeline().collection(name).where(Field.of("status").equal("archived")).delete().execute()
    assert [r.data() for r in result] == [{"documents_modified": 2}]
    assert sorted(contents(client, name)) == ["a", "d"]


def test_update_without_fields_writes_the_row_back_whole(books):
    client, name = books
    result = (client.pipeline().collection(name)
              .where(Field.of("color").exists())
              .add_fields(Constant.of("Fiction").as_("genre"))
              .remove_fields("color")
              .update()
              .execute())
    assert [r.data() for r in result] == [{"documents_modified": 1}]
    assert contents(client, name)["d"] == {"title": "D", "price": 55, "genre": "Fiction"}


def test_update_with_fields_sets_only_those(books):
    client, name = books
    result = (client.pipeline().collection(name)
              .where(Field.of("price").greater_than(50))
              .update(Constant.of("Discounted").as_("status"), Field.of("title").string_concat("!").as_("prefs.label"))
              .execute())
    assert [r.data() for r in result] == [{"documents_modified": 3}]
    after = contents(client, name)
    assert after["b"] == {"title": "B", "price": 60, "status": "Discounted", "prefs": {"label": "B!"}}
    assert after["d"] == {"title": "D", "price": 55, "color": "blue", "status": "Discounted", "prefs": {"label": "D!"}}
    assert after["a"] == BOOKS["a"]


def test_update_from_literals_naming_documents_and_a_missing_one_fails_whole(books):
    client, name = books
    ok = client.pipeline().literals(
        {"__name__": client.collection(name).document("a"), "status": "Updated"}).update().execute()
    assert [r.data() for r in ok] == [{"documents_modified": 1}]
    assert contents(client, name)["a"] == {"status": "Updated"}
    with pytest.raises(exceptions.NotFound):
        client.pipeline().literals(
            {"__name__": client.collection(name).document("b"), "status": "Updated"},
            {"__name__": client.collection(name).document("nope"), "status": "Updated"},
        ).update().execute()
    assert contents(client, name)["b"] == BOOKS["b"], "nothing is written when one update fails"
    assert "nope" not in contents(client, name)


def test_dml_must_come_last_and_cannot_run_at_a_read_time(books):
    client, name = books
    with pytest.raises(exceptions.InvalidArgument) as raised:
        client.pipeline().collection(name).delete().limit(1).execute()
    assert "must come at the end of the pipeline" in str(raised.value)
    with pytest.raises(exceptions.InvalidArgument):
        client.pipeline().collection(name).aggregate(Count().as_("n")).delete().execute()
    read_time = datetime.datetime.now(datetime.timezone.utc)
    with pytest.raises(exceptions.InvalidArgument):
        client.pipeline().collection(name).delete().execute(read_time=read_time)
    assert len(contents(client, name)) == 4


def test_in_a_transaction_the_writes_commit_with_it(books):
    client, name = books
    transaction = client.transaction()

    @firestore.transactional
    def archive_cheap(transaction):
        result = client.pipeline().collection(name).where(Field.of("price").less_than(20)).delete().execute(
            transaction=transaction)
        assert "a" in contents(client, name), "not yet written inside the transaction"
        transaction.set(client.collection(name).document("e"), {"title": "E"})
        return result

    result = archive_cheap(transaction)
    assert [r.data() for r in result] == [{"documents_modified": 1}]
    assert sorted(contents(client, name)) == ["b", "c", "d", "e"]


def test_a_listener_sees_the_pipeline_deletes(books):
    client, name = books
    seen = []
    first = threading.Event()
    changed = threading.Event()

    def on_snapshot(snapshots, changes, read_time):
        seen.append(sorted(s.id for s in snapshots))
        first.set()
        if len(seen) >= 2:
            changed.set()

    watch = client.collection(name).on_snapshot(on_snapshot)
    try:
        # The delete must come after the listener's first snapshot, or that snapshot already lacks the documents.
        assert first.wait(10)
        client.pipeline().collection(name).where(Field.of("status").equal("archived")).delete().execute()
        assert changed.wait(10)
    finally:
        watch.unsubscribe()
    assert seen[0] == ["a", "b", "c", "d"]
    assert seen[-1] == ["a", "d"]


def test_explain_stats_say_how_the_pipeline_ran(books):
    client, name = books
    snapshot = (client.pipeline().collection(name)
                .where(Field.of("price").greater_than(50))
                .sort(Field.of("price").ascending())
                .limit(2)
                .select("title")
                .execute(explain_options=PipelineExplainOptions()))
    assert [r.data() for r in snapshot] == [{"title": "D"}, {"title": "B"}]
    text = snapshot.explain_stats.get_text()
    assert "1. collection, where, sort, limit: index scan using (price ASC, __name__ ASC)" in text
    assert "2. select: in memory" in text
    assert "Results returned: 2" in text
    as_json = (client.pipeline().collection(name).aggregate(Count().as_("n"), groups=["status"])
               .execute(additional_options={"explain_options": Constant.of({"mode": "analyze", "output_format": "json"})}))
    stats = json.loads(as_json.explain_stats.get_text())
    assert stats["documents_read"] == 4
    assert stats["results_returned"] == 3
    assert stats["steps"][0]["stages"] == ["collection", "aggregate"]
    with pytest.raises(exceptions.InvalidArgument):
        client.pipeline().collection(name).execute(
            additional_options={"explain_options": Constant.of({"mode": "plan"})})

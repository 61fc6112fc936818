"""Where Google's emulator answers differently from production, Hearth follows production.

One test per behaviour; each says which rule it checks. The rules and their sources are in
specs/queries.md, specs/writes.md and specs/model.md ("Production, not Google's emulator").
"""
import json
import math
import os
import shutil
import subprocess
import uuid

import pytest
import requests
from google.api_core import exceptions
from google.cloud import firestore
from google.cloud.firestore_v1 import FieldFilter
from google.cloud.firestore_v1.base_vector_query import DistanceMeasure
from google.cloud.firestore_v1.query_profile import ExplainOptions
from google.cloud.firestore_v1.vector import Vector

from conftest import PROJECT
from hearth_server import HearthServer

OWNER = {"Authorization": "Bearer owner"}
ROOT = f"projects/{PROJECT}/databases/(default)/documents"
SHARED = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared")


def rest(server):
    return f"{server.url}/v1/{ROOT}"


def run_query(server, query, parent=""):
    response = requests.post(f"{rest(server)}{parent}:runQuery", headers=OWNER, json={"structuredQuery": query})
    assert response.status_code == 200, response.text
    return response.json()


def names(responses):
    return [r["document"]["name"][len(ROOT) + 1:] for r in responses if "document" in r]


def commit(server, writes):
    return requests.post(f"{rest(server)}:commit", headers=OWNER, json={"writes": writes})


# ---- queries ---------------------------------------------------------------------------------

def test_an_empty_projection_returns_every_field_and_name_only_returns_none(server, coll):
    # Production's contract (google.firestore.v1.StructuredQuery.Projection): "If empty, all fields
    # are returned. To only return the name of the document, use ['__name__']."
    coll.document("d").set({"a": 1, "b": "x"})
    everything = run_query(server, {"from": [{"collectionId": coll.id}], "select": {"fields": []}})
    assert everything[0]["document"]["fields"] == {"a": {"integerValue": "1"}, "b": {"stringValue": "x"}}
    name_only = run_query(server, {"from": [{"collectionId": coll.id}], "select": {"fields": [{"fieldPath": "__name__"}]}})
    assert names(name_only) == [f"{coll.id}/d"]
    assert "fields" not in name_only[0]["document"]


def test_not_null_and_not_nan_are_inequalities_ordered_by_their_field(coll):
    for doc_id, value in [("a", 3), ("b", 1), ("c", 2), ("d", None), ("e", math.nan), ("f", "text")]:
        coll.document(doc_id).set({"x": value})
    coll.document("g").set({"other": 1})
    # where(x != None) is IS_NOT_NULL, where(x != NaN) is IS_NOT_NAN: implicit order x, then name.
    not_null = [s.id for s in coll.where(filter=FieldFilter("x", "!=", None)).stream()]
    assert not_null == ["e", "b", "c", "a", "f"]
    not_nan = [s.id for s in coll.where(filter=FieldFilter("x", "!=", math.nan)).stream()]
    assert not_nan == ["b", "c", "a", "f"]
    descending = coll.where(filter=FieldFilter("x", "!=", None)).order_by("x", direction=firestore.Query.DESCENDING)
    assert [s.id for s in descending.stream()] == ["f", "a", "c", "b", "e"]
    # != and not-in order by their field too.
    assert [s.id for s in coll.where(filter=FieldFilter("x", "!=", 2)).stream()] == ["e", "b", "a", "f"]
    assert [s.id for s in coll.where(filter=FieldFilter("x", "not-in", [1, 3])).stream()] == ["e", "c", "f"]


def test_an_offset_reports_the_results_it_skipped(server, coll):
    for index in range(5):
        coll.document(f"d{index}").set({"i": index})
    some = run_query(server, {"from": [{"collectionId": coll.id}], "offset": 2})
    assert names(some) == [f"{coll.id}/d2", f"{coll.id}/d3", f"{coll.id}/d4"]
    assert some[0]["skippedResults"] == 2
    assert all("skippedResults" not in r for r in some[1:])
    beyond = run_query(server, {"from": [{"collectionId": coll.id}], "offset": 9})
    assert names(beyond) == [] and beyond[-1]["skippedResults"] == 5
    assert "skippedResults" not in run_query(server, {"from": [{"collectionId": coll.id}]})[0]


@pytest.fixture
def tree(client, coll):
    """A collection with sub-collections and a sibling collection that must stay out of range."""
    for path in ["a", "a/x/1", "a/x/1/y/2", "b", "b/z/3"]:
        coll.document(path).set({"p": path})
    sibling = client.collection(coll.id + "-sibling")
    sibling.document("s").set({"p": "s"})
    return coll


def test_kindless_queries_run_over_every_collection_below_the_parent(server, client, tree):
    # The official client's recursive(): parent the root, from {collection_id: "", all_descendants},
    # __name__ cursors from `<coll>/__id-9223372036854775808__` to `<coll>\0/…`.
    found = [s.reference.path for s in tree.recursive().stream()]
    assert found == [f"{tree.id}/{p}" for p in ["a", "a/x/1", "a/x/1/y/2", "b", "b/z/3"]]
    # No `from` at all under a document parent: every collection below that document.
    below = run_query(server, {}, parent=f"/{tree.id}/a")
    assert names(below) == [f"{tree.id}/a/x/1", f"{tree.id}/a/x/1/y/2"]
    # Node's recursiveDelete: a kindless query with __name__ range filters, select and limit.
    node_style = run_query(server, {
        "from": [{"allDescendants": True}], "select": {"fields": [{"fieldPath": "__name__"}]}, "limit": 3,
        "where": {"compositeFilter": {"op": "AND", "filters": [
            {"fieldFilter": {"field": {"fieldPath": "__name__"}, "op": "GREATER_THAN_OR_EQUAL",
                             "value": {"referenceValue": f"{ROOT}/{tree.id}/__id-9223372036854775808__"}}},
            {"fieldFilter": {"field": {"fieldPath": "__name__"}, "op": "LESS_THAN",
                             "value": {"referenceValue": f"{ROOT}/{tree.id}\u0000/__id-9223372036854775808__"}}}]}}})
    assert names(node_style) == [f"{tree.id}/a", f"{tree.id}/a/x/1", f"{tree.id}/a/x/1/y/2"]


def test_recursive_delete_through_the_official_client(client, tree):
    deleted = client.recursive_delete(tree)
    assert deleted == 5
    assert list(tree.recursive().stream()) == []
    assert client.collection(tree.id + "-sibling").document("s").get().exists


NUMERIC_ORDER = [
    "__id-9223372036854775808__", "__id-9223372036854775807__", "__id-2__", "__id7__", "__id12__",
    "__id9223372036854775806__", "__id9223372036854775807__", "12", "7", "A", "Aa", "__id", "__id1_", "_id1__", "a",
]


def test_numeric_ids_are_documents_ordered_before_strings(client, coll):
    # The Node client's system test "snapshot listener sorts query by DocumentId same way as server".
    batch = client.batch()
    for doc_id in sorted(NUMERIC_ORDER):
        batch.set(coll.document(doc_id), {"id": doc_id})
    batch.commit()
    by_name = coll.order_by("__name__")
    assert [s.id for s in by_name.stream()] == NUMERIC_ORDER
    ranged = coll.where(filter=FieldFilter("__name__", ">", coll.document("__id7__"))).where(
        filter=FieldFilter("__name__", "<=", coll.document("Aa")))
    assert [s.id for s in ranged.stream()] == ["__id12__", "__id9223372036854775806__", "__id9223372036854775807__",
                                               "12", "7", "A", "Aa"]
    assert coll.document("__id-2__").get().to_dict() == {"id": "__id-2__"}
    assert [d.id for d in coll.list_documents()] == NUMERIC_ORDER
    coll.document("ref").set({"to": coll.document("__id12__")})
    assert coll.document("ref").get().get("to").path == f"{coll.id}/__id12__"


@pytest.mark.parametrize("doc_id", ["__id007__", "__idx__", "__id9223372036854775808__", "__other__"])
def test_other_reserved_ids_stay_refused(coll, doc_id):
    with pytest.raises(exceptions.InvalidArgument):
        coll.document(doc_id).set({"a": 1})


# ---- writes ----------------------------------------------------------------------------------

def test_a_nested_field_path_over_1500_bytes_is_refused(coll):
    with pytest.raises(exceptions.InvalidArgument, match="1,500 bytes"):
        coll.document("long").set({"a" * 800: {"b" * 800: 1}})
    assert not coll.document("long").get().exists
    coll.document("edge").set({"a" * 749: {"b" * 750: 1}})  # a.b is 1,500 bytes exactly
    assert coll.document("edge").get().exists


def test_two_transforms_on_one_field_apply_in_order(server, coll):
    name = f"{ROOT}/{coll.id}/d"
    response = commit(server, [{"update": {"name": name, "fields": {"n": {"integerValue": "1"}}}, "updateTransforms": [
        {"fieldPath": "n", "increment": {"integerValue": "2"}},
        {"fieldPath": "n", "maximum": {"integerValue": "10"}},
        {"fieldPath": "n", "increment": {"integerValue": "5"}}]}])
    assert response.status_code == 200, response.text
    assert response.json()["writeResults"][0]["transformResults"] == [
        {"integerValue": "3"}, {"integerValue": "10"}, {"integerValue": "15"}]
    assert coll.document("d").get().to_dict() == {"n": 15}


def test_fields_the_update_mask_does_not_name_are_ignored(server, coll):
    coll.document("d").set({"a": 0, "b": 0})
    response = commit(server, [{"update": {"name": f"{ROOT}/{coll.id}/d", "fields": {
        "a": {"integerValue": "1"}, "b": {"integerValue": "2"}, "c": {"integerValue": "3"}}},
        "updateMask": {"fieldPaths": ["a"]}}])
    assert response.status_code == 200, response.text
    assert coll.document("d").get().to_dict() == {"a": 1, "b": 0}


# ---- reads -----------------------------------------------------------------------------------

def test_batch_get_sends_found_documents_before_missing_ones(server, client, coll):
    # The official client's own production-mode test_get_all: a, missing b, c → found, found, missing.
    coll.document("a").set({"n": 1})
    coll.document("c").set({"n": 3})
    got = list(client.get_all([coll.document("a"), coll.document("b"), coll.document("c")]))
    assert [(s.id, s.exists) for s in got] == [("a", True), ("c", True), ("b", False)]
    raw = requests.post(f"{rest(server)}:batchGet", headers=OWNER, json={"documents": [
        f"{ROOT}/{coll.id}/{d}" for d in ["b", "a", "z", "c"]]}).json()
    assert [r.get("found", {}).get("name") or r["missing"] for r in raw] == [
        f"{ROOT}/{coll.id}/{d}" for d in ["a", "c", "b", "z"]]


def test_names_with_a_trailing_slash_get_productions_messages(server, coll):
    bad_name = commit(server, [{"update": {"name": f"{ROOT}/{coll.id}/", "fields": {}}}])
    assert bad_name.status_code == 400
    assert bad_name.json()["error"]["message"] == f'Document name "{ROOT}/{coll.id}/" has invalid trailing "/".'
    bad_parent = requests.post(f"{rest(server)}/{coll.id}/d/:runQuery", headers=OWNER,
                               json={"structuredQuery": {"from": [{"collectionId": "x"}]}})
    assert bad_parent.status_code == 400
    assert bad_parent.json()["error"]["message"] == f'Document parent name "{ROOT}/{coll.id}/d/" has invalid trailing "/".'


# ---- vector indexes --------------------------------------------------------------------------

@pytest.fixture
def vector_server(tmp_path, monkeypatch):
    indexes = tmp_path / "firestore.indexes.json"
    indexes.write_text(json.dumps({"indexes": [
        {"collectionGroup": "vector_search", "queryScope": "COLLECTION_GROUP", "fields": [
            {"fieldPath": "color", "order": "ASCENDING"},
            {"fieldPath": "embedding", "vectorConfig": {"dimension": 3, "flat": {}}}]},
        {"collectionGroup": "vector_search", "queryScope": "COLLECTION", "fields": [
            {"fieldPath": "embedding", "vectorConfig": {"dimension": 3, "flat": {}}}]}]}))
    hearth = HearthServer(tmp_path / "data", extra_args=["--indexes", str(indexes), "--require-indexes"]).start()
    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", hearth.host)
    db = firestore.Client(project=PROJECT)
    for doc_id, color, vector in [("r1", "red", [1, 2, 3]), ("r2", "red", [5, 5, 5]), ("b1", "blue", [1, 2, 3])]:
        db.collection("vector_search").document(doc_id).set({"color": color, "embedding": Vector(vector)})
    yield db
    hearth.stop()


def test_vector_queries_name_their_vector_index_and_need_one(vector_server):
    db = vector_server
    # The official client's system test: a collection-group vector query with an equality pre-filter.
    query = db.collection_group("vector_search").where(filter=FieldFilter("color", "==", "red")).find_nearest(
        vector_field="embedding", query_vector=Vector([1.0, 2.0, 3.0]), distance_measure=DistanceMeasure.EUCLIDEAN, limit=1)
    results = query.get(explain_options=ExplainOptions(analyze=True))
    assert [s.id for s in results] == ["r1"]
    used = results.get_explain_metrics().plan_summary.indexes_used
    assert used == [{"query_scope": "Collection group", "properties": "(color ASC, __name__ ASC, embedding VECTOR<3>)"}]
    plain = db.collection("vector_search").find_nearest(
        vector_field="embedding", query_vector=Vector([5.0, 5.0, 5.0]), distance_measure=DistanceMeasure.EUCLIDEAN, limit=1)
    assert [s.id for s in plain.get()] == ["r2"]
    plan = plain.get(explain_options=ExplainOptions(analyze=False)).get_explain_metrics().plan_summary
    assert plan.indexes_used == [{"query_scope": "Collection", "properties": "(__name__ ASC, embedding VECTOR<3>)"}]
    other_dimension = db.collection("vector_search").find_nearest(
        vector_field="embedding", query_vector=Vector([1.0, 2.0]), distance_measure=DistanceMeasure.EUCLIDEAN, limit=1)
    with pytest.raises(exceptions.FailedPrecondition) as refused:
        other_dimension.get()
    assert refused.value.message.startswith(
        "Missing vector index configuration. Please create the required index with the following gcloud command: "
        "gcloud firestore indexes composite create --project=")
    assert "--collection-group=vector_search --query-scope=COLLECTION --field-config=vector-config=" \
           "'{\"dimension\":\"2\",\"flat\": \"{}\"}',field-path=embedding" in refused.value.message


# ---- exports written on Windows --------------------------------------------------------------

def crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def rewrite_log_records(path, old, new):
    """Replaces bytes inside a LevelDB-log file's records (same length) and fixes each record's CRC."""
    assert len(old) == len(new)
    data = bytearray(open(path, "rb").read())
    offset = 0
    replaced = 0
    while offset + 7 <= len(data):
        length = data[offset + 4] | data[offset + 5] << 8
        kind = data[offset + 6]
        if length == 0 and kind == 0:
            break
        payload = bytes(data[offset + 7:offset + 7 + length])
        if old in payload:
            payload = payload.replace(old, new)
            replaced += 1
            data[offset + 7:offset + 7 + length] = payload
            crc = crc32c(bytes([kind]) + payload)
            masked = (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF
            data[offset:offset + 4] = masked.to_bytes(4, "little")
        offset += 7 + length
    open(path, "wb").write(bytes(data))
    return replaced


def test_an_export_made_on_windows_imports(tmp_path):
    seed = os.path.join(SHARED, "exports", "abraham+daily-cat", "seed")
    if not os.path.isdir(seed):
        pytest.skip("../shared/exports is not here")
    folder = tmp_path / "seed"
    shutil.copytree(seed, folder)
    overall = folder / "firestore_export" / "firestore_export.overall_export_metadata"
    # The Emulator Suite on Windows writes the kind metadata path with backslashes.
    assert rewrite_log_records(overall, b"all_namespaces/all_kinds/", b"all_namespaces\\all_kinds\\") == 1
    result = subprocess.run([os.environ["HEARTH_BIN"], "import", "--data", str(tmp_path / "data"), str(folder),
                             "--project", PROJECT],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    expected = [json.loads(line) for line in open(os.path.join(SHARED, "exports", "abraham+daily-cat", "expected.jsonl"))]
    hearth = HearthServer(tmp_path / "data").start()
    try:
        for entry in expected:
            got = requests.get(f"{hearth.url}/v1/{ROOT}/{entry['path']}", headers=OWNER)
            assert got.status_code == 200, (entry["path"], got.text)
    finally:
        hearth.stop()

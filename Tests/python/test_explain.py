"""Query Explain through the official client: plan summaries, and with analyze the executor's counts."""
import pytest
from google.cloud.firestore_v1 import FieldFilter
from google.cloud.firestore_v1.base_vector_query import DistanceMeasure
from google.cloud.firestore_v1.query_profile import ExplainOptions, QueryExplainError
from google.cloud.firestore_v1.vector import Vector


@pytest.fixture
def cities(coll):
    batch = coll._client.batch()
    for index in range(30):
        batch.set(coll.document(f"c{index:02d}"), {
            "country": ["USA", "ES", "JP"][index % 3], "population": index * 37 % 100,
            "v": Vector([float(index), 0.0])})
    batch.commit()
    return coll


def only_index(metrics):
    used = metrics.plan_summary.indexes_used
    assert len(used) == 1, used
    return used[0]


def test_analyze_runs_the_query_and_counts(cities):
    query = cities.where(filter=FieldFilter("country", "==", "ES"))
    results = query.get(explain_options=ExplainOptions(analyze=True))
    assert len(results) == 10
    metrics = results.get_explain_metrics()
    assert only_index(metrics) == {"query_scope": "Collection", "properties": "(country ASC, __name__ ASC)"}
    stats = metrics.execution_stats
    assert stats.results_returned == 10
    assert stats.read_operations == 10
    assert stats.debug_stats["documents_scanned"] == "10"
    assert int(stats.debug_stats["index_entries_scanned"]) >= 10
    assert stats.debug_stats["billing_details"]["documents_billable"] == "10"


def test_without_analyze_only_the_plan(cities):
    query = cities.order_by("population", direction="DESCENDING").limit(5)
    results = query.get(explain_options=ExplainOptions(analyze=False))
    assert list(results) == []
    metrics = results.get_explain_metrics()
    assert only_index(metrics)["properties"] == "(population DESC, __name__ DESC)"
    with pytest.raises(QueryExplainError):
        metrics.execution_stats


def test_streamed_query_reports_on_its_last_response(cities):
    stream = cities.where(filter=FieldFilter("country", "==", "JP")).limit(3).stream(
        explain_options=ExplainOptions(analyze=True))
    assert len(list(stream)) == 3
    stats = stream.get_explain_metrics().execution_stats
    assert stats.results_returned == 3
    assert int(stats.debug_stats["documents_scanned"]) <= 4


def test_collection_group_query(client, cities):
    group = f"g{cities.id[-8:]}"
    cities.document("c00").collection(group).document("x").set({"n": 1})
    cities.document("c01").collection(group).document("y").set({"n": 2})
    results = client.collection_group(group).get(explain_options=ExplainOptions(analyze=True))
    assert sorted(s.id for s in results) == ["x", "y"]
    assert only_index(results.get_explain_metrics()) == {"query_scope": "Collection group", "properties": "(__name__ ASC)"}


def test_aggregation(cities):
    query = cities.where(filter=FieldFilter("country", "==", "USA")).count(alias="n")
    results = query.get(explain_options=ExplainOptions(analyze=True))
    assert results[0][0].value == 10
    metrics = results.get_explain_metrics()
    assert only_index(metrics)["properties"] == "(country ASC, __name__ ASC)"
    assert metrics.execution_stats.results_returned == 1
    assert metrics.execution_stats.read_operations == 1
    planned = query.get(explain_options=ExplainOptions(analyze=False))
    assert list(planned) == []
    assert only_index(planned.get_explain_metrics())["properties"] == "(country ASC, __name__ ASC)"


def test_vector_query(cities):
    query = cities.where(filter=FieldFilter("country", "==", "ES")).find_nearest(
        vector_field="v", query_vector=Vector([0.0, 0.0]), distance_measure=DistanceMeasure.EUCLIDEAN, limit=2)
    results = query.get(explain_options=ExplainOptions(analyze=True))
    assert [s.id for s in results] == ["c01", "c04"]
    metrics = results.get_explain_metrics()
    assert only_index(metrics)["properties"] == "(country ASC, __name__ ASC)"
    assert metrics.execution_stats.results_returned == 2


def test_inside_a_transaction(client, cities):
    query = cities.where(filter=FieldFilter("country", "==", "ES"))
    transaction = client.transaction()
    transaction._begin()
    stream = transaction.get(query, explain_options=ExplainOptions(analyze=True))
    assert len(list(stream)) == 10
    assert stream.get_explain_metrics().execution_stats.results_returned == 10
    transaction._rollback()

"""find_nearest (vector search) through the official client."""
import math

import pytest
from google.api_core import exceptions
from google.cloud.firestore_v1 import FieldFilter
from google.cloud.firestore_v1.base_vector_query import DistanceMeasure
from google.cloud.firestore_v1.vector import Vector


@pytest.fixture
def points(coll):
    coll.document("origin").set({"v": Vector([0.0, 0.0]), "kind": "a"})
    coll.document("east").set({"v": Vector([3.0, 0.0]), "kind": "b"})
    coll.document("north").set({"v": Vector([0.0, 1.0]), "kind": "a"})
    coll.document("far").set({"v": Vector([10.0, 10.0]), "kind": "a"})
    coll.document("diagonal").set({"v": Vector([2.0, 2.0]), "kind": "b"})
    coll.document("three-d").set({"v": Vector([0.0, 0.0, 0.0]), "kind": "a"})
    coll.document("not-a-vector").set({"v": [0.0, 0.0], "kind": "a"})
    return coll


def ids(snapshots):
    return [snapshot.id for snapshot in snapshots]


def test_euclidean_nearest_first_with_distances(points):
    query = points.find_nearest(
        vector_field="v", query_vector=Vector([0.0, 0.0]), distance_measure=DistanceMeasure.EUCLIDEAN,
        limit=3, distance_result_field="distance")
    results = query.get()
    assert ids(results) == ["origin", "north", "diagonal"]
    assert [r.get("distance") for r in results] == pytest.approx([0.0, 1.0, math.sqrt(8)])


def test_dot_product_largest_first_and_threshold(points):
    query = points.find_nearest(
        vector_field="v", query_vector=Vector([1.0, 1.0]), distance_measure=DistanceMeasure.DOT_PRODUCT,
        limit=10, distance_threshold=3.0)
    assert ids(query.get()) == ["far", "diagonal", "east"]


def test_cosine_with_a_filter_and_threshold(points):
    query = points.where(filter=FieldFilter("kind", "==", "b")).find_nearest(
        vector_field="v", query_vector=Vector([1.0, 0.0]), distance_measure=DistanceMeasure.COSINE,
        limit=5, distance_result_field="d")
    results = query.get()
    assert ids(results) == ["east", "diagonal"]
    assert [r.get("d") for r in results] == pytest.approx([0.0, 1 - math.sqrt(0.5)])
    near = points.find_nearest(
        vector_field="v", query_vector=Vector([1.0, 0.0]), distance_measure=DistanceMeasure.COSINE,
        limit=5, distance_threshold=0.1)
    assert ids(near.get()) == ["east"]


def test_select_keeps_the_distance_field(points):
    query = points.select(["kind"]).find_nearest(
        vector_field="v", query_vector=Vector([3.0, 0.0]), distance_measure=DistanceMeasure.EUCLIDEAN,
        limit=1, distance_result_field="distance")
    [result] = query.get()
    assert result.id == "east"
    assert result.to_dict() == {"kind": "b", "distance": 0.0}


def test_limit_out_of_range_is_invalid(points):
    query = points.find_nearest(
        vector_field="v", query_vector=Vector([0.0, 0.0]), distance_measure=DistanceMeasure.EUCLIDEAN, limit=1001)
    with pytest.raises(exceptions.InvalidArgument):
        query.get()

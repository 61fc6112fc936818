"""The find_nearest and sample pipeline stages through the official client, with distances and
counts worked out by hand."""
import math
import uuid

import pytest
from google.api_core import exceptions
from google.cloud.firestore_v1.base_vector_query import DistanceMeasure
from google.cloud.firestore_v1.pipeline_expressions import Field
from google.cloud.firestore_v1.pipeline_types import FindNearestOptions, SampleOptions, UnnestOptions
from google.cloud.firestore_v1.vector import Vector

from pipeline_support import enterprise_server, make_client as shared_client

PROJECT = "hearth-pipeline-stages"


server = enterprise_server("pipeline-stages")


def make_client(server):
    return shared_client(server, PROJECT)


@pytest.fixture(scope="module")
def points(server):
    client = make_client(server)
    name = "points-" + uuid.uuid4().hex[:8]
    for key, vector in {"o": [0.0, 0.0], "x": [3.0, 0.0], "y": [0.0, 1.0], "xy": [1.0, 1.0], "far": [10.0, 10.0]}.items():
        client.collection(name).document(key).set({"id": key, "v": Vector(vector)})
    client.collection(name).document("other").set({"id": "other", "v": Vector([1.0, 2.0, 3.0])})
    client.collection(name).document("none").set({"id": "none"})
    return client, name


def test_find_nearest_euclidean_with_limit_and_distance_field(points):
    client, name = points
    results = (client.pipeline().collection(name)
               .find_nearest("v", Vector([1.0, 0.0]), DistanceMeasure.EUCLIDEAN,
                             options=FindNearestOptions(limit=3, distance_field=Field.of("d")))
               .select("id", "d")
               .execute())
    # Distances from (1, 0): o 1, x 2, y √2, xy 1; ties keep the input (name) order.
    assert [r.data()["id"] for r in results] == ["o", "xy", "y"]
    assert [r.data()["d"] for r in results] == pytest.approx([1.0, 1.0, math.sqrt(2)])


def test_find_nearest_dot_product_is_largest_first_and_skips_other_dimensions(points):
    client, name = points
    results = (client.pipeline().collection(name)
               .find_nearest("v", [1.0, 1.0], DistanceMeasure.DOT_PRODUCT)
               .select("id")
               .execute())
    assert [r.data()["id"] for r in results] == ["far", "x", "xy", "y", "o"]


def test_find_nearest_cosine_leaves_out_the_zero_vector(points):
    client, name = points
    results = (client.pipeline().collection(name)
               .find_nearest("v", [1.0, 0.0], DistanceMeasure.COSINE, options=FindNearestOptions(distance_field=Field.of("d")))
               .select("id", "d")
               .execute())
    ids = [r.data()["id"] for r in results]
    assert ids == ["x", "far", "xy", "y"]
    assert [r.data()["d"] for r in results] == pytest.approx([0.0, 1 - 1 / math.sqrt(2), 1 - 1 / math.sqrt(2), 1.0])


def test_sample_by_count_and_by_share(points):
    client, name = points
    two = client.pipeline().collection(name).sample(2).execute()
    assert len(two) == 2
    assert len({r.id for r in two}) == 2
    everything = client.pipeline().collection(name).sample(SampleOptions.doc_limit(100)).execute()
    assert sorted(r.id for r in everything) == sorted(["o", "x", "y", "xy", "far", "other", "none"])
    assert client.pipeline().collection(name).sample(SampleOptions.percentage(0.0)).execute() == []
    assert len(client.pipeline().collection(name).sample(SampleOptions.percentage(1.0)).execute()) == 7
    with pytest.raises(exceptions.InvalidArgument):
        client.pipeline().collection(name).sample(SampleOptions.percentage(1.5)).execute()


def test_database_replace_with_and_unnest(server):
    client = shared_client(server, "hearth-pipeline-stages-other")
    tag = uuid.uuid4().hex[:8]
    client.collection(f"people-{tag}").document("ada").set(
        {"name": "Ada", "parents": {"father": "Byron", "mother": "Annabella"}, "tags": ["math", "poetry"]})
    client.collection(f"places-{tag}").document("london").set({"name": "London", "tags": []})
    client.collection(f"places-{tag}").document("london").collection("streets").document("strand").set({"name": "Strand"})
    everything = client.pipeline().database().select("name").sort(Field.of("name").ascending()).execute()
    assert [r.data() for r in everything] == [{"name": "Ada"}, {"name": "London"}, {"name": "Strand"}]
    parents = client.pipeline().collection(f"people-{tag}").replace_with(Field.of("parents")).execute()
    assert [r.data() for r in parents] == [{"father": "Byron", "mother": "Annabella"}]
    assert parents[0].ref is None
    unnested = (client.pipeline().collection(f"people-{tag}")
                .unnest(Field.of("tags").as_("tag"), options=UnnestOptions(index_field="i"))
                .select("tag", "i")
                .execute())
    assert [r.data() for r in unnested] == [{"tag": "math", "i": 0}, {"tag": "poetry", "i": 1}]
    # An empty array gives no row.
    assert client.pipeline().collection(f"places-{tag}").unnest(Field.of("tags").as_("tag")).execute() == []


def test_select_of_a_nested_field_nests_it_and_an_aggregate_needs_an_accumulator(server):
    client = make_client(server)
    name = "nested-" + uuid.uuid4().hex[:8]
    client.collection(name).document("a").set({"title": "A", "awards": {"hugo": True, "nebula": False}})
    rows = client.pipeline().collection(name).select("title", Field.of("awards.hugo")).execute()
    assert [r.data() for r in rows] == [{"title": "A", "awards": {"hugo": True}}]
    added = client.pipeline().collection(name).add_fields(Field.of("title").as_("copy.of.title")).select("copy").execute()
    assert [r.data() for r in added] == [{"copy": {"of": {"title": "A"}}}]
    with pytest.raises(exceptions.InvalidArgument) as refused:
        list(client.pipeline().collection(name).aggregate(groups=["title"]).execute())
    assert "requires at least one accumulator" in refused.value.message
    assert [r.data() for r in client.pipeline().collection(name).distinct("title").execute()] == [{"title": "A"}]

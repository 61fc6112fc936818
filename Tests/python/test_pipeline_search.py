"""The pipeline `search` stage through the official client (SearchOptions, DocumentMatches,
Score, geo_distance), against the query language Firestore documents for text search: words side
by side must all match, OR between them, -word excludes, "a phrase" matches words in order; a
score ranks documents that hold the words more often; geo_distance is in metres."""
import uuid

import pytest
from google.api_core import exceptions
from google.cloud.firestore import GeoPoint
from google.cloud.firestore_v1.pipeline_expressions import And, DocumentMatches, Field, Score
from google.cloud.firestore_v1.pipeline_types import SearchOptions

from pipeline_support import enterprise_server, make_client as shared_client

PROJECT = "hearth-pipeline-search"
server = enterprise_server("pipeline-search")

CAFES = {
    "anchor": {"name": "Anchor Pancake House", "about": "Buttermilk pancakes and strong coffee by the harbour.",
               "menu": ["Pancakes", "Blueberry pancakes", "Coffee"], "at": GeoPoint(52.3700, 4.8900), "price": 12},
    "birch": {"name": "Birch Waffle Bar", "about": "Belgian waffles, crisp and sweet. Coffee too.",
              "menu": ["Belgian waffles", "Waffle of the day"], "at": GeoPoint(52.3710, 4.8950), "price": 14},
    "cedar": {"name": "Cedar Noodles", "about": "Hand-pulled noodles; spicy broth.",
              "menu": {"starter": "Dumplings", "main": "Beef noodles"}, "at": GeoPoint(52.3900, 4.9300), "price": 18},
    "delta": {"name": "Delta Diner", "about": "Waffles on Sundays only, pancakes every day, coffee always.",
              "menu": ["Pancake stack", "Sunday waffle"], "at": GeoPoint(52.0900, 5.1200), "price": 10},
}
HERE = GeoPoint(52.3700, 4.8900)  # the anchor's own door


@pytest.fixture(scope="module")
def cafes(server):
    client = shared_client(server, PROJECT)
    name = "cafes-" + uuid.uuid4().hex[:8]
    for key, value in CAFES.items():
        client.collection(name).document(key).set(value)
    return client, name


def ids(results):
    return [r.ref.id for r in results]


def run(cafes, options):
    client, name = cafes
    return list(client.pipeline().collection(name).search(options).execute())


def test_words_side_by_side_must_all_match(cafes):
    assert sorted(ids(run(cafes, "pancakes coffee"))) == ["anchor", "delta"]
    # A word's plural and singular are one word; case does not matter.
    assert sorted(ids(run(cafes, "WAFFLE"))) == ["birch", "delta"]


def test_or_negation_phrases_and_groups(cafes):
    assert sorted(ids(run(cafes, "noodles OR waffles"))) == ["birch", "cedar", "delta"]
    assert ids(run(cafes, "coffee -waffles")) == ["anchor"]
    assert ids(run(cafes, '"belgian waffles"')) == ["birch"]
    assert ids(run(cafes, '"waffles belgian"')) == []
    assert sorted(ids(run(cafes, "(noodles OR harbour) -spicy"))) == ["anchor"]
    # Strings inside maps and arrays are searched too.
    assert ids(run(cafes, "dumplings")) == ["cedar"]


def test_score_ranks_more_frequent_words_first_and_can_be_added(cafes):
    results = run(cafes, SearchOptions(query=DocumentMatches("pancakes"), sort=Score().descending(),
                                       add_fields=[Score().as_("relevance")]))
    # anchor holds "pancake(s)" four times, delta twice.
    assert ids(results) == ["anchor", "delta"]
    scores = [r.get("relevance") for r in results]
    assert 0 < scores[1] < scores[0] < 1
    # Without a sort the best scored come first too; limit and offset apply after ordering.
    assert ids(run(cafes, SearchOptions(query="pancakes", limit=1))) == ["anchor"]
    assert ids(run(cafes, SearchOptions(query="pancakes", offset=1))) == ["delta"]
    # retrieval_depth keeps the best scored matches (anchor 2 × "coffee", birch and delta once
    # each, birch first by name) before the sort by price orders them.
    cheapest = SearchOptions(query="coffee", sort=Field.of("price").ascending())
    assert ids(run(cafes, cheapest)) == ["delta", "anchor", "birch"]
    deep = SearchOptions(query="coffee", sort=Field.of("price").ascending(), retrieval_depth=2)
    assert ids(run(cafes, deep)) == ["anchor", "birch"]


def test_sort_by_a_field_and_geo_distance(cafes):
    near = Field.of("at").geo_distance(HERE)
    nearby = run(cafes, SearchOptions(query=near.less_than_or_equal(1000), sort=near.ascending(),
                                      add_fields=[near.as_("metres")]))
    assert ids(nearby) == ["anchor", "birch"]
    assert nearby[0].get("metres") == 0
    # 0.005° of longitude and 0.001° of latitude at 52.37° N: about 354 m.
    assert 340 < nearby[1].get("metres") < 370
    # delta serves waffles too, but about 35 km away.
    both = run(cafes, SearchOptions(query=And(DocumentMatches("waffles"), near.less_than(10_000))))
    assert ids(both) == ["birch"]
    assert sorted(ids(run(cafes, SearchOptions(query=And(DocumentMatches("waffles"), near.less_than(40_000)))))) == \
        ["birch", "delta"]


def test_search_only_functions_and_placement_are_checked(cafes):
    client, name = cafes
    with pytest.raises(exceptions.InvalidArgument) as misplaced:
        list(client.pipeline().collection(name).limit(5).search("coffee").execute())
    assert "right after its source" in misplaced.value.message
    with pytest.raises(exceptions.InvalidArgument) as outside:
        list(client.pipeline().collection(name).where(DocumentMatches("coffee")).execute())
    assert "only be used inside a search stage" in outside.value.message
    with pytest.raises(exceptions.InvalidArgument):
        list(client.pipeline().collection(name).search("  -- ").execute())

"""Pipeline expression functions (Enterprise edition) through the official client's builders, against
values worked out by hand from Firestore's function reference (not by running Hearth)."""
import datetime
import uuid

import pytest
from google.api_core import exceptions
from google.cloud.firestore_v1 import TimeGranularity, TimeUnit
from google.cloud.firestore_v1.pipeline_expressions import Constant, CurrentDocument, Field, Rand, Variable
from google.cloud.firestore_v1.vector import Vector

from pipeline_support import enterprise_server, make_client as shared_client

PROJECT = "hearth-pipeline-functions"
UTC = datetime.timezone.utc
T = datetime.datetime(2024, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)  # a Tuesday
DOC = {
    "name": "Ada Lovelace", "n": 7, "tags": ["a", "b", "c", "b"], "nums": [1, 5, 2, 4, 3],
    "m": {"k": 1, "j": "v"}, "t": T, "v": Vector([3.0, 4.0]), "csv": "x,y,,z", "blob": b"foobazfoo",
}


server = enterprise_server("pipeline-functions")


def make_client(server, database="(default)"):
    return shared_client(server, PROJECT, database)


@pytest.fixture(scope="module")
def doc(server):
    client = make_client(server)
    name = "functions-" + uuid.uuid4().hex[:8]
    client.collection(name).document("ada").set(DOC)
    return client, name


def evaluate(doc, **expressions):
    """The one document's values of `expressions`, by name (an absent result is left out)."""
    client, coll = doc
    results = list(client.pipeline().collection(coll)
                   .select(*[expression.as_(name) for name, expression in expressions.items()]).execute())
    assert len(results) == 1
    return results[0].data()


def test_array_slices_searches_and_the_n_greatest(doc):
    assert evaluate(
        doc,
        first=Field.of("nums").array_first_n(2),
        last=Field.of("nums").array_last_n(2),
        slice=Field.of("nums").array_slice(1, 2),
        tail=Field.of("nums").array_slice(-2),
        index=Field.of("tags").array_index_of("b"),
        missing=Field.of("tags").array_index_of("z"),
        indexes=Field.of("tags").array_index_of_all("b"),
        top=Field.of("nums").array_maximum_n(2),
        bottom=Field.of("nums").array_minimum_n(2),
        at=Field.of("tags").offset(-1),
        off_a_string=Field.of("name").offset(0),
    ) == {"first": [1, 5], "last": [4, 3], "slice": [5, 2], "tail": [4, 3], "index": 1, "missing": -1,
          "indexes": [1, 3], "top": [5, 4], "bottom": [1, 2], "at": "b"}


def test_vectors(doc):
    assert evaluate(
        doc,
        length=Field.of("v").vector_length(),
        dot=Field.of("v").dot_product([1.0, 1.0]),
        euclidean=Field.of("v").euclidean_distance([0.0, 0.0]),
        same=Field.of("v").cosine_distance([3.0, 4.0]),
        orthogonal=Field.of("v").cosine_distance(Vector([4.0, -3.0])),
    ) == {"length": 2, "dot": 7.0, "euclidean": 5.0, "same": 0.0, "orthogonal": 1.0}


def test_like_regex_split_join_and_replacing(doc):
    assert evaluate(
        doc,
        like=Field.of("name").like("Ada%"),
        like_one=Field.of("name").like("Ada_Lovelace"),
        like_case=Field.of("name").like("ada%"),
        found=Field.of("name").regex_find("[A-Z][a-z]+$"),
        not_found=Field.of("name").regex_find("[0-9]"),
        found_all=Field.of("name").regex_find_all("[A-Z]"),
        split=Field.of("csv").split(","),
        joined=Field.of("tags").join("-"),
        index=Field.of("name").string_index_of("Love"),
        repeated=Constant.of("ab").string_repeat(3),
        all=Field.of("name").string_replace_all("a", "A"),
        one=Field.of("name").string_replace_one("a", "A"),
        blob=Field.of("blob").string_replace_all(b"foo", b"bar"),
        blob_index=Field.of("blob").string_index_of(b"baz"),
    ) == {"like": True, "like_one": True, "like_case": False, "found": "Lovelace", "not_found": None,
          "found_all": ["A", "L"], "split": ["x", "y", "", "z"], "joined": "a-b-c-b", "index": 4,
          "repeated": "ababab", "all": "AdA LovelAce", "one": "AdA Lovelace", "blob": b"barbazbar",
          "blob_index": 3}


def test_switch_on_takes_the_first_true_branch(doc):
    assert evaluate(
        doc,
        seven=Field.of("n").equal(1).switch_on("one", Field.of("n").equal(7), "seven", "other"),
        fallback=Field.of("n").equal(1).switch_on("one", "other"),
        # The branch after a true condition is never evaluated, so its error does not matter.
        lazy=Field.of("n").equal(7).switch_on("ok", Field.of("n").divide(0)),
    ) == {"seven": "seven", "fallback": "other", "lazy": "ok"}


def test_timestamp_arithmetic_truncation_and_parts(doc):
    assert evaluate(
        doc,
        plus_day=Field.of("t").timestamp_add("day", 1),
        plus_ms=Field.of("t").timestamp_add(TimeUnit.MILLISECOND, 1),
        minus_hours=Field.of("t").timestamp_subtract("hour", 4),
        hours=Field.of("t").timestamp_diff(Constant.of(datetime.datetime(2024, 1, 1, tzinfo=UTC)), "hour"),
        day=Field.of("t").timestamp_trunc("day"),
        la_day=Field.of("t").timestamp_trunc("day", "America/Los_Angeles"),
        monday=Field.of("t").timestamp_trunc(TimeGranularity.WEEK_MONDAY),
        weekday=Field.of("t").timestamp_extract("dayofweek"),
        tokyo_hour=Field.of("t").timestamp_extract("hour", "Asia/Tokyo"),
        micros=Field.of("t").timestamp_extract("microsecond"),
    ) == {
        "plus_day": datetime.datetime(2024, 1, 3, 3, 4, 5, 678901, tzinfo=UTC),
        "plus_ms": datetime.datetime(2024, 1, 2, 3, 4, 5, 679901, tzinfo=UTC),
        "minus_hours": datetime.datetime(2024, 1, 1, 23, 4, 5, 678901, tzinfo=UTC),
        "hours": 27,
        "day": datetime.datetime(2024, 1, 2, tzinfo=UTC),
        "la_day": datetime.datetime(2024, 1, 1, 8, tzinfo=UTC),
        "monday": datetime.datetime(2024, 1, 1, tzinfo=UTC),
        "weekday": 3,
        "tokyo_hour": 12,
        "micros": 678901,
    }


def test_map_edits_the_current_document_and_sizes(doc):
    assert evaluate(
        doc,
        set=Field.of("m").map_set("k", 2),
        removed=Field.of("m").map_remove("k"),
        merged=Field.of("m").map_merge({"x": 1}, {"k": 0}),
        entries=Field.of("m").map_entries(),
        got=Field.of("m").get_field("j"),
        own_n=CurrentDocument().get_field("n"),
        name_size=Field.of("name").storage_size(),
        map_size=Field.of("m").storage_size(),
    ) == {"set": {"k": 2, "j": "v"}, "removed": {"j": "v"}, "merged": {"k": 0, "j": "v", "x": 1},
          "entries": [{"k": "j", "v": "v"}, {"k": "k", "v": 1}], "got": "v", "own_n": 7,
          "name_size": 13, "map_size": 14}


def test_rand_is_a_double_in_zero_to_one(server):
    client = make_client(server)
    coll = "rand-" + uuid.uuid4().hex[:8]
    for number in range(20):
        client.collection(coll).document(str(number)).set({"number": number})
    values = [r.data()["r"] for r in client.pipeline().collection(coll).select(Rand().as_("r")).execute()]
    assert len(values) == 20
    assert all(isinstance(value, float) and 0.0 <= value < 1.0 for value in values)
    assert len(set(values)) > 1


def test_a_bad_argument_is_refused_naming_the_reason(doc):
    client, coll = doc
    with pytest.raises(exceptions.InvalidArgument) as raised:
        client.pipeline().collection(coll).select(Constant.of("ab").string_repeat(-1).as_("r")).execute()
    assert "string_repeat takes a non-negative count" in str(raised.value)
    with pytest.raises(exceptions.InvalidArgument) as raised:
        client.pipeline().collection(coll).select(Field.of("t").timestamp_add("fortnight", 1).as_("r")).execute()
    assert "timestamp_add takes a unit of" in str(raised.value)


def test_lambdas_bind_each_element_to_their_variable(doc):
    got = evaluate(doc,
                   kept=Field.of("tags").array_filter(Variable("tag").equal("b"), "tag"),
                   upper=Field.of("tags").array_transform(Variable("tag").to_upper(), "tag"),
                   missing=Field.of("nothing").array_filter(Variable("tag").equal("b"), "tag"))
    assert got == {"kept": ["b", "b"], "upper": ["A", "B", "C", "B"]}

"""Pipeline variables (define / let), lambdas (array_filter, array_transform) and subqueries
(array, scalar, subcollection) through the official client, against values worked out by hand
from Firestore's documentation of joins with subqueries."""
import uuid

import pytest
from google.api_core import exceptions
from google.cloud.firestore_v1.pipeline_expressions import AggregateFunction, Count, Field, Variable
from google.cloud.firestore_v1.pipeline_source import PipelineSource

from pipeline_support import enterprise_server, make_client as shared_client

PROJECT = "hearth-pipeline-subqueries"


server = enterprise_server("pipeline-subqueries")


def make_client(server):
    return shared_client(server, PROJECT)


@pytest.fixture(scope="module")
def shelf(server):
    """Books with reviews in a sub-collection, and authors in their own collection."""
    client = make_client(server)
    tag = uuid.uuid4().hex[:8]
    books, authors = f"books-{tag}", f"authors-{tag}"
    client.collection(authors).document("austen").set({"id": "austen", "name": "Jane Austen"})
    client.collection(authors).document("tolkien").set({"id": "tolkien", "name": "J. R. R. Tolkien"})
    library = {
        "emma": {"title": "Emma", "author": "austen", "price": 12, "tags": ["comedy", "romance"]},
        "hobbit": {"title": "The Hobbit", "author": "tolkien", "price": 20, "tags": ["fantasy"]},
        "persuasion": {"title": "Persuasion", "author": "austen", "price": 9, "tags": []},
    }
    for key, value in library.items():
        client.collection(books).document(key).set(value)
    for book, ratings in {"emma": [4, 5], "hobbit": [5, 5, 2]}.items():
        for index, rating in enumerate(ratings):
            client.collection(books).document(book).collection("reviews").document(f"r{index}").set(
                {"rating": rating, "reviewer": f"{book}-{index}"})
    return client, books, authors


def test_define_binds_variables_later_stages_read(shelf):
    client, books, _ = shelf
    results = (client.pipeline().collection(books)
               .define(Field.of("price").multiply(2).as_("doubled"))
               .where(Variable("doubled").greater_than(20))
               .select("title", Variable("doubled").as_("twice"))
               .sort(Field.of("title").ascending())
               .execute())
    assert [r.data() for r in results] == [{"title": "Emma", "twice": 24}, {"title": "The Hobbit", "twice": 40}]


def test_an_unbound_variable_is_refused(shelf):
    client, books, _ = shelf
    with pytest.raises(exceptions.InvalidArgument) as raised:
        client.pipeline().collection(books).where(Variable("nothing").equal(1)).execute()
    assert "Unknown pipeline variable: nothing" in str(raised.value)


def test_array_filter_and_transform_bind_each_element(shelf):
    client, books, _ = shelf
    results = (client.pipeline().collection(books)
               .select("title",
                       Field.of("tags").array_filter(Variable("tag").equal("comedy"), "tag").as_("funny"),
                       Field.of("tags").array_transform(Variable("tag").to_upper(), "tag").as_("loud"))
               .sort(Field.of("title").ascending())
               .execute())
    rows = {r.data()["title"]: r.data() for r in results}
    assert rows["Emma"]["funny"] == ["comedy"]
    assert rows["Emma"]["loud"] == ["COMEDY", "ROMANCE"]
    assert rows["Persuasion"]["funny"] == [] and rows["Persuasion"]["loud"] == []
    assert rows["The Hobbit"]["funny"] == []


def test_array_transform_with_an_index_alias(shelf):
    client, books, _ = shelf
    results = (client.pipeline().collection(books)
               .where(Field.of("title").equal("Emma"))
               .select(Field.of("tags").array_transform(
                   Variable("i").multiply(10), element_alias="tag", index_alias="i").as_("positions"))
               .execute())
    assert [r.data() for r in results] == [{"positions": [0, 10]}]


def test_scalar_subquery_over_a_subcollection(shelf):
    client, books, _ = shelf
    results = (client.pipeline().collection(books)
               .add_fields(PipelineSource.subcollection("reviews")
                           .aggregate(AggregateFunction.average("rating").as_("avg"))
                           .to_scalar_expression().as_("average_rating"))
               .select("title", "average_rating")
               .sort(Field.of("title").ascending())
               .execute())
    # A single-field result is unwrapped; an aggregate over no reviews averages to null.
    assert [r.data() for r in results] == [
        {"title": "Emma", "average_rating": 4.5},
        {"title": "Persuasion", "average_rating": None},
        {"title": "The Hobbit", "average_rating": 4.0},
    ]


def test_array_subquery_joins_another_collection_through_a_variable(shelf):
    client, books, authors = shelf
    results = (client.pipeline().collection(authors)
               .define(Field.of("id").as_("author_id"))
               .add_fields(client.pipeline().collection(books)
                           .where(Field.of("author").equal(Variable("author_id")))
                           .sort(Field.of("title").ascending())
                           .select("title")
                           .to_array_expression().as_("books"))
               .select("name", "books")
               .sort(Field.of("name").ascending())
               .execute())
    # Rows of one field each give their values (as Google's acceptance tests expect).
    assert [r.data() for r in results] == [
        {"name": "J. R. R. Tolkien", "books": ["The Hobbit"]},
        {"name": "Jane Austen", "books": ["Emma", "Persuasion"]},
    ]
    # Rows of several fields stay maps.
    priced = (client.pipeline().collection(authors)
              .where(Field.of("id").equal("austen"))
              .define(Field.of("id").as_("author_id"))
              .add_fields(client.pipeline().collection(books)
                          .where(Field.of("author").equal(Variable("author_id")))
                          .sort(Field.of("title").ascending())
                          .select("title", "price")
                          .to_array_expression().as_("books"))
              .select("books")
              .execute())
    assert [r.data() for r in priced] == [{"books": [{"title": "Emma", "price": 12}, {"title": "Persuasion", "price": 9}]}]


def test_a_scalar_subquery_with_several_results_fails_and_one_with_several_fields_is_a_map(shelf):
    client, books, authors = shelf
    with pytest.raises(exceptions.InvalidArgument):
        (client.pipeline().collection(authors)
         .add_fields(client.pipeline().collection(books).select("title").to_scalar_expression().as_("one"))
         .execute())
    results = (client.pipeline().collection(authors)
               .where(Field.of("id").equal("tolkien"))
               .define(Field.of("id").as_("who"))
               .select(client.pipeline().collection(books)
                       .where(Field.of("author").equal(Variable("who")))
                       .aggregate(Count().as_("n"), Field.of("price").sum().as_("total"))
                       .to_scalar_expression().as_("stats"))
               .execute())
    assert [r.data() for r in results] == [{"stats": {"n": 1, "total": 20}}]


def test_a_subcollection_pipeline_cannot_run_on_its_own(shelf):
    client, books, _ = shelf
    with pytest.raises(exceptions.InvalidArgument):
        client.pipeline().literals({"a": 1}).select(
            PipelineSource.subcollection("reviews").to_array_expression().as_("r")).execute()

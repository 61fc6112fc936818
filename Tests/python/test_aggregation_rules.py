"""Aggregations as production computes them: sum/avg read their field's index, and the request
validations with Firestore's messages."""
import random
import uuid

import pytest
from google.api_core.exceptions import InvalidArgument
from google.cloud.firestore_v1 import FieldFilter
from google.cloud.firestore_v1.aggregation import AggregationQuery


@pytest.fixture
def products(coll):
    """25 documents with stats.product = a*b for a, b in 0..4, under random ids."""
    batch = coll._client.batch()
    for a in range(5):
        for b in range(5):
            batch.set(coll.document(uuid.uuid4().hex), {
                "stats": {"product": a * b}, "a": a, "b": b, "odd": (a * b) % 2 == 1})
    batch.commit()
    return coll


def values(query):
    return {result.alias: result.value for result in query.get()[0]}


def test_sum_and_avg_under_a_limit_take_the_smallest_values(products):
    # The 12 smallest products are nine zeros, 1, 2 and 2, whatever the ids.
    assert products.limit(12).sum("stats.product", alias="s").get()[0][0].value == 5
    assert products.limit(12).avg("stats.product", alias="a").get()[0][0].value == pytest.approx(5 / 12)


def test_count_beside_a_sum_counts_only_documents_with_the_field(products):
    products.document("no-product").set({"a": 9})
    limited = products.limit(12).count(alias="n").sum("stats.product", alias="s")
    assert values(limited) == {"n": 12, "s": 5}
    assert values(products.count(alias="n").sum("stats.product", alias="s")) == {"n": 25, "s": 100}
    # Count alone counts every document the query selects.
    assert products.limit(30).count(alias="n").get()[0][0].value == 26


def test_two_aggregated_fields_order_by_both(products):
    # sum(a) with avg(b) over limit 7: a = 0 (b = 0..4), then a = 1 with b = 0, 1.
    result = values(products.limit(7).sum("a", alias="sa").avg("b", alias="ab"))
    assert result["sa"] == 2
    assert result["ab"] == pytest.approx((0 + 1 + 2 + 3 + 4 + 0 + 1) / 7)


def test_a_filter_on_another_field_keeps_the_aggregated_order(products):
    odd = products.where(filter=FieldFilter("odd", "==", True)).limit(3)
    assert odd.sum("stats.product", alias="s").get()[0][0].value == 1 + 3 + 3


def test_no_aggregations_is_invalid(products):
    with pytest.raises(InvalidArgument) as error:
        AggregationQuery(products.limit(50)).get()
    assert "Aggregations can not be empty" in error.value.message


def test_duplicate_aliases_are_invalid(products):
    with pytest.raises(InvalidArgument) as error:
        products.count(alias="total").sum("a", alias="total").get()
    assert "Aggregation aliases contain duplicate alias: total." in error.value.message


def test_more_than_five_aggregations_are_invalid(products):
    query = products.count(alias="c1")
    for index in range(2, 7):
        query = query.count(alias=f"c{index}")
    with pytest.raises(InvalidArgument) as error:
        query.get()
    assert "The maximum number of aggregations allowed in an aggregation query is 5. Received: 6" in error.value.message


def test_sum_of_the_document_name_is_invalid(products):
    with pytest.raises(InvalidArgument) as error:
        products.sum("__name__").get()
    assert "Aggregations are not supported for the property: __key__" in error.value.message


def test_a_reserved_alias_is_invalid(products):
    with pytest.raises(InvalidArgument) as error:
        products.count(alias="__count__").get()
    assert 'The property.name "__count__" is reserved.' in error.value.message

"""BSON types of the Enterprise edition through the official client's own BSON classes
(google.cloud.firestore_v1.bson): written and read back as themselves, refused on a Standard
database with today's message, ordered as production orders them (specs/bson-types.md), equal
to other numbers by value, summed, matched as NaN, and carried through export and import."""
import json
import math
import os
import subprocess
import uuid

import pytest
from google.api_core import exceptions
from google.cloud import firestore
from google.cloud.firestore_v1.bson import (
    BSONBinary, BSONDecimal128, BSONInt32, BSONMaxKey, BSONMinKey, BSONObjectId, BSONRegex, BSONTimestamp,
)
from google.cloud.firestore_v1.pipeline_expressions import Field
from google.cloud.firestore_v1.vector import Vector

from hearth_server import HearthServer
from pipeline_support import enterprise_server, make_client as shared_client

PROJECT = "hearth-bson"

server = enterprise_server("bson")


def make_client(server, database="(default)"):
    return shared_client(server, PROJECT, database)


def payload():
    return {
        "_id": BSONObjectId("507f191e810c19729de860ea"),
        "price": BSONDecimal128("199.99"),
        "qty": BSONInt32(50),
        "pattern": BSONRegex("^prod.*", "i"),
        "ts": BSONTimestamp(seconds=1710000000, increment=2),
        "binary_data": BSONBinary(b"binary_payload", subtype=1),
        "min_key": BSONMinKey(),
        "max_key": BSONMaxKey(),
        "nested": {"list": [BSONInt32(-7), BSONDecimal128("-1.5E-3")], "oid": BSONObjectId("000000000000000000000001")},
    }


def fresh(client):
    return client.collection("bson-" + uuid.uuid4().hex[:8])


def test_every_bson_type_round_trips_as_itself(server):
    client = make_client(server)
    doc = fresh(client).document("d")
    doc.set(payload())
    got = doc.get().to_dict()
    assert got == payload()
    assert isinstance(got["qty"], BSONInt32) and got["qty"].value == 50
    assert isinstance(got["nested"]["list"][1], BSONDecimal128)


def test_bson_values_in_a_transaction_an_update_and_an_array_union(server):
    client = make_client(server)
    doc = fresh(client).document("t")

    @firestore.transactional
    def write(transaction):
        transaction.set(doc, {"n": BSONInt32(1)})

    write(client.transaction())
    doc.update({"tags": firestore.ArrayUnion([BSONObjectId("aaaaaaaaaaaaaaaaaaaaaaaa"), BSONInt32(3)])})
    doc.update({"tags": firestore.ArrayUnion([BSONInt32(3), BSONMinKey()])})
    got = doc.get().to_dict()
    assert got["n"] == BSONInt32(1)
    assert got["tags"] == [BSONObjectId("aaaaaaaaaaaaaaaaaaaaaaaa"), BSONInt32(3), BSONMinKey()]


def test_a_standard_database_refuses_bson_with_todays_message(server):
    client = make_client(server, database="standard-db")
    doc = fresh(client).document("s")
    with pytest.raises(exceptions.InvalidArgument) as refused:
        doc.set({"n": BSONInt32(1)})
    assert 'Field names must not begin and end with "__"' in refused.value.message
    assert "__int__" in refused.value.message
    assert not doc.get().exists


def test_malformed_bson_maps_are_refused_with_productions_words(server):
    client = make_client(server)
    doc = fresh(client).document("m")
    cases = [
        ({"n": {"__int__": 2 ** 31}}, "The field '__int__' value (2,147,483,648) is too large to be converted to a 32-bit integer."),
        ({"n": {"__oid__": "abc"}}, "Object ID hex string has incorrect length."),
        ({"n": {"__regex__": {"pattern": "a", "options": "a"}}},
         "Invalid regex option 'a'. Supported options are 'i', 'm', 's', 'u', and 'x'."),
        ({"n": {"__request_timestamp__": {"seconds": -1, "increment": 0}}},
         "The field 'seconds' value (-1) does not represent an unsigned 32-bit integer."),
    ]
    for data, message in cases:
        with pytest.raises(exceptions.InvalidArgument) as refused:
            doc.set(data)
        assert refused.value.message == message[:-1] + " (found in field n)."
    with pytest.raises(exceptions.InvalidArgument):
        doc.set({"n": {"__foo__": 1}})  # an unknown reserved key is refused on every edition
    assert not doc.get().exists


# Production's order across types (order.py's _TYPE_ORDER_MAP), one value of each, ascending.
def ordered_values(client):
    return [
        ("00-null", None),
        ("01-minkey", BSONMinKey()),
        ("02-false", False),
        ("03-nan", float("nan")),
        ("04-int", -5),
        ("05-int32", BSONInt32(0)),
        ("06-decimal", BSONDecimal128("0.5")),
        ("07-double", 1.5),
        ("08-timestamp", firestore.SERVER_TIMESTAMP),
        ("09-bson-timestamp", BSONTimestamp(seconds=1, increment=2)),
        ("10-string", "s"),
        ("11-bytes", b"b"),
        ("12-bson-binary", BSONBinary(b"\x00", subtype=1)),
        ("13-reference", client.document("x/y")),
        ("14-objectid", BSONObjectId("507f191e810c19729de860ea")),
        ("15-geopoint", firestore.GeoPoint(1, 2)),
        ("16-regex", BSONRegex("a", "")),
        ("17-array", [1]),
        ("18-vector", Vector([1.0])),
        ("19-map", {"a": 1}),
        ("20-maxkey", BSONMaxKey()),
    ]


def test_order_across_types_is_productions_in_queries_and_pipelines(server):
    client = make_client(server)
    collection = fresh(client)
    values = ordered_values(client)
    shuffled = values[::2] + values[1::2]
    for name, value in shuffled:
        collection.document(name).set({"v": value})
    expected = [name for name, _ in values]

    ascending = [d.id for d in collection.order_by("v").stream()]
    descending = [d.id for d in collection.order_by("v", direction=firestore.Query.DESCENDING).stream()]
    assert ascending == expected
    assert descending == expected[::-1]
    # In memory (a computed field is sorted by the comparator, not by index keys): the same order.
    piped = client.pipeline().collection(collection.id).add_fields(Field.of("v").as_("w")).sort(
        Field.of("w").ascending()).execute()
    assert [r.ref.id for r in piped] == expected
    # A range keeps to its operand's type, as every Firestore range does.
    assert [d.id for d in collection.where("v", ">=", BSONMinKey()).stream()] == ["01-minkey"]
    assert [d.id for d in collection.where("v", ">", 0).stream()] == ["06-decimal", "07-double"]


def test_within_a_type(server):
    client = make_client(server)
    collection = fresh(client)
    values = {
        "t1": BSONTimestamp(seconds=1, increment=9), "t2": BSONTimestamp(seconds=2, increment=0),
        "o1": BSONObjectId("00000000000000000000000a"), "o2": BSONObjectId("0000000000000000000000FF"),
        "b1": BSONBinary(b"\xff", subtype=1), "b2": BSONBinary(b"\x00", subtype=2),
        "r1": BSONRegex("a", "i"), "r2": BSONRegex("a", "m"), "r3": BSONRegex("b", ""),
    }
    for name, value in values.items():
        collection.document(name).set({"v": value})
    got = [d.id for d in collection.order_by("v").stream()]
    assert got == ["t1", "t2", "b1", "b2", "o1", "o2", "r1", "r2", "r3"]
    assert [d.id for d in collection.where("v", ">", BSONTimestamp(seconds=1, increment=9)).stream()] == ["t2"]
    assert [d.id for d in collection.where("v", "<", BSONObjectId("0000000000000000000000fe")).stream()] == ["o1"]


def test_numbers_are_equal_across_types_and_decimal_is_exact(server):
    client = make_client(server)
    collection = fresh(client)
    numbers = {
        "int": 1, "double": 1.0, "int32": BSONInt32(1), "decimal": BSONDecimal128("1.00"),
        "near": BSONDecimal128("1.0000000000000000000001"), "tenth": BSONDecimal128("0.1"), "two": BSONInt32(2),
    }
    for name, value in numbers.items():
        collection.document(name).set({"n": value})
    ones = sorted(d.id for d in collection.where("n", "==", 1).stream())
    assert ones == ["decimal", "double", "int", "int32"]
    assert sorted(d.id for d in collection.where("n", "==", BSONInt32(1)).stream()) == ones
    assert sorted(d.id for d in collection.where("n", "in", [BSONDecimal128("2"), 0.1]).stream()) == ["two"]
    # Decimal128("0.1") is below the double 0.1 (0.1000000000000000055…), exactly.
    assert [d.id for d in collection.where("n", "<", 0.1).stream()] == ["tenth"]
    ordered = [d.id for d in collection.order_by("n").order_by("__name__").stream()]
    assert ordered == ["tenth", "decimal", "double", "int", "int32", "near", "two"]
    equal_in_pipeline = client.pipeline().collection(collection.id).where(Field.of("n").equal(1)).execute()
    assert sorted(r.ref.id for r in equal_in_pipeline) == ones


def test_sums_and_averages_count_int32_as_integer_and_decimal128_as_double(server):
    client = make_client(server)
    collection = fresh(client)
    for name, value, kind in [("a", BSONInt32(2), "x"), ("b", 3, "x"), ("c", BSONDecimal128("0.5"), "y")]:
        collection.document(name).set({"n": value, "k": kind})

    def sum_of(query):
        return query.sum("n", alias="s").get()[0][0].value

    whole = sum_of(collection.where("k", "==", "x"))
    assert whole == 5 and isinstance(whole, int)
    assert sum_of(collection) == 5.5
    assert sum_of(collection.where("n", ">", 0)) == 5.5  # served from the index: the same
    assert collection.where("k", "==", "x").avg("n", alias="a").get()[0][0].value == 2.5
    piped = list(client.pipeline().collection(collection.id).aggregate(Field.of("n").sum().as_("s")).execute())
    assert piped[0].get("s") == 5.5


def test_decimal128_nan_is_nan(server):
    client = make_client(server)
    collection = fresh(client)
    collection.document("dn").set({"n": BSONDecimal128("NaN")})
    collection.document("fn").set({"n": float("nan")})
    collection.document("one").set({"n": BSONDecimal128("1")})
    assert sorted(d.id for d in collection.where("n", "==", float("nan")).stream()) == ["dn", "fn"]
    assert [d.id for d in collection.where("n", "!=", float("nan")).stream()] == ["one"]
    total = collection.sum("n", alias="s").get()[0][0].value
    assert math.isnan(total)


def test_export_and_import_keep_bson_values(server, tmp_path):
    binary = os.environ["HEARTH_BIN"]
    source = tmp_path / "source"
    first = HearthServer(source, extra_args=["--enterprise", "(default)"]).start()
    try:
        shared_client(first, PROJECT).collection("items").document("a").set(payload())
    finally:
        first.stop()
    out = tmp_path / "export"
    run = subprocess.run([binary, "export", "--data", str(source), "--project", PROJECT, "--out", str(out)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr

    # Into a Standard directory the import is refused, naming the record, and writes nothing.
    standard = tmp_path / "standard"
    run = subprocess.run([binary, "import", "--data", str(standard), str(out)], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    assert 'must not begin and end with "__"' in run.stdout + run.stderr

    # Into a new directory with --enterprise, or one a server made Enterprise, every value comes
    # back as itself (and the edition stays set for the server).
    fresh_target = tmp_path / "fresh"
    run = subprocess.run([binary, "import", "--data", str(fresh_target), "--enterprise", "(default)", str(out)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    served = tmp_path / "served"
    HearthServer(served, extra_args=["--enterprise", "(default)"]).start().stop()
    run = subprocess.run([binary, "import", "--data", str(served), str(out)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    for target in (fresh_target, served):
        second = HearthServer(target).start()
        try:
            client = shared_client(second, PROJECT)
            assert client.collection("items").document("a").get().to_dict() == payload()
            assert [r.ref.id for r in client.pipeline().collection("items").execute()] == ["a"]
        finally:
            second.stop()
    bad = subprocess.run([binary, "import", "--data", str(tmp_path / "bad"), "--enterprise", "Not_A_Db", str(out)],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode != 0 and "is not a database id" in bad.stdout + bad.stderr


def test_the_console_shows_bson_values_as_themselves_and_an_edit_keeps_them(server):
    import shutil
    import importlib.util
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None or importlib.util.find_spec("playwright") is None:
        pytest.skip("chromium or playwright is not installed (make deps installs both)")
    from playwright.sync_api import sync_playwright

    client = make_client(server)
    collection = fresh(client)
    doc = collection.document("shown")
    doc.set(payload())
    expected = {
        "_id": ("ObjectId", 'ObjectId("507f191e810c19729de860ea")'),
        "price": ("Decimal128", "199.99"),
        "qty": ("Int32", "50"),
        "pattern": ("Regex", "/^prod.*/i"),
        "ts": ("BSON timestamp", "Timestamp(1710000000, 2)"),
        "binary_data": ("BSON binary", "subtype 1 · YmluYXJ5X3BheWxvYWQ= (14 bytes)"),
        "min_key": ("MinKey", "MinKey"),
        "max_key": ("MaxKey", "MaxKey"),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.goto(f"{server.url}/console/#/data/{PROJECT}/(default)/{collection.id}/shown")
            page.wait_for_selector("#field-table tr[data-field=qty]")
            for field, (label, text) in expected.items():
                row = f"#field-table tr[data-field={field}]"
                assert page.inner_text(f"{row} .type") == label
                assert page.inner_text(f"{row} .v-bson") == text
            # Editing a BSON field opens its reserved map as JSON; a changed map is saved as Int32.
            page.locator("#field-table tr[data-field=qty] .edit-field").click()
            assert page.locator(".editor .type-picker").input_value() == "map"
            box = page.locator(".editor textarea.value-input")
            assert json.loads(box.input_value()) == {"__int__": 50}
            box.fill('{"__int__": 51}')
            page.locator(".editor .save-field").click()
            page.wait_for_selector("#field-table tr[data-field=qty] .v-bson:has-text('51')")
        finally:
            browser.close()
    assert doc.get().to_dict() == {**payload(), "qty": BSONInt32(51)}

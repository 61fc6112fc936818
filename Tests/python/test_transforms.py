import datetime

from google.cloud import firestore


def test_server_timestamp(coll):
    doc = coll.document("t")
    result = doc.set({"at": firestore.SERVER_TIMESTAMP, "n": 1})
    got = doc.get().to_dict()["at"]
    assert isinstance(got, datetime.datetime)
    assert got == result.update_time


def test_increment_maximum_minimum(coll):
    doc = coll.document("n")
    doc.set({"i": 1, "f": 1.5, "mx": 5, "mn": 5})
    doc.update({"i": firestore.Increment(2), "f": firestore.Increment(0.25),
                "mx": firestore.Maximum(9), "mn": firestore.Minimum(-1), "new": firestore.Increment(4)})
    assert doc.get().to_dict() == {"i": 3, "f": 1.75, "mx": 9, "mn": -1, "new": 4}


def test_array_union_and_remove(coll):
    doc = coll.document("a")
    doc.set({"tags": ["a", "b"]})
    doc.update({"tags": firestore.ArrayUnion(["b", "c"])})
    assert doc.get().to_dict()["tags"] == ["a", "b", "c"]
    doc.update({"tags": firestore.ArrayRemove(["a", "z"])})
    assert doc.get().to_dict()["tags"] == ["b", "c"]


def test_transform_only_update_keeps_fields(coll):
    doc = coll.document("k")
    doc.set({"keep": True})
    doc.update({"at": firestore.SERVER_TIMESTAMP})
    assert set(doc.get().to_dict()) == {"keep", "at"}
    doc.set({"at": firestore.SERVER_TIMESTAMP})
    assert set(doc.get().to_dict()) == {"at"}

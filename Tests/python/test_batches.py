def test_write_batch_is_atomic(client, coll):
    coll.document("old").set({"v": 0})
    batch = client.batch()
    batch.set(coll.document("a"), {"v": 1})
    batch.update(coll.document("old"), {"v": 2})
    batch.delete(coll.document("gone"))
    results = batch.commit()
    assert len(results) == 3
    assert coll.document("old").get().to_dict() == {"v": 2}


def test_failed_batch_writes_nothing(client, coll):
    batch = client.batch()
    batch.set(coll.document("a"), {"v": 1})
    batch.update(coll.document("missing"), {"v": 2})
    try:
        batch.commit()
        raise AssertionError("expected NotFound")
    except Exception as error:  # noqa: BLE001
        assert "No document to update" in str(error)
    assert not coll.document("a").get().exists


def test_bulk_writer(client, coll):
    writer = client.bulk_writer()
    for i in range(25):
        writer.set(coll.document(f"d{i}"), {"i": i})
    writer.close()
    assert coll.count().get()[0][0].value == 25


def test_recursive_delete(client, coll):
    coll.document("a").set({"v": 1})
    coll.document("a").collection("sub").document("s").set({"v": 2})
    coll.document("b").set({"v": 3})
    deleted = client.recursive_delete(coll)
    assert deleted == 3
    assert list(coll.stream()) == []

import threading

import pytest
from google.cloud import firestore


def test_read_modify_write(client, coll):
    doc = coll.document("counter")
    doc.set({"n": 1})

    @firestore.transactional
    def bump(transaction):
        snapshot = doc.get(transaction=transaction)
        transaction.update(doc, {"n": snapshot.get("n") + 1})

    bump(client.transaction())
    assert doc.get().to_dict() == {"n": 2}


def test_contention_is_retried(client, coll):
    doc = coll.document("contended")
    doc.set({"n": 0})
    workers, rounds = 4, 5

    def work():
        from google.cloud import firestore as fs
        own = fs.Client(project=client.project)
        ref = own.document(doc.path)

        @fs.transactional
        def bump(transaction):
            snapshot = ref.get(transaction=transaction)
            transaction.update(ref, {"n": snapshot.get("n") + 1})

        for _ in range(rounds):
            bump(own.transaction(max_attempts=50))

    threads = [threading.Thread(target=work) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert doc.get().to_dict() == {"n": workers * rounds}


def test_exception_rolls_back(client, coll):
    doc = coll.document("r")
    doc.set({"n": 1})

    @firestore.transactional
    def failing(transaction):
        doc.get(transaction=transaction)
        transaction.update(doc, {"n": 99})
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        failing(client.transaction())
    assert doc.get().to_dict() == {"n": 1}


def test_read_only_transaction_and_query_in_transaction(client, coll):
    coll.document("a").set({"v": 1})
    coll.document("b").set({"v": 2})

    @firestore.transactional
    def read(transaction):
        return sorted(s.id for s in transaction.get(coll.where(filter=firestore.FieldFilter("v", ">", 0))))

    assert read(client.transaction(read_only=True)) == ["a", "b"]
    assert read(client.transaction()) == ["a", "b"]

import threading

from conftest import wait_for
from google.cloud.firestore_v1 import FieldFilter


class Recorder:
    def __init__(self):
        self.snapshots = []
        self.lock = threading.Lock()

    def __call__(self, docs, changes, read_time):
        with self.lock:
            self.snapshots.append(([d.id for d in docs if d.exists], [(c.type.name, c.document.id) for c in changes]))

    def count(self):
        with self.lock:
            return len(self.snapshots)

    def last(self):
        with self.lock:
            return self.snapshots[-1]


def test_document_listener(coll):
    doc = coll.document("d")
    recorder = Recorder()
    watch = doc.on_snapshot(recorder)
    try:
        assert wait_for(lambda: recorder.count() == 1)
        assert recorder.last()[0] == []
        doc.set({"v": 1})
        assert wait_for(lambda: recorder.count() == 2)
        assert recorder.last()[0] == ["d"]
        doc.update({"v": 2})
        assert wait_for(lambda: recorder.count() == 3)
        doc.delete()
        assert wait_for(lambda: recorder.count() == 4)
        assert recorder.last()[0] == []
    finally:
        watch.unsubscribe()


def test_collection_listener(coll):
    coll.document("a").set({"v": 1})
    recorder = Recorder()
    watch = coll.on_snapshot(recorder)
    try:
        assert wait_for(lambda: recorder.count() == 1)
        assert recorder.last() == (["a"], [("ADDED", "a")])
        coll.document("b").set({"v": 2})
        assert wait_for(lambda: recorder.count() == 2)
        assert recorder.last()[1] == [("ADDED", "b")]
        coll.document("a").update({"v": 3})
        assert wait_for(lambda: recorder.count() == 3)
        assert recorder.last()[1] == [("MODIFIED", "a")]
        coll.document("a").delete()
        assert wait_for(lambda: recorder.count() == 4)
        assert recorder.last() == (["b"], [("REMOVED", "a")])
    finally:
        watch.unsubscribe()


def test_query_listener_enter_and_leave(coll):
    coll.document("a").set({"v": 1})
    coll.document("b").set({"v": 10})
    recorder = Recorder()
    watch = coll.where(filter=FieldFilter("v", ">", 5)).order_by("v").on_snapshot(recorder)
    try:
        assert wait_for(lambda: recorder.count() == 1)
        assert recorder.last()[0] == ["b"]
        coll.document("a").update({"v": 7})
        assert wait_for(lambda: recorder.count() == 2)
        assert recorder.last() == (["a", "b"], [("ADDED", "a")])
        coll.document("b").update({"v": 0})
        assert wait_for(lambda: recorder.count() == 3)
        assert recorder.last() == (["a"], [("REMOVED", "b")])
    finally:
        watch.unsubscribe()


def test_many_listeners_and_unsubscribe(coll):
    recorders = [Recorder() for _ in range(10)]
    watches = [coll.on_snapshot(r) for r in recorders]
    assert wait_for(lambda: all(r.count() == 1 for r in recorders))
    for watch in watches:
        watch.unsubscribe()
    coll.document("z").set({"v": 1})
    assert all(r.count() == 1 for r in recorders)

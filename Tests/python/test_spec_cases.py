"""specs/cases through the emulator's door: every case of specs/cases/*.json run against `hearth serve`
by the official Python client, over gRPC.

The engine runs the same cases in HearthCoreTests/Specs/SpecCaseTests.swift; here the same JSON goes
over the wire. Commits, gets and queries use the client's generated Firestore API (the GAPIC layer,
with the messages parsed from the cases' proto3 JSON), listeners the client's own `on_snapshot`, so
document changes and their indexes are the ones the official client computes. Cases are read as
strictly as the Swift runner reads them: an unknown key fails the case.

Two differences are stated rather than hidden. A change's indexes are computed by the Python client
from its own ordered tree, and its `new_index` for a document that moved is off (a modified document in
a two-document result came back with new_index 2, though the ordered `paths` were right); so here the
kinds, documents and order of the changes and every snapshot's ordered paths are compared, and the
engine door checks the exact indexes. (The client's removal indexes also differ in convention: it gives
each removed document's place in the previous snapshot, 0 and 2 for a and c of a, b, c, where the SDKs
apply the changes one after another, 0 and 1.) And `expectNoEvent` cannot be checked at its step over a
real listener (the client reports changes only, never "nothing happened up to here"); it is checked
by the next `expectEvent` of the same listener, which must see the event the case expects next, and
at the end of the case, once a later commit's snapshot on a fresh listener has arrived.
"""
import json
import pathlib
import queue

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CASES_DIR = ROOT / "specs" / "cases"
PROJECT = "p"
DATABASE = f"projects/{PROJECT}/databases/(default)"
DOCUMENTS = f"{DATABASE}/documents"

# The keys each kind of step may hold: the same table as Tests/HearthTestSupport/SpecCases.swift.
ALLOWED_KEYS = {
    "commit": {"commit", "expectError", "expectTransformResults"},
    "get": {"get", "expectFields", "expectMissing", "expectUpdateTimeOfStep"},
    "query": {"query", "parent", "expectPaths", "expectFields", "expectError"},
    "listen": {"listen", "query", "document"},
    "expectEvent": {"expectEvent", "paths", "changes", "exists"},
    "expectNoEvent": {"expectNoEvent"},
}


def step_kind(step):
    kinds = [k for k in ("commit", "get", "listen", "expectEvent", "expectNoEvent") if k in step]
    if len(kinds) == 1:
        return kinds[0]
    if not kinds and "query" in step:
        return "query"
    raise ValueError(f"a step needs exactly one kind key: {sorted(step)}")


def validate(case):
    if set(case) != {"description", "steps"} or not case["steps"]:
        raise ValueError(f"a case has exactly a description and steps: {sorted(case)}")
    for index, step in enumerate(case["steps"]):
        kind = step_kind(step)
        unknown = set(step) - ALLOWED_KEYS[kind]
        if unknown:
            raise ValueError(f"step {index} ({kind}): unknown key(s) {sorted(unknown)}")
        if "expectError" in step and (not isinstance(step["expectError"], dict)
                                      or "code" not in step["expectError"]
                                      or set(step["expectError"]) - {"code", "message"}):
            raise ValueError(f"step {index}: expectError is {{code, message?}}")


def load_cases():
    cases = []
    for path in sorted(CASES_DIR.glob("*.json")):
        root = json.loads(path.read_text())
        assert set(root) == {"cases"}, path
        for case in root["cases"]:
            cases.append(pytest.param(case, id=f"{path.name}: {case['description']}"[:120]))
    return cases


CASES = load_cases()


def test_every_case_reads_strictly():
    assert len(CASES) == 40
    for param in CASES:
        validate(param.values[0])
    with pytest.raises(ValueError, match="expectPath"):
        validate({"description": "d", "steps": [{"query": {}, "expectPath": []}]})


def full_name(name):
    return name if name.startswith("projects/") else f"{DOCUMENTS}/{name}"


def relative(name):
    return name[len(DOCUMENTS) + 1:] if name.startswith(DOCUMENTS + "/") else name


def absolute_write(write):
    write = json.loads(json.dumps(write))
    if "delete" in write:
        write["delete"] = full_name(write["delete"])
    if "update" in write and "name" in write["update"]:
        write["update"]["name"] = full_name(write["update"]["name"])
    if "transform" in write and "document" in write["transform"]:
        write["transform"]["document"] = full_name(write["transform"]["document"])
    return write


def fields_json(document_pb):
    from google.protobuf import json_format

    return json_format.MessageToDict(document_pb).get("fields", {})


def normalized_fields(fields):
    """A case's `fields` object as the wire would render it (so 1 and "1" compare as the proto does)."""
    from google.cloud.firestore_v1.types import document as d

    return fields_json(d.Document.pb(d.Document.from_json(json.dumps({"fields": fields}))))


def check_error(error, expected, where):
    assert error.grpc_status_code.name == expected["code"], f"{where}: {error}"
    if "message" in expected:
        assert error.message == expected["message"], where


class Listener:
    """One `on_snapshot` of the official client; its events queue up in arrival order."""

    def __init__(self, target, document=False):
        self.events = queue.Queue()
        self.document = document
        self.watch = target.on_snapshot(self.deliver)

    def deliver(self, snapshot, changes, read_time):
        if not self.document:
            event = {
                "paths": [s.reference.path for s in snapshot],
                "changes": [[c.type.name.lower(), c.document.reference.path, c.old_index, c.new_index]
                            for c in changes],
            }
        else:
            event = {"exists": bool(snapshot) and snapshot[0].exists}
        self.events.put(event)

    def next(self, timeout=30):
        return self.events.get(timeout=timeout)

    def close(self):
        self.watch.unsubscribe()


def client_query(client, query):
    """The client's Query for a listener case's StructuredQuery (from, orderBy, limit: all they use)."""
    from google.cloud.firestore_v1 import Query

    unknown = set(query) - {"from", "orderBy", "limit"}
    assert not unknown, f"listener queries use from, orderBy and limit only: {unknown}"
    (source,) = query["from"]
    if source.get("allDescendants"):
        built = client.collection_group(source["collectionId"])
    else:
        built = client.collection(source["collectionId"])
    for order in query.get("orderBy", []):
        direction = Query.DESCENDING if order.get("direction") == "DESCENDING" else Query.ASCENDING
        built = built.order_by(order["field"]["fieldPath"], direction=direction)
    if "limit" in query:
        built = built.limit(query["limit"])
    return built


@pytest.fixture
def spec_client(server):
    from google.cloud import firestore

    client = firestore.Client(project=PROJECT)
    yield client
    client.close()


def clear_database(server):
    import urllib.request

    request = urllib.request.Request(f"http://{server.host}/emulator/v1/{DOCUMENTS}", method="DELETE")
    with urllib.request.urlopen(request) as response:
        assert response.status == 200


@pytest.mark.parametrize("case", CASES)
def test_spec_case_over_grpc(server, spec_client, case):
    from google.api_core import exceptions
    from google.cloud.firestore_v1.types import firestore as fs
    from google.cloud.firestore_v1.types import query as q
    from google.cloud.firestore_v1.types import write as w
    from google.cloud.firestore_v1.types import document as d

    validate(case)
    clear_database(server)
    api = spec_client._firestore_api
    commit_times = {}
    listeners = {}
    awaiting_silence = set()
    try:
        for index, step in enumerate(case["steps"]):
            where = f"step {index}"
            kind = step_kind(step)
            if kind == "commit":
                writes = [w.Write.from_json(json.dumps(absolute_write(x))) for x in step["commit"]]
                try:
                    response = api.commit(request=fs.CommitRequest(database=DATABASE, writes=writes))
                except exceptions.GoogleAPICallError as error:
                    assert "expectError" in step, f"{where} failed: {error}"
                    check_error(error, step["expectError"], where)
                    continue
                assert "expectError" not in step, f"{where} should have failed"
                commit_times[index] = response.commit_time
                if "expectTransformResults" in step:
                    actual = [[fields_json(d.Document.pb(d.Document(fields={"v": v})))["v"] for v in r.transform_results]
                              for r in response.write_results]
                    expected = [[normalized_fields({"v": v})["v"] for v in results]
                                for results in step["expectTransformResults"]]
                    assert actual == expected, where
            elif kind == "get":
                try:
                    document = api.get_document(request=fs.GetDocumentRequest(name=full_name(step["get"])))
                except exceptions.NotFound:
                    document = None
                if step.get("expectMissing"):
                    assert document is None, where
                if "expectFields" in step:
                    assert document is not None, f"{where}: missing"
                    assert fields_json(d.Document.pb(document)) == normalized_fields(step["expectFields"]), where
                if "expectUpdateTimeOfStep" in step:
                    assert document is not None and document.update_time == commit_times[step["expectUpdateTimeOfStep"]], where
            elif kind == "query":
                parent = full_name(step["parent"]) if "parent" in step else DOCUMENTS
                try:
                    structured = q.StructuredQuery.from_json(json.dumps(step["query"]))
                    responses = api.run_query(request=fs.RunQueryRequest(parent=parent, structured_query=structured))
                    documents = [r.document for r in responses if r.document.name]
                except exceptions.GoogleAPICallError as error:
                    assert "expectError" in step, f"{where} failed: {error}"
                    check_error(error, step["expectError"], where)
                    continue
                assert "expectError" not in step, f"{where} should have failed"
                if "expectPaths" in step:
                    assert [relative(x.name) for x in documents] == step["expectPaths"], where
                if "expectFields" in step:
                    assert [fields_json(d.Document.pb(x)) for x in documents] == [
                        normalized_fields(f) for f in step["expectFields"]], where
            elif kind == "listen":
                if "document" in step:
                    listeners[step["listen"]] = Listener(spec_client.document(step["document"]), document=True)
                else:
                    listeners[step["listen"]] = Listener(client_query(spec_client, step["query"]))
            elif kind == "expectEvent":
                name = step["expectEvent"]
                awaiting_silence.discard(name)
                event = listeners[name].next()
                for key in ("paths", "exists"):
                    if key in step:
                        assert event[key] == step[key], f"{where} ({name}) {key}: {event}"
                if "changes" in step:
                    # Kinds and documents, in order; the indexes are the client's own arithmetic (see the top).
                    assert [c[:2] for c in event["changes"]] == [c[:2] for c in step["changes"]], f"{where} ({name}): {event}"

            else:
                awaiting_silence.add(step["expectNoEvent"])
        for name in awaiting_silence:
            # Silence at the end: a listener opened after the last commit has seen everything, and the
            # old listener's stream had reached the same commits long before; nothing may be queued.
            fresh = Listener(spec_client.collection("spec-case-end"))
            fresh.next()
            fresh.close()
            assert listeners[name].events.empty(), f"{name} got an event the case says never comes"
    finally:
        for listener in listeners.values():
            listener.close()

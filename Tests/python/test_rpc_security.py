"""A signed-in user (or nobody) can never read or write past the rules, through any RPC.

Each test calls one RPC of the Firestore gRPC service directly (the generated low-level client,
not the SDK's conveniences) with a non-admin token and checks that the rules were applied: the
call is refused with PERMISSION_DENIED (or the write stream / listen target ends with it), and
no protected document's data appears anywhere in what came back or in the database.
"""
import queue
import threading

import grpc
import pytest
from google.cloud.firestore_v1.services.firestore import FirestoreClient
from google.cloud.firestore_v1.services.firestore.transports.grpc import FirestoreGrpcTransport
from google.cloud.firestore_v1.types import (
    BatchGetDocumentsRequest,
    BatchWriteRequest,
    BeginTransactionRequest,
    CommitRequest,
    Document,
    GetDocumentRequest,
    ListCollectionIdsRequest,
    ListDocumentsRequest,
    ListenRequest,
    PartitionQueryRequest,
    RollbackRequest,
    RunAggregationQueryRequest,
    RunQueryRequest,
    StructuredAggregationQuery,
    StructuredQuery,
    Target,
    TargetChange,
    Value,
    Write,
    WriteRequest,
)
from google.api_core import exceptions

from conftest import unsigned_jwt
from hearth_server import HearthServer

PROJECT = "rpc-security"
DATABASE = f"projects/{PROJECT}/databases/(default)"
ROOT = f"{DATABASE}/documents"
SECRET = "top-secret-value"

RULES = """
rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /users/{uid} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
    match /public/{doc} {
      allow read: if true;
    }
  }
}
"""

ADMIN = [("authorization", "Bearer owner")]
ALICE = [("authorization", "Bearer " + unsigned_jwt({"sub": "alice"}))]
NOBODY = []
CALLERS = {"alice": ALICE, "nobody": NOBODY}


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    data = tmp_path_factory.mktemp("rpc-security")
    rules_file = data / "firestore.rules"
    rules_file.write_text(RULES)
    hearth = HearthServer(data / "db", extra_args=["--rules", str(rules_file)]).start()
    channel = grpc.insecure_channel(hearth.host)
    client = FirestoreClient(transport=FirestoreGrpcTransport(channel=channel))
    writes = [
        write("users/alice", {"name": "Alice"}),
        write("users/bob", {"name": "Bob", "secret": SECRET}),
        write("secret/s1", {"secret": SECRET}),
        write("public/p1", {"name": "open"}),
    ]
    client.commit(request=CommitRequest(database=DATABASE, writes=writes), metadata=ADMIN)
    yield client
    channel.close()
    hearth.stop()


def write(path, fields):
    values = {k: Value(string_value=v) for k, v in fields.items()}
    return Write(update=Document(name=f"{ROOT}/{path}", fields=values))


def query(collection, all_descendants=False):
    return StructuredQuery(from_=[StructuredQuery.CollectionSelector(collection_id=collection, all_descendants=all_descendants)])


def denied(call):
    with pytest.raises(exceptions.PermissionDenied):
        result = call()
        # Server streams raise when iterated; anything yielded before must not leak data.
        for item in result if hasattr(result, "__iter__") else []:
            assert SECRET not in str(item)


def bob_unchanged(api):
    doc = api.get_document(request=GetDocumentRequest(name=f"{ROOT}/users/bob"), metadata=ADMIN)
    assert doc.fields["secret"].string_value == SECRET
    assert set(doc.fields) == {"name", "secret"}


def alice_unchanged(api):
    doc = api.get_document(request=GetDocumentRequest(name=f"{ROOT}/users/alice"), metadata=ADMIN)
    assert dict((k, v.string_value) for k, v in doc.fields.items()) == {"name": "Alice"}


@pytest.mark.parametrize("caller", CALLERS)
def test_get_document(api, caller):
    for path in ("users/bob", "secret/s1", "secret/missing"):
        denied(lambda: api.get_document(request=GetDocumentRequest(name=f"{ROOT}/{path}"), metadata=CALLERS[caller]))
    assert api.get_document(request=GetDocumentRequest(name=f"{ROOT}/public/p1"), metadata=CALLERS[caller]).fields


def test_get_document_allowed_for_owner(api):
    doc = api.get_document(request=GetDocumentRequest(name=f"{ROOT}/users/alice"), metadata=ALICE)
    assert doc.fields["name"].string_value == "Alice"


@pytest.mark.parametrize("caller", CALLERS)
def test_batch_get_documents(api, caller):
    names = [f"{ROOT}/public/p1", f"{ROOT}/users/bob"]
    denied(lambda: api.batch_get_documents(request=BatchGetDocumentsRequest(database=DATABASE, documents=names), metadata=CALLERS[caller]))


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("collection,group", [("users", False), ("secret", False), ("users", True)])
def test_run_query(api, caller, collection, group):
    request = RunQueryRequest(parent=ROOT, structured_query=query(collection, group))
    denied(lambda: api.run_query(request=request, metadata=CALLERS[caller]))


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("collection", ["users", "secret"])
def test_run_aggregation_query(api, caller, collection):
    aggregation = StructuredAggregationQuery(
        structured_query=query(collection),
        aggregations=[StructuredAggregationQuery.Aggregation(count=StructuredAggregationQuery.Aggregation.Count(), alias="n")],
    )
    request = RunAggregationQueryRequest(parent=ROOT, structured_aggregation_query=aggregation)
    denied(lambda: api.run_aggregation_query(request=request, metadata=CALLERS[caller]))


@pytest.mark.parametrize("caller", CALLERS)
def test_partition_query(api, caller):
    request = PartitionQueryRequest(parent=ROOT, structured_query=query("users", True), partition_count=4)
    denied(lambda: api.partition_query(request=request, metadata=CALLERS[caller]))


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("collection", ["users", "secret"])
def test_list_documents(api, caller, collection):
    request = ListDocumentsRequest(parent=ROOT, collection_id=collection, show_missing=True)
    denied(lambda: api.list_documents(request=request, metadata=CALLERS[caller]))


@pytest.mark.parametrize("caller", CALLERS)
def test_list_collection_ids(api, caller):
    for parent in (ROOT, f"{ROOT}/users/alice"):
        denied(lambda: api.list_collection_ids(request=ListCollectionIdsRequest(parent=parent), metadata=CALLERS[caller]))


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("target", ["query", "document", "group"])
def test_listen(api, caller, target):
    if target == "query":
        spec = Target(target_id=1, query=Target.QueryTarget(parent=ROOT, structured_query=query("users")))
    elif target == "group":
        spec = Target(target_id=1, query=Target.QueryTarget(parent=ROOT, structured_query=query("secret", True)))
    else:
        spec = Target(target_id=1, documents=Target.DocumentsTarget(documents=[f"{ROOT}/users/bob"]))
    done = threading.Event()

    def requests():
        yield ListenRequest(database=DATABASE, add_target=spec)
        done.wait(30)  # keep the stream open until the test has its answer

    removed = None
    try:
        for response in api.listen(requests=requests(), metadata=CALLERS[caller], timeout=30):
            assert SECRET not in str(response)
            assert "document_change" not in response
            change = response.target_change
            if change.target_change_type == TargetChange.TargetChangeType.REMOVE:
                removed = change
                break
            assert change.target_change_type != TargetChange.TargetChangeType.CURRENT
    except exceptions.PermissionDenied:
        removed = "stream"
    finally:
        done.set()
    assert removed is not None
    if removed != "stream":
        assert removed.cause.code == grpc.StatusCode.PERMISSION_DENIED.value[0]


@pytest.mark.parametrize("caller", CALLERS)
def test_commit_is_refused_whole(api, caller):
    writes = [write("users/alice", {"name": "changed"}), write("users/bob", {"name": "stolen"})]
    denied(lambda: api.commit(request=CommitRequest(database=DATABASE, writes=writes), metadata=CALLERS[caller]))
    bob_unchanged(api)
    alice_unchanged(api)
    denied(lambda: api.commit(request=CommitRequest(database=DATABASE, writes=[Write(delete=f"{ROOT}/users/bob")]), metadata=CALLERS[caller]))
    bob_unchanged(api)


def test_batch_write_refuses_each_forbidden_write(api):
    writes = [write("users/alice", {"name": "Alice"}), write("users/bob", {"name": "stolen"}), Write(delete=f"{ROOT}/secret/s1")]
    response = api.batch_write(request=BatchWriteRequest(database=DATABASE, writes=writes), metadata=ALICE)
    codes = [status.code for status in response.status]
    denied_code = grpc.StatusCode.PERMISSION_DENIED.value[0]
    assert codes == [0, denied_code, denied_code]
    bob_unchanged(api)
    assert api.get_document(request=GetDocumentRequest(name=f"{ROOT}/secret/s1"), metadata=ADMIN).fields["secret"].string_value == SECRET


def test_batch_write_anonymous(api):
    response = api.batch_write(request=BatchWriteRequest(database=DATABASE, writes=[write("users/bob", {"name": "x"})]), metadata=NOBODY)
    assert [status.code for status in response.status] == [grpc.StatusCode.PERMISSION_DENIED.value[0]]
    bob_unchanged(api)


@pytest.mark.parametrize("caller", CALLERS)
def test_write_stream(api, caller):
    tokens = queue.Queue()

    def requests():
        yield WriteRequest(database=DATABASE)
        token = tokens.get(timeout=30)
        yield WriteRequest(writes=[write("users/bob", {"name": "stolen"})], stream_token=token)
        tokens.get(timeout=30)  # keep the stream open until it ends

    with pytest.raises(exceptions.PermissionDenied):
        try:
            for response in api.write(requests=requests(), metadata=CALLERS[caller], timeout=30):
                assert not response.write_results
                tokens.put(response.stream_token)
        finally:
            tokens.put(b"")
    bob_unchanged(api)


@pytest.mark.parametrize("caller", CALLERS)
def test_transaction_reads_and_commit(api, caller):
    metadata = CALLERS[caller]
    transaction = api.begin_transaction(request=BeginTransactionRequest(database=DATABASE), metadata=metadata).transaction
    denied(lambda: api.get_document(request=GetDocumentRequest(name=f"{ROOT}/users/bob", transaction=transaction), metadata=metadata))
    transaction = api.begin_transaction(request=BeginTransactionRequest(database=DATABASE), metadata=metadata).transaction
    denied(lambda: api.run_query(request=RunQueryRequest(parent=ROOT, structured_query=query("users"), transaction=transaction), metadata=metadata))
    transaction = api.begin_transaction(request=BeginTransactionRequest(database=DATABASE), metadata=metadata).transaction
    writes = [write("users/bob", {"name": "stolen"})]
    denied(lambda: api.commit(request=CommitRequest(database=DATABASE, writes=writes, transaction=transaction), metadata=metadata))
    bob_unchanged(api)
    transaction = api.begin_transaction(request=BeginTransactionRequest(database=DATABASE), metadata=metadata).transaction
    api.rollback(request=RollbackRequest(database=DATABASE, transaction=transaction), metadata=metadata)


def test_foreign_transaction_id_gives_no_access(api):
    # A transaction begun by the admin does not lend its rights to a user who presents its id.
    transaction = api.begin_transaction(request=BeginTransactionRequest(database=DATABASE), metadata=ADMIN).transaction
    denied(lambda: api.get_document(request=GetDocumentRequest(name=f"{ROOT}/users/bob", transaction=transaction), metadata=ALICE))
    writes = [write("users/bob", {"name": "stolen"})]
    with pytest.raises((exceptions.PermissionDenied, exceptions.InvalidArgument, exceptions.FailedPrecondition)):
        api.commit(request=CommitRequest(database=DATABASE, writes=writes, transaction=transaction), metadata=ALICE)
    bob_unchanged(api)

import uuid

import requests

from conftest import PROJECT

OWNER = {"Authorization": "Bearer owner"}


def base(server, database="(default)"):
    return f"{server.url}/v1/projects/{PROJECT}/databases/{database}/documents"


def test_root_answers_ok(server):
    response = requests.get(server.url + "/")
    assert response.status_code == 200
    assert response.text.strip() == "Ok"


def test_document_crud_over_rest(server):
    coll = f"rest-{uuid.uuid4().hex[:8]}"
    created = requests.post(f"{base(server)}/{coll}?documentId=d1", headers=OWNER, json={
        "fields": {"n": {"integerValue": "5"}, "s": {"stringValue": "x"}, "z": {"nullValue": None},
                   "t": {"timestampValue": "2024-01-02T03:04:05.123456Z"}, "d": {"doubleValue": "NaN"}}})
    assert created.status_code == 200, created.text
    body = created.json()
    assert body["name"].endswith(f"/documents/{coll}/d1")
    assert body["fields"]["n"] == {"integerValue": "5"}
    assert body["fields"]["z"] == {"nullValue": None}
    assert body["fields"]["d"] == {"doubleValue": "NaN"}
    got = requests.get(f"{base(server)}/{coll}/d1", headers=OWNER).json()
    assert got["fields"]["t"] == {"timestampValue": "2024-01-02T03:04:05.123456Z"}
    patched = requests.patch(f"{base(server)}/{coll}/d1?updateMask.fieldPaths=n", headers=OWNER,
                             json={"fields": {"n": {"integerValue": "6"}}})
    assert patched.status_code == 200, patched.text
    assert patched.json()["fields"]["s"] == {"stringValue": "x"}
    listed = requests.get(f"{base(server)}/{coll}", headers=OWNER).json()
    assert [d["name"].rsplit("/", 1)[1] for d in listed["documents"]] == ["d1"]
    assert requests.delete(f"{base(server)}/{coll}/d1", headers=OWNER).status_code == 200
    missing = requests.get(f"{base(server)}/{coll}/d1", headers=OWNER)
    assert missing.status_code == 404
    assert missing.json()["error"]["status"] == "NOT_FOUND"


def test_commit_query_and_aggregation_over_rest(server):
    coll = f"rest-{uuid.uuid4().hex[:8]}"
    root = f"projects/{PROJECT}/databases/(default)/documents"
    writes = [{"update": {"name": f"{root}/{coll}/d{i}", "fields": {"i": {"integerValue": str(i)}}}} for i in range(3)]
    commit = requests.post(f"{base(server)}:commit", headers=OWNER, json={"writes": writes})
    assert commit.status_code == 200, commit.text
    assert len(commit.json()["writeResults"]) == 3
    query = {"structuredQuery": {"from": [{"collectionId": coll}],
                                 "where": {"fieldFilter": {"field": {"fieldPath": "i"}, "op": "GREATER_THAN",
                                                           "value": {"integerValue": "0"}}},
                                 "orderBy": [{"field": {"fieldPath": "i"}, "direction": "DESCENDING"}]}}
    results = requests.post(f"{base(server)}:runQuery", headers=OWNER, json=query)
    assert results.status_code == 200, results.text
    assert results.text.startswith("[")
    names = [r["document"]["name"].rsplit("/", 1)[1] for r in results.json() if "document" in r]
    assert names == ["d2", "d1"]
    aggregation = {"structuredAggregationQuery": {"structuredQuery": {"from": [{"collectionId": coll}]},
                                                  "aggregations": [{"alias": "n", "count": {}}]}}
    counted = requests.post(f"{base(server)}:runAggregationQuery", headers=OWNER, json=aggregation).json()
    assert counted[0]["result"]["aggregateFields"]["n"] == {"integerValue": "3"}
    batch = requests.post(f"{base(server)}:batchGet", headers=OWNER,
                          json={"documents": [f"{root}/{coll}/d0", f"{root}/{coll}/nope"]}).json()
    assert sorted("found" in r for r in batch) == [False, True]


def test_transaction_over_rest(server):
    begin = requests.post(f"{base(server)}:beginTransaction", headers=OWNER, json={})
    assert begin.status_code == 200
    transaction = begin.json()["transaction"]
    assert requests.post(f"{base(server)}:rollback", headers=OWNER, json={"transaction": transaction}).status_code == 200


def test_bad_requests_get_firestore_errors(server):
    bad_json = requests.post(f"{base(server)}:commit", headers={**OWNER, "Content-Type": "application/json"}, data="{not json")
    assert bad_json.status_code == 400
    assert bad_json.json()["error"]["status"] == "INVALID_ARGUMENT"
    assert requests.get(f"{server.url}/v1/nonsense", headers=OWNER).status_code == 404
    bad_name = requests.get(f"{server.url}/v1/projects/{PROJECT}/databases/UPPER/documents/a/b", headers=OWNER)
    assert bad_name.status_code == 400
    huge = requests.post(f"{base(server)}:commit", headers=OWNER, data=b"x" * (11 * 1024 * 1024))
    assert huge.status_code == 413
    assert requests.get(server.url + "/").status_code == 200


def test_clear_database_endpoint(server, client):
    ref = client.collection(f"clear-{uuid.uuid4().hex[:6]}").document("d")
    ref.set({"v": 1})
    response = requests.delete(f"{server.url}/emulator/v1/projects/{PROJECT}/databases/(default)/documents")
    assert response.status_code == 200
    assert not ref.get().exists

"""Web apps on Hearth: the real Firebase JS SDK 12.9.0 in headless Chromium, pages on another port.

Covers the modular full SDK (WebChannel) with default settings and with long polling, the lite SDK
(REST only) and the compat SDK, each asserting exact values; plus the Python client and the JS SDK
reading each other's data, rules with `mockUserToken`, a listener across back-channel renewals and
CORS for origins that are and are not allowed. Skips when ../shared/clients or chromium is absent.
"""
import base64
import datetime
import time
import uuid

import pytest
import requests

import web_scenarios as js
from conftest import unsigned_jwt
from hearth_server import HearthServer
from web_sdk import Browser, browser, missing_reason  # noqa: F401 (browser is a fixture)

pytestmark = pytest.mark.skipif(missing_reason() is not None, reason=missing_reason() or "")

PROJECT = "web-sdk-test"
RULES = """rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /private/{uid}/{rest=**} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
    match /{collection}/{rest=**} {
      allow read, write: if collection != 'private';
    }
  }
}
"""
# The settings of each flavour of the modular SDK.
FLAVOURS = {
    "full": {"module": js.FULL, "settings": {}},
    "long-polling": {"module": js.FULL, "settings": {"experimentalForceLongPolling": True}},
    "lite": {"module": js.LITE, "settings": {}, "lite": True},
}


@pytest.fixture(scope="module")
def hearth(tmp_path_factory):
    folder = tmp_path_factory.mktemp("web")
    rules = folder / "firestore.rules"
    rules.write_text(RULES)
    # Back channels renew every 2 s here, so every listener in this module lives through renewals.
    server = HearthServer(folder / "data", extra_args=["--rules", str(rules), "--web-channel-renewal", "2"]).start()
    yield server
    server.stop()


@pytest.fixture
def admin(hearth, monkeypatch):
    from google.cloud import firestore

    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", hearth.host)
    return firestore.Client(project=PROJECT)


def env(hearth, flavour="full", **extra):
    """The `env` of a scenario: where Hearth is, the SDK's settings, a fresh collection."""
    settings = FLAVOURS[flavour]
    values = {"host": "127.0.0.1", "port": hearth.port, "project": PROJECT, "settings": settings["settings"],
              "lite": settings.get("lite", False), "collection": f"web-{uuid.uuid4().hex[:10]}"}
    values.update(extra)
    return values


def run(browser, hearth, scenario, flavour="full", timeout=90, **extra):
    return browser.run(js.prelude(FLAVOURS[flavour]["module"]) + scenario, env(hearth, flavour, **extra), timeout)


EXPECTED_VALUES = {
    "nothing": None, "yes": True, "no": False, "int": 42, "negative": -7, "big": 9007199254740991, "double": 3.5,
    "tiny": 5e-324, "nan": "NaN", "inf": "Infinity", "ninf": "-Infinity", "text": "héllo ✓ 𝄞", "empty": "",
    "bytes": {"bytes": base64.b64encode(bytes([0, 1, 127, 128, 255])).decode()},
    "time": {"ts": [1700000000, 123456000]}, "place": {"geo": [37.7749, -122.4194]},
    "link": {"ref": "cities/LA"}, "list": [1, "two", 3.25, None, {"inner": [True]}],
    "nested": {"a": {"b": {"c": "deeper"}}, "dotted.key": 1, "spaced key": 2},
    "vec": {"vector": [0.5, -1, 2]}, "counter": 7, "tags": ["y"],
}


@pytest.mark.parametrize("flavour", ["full", "long-polling", "lite"])
def test_every_value_type_round_trips(browser, hearth, admin, flavour):
    from google.cloud.firestore import GeoPoint

    values = env(hearth, flavour)
    result = browser.run(js.prelude(FLAVOURS[flavour]["module"]) + js.VALUES, values, 90)
    assert result["exists"] is True and result["id"] == "all" and result["fromCache"] is False
    assert result["data"] == EXPECTED_VALUES
    assert abs(result["stampSeconds"] - time.time()) < 120
    # What the browser wrote, as the Python client reads it.
    stored = admin.collection(values["collection"]).document("all").get().to_dict()
    assert stored["int"] == 42 and isinstance(stored["int"], int) and stored["double"] == 3.5
    assert stored["bytes"] == bytes([0, 1, 127, 128, 255]) and stored["place"] == GeoPoint(37.7749, -122.4194)
    assert stored["time"].timestamp() == 1700000000.123456 and stored["link"].path == "cities/LA"
    assert stored["nested"] == {"a": {"b": {"c": "deeper"}}, "dotted.key": 1, "spaced key": 2}
    assert list(stored["vec"]) == [0.5, -1.0, 2.0] and stored["counter"] == 7 and stored["tags"] == ["y"]
    assert "gone" not in stored and stored["text"] == "héllo ✓ 𝄞"


@pytest.mark.parametrize("flavour", ["full", "long-polling", "lite"])
def test_batches_queries_cursors_and_aggregations(browser, hearth, flavour):
    result = run(browser, hearth, js.QUERIES, flavour)
    assert result == {
        "all": ["d0", "d1", "d2", "d4", "d5", "d6", "d7", "d8", "d10", "d3"],
        "even": ["d0", "d2", "d4", "d6", "d8", "d10"],
        "afterTwo": ["d4", "d5", "d6"],
        "atFourToSix": ["d4", "d5", "d6"],
        "beforeFive": ["d0", "d1", "d2", "d4"],
        "afterDoc": ["d4", "d5"],
        "lastTwo": ["d10", "d3"],
        "lastTwoBeforeTen": ["d7", "d8"],
        "descending": ["d3", "d10"],
        "inList": ["d1", "d4", "d3"],
        "notIn": ["d7", "d3"],
        "count": 6, "total": 30, "mean": (0 + 3 + 6 + 9 + 12 + 15) / 6,
    }


@pytest.mark.parametrize("flavour", ["full", "long-polling", "lite"])
def test_transactions_with_verify_writes(browser, hearth, flavour):
    result = run(browser, hearth, js.TRANSACTIONS, flavour)
    assert result == {"returned": 5, "readOnly": 5, "failed": "not-found", "a": {"v": 5}, "b": {"v": 6}, "c": {"created": True}}


def test_contended_transactions_from_two_pages(browser, hearth, admin):
    shared = env(hearth, rounds=8)
    pages = [browser.open(js.prelude() + js.CONTENDED, shared) for _ in range(2)]
    try:
        for page in pages:
            page.evaluate("window.__go = true")
        results = [Browser.result(page, 120) for page in pages]
    finally:
        for page in pages:
            page.context.close()
    assert admin.collection(shared["collection"]).document("counter").get().to_dict() == {"n": 16}
    assert all(r["attempts"] >= 8 for r in results)


@pytest.mark.parametrize("flavour", ["full", "long-polling"])
def test_listeners_doc_changes_pending_writes_and_unsubscribe(browser, hearth, flavour):
    result = run(browser, hearth, js.LISTENERS, flavour)
    assert result["snapshots"] == [
        [["added", "a", -1, 0, 1], ["added", "b", -1, 1, 2], ["added", "c", -1, 2, 3]],
        [["modified", "b", 1, 2, 10]],
        [["removed", "a", 0, -1, 1]],
        [["added", "d", -1, 0, 0]],
    ]
    assert result["afterUnsubscribe"] == 4
    # The document listener: missing, then the local write pending, then confirmed by the server.
    assert result["pending"] == [[None, False, False], [7, True, False], [7, False, False]]


@pytest.mark.parametrize("flavour", ["full", "long-polling"])
def test_python_write_seen_live_across_back_channel_renewals(browser, hearth, admin, flavour):
    values = env(hearth, flavour, expect="late")
    page = browser.open(js.prelude(FLAVOURS[flavour]["module"]) + js.WAIT_FOR_DOC, values)
    try:
        page.wait_for_function("window.__ready === true", timeout=30000)
        time.sleep(5)  # two and a half renewals of the back channel (--web-channel-renewal 2)
        admin.collection(values["collection"]).document("late").set({"n": 1, "when": datetime.datetime(2024, 5, 6, tzinfo=datetime.timezone.utc)})
        result = Browser.result(page, 60)
    finally:
        page.context.close()
    assert result["seen"] == [["added", "late", {"n": 1, "when": {"ts": [1714953600, 0]}}]]


def test_listener_over_five_thousand_documents(browser, hearth, admin):
    values = env(hearth, count=5000)
    collection = admin.collection(values["collection"])
    for start in range(0, 5000, 500):
        batch = admin.batch()
        for i in range(start, start + 500):
            batch.set(collection.document(f"doc{i:05d}"), {"n": i, "label": f"item {i}"})
        batch.commit()
    result = run(browser, hearth, js.BIG_LISTENER, count=5000, collection=values["collection"], timeout=150)
    assert result["size"] == 5000 and result["total"] == sum(range(5000)) and result["changes"] == 5000


@pytest.mark.parametrize("flavour", ["full", "long-polling", "lite"])
def test_rules_see_mock_user_token(browser, hearth, flavour):
    result = run(browser, hearth, js.RULES, flavour, uid="alice", mockUserToken={"sub": "alice", "email": "alice@x.io"})
    expected = {"writeMine": "ok", "readMine": "ok", "writeTheirs": "permission-denied", "readTheirs": "permission-denied",
                "queryTheirs": "permission-denied"}
    if flavour != "lite":
        expected["listenTheirs"] = "permission-denied"
    assert result == expected


def test_request_log_shows_webchannel_streams_with_principal_and_verdicts(browser, hearth):
    # Verdicts are traced while the console's Requests tab reads the ring.
    assert requests.get(f"{hearth.url}/console/api/requests", params={"limit": 1}).status_code == 200
    # terminate() ends the session, and with it the Listen stream, whose log line is written at its end.
    run(browser, hearth, js.RULES, "full", uid="carol", mockUserToken={"sub": "carol"}, terminate=True)
    deadline = time.time() + 10
    while True:
        records = requests.get(f"{hearth.url}/console/api/requests").json()["records"]
        mine = [r for r in records if r["principal"] == "uid:carol"]
        if any(r["method"] == "Listen" for r in mine) or time.time() > deadline:
            break
        time.sleep(0.1)
    writes = [r for r in mine if r["method"] == "Write"]
    listens = [r for r in mine if r["method"] == "Listen"]
    assert [w["status"] for w in writes if w["path"].endswith("/private/carol/notes/n1")] == ["OK"]
    denied = [w for w in writes if w["path"].endswith("/private/mallory/notes/n1")]
    assert [w["status"] for w in denied] == ["PERMISSION_DENIED"] and denied[0]["rules"] == "denied"
    assert listens and all(r["status"] == "OK" for r in listens)
    targets = [v for r in listens for v in r["verdicts"]]
    assert any(v["path"].endswith("private/mallory/notes/n1") and v["allowed"] is False for v in targets)


def test_unauthenticated_page_is_refused_by_rules(browser, hearth):
    result = run(browser, hearth, js.RULES, "full", uid="alice")
    assert result["writeMine"] == "permission-denied" and result["listenTheirs"] == "permission-denied"


def test_errors_map_to_sdk_codes(browser, hearth):
    result = run(browser, hearth, js.ERRORS)
    assert result == {"updateMissing": "not-found", "deleteMissing": "ok", "tooLarge": "invalid-argument",
                      "afterFailures": "ok", "updateMissingInTransaction": "not-found", "exists": False}


@pytest.mark.parametrize("flavour", ["full", "lite"])
def test_python_and_js_read_each_others_data(browser, hearth, admin, flavour):
    from google.cloud.firestore import GeoPoint

    values = env(hearth, flavour)
    collection = admin.collection(values["collection"])
    written = {"s": "ünï", "i": 2**53 + 1, "f": 0.1, "b": b"\x00\xff", "t": datetime.datetime(2020, 1, 2, 3, 4, 5, 678901, tzinfo=datetime.timezone.utc),
               "g": GeoPoint(1.5, -2.5), "r": admin.document("x/y"), "a": [1, {"m": None}], "m": {"k": True}}
    collection.document("from-python").set(written)
    result = browser.run(js.prelude(FLAVOURS[flavour]["module"]) + js.ROUND_TRIP, values, 60)
    # 2**53 + 1 is beyond a JavaScript number: the SDK reads it as the nearest double.
    assert result == {"s": "ünï", "i": 2**53, "f": 0.1, "b": {"bytes": "AP8="}, "t": {"ts": [1577934245, 678901000]},
                      "g": {"geo": [1.5, -2.5]}, "r": {"ref": "x/y"}, "a": [1, {"m": None}], "m": {"k": True}}
    back = collection.document("from-js").get().to_dict()
    assert back["s"] == "ünï" and back["i"] == 2**53 and back["b"] == b"\x00\xff" and back["g"] == GeoPoint(1.5, -2.5)
    assert back["t"] == written["t"] and back["r"].path == "x/y" and back["a"] == [1, {"m": None}] and back["m"] == {"k": True}


def test_compat_sdk(browser, hearth):
    values = env(hearth)
    result = browser.run(js.COMPAT, values, 60)
    assert result == {"seen": [[["y", 3], ["x", 11]]], "x": [11, 1700000000, 5000], "addedIdLength": 20}


# ---- CORS and the WebChannel endpoints, as plain HTTP ----

def test_cors_preflight_and_headers_for_loopback_origins(hearth):
    url = f"{hearth.url}/v1/projects/{PROJECT}/databases/(default)/documents:commit"
    for origin in ["http://localhost:5173", "http://127.0.0.1:3000", "http://[::1]:8081"]:
        preflight = requests.options(url, headers={
            "Origin": origin, "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization,content-type,x-goog-api-client"})
        assert preflight.status_code == 204
        assert preflight.headers["Access-Control-Allow-Origin"] == origin
        assert preflight.headers["Access-Control-Allow-Credentials"] == "true"
        assert preflight.headers["Access-Control-Allow-Headers"] == "authorization,content-type,x-goog-api-client"
        assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    answer = requests.post(url, data="{}", headers={"Origin": "http://localhost:5173", "Content-Type": "text/plain"})
    assert answer.status_code == 200
    assert answer.headers["Access-Control-Allow-Origin"] == "http://localhost:5173"
    assert "X-HTTP-Session-Id" in answer.headers["Access-Control-Expose-Headers"]


def test_cors_refuses_other_origins_naming_the_flag(hearth):
    url = f"{hearth.url}/v1/projects/{PROJECT}/databases/(default)/documents/c/d"
    for method in ["OPTIONS", "GET"]:
        answer = requests.request(method, url, headers={"Origin": "http://192.168.1.20:5173", "Access-Control-Request-Method": "GET"})
        assert answer.status_code == 403
        error = answer.json()["error"]
        assert error["status"] == "PERMISSION_DENIED" and "--cors-origin http://192.168.1.20:5173" in error["message"]
        assert "Access-Control-Allow-Origin" not in answer.headers


def test_cors_origin_flag_allows_an_origin_and_star_allows_all(tmp_path):
    url_path = f"/v1/projects/{PROJECT}/databases/(default)/documents/c/d"
    lan = HearthServer(tmp_path / "lan", extra_args=["--cors-origin", "http://192.168.1.20:5173"]).start()
    try:
        allowed = requests.get(lan.url + url_path, headers={"Origin": "http://192.168.1.20:5173"})
        assert allowed.status_code == 404 and allowed.headers["Access-Control-Allow-Origin"] == "http://192.168.1.20:5173"
        assert requests.get(lan.url + url_path, headers={"Origin": "http://192.168.1.21:5173"}).status_code == 403
    finally:
        lan.stop()
    star = HearthServer(tmp_path / "star", extra_args=["--cors-origin", "*"]).start()
    try:
        anywhere = requests.get(star.url + url_path, headers={"Origin": "https://app.example.com"})
        assert anywhere.status_code == 404 and anywhere.headers["Access-Control-Allow-Origin"] == "https://app.example.com"
        assert any("--cors-origin '*'" in line for line in star.lines)
    finally:
        star.stop()


def test_webchannel_unknown_session_and_terminate(hearth):
    base = f"{hearth.url}/google.firestore.v1.Firestore/Listen/channel"
    gone = requests.post(f"{base}?VER=8&SID=no-such-session&RID=5&AID=0", data="count=0&ofs=0")
    assert gone.status_code == 400 and gone.text.index("Unknown SID") > 0
    database = f"projects/{PROJECT}/databases/(default)"
    body = "headers=" + requests.utils.quote("Authorization:Bearer owner\r\n", safe="") + "&count=1&ofs=0&req0___data__=" + requests.utils.quote(
        '{"database":"%s","addTarget":{"documents":{"documents":["%s/documents/c/d"]},"targetId":2}}' % (database, database), safe="")
    handshake = requests.post(f"{base}?database={database}&VER=8&RID=1000&CVER=22&X-HTTP-Session-Id=gsessionid&t=1", data=body,
                              headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert handshake.status_code == 200 and handshake.headers.get("X-HTTP-Session-Id")
    length, text = handshake.text.split("\n", 1)
    assert int(length) == len(text.encode("utf-16-le")) // 2
    sid = text.split('"')[3]
    assert text == '[[0,["c","%s","",8,14,30000]]]' % sid
    poll = requests.get(f"{base}?database={database}&VER=8&RID=rpc&SID={sid}&AID=0&CI=1&TYPE=xmlhttp&t=1")
    length, arrays = poll.text.split("\n", 1)
    assert int(length) == len(arrays) and arrays.startswith('[[1,[{"targetChange":{"targetChangeType":"ADD","targetIds":[2]}}]]')
    ack = requests.post(f"{base}?VER=8&SID={sid}&RID=1001&AID=1", data="count=0&ofs=1")
    assert ack.status_code == 200 and ack.text.split("\n", 1)[1].startswith("[0,")
    assert requests.get(f"{base}?VER=8&SID={sid}&RID=1002&TYPE=terminate").status_code == 200
    again = requests.get(f"{base}?VER=8&RID=rpc&SID={sid}&AID=1&CI=1&TYPE=xmlhttp")
    assert again.status_code == 400 and "Unknown SID" in again.text


def test_listener_survives_an_emulator_restart(browser, tmp_path, monkeypatch):
    """The server restarts under an open page: its session is gone (`Unknown SID`), the SDK opens a
    new stream, resumes with its resume token, and the data written meanwhile is there."""
    from google.cloud import firestore

    first = HearthServer(tmp_path / "data").start()
    values = env(first, expect="after-restart")
    page = browser.open(js.prelude() + js.WAIT_FOR_DOC, values)
    second = None
    try:
        page.wait_for_function("window.__ready === true", timeout=30000)
        first.stop()
        second = HearthServer(tmp_path / "data", port=first.port).start()
        monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", second.host)
        firestore.Client(project=PROJECT).collection(values["collection"]).document("after-restart").set({"n": 2})
        result = Browser.result(page, 90)
    finally:
        page.context.close()
        if second:
            second.stop()
    assert result["seen"] == [["added", "after-restart", {"n": 2}]]

"""The Hearth Console in a real browser: Debian's chromium driven headless by Playwright.

Skips only when no chromium binary or no playwright module is present (`make deps` installs both).
Screenshots of each screen are taken on every run; `HEARTH_UPDATE_SCREENSHOTS=1` writes them to
docs/console/, the README's pictures.
"""
import base64
import datetime
import importlib.util
import os
import pathlib
import shutil
import uuid

import pytest
import requests

from conftest import unsigned_jwt, wait_for
from hearth_server import HearthServer

PROJECT = "console-test"
RULES = """rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /public/{id} {
      allow read: if true;
      allow write: if request.auth != null;
    }
    match /secret/{id} {
      allow read: if request.auth != null && request.auth.uid == 'boss';
    }
  }
}
"""
# Every run takes the screenshots (so a broken screen fails here); they replace the committed ones
# in docs/console/ only with HEARTH_UPDATE_SCREENSHOTS=1, so a test run leaves the tree clean.
_ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOTS = (_ROOT / "docs" / "console") if os.environ.get("HEARTH_UPDATE_SCREENSHOTS") == "1" \
    else (_ROOT / ".build" / "console-screenshots")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def hearth(tmp_path_factory):
    data = tmp_path_factory.mktemp("console-data")
    rules = data / "firestore.rules"
    rules.write_text(RULES)
    server = HearthServer(data / "db", extra_args=["--rules", str(rules), "--project", PROJECT,
                                                   "--request-log-size", "200"]).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def db(hearth):
    from google.cloud import firestore

    previous = os.environ.get("FIRESTORE_EMULATOR_HOST")
    os.environ["FIRESTORE_EMULATOR_HOST"] = hearth.host
    client = firestore.Client(project=PROJECT)
    yield client
    if previous is None:
        os.environ.pop("FIRESTORE_EMULATOR_HOST", None)
    else:
        os.environ["FIRESTORE_EMULATOR_HOST"] = previous


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None or importlib.util.find_spec("playwright") is None:
        pytest.skip("chromium or playwright is not installed (make deps installs both)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    opened = context.new_page()
    opened.dialogs = []

    def answer(dialog):
        opened.dialogs.append(dialog.message)
        dialog.accept(getattr(opened, "prompt_answer", "") if dialog.type == "prompt" else None)

    opened.on("dialog", answer)
    yield opened
    context.close()


def pump(page, predicate, timeout=10.0):
    """Waits for `predicate` while letting Playwright dispatch page events (dialogs are answered
    only while the sync API is inside a call)."""
    deadline = datetime.datetime.now() + datetime.timedelta(seconds=timeout)
    while datetime.datetime.now() < deadline:
        if predicate():
            return True
        page.wait_for_timeout(50)
    return predicate()


def console_url(hearth, fragment=""):
    return f"{hearth.url}/console/{fragment}"


def data_url(hearth, path=""):
    return console_url(hearth, f"#/data/{PROJECT}/(default)/{path}")


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_ready_line_and_health_check_unchanged(hearth):
    assert wait_for(lambda: any(f"http://127.0.0.1:{hearth.port}/console/" in line for line in hearth.lines))
    assert requests.get(hearth.url + "/").text == "Ok\n"
    page = requests.get(console_url(hearth))
    assert page.status_code == 200 and "Hearth Console" in page.text


def test_browse_three_panes_breadcrumbs_and_deep_link(hearth, db, page):
    db.collection("users").document("alice").set({"name": "Alice", "age": 31})
    db.collection("users").document("bob").set({"name": "Bob"})
    db.collection("users").document("alice").collection("posts").document("p1").set({"title": "Hi"})
    page.goto(data_url(hearth))
    page.click("#collection-list a[data-id=users]")
    page.wait_for_selector("#document-list li[data-id=bob]")
    page.click("#document-list li[data-id=alice] a")
    page.wait_for_selector("#field-table tr[data-field=name]")
    assert "users/alice" in page.url
    assert "Alice" in page.inner_text("#field-table tr[data-field=name]")
    assert "integer" in page.inner_text("#field-table tr[data-field=age]")
    page.wait_for_selector("#subcollection-list a:has-text('posts')")
    shot(page, "data")
    page.reload()  # the URL names the path: a reload shows the same document
    page.wait_for_selector("#field-table tr[data-field=name]")
    assert page.inner_text(".crumbs").replace(" ", "").endswith("users/alice")
    page.click("#subcollection-list a:has-text('posts')")
    page.wait_for_selector("#document-list li[data-id=p1]")
    assert "Collections of users/alice" in page.inner_text("#pane-collections h2")


def test_deep_link_first_page_is_fetched_once_while_modules_load(hearth, db, page):
    db.collection("prefetched").document("one").set({"n": 1})
    page.goto(data_url(hearth, "prefetched"))
    page.wait_for_selector("#document-list li[data-id=one]")
    page.wait_for_function("window.consolePrefetch === null")  # used by the first route, then dropped
    fetched = page.evaluate(
        "performance.getEntriesByType('resource').filter((e) => e.name.includes('/documents/prefetched?')).length")
    assert fetched == 1


def add_field(page, name, type_name, fill):
    page.click("#add-field")
    editor = page.locator(".editor").last
    editor.locator(".field-name").fill(name)
    editor.locator(".type-picker").select_option(type_name)
    fill(editor)
    editor.locator(".save-field").click()
    page.wait_for_selector(".editor", state="detached")  # the pane re-rendered after the save
    page.wait_for_selector(f"#field-table tr[data-field='{name}']")


def test_edit_every_value_type_and_check_with_client(hearth, db, page):
    from google.cloud.firestore_v1.vector import Vector
    from google.cloud.firestore import GeoPoint

    doc = db.collection("typed").document("t1")
    doc.set({"seed": True})
    page.goto(data_url(hearth, "typed/t1"))
    page.wait_for_selector("#field-table tr[data-field=seed]")

    add_field(page, "s", "string", lambda e: e.locator("textarea.value-input").fill("héllo wörld"))
    add_field(page, "i", "integer", lambda e: e.locator(".value-input").fill("42"))
    add_field(page, "d", "double", lambda e: e.locator(".value-input").fill("2.5"))
    add_field(page, "b", "boolean", lambda e: e.locator("select.value-input").select_option("false"))
    add_field(page, "n", "null", lambda e: None)
    add_field(page, "t", "timestamp", lambda e: e.locator(".value-input").fill("2024-05-06T07:08:09Z"))

    def geo(e):
        e.locator(".lat").fill("12.5")
        e.locator(".lng").fill("-45.25")

    add_field(page, "g", "geopoint", geo)
    add_field(page, "r", "reference", lambda e: e.locator(".value-input").fill("users/alice"))
    add_field(page, "y", "bytes", lambda e: e.locator(".value-input").fill(base64.b64encode(b"\x00\x01\xff").decode()))
    add_field(page, "a", "array", lambda e: e.locator("textarea").fill('[1, "a", true, 1.5]'))
    add_field(page, "m", "map", lambda e: e.locator("textarea").fill('{"k": 1.5, "inner": {"z": null}}'))
    add_field(page, "v", "vector", lambda e: e.locator(".value-input").fill("0.5, 1.5, -2"))
    add_field(page, "when", "timestamp", lambda e: e.locator(".value-input").fill("2001-01-01T00:00:00Z"))
    page.locator("#field-table tr[data-field=when] .edit-field").click()
    page.locator(".editor .server-time").click()
    page.wait_for_selector("#field-table tr[data-field=when] .edit-field")
    shot(page, "document")

    got = doc.get().to_dict()
    assert got["s"] == "héllo wörld"
    assert got["i"] == 42 and isinstance(got["i"], int)
    assert got["d"] == 2.5 and isinstance(got["d"], float)
    assert got["b"] is False
    assert got["n"] is None and "n" in got
    assert got["t"] == datetime.datetime(2024, 5, 6, 7, 8, 9, tzinfo=datetime.timezone.utc)
    assert got["g"] == GeoPoint(12.5, -45.25)
    assert got["r"].path == "users/alice"
    assert got["y"] == b"\x00\x01\xff"
    assert got["a"] == [1, "a", True, 1.5] and isinstance(got["a"][0], int) and isinstance(got["a"][3], float)
    assert got["m"] == {"k": 1.5, "inner": {"z": None}}
    assert got["v"] == Vector([0.5, 1.5, -2.0])
    age = datetime.datetime.now(datetime.timezone.utc) - got["when"]
    assert abs(age.total_seconds()) < 60  # the server's clock, set by the server-timestamp button

    # Every type is displayed as itself.
    for field, label in [("s", "string"), ("i", "integer"), ("d", "double"), ("b", "boolean"), ("n", "null"),
                         ("t", "timestamp"), ("g", "geopoint"), ("r", "reference"), ("y", "bytes"),
                         ("a", "array"), ("m", "map"), ("v", "vector")]:
        assert page.inner_text(f"#field-table tr[data-field={field}] .type") == label
    assert "2024-05-06T07:08:09Z (UTC)" in page.inner_text("#field-table tr[data-field=t]")
    assert page.get_attribute("#field-table tr[data-field=r] a", "href").endswith("/users/alice")

    # Change a field's type, then delete a field.
    page.locator("#field-table tr[data-field=s] .edit-field").click()
    page.locator(".editor .type-picker").select_option("integer")
    page.locator(".editor .value-input").fill("7")
    page.locator(".editor .save-field").click()
    assert pump(page, lambda: doc.get().to_dict()["s"] == 7)
    page.locator("#field-table tr[data-field=seed] .delete-field").click()
    assert pump(page, lambda: "seed" not in doc.get().to_dict())
    # A bad value is refused in the editor with a reason, and nothing is written.
    page.click("#add-field")
    editor = page.locator(".editor").last
    editor.locator(".field-name").fill("bad")
    editor.locator(".type-picker").select_option("integer")
    editor.locator(".value-input").fill("4.5")
    editor.locator(".save-field").click()
    assert "whole digits" in editor.locator(".error").inner_text()
    assert "bad" not in doc.get().to_dict()


def test_add_and_delete_document_and_recursive_collection_delete(hearth, db, page):
    name = f"tmp{uuid.uuid4().hex[:6]}"
    for i in range(3):
        db.collection(name).document(f"d{i}").set({"i": i})
    db.collection(name).document("d0").collection("kids").document("k").set({"x": 1})
    page.goto(data_url(hearth, name))
    page.wait_for_selector("#document-list li[data-id=d2]")
    page.prompt_answer = "made-here"
    page.click("#add-document")
    page.wait_for_selector("#add-field")
    assert wait_for(lambda: db.collection(name).document("made-here").get().exists)
    page.click("#delete-document")
    assert pump(page, lambda: not db.collection(name).document("made-here").get().exists)
    page.wait_for_selector("#document-list li[data-id=d0]")
    page.click("#delete-collection")
    assert pump(page, lambda: any("4 documents" in message for message in page.dialogs)), page.dialogs
    assert pump(page, lambda: not list(db.collection(name).stream()))
    assert not list(db.collection(name).document("d0").collection("kids").stream())


def test_live_update_arrives(hearth, db, page):
    name = f"live{uuid.uuid4().hex[:6]}"
    db.collection(name).document("a").set({"n": 1})
    page.goto(data_url(hearth, f"{name}/a"))
    page.wait_for_selector("#live-state:has-text('live')")
    db.collection(name).document("b").set({"n": 2})
    page.wait_for_selector("#document-list li[data-id=b]", timeout=5000)
    db.collection(name).document("a").set({"n": 99})
    page.wait_for_selector("#field-table tr[data-field=n]:has-text('99')", timeout=5000)
    db.collection(name).document("b").delete()
    page.wait_for_selector("#document-list li[data-id=b]", state="detached", timeout=5000)


def test_changes_beyond_the_loaded_page_are_flagged(hearth, db, page):
    name = f"big{uuid.uuid4().hex[:6]}"
    batch = db.batch()
    for i in range(120):
        batch.set(db.collection(name).document(f"d{i:04d}"), {"i": i})
    batch.commit()
    page.goto(data_url(hearth, name))
    page.wait_for_selector("#document-list li[data-id=d0049]")
    assert page.locator("#document-list li").count() == 50  # one page, by cursor
    page.wait_for_selector("#live-state:has-text('live')")
    db.collection(name).document("d0110").set({"i": -1})
    page.wait_for_selector("#unseen-changes:has-text('1 change')", timeout=5000)
    page.click("#load-more")
    page.wait_for_selector("#document-list li[data-id=d0099]")


def test_query_with_plan(hearth, db, page):
    name = f"scores{uuid.uuid4().hex[:6]}"
    for i in range(6):
        db.collection(name).document(f"s{i}").set({"score": i * 5, "team": "red" if i % 2 else "blue"})
    page.goto(console_url(hearth, f"#/query/{PROJECT}/(default)"))
    page.fill("#q-collection", name)
    page.click("#q-add-filter")
    page.fill("#q-filters .f-field", "score")
    page.select_option("#q-filters .f-op", ">=")
    page.fill("#q-filters .f-value", "10")
    page.click("#q-add-order")
    page.fill("#q-orders .o-field", "score")
    page.select_option("#q-orders .o-dir", "DESCENDING")
    page.fill("#q-limit", "3")
    page.click("#q-run")
    page.wait_for_selector("#q-stats")
    assert page.locator("#q-result-table tr").count() == 4  # header + 3
    assert "s5" in page.locator("#q-result-table tr").nth(1).inner_text()
    assert "Results returned" in page.inner_text("#q-stats")
    assert "score" in page.inner_text("#q-indexes")
    shot(page, "query")


def watch_requests(hearth):
    """Reads the request ring as the Requests tab does: verdicts are traced only while it is read."""
    assert requests.get(f"{hearth.url}/console/api/requests", params={"limit": 1}).status_code == 200


def test_denied_request_shows_rule_line(hearth, db, page):
    watch_requests(hearth)
    db.collection("secret").document("plans").set({"x": 1})
    token = unsigned_jwt({"sub": "mallory"})
    denied = requests.get(f"{hearth.url}/v1/projects/{PROJECT}/databases/(default)/documents/secret/plans",
                          headers={"Authorization": f"Bearer {token}"})
    assert denied.status_code == 403
    allowed = requests.get(f"{hearth.url}/v1/projects/{PROJECT}/databases/(default)/documents/public/none")
    assert allowed.status_code == 404
    page.goto(console_url(hearth, "#/requests"))
    page.wait_for_selector("#r-table tr.denied")
    page.select_option("#r-status", "denied")
    page.fill("#r-principal", "uid:mallory")
    verdict = page.inner_text("#r-table tr.detail.denied pre")
    assert "false for 'get' @ L9" in verdict
    assert "uid:mallory" in page.inner_text("#r-table")
    # The denied statement's trace shows where the condition failed.
    trace = page.inner_text("#r-table tr.verdict.denied pre")
    assert "✗ allow read @ L9:7 — false for 'get' @ L9" in trace
    assert "request.auth.uid == 'boss'  →  false" in trace
    assert 'request.auth.uid  →  "mallory"' in trace
    shot(page, "requests")
    page.goto(console_url(hearth, f"#/rules/{PROJECT}/(default)"))
    page.wait_for_selector("#rules-source .line[data-line='9'].denyhit")
    assert "✗" in page.inner_text("#rules-source .line[data-line='9']")
    shot(page, "rules")


def test_allowed_request_shows_statement_line_and_trace(hearth, db, page):
    watch_requests(hearth)
    db.collection("secret").document("plans").set({"x": 1})
    token = unsigned_jwt({"sub": "boss"})
    allowed = requests.get(f"{hearth.url}/v1/projects/{PROJECT}/databases/(default)/documents/secret/plans",
                           headers={"Authorization": f"Bearer {token}"})
    assert allowed.status_code == 200
    page.goto(console_url(hearth, "#/requests"))
    page.fill("#r-principal", "uid:boss")
    page.wait_for_selector("#r-table tr.verdict.allowed pre")
    verdict = page.locator("#r-table tr.verdict.allowed pre").first.inner_text()
    assert "allowed by allow read @ L9:7 in match /databases/{database}/documents/secret/{id}" in verdict
    # The deciding expression's trace: the chain, its operands with their values.
    assert "request.auth != null && request.auth.uid == 'boss'  →  true" in verdict
    assert 'request.auth.uid  →  "boss"' in verdict
    assert "allowed (allowed by L9)" in page.locator("#r-table tr[data-seq]").first.inner_text()
    api = requests.get(f"{hearth.url}/console/api/requests").json()
    record = [r for r in api["records"] if r["principal"] == "uid:boss"][-1]
    statement = record["verdicts"][0]["statements"][0]
    assert statement["outcome"] == "granted" and statement["line"] == 9 and statement["methods"] == ["read"]
    shot(page, "requests-allowed")


def test_batch_shows_one_row_per_write_with_its_verdict(hearth, db, page):
    watch_requests(hearth)
    token = unsigned_jwt({"sub": "writer"})
    base = f"projects/{PROJECT}/databases/(default)/documents"
    body = {"writes": [
        {"update": {"name": f"{base}/public/w1", "fields": {"v": {"integerValue": "1"}}}},
        {"update": {"name": f"{base}/public/w2", "fields": {"v": {"integerValue": "2"}}}},
        {"delete": f"{base}/public/w1"},
    ]}
    response = requests.post(f"{hearth.url}/v1/{base}:commit", json=body, headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.text
    page.goto(console_url(hearth, "#/requests"))
    page.fill("#r-principal", "uid:writer")
    page.wait_for_selector("#r-table tr.write")
    rows = page.locator("#r-table tr.write")
    assert rows.count() == 3
    texts = [rows.nth(index).inner_text() for index in range(3)]
    assert "public/w1" in texts[0] and "set (create)" in texts[0] and "allowed by L6" in texts[0]
    assert "public/w2" in texts[1] and "allowed by L6" in texts[1]
    assert "delete" in texts[2] and "public/w1" in texts[2]
    assert page.locator("#r-table tr.verdict.allowed").count() == 3
    shot(page, "requests-batch")


def test_rules_trace_values_render_as_text(hearth, page):
    watch_requests(hearth)
    payload = '<img src=x onerror="window.__xss = 3">'
    token = unsigned_jwt({"sub": "tricky", "a": payload})
    url = f"{hearth.url}/v1/projects/{PROJECT}/databases/(default)/documents/public/xss"
    assert requests.patch(url, json={"fields": {}}, headers={"Authorization": f"Bearer {token}"}).status_code == 200
    page.goto(console_url(hearth, "#/requests"))
    page.fill("#r-principal", "uid:tricky")
    page.wait_for_selector("#r-table tr.verdict pre")
    assert payload.replace('"', '\\"') in page.locator("#r-table tr.verdict pre").first.inner_text()
    assert page.evaluate("window.__xss") is None
    assert page.locator("#r-table img").count() == 0


def test_listener_deliveries_count_as_reads(hearth, db):
    api = f"{hearth.url}/console/api"
    col = db.collection("listened")
    col.document("a").set({"x": 1})
    col.document("b").set({"x": 2})
    assert requests.post(f"{api}/usage/reset").status_code == 200

    def reads():
        for database in requests.get(f"{api}/usage").json()["databases"]:
            if database["database"] == f"projects/{PROJECT}/databases/(default)":
                return database["collections"].get("listened", {}).get("reads", 0)
        return 0

    snapshots = []
    watch = col.on_snapshot(lambda docs, changes, read_time: snapshots.append(len(docs)))
    try:
        assert wait_for(lambda: snapshots and snapshots[-1] == 2)
        assert wait_for(lambda: reads() == 2)  # the initial snapshot: one read per document
        col.document("c").set({"x": 3})
        assert wait_for(lambda: snapshots[-1] == 3)
        assert wait_for(lambda: reads() == 3)  # each change delivered: one more read
    finally:
        watch.unsubscribe()


def test_field_holding_script_renders_as_text(hearth, db, page):
    payload = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">'
    db.collection("xss").document(payload.replace("/", "_")[:60]).set({payload: payload, "nested": {"k": [payload]}})
    page.goto(data_url(hearth, "xss"))
    page.wait_for_selector("#document-list li a")
    page.click("#document-list li a")
    page.wait_for_selector("#field-table tr")
    text = page.inner_text("#field-table")
    assert payload in text
    assert page.evaluate("window.__xss") is None
    assert page.locator("#field-table img").count() == 0 and page.locator("#field-table script").count() == 0


def test_cross_origin_and_foreign_host_refused(hearth, db):
    db.collection("keep").document("k").set({"v": 1})
    api = f"{hearth.url}/console/api"
    params = {"database": f"projects/{PROJECT}/databases/(default)", "path": "keep"}
    evil = requests.post(f"{api}/delete-collection", params=params, headers={"Origin": "http://evil.example"})
    assert evil.status_code == 403 and "Cross-origin" in evil.json()["error"]["message"]
    assert requests.post(f"{api}/usage/reset", headers={"Origin": "null"}).status_code == 403
    rebound = requests.get(f"{api}/databases", headers={"Host": f"evil.example:{hearth.port}"})
    assert rebound.status_code == 403
    assert db.collection("keep").document("k").get().exists
    same = requests.post(f"{api}/usage/reset", headers={"Origin": hearth.url})
    assert same.status_code == 200


def test_usage_counters_count_and_reset(hearth, db, page):
    api = f"{hearth.url}/console/api"
    assert requests.post(f"{api}/usage/reset").status_code == 200
    col = db.collection("metered")
    col.document("a").set({"x": 1})
    col.document("b").set({"x": 2})
    col.document("a").get()
    col.document("b").delete()

    def counts():
        for database in requests.get(f"{api}/usage").json()["databases"]:
            if database["database"] == f"projects/{PROJECT}/databases/(default)":
                return database["collections"].get("metered")
        return None

    assert wait_for(lambda: counts() == {"reads": 1, "writes": 2, "deletes": 1})
    page.goto(console_url(hearth, "#/usage"))
    page.wait_for_selector(".usage-table tr.collection:has-text('metered')")
    shot(page, "usage")
    row = page.inner_text(".usage-table tr.collection:has-text('metered')").split()
    assert row[1:] == ["1", "2", "1"]
    page.click("#usage-reset")
    assert pump(page, lambda: counts() is None)


def test_request_ring_stays_bounded(hearth):
    for _ in range(250):
        requests.get(f"{hearth.url}/v1/projects/{PROJECT}/databases/(default)/documents/public/none")
    page = requests.get(f"{hearth.url}/console/api/requests").json()
    assert page["capacity"] == 200
    assert len(page["records"]) == 200
    sequences = [record["sequence"] for record in page["records"]]
    assert sequences == sorted(sequences) and sequences[-1] - sequences[0] == 199


def test_authentication_tab_lists_adds_disables_sets_claims_and_deletes(hearth, page):
    toolkit = f"{hearth.url}/identitytoolkit.googleapis.com/v1"
    owner = {"Authorization": "Bearer owner"}
    made = requests.post(f"{toolkit}/accounts:signUp?key=k", json={"email": "tab@example.com", "password": "secret-1"}).json()
    uid = made["localId"]
    requests.post(f"{toolkit}/accounts:sendOobCode?key=k", json={"requestType": "PASSWORD_RESET", "email": "tab@example.com"})
    page.goto(console_url(hearth, f"#/auth/{PROJECT}/(default)"))
    row = f"#user-rows tr[data-uid='{uid}']"
    page.wait_for_selector(row)
    assert page.inner_text(f"{row} td.email") == "tab@example.com"
    assert page.inner_text(f"{row} td.provider") == "password"
    code = requests.get(f"{hearth.url}/emulator/v1/projects/{PROJECT}/oobCodes").json()["oobCodes"][-1]["oobCode"]
    page.wait_for_selector(f"#oob-rows tr[data-code='{code}']")
    shot(page, "authentication")

    page.fill(f"{row} input.claims", '{"role":"admin"}')
    page.click(f"{row} button.save-claims")

    def record():
        found = requests.post(f"{toolkit}/projects/{PROJECT}/accounts:lookup", json={"localId": [uid]}, headers=owner).json()
        return found.get("users", [None])[0]

    assert pump(page, lambda: (record() or {}).get("customAttributes") == '{"role":"admin"}')
    page.click(f"{row} button.toggle")
    assert pump(page, lambda: (record() or {}).get("disabled") is True)
    page.wait_for_selector(f"{row}.disabled")

    page.fill("#user-search", "nobody-matches-this")
    page.wait_for_selector(f"{row}", state="detached")
    page.fill("#user-search", "tab@")
    page.wait_for_selector(row)

    page.fill("#new-email", "added@example.com")
    page.fill("#new-password", "secret-2")
    page.fill("#new-name", "Added")
    page.click("#add-user button[type=submit]")
    page.wait_for_selector("#user-search")
    assert pump(page, lambda: requests.post(f"{toolkit}/accounts:signInWithPassword?key=k",
                                            json={"email": "added@example.com", "password": "secret-2"}).status_code == 200)

    page.click(f"{row} button.delete")
    assert pump(page, lambda: record() is None)
    assert any("tab@example.com" in message for message in page.dialogs)

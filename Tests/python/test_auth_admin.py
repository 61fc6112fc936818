"""The Auth emulator on Hearth's port: firebase-admin (Python), the Identity Toolkit REST API as an app
calls it, and Firestore judging requests made with the ID tokens it issues.

The server runs with `--project auth-admin-test`, so API-key requests act in that project and the Admin
SDK (FIREBASE_AUTH_EMULATOR_HOST pointing at Hearth) addresses the same one. Every test makes its own
accounts, so the tests do not depend on each other's order.
"""
import base64
import contextlib
import json
import os
import time
import urllib.parse
import uuid

import pytest
import requests

from conftest import firebase_admin_app, wait_for
from hearth_server import HearthServer

PROJECT = "auth-admin-test"
ISSUER = f"https://securetoken.google.com/{PROJECT}"
REDACTED = "UkVEQUNURUQ="  # base64 of "REDACTED": what lookup shows in place of a password hash
OWNER = {"Authorization": "Bearer owner"}
RULES = """rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /users/{userId}/{rest=**} {
      allow read, write: if request.auth != null && request.auth.uid == userId;
    }
    match /verified/{doc} {
      allow read, write: if request.auth != null && request.auth.token.email_verified == true;
    }
    match /admin/{doc} {
      allow read, write: if request.auth != null && request.auth.token.role == 'admin';
    }
    match /providers/{provider}/docs/{doc} {
      allow read, write: if request.auth != null && request.auth.token.firebase.sign_in_provider == provider;
    }
  }
}
"""


# ---- fixtures and helpers ----

@pytest.fixture(scope="module")
def hearth(tmp_path_factory):
    folder = tmp_path_factory.mktemp("auth-admin")
    rules = folder / "firestore.rules"
    rules.write_text(RULES)
    server = HearthServer(folder / "data", extra_args=["--project", PROJECT, "--rules", str(rules)]).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def app(hearth):
    """A firebase-admin app for PROJECT talking to Hearth's Auth emulator."""
    with firebase_admin_app(hearth.host, PROJECT) as created:
        yield created


def unique(prefix="user"):
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


def decode_jwt(token):
    """The header, payload and signature (text) of a JWT, unverified."""
    if isinstance(token, bytes):
        token = token.decode()
    header, payload, signature = token.split(".")

    def part(text):
        return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))

    return part(header), part(payload), signature


def toolkit(hearth, verb, body, key="any-api-key", headers=None):
    """POST /identitytoolkit.googleapis.com/v1/accounts:<verb>?key=… as an app does."""
    url = f"{hearth.url}/identitytoolkit.googleapis.com/v1/accounts:{verb}"
    return requests.post(url, params={"key": key} if key else None, json=body, headers=headers)


def ok(hearth, verb, body):
    answer = toolkit(hearth, verb, body)
    assert answer.status_code == 200, f"{verb} {body}: {answer.status_code} {answer.text}"
    return answer.json()


def error(answer):
    """The error message of a failed Identity Toolkit call (asserting the 400 envelope)."""
    assert answer.status_code == 400, f"{answer.status_code} {answer.text}"
    body = answer.json()["error"]
    assert body["code"] == 400 and body["errors"][0]["message"] == body["message"], body
    return body["message"]


def fails(hearth, verb, body):
    return error(toolkit(hearth, verb, body))


def admin_call(hearth, verb, body, project=PROJECT, method="POST"):
    """An admin route /identitytoolkit.googleapis.com/v1/projects/{p}/accounts[:verb] with Bearer owner."""
    suffix = f"accounts:{verb}" if verb else "accounts"
    url = f"{hearth.url}/identitytoolkit.googleapis.com/v1/projects/{project}/{suffix}"
    if method == "GET":
        return requests.get(url, params=body, headers=OWNER)
    return requests.post(url, json=body, headers=OWNER)


def refresh(hearth, refresh_token, form=True):
    """POST /securetoken.googleapis.com/v1/token (a form, as the JS SDK sends it, or JSON)."""
    url = f"{hearth.url}/securetoken.googleapis.com/v1/token"
    fields = {"grant_type": "refresh_token", "refresh_token": refresh_token}
    if form:
        return requests.post(url, params={"key": "any-api-key"}, data=fields)
    return requests.post(url, params={"key": "any-api-key"}, json=fields)


def sign_up(hearth, email=None, password="secret-1"):
    email = email or f"{unique()}@example.com"
    body = ok(hearth, "signUp", {"email": email, "password": password, "returnSecureToken": True})
    return body


def sign_in(hearth, email, password):
    return ok(hearth, "signInWithPassword", {"email": email, "password": password, "returnSecureToken": True})


def oob_codes(hearth, project=PROJECT):
    answer = requests.get(f"{hearth.url}/emulator/v1/projects/{project}/oobCodes")
    assert answer.status_code == 200, answer.text
    return answer.json()["oobCodes"]


def wait_past(second):
    """Waits until the wall clock is past `second` (at most a second): tokens of `second` are then older
    than anything revoked from now on (revocation compares whole seconds, iat < validSince)."""
    while int(time.time()) <= second:
        time.sleep(0.02)


def set_privacy(hearth, on):
    answer = requests.patch(f"{hearth.url}/emulator/v1/projects/{PROJECT}/config",
                            json={"emailPrivacyConfig": {"enableImprovedEmailPrivacy": on}})
    assert answer.status_code == 200, answer.text
    return answer.json()


def documents(hearth, path):
    return f"{hearth.url}/v1/projects/{PROJECT}/databases/(default)/documents/{path}"


def firestore_write(hearth, path, token, value="x"):
    """PATCH a document over Firestore REST as the holder of `token` (None: unauthenticated); the status."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return requests.patch(documents(hearth, path), headers=headers, json={"fields": {"v": {"stringValue": value}}}).status_code


def firestore_read(hearth, path, token):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = requests.get(documents(hearth, path), headers=headers)
    return answer.status_code, answer.json()


# ---- start-up and defaults ----

def announced(server):
    """Whether the server printed the line Admin SDKs read (it follows the ready line)."""
    return wait_for(lambda: f"FIREBASE_AUTH_EMULATOR_HOST={server.host}" in server.lines, timeout=5)


def test_start_up_names_the_auth_emulator_host_and_default_config(hearth):
    assert announced(hearth), hearth.lines
    config = requests.get(f"{hearth.url}/emulator/v1/projects/{PROJECT}/config")
    assert config.status_code == 200
    assert config.json() == {"signIn": {"allowDuplicateEmails": False}, "emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}}


def test_api_key_requests_act_in_demo_hearth_without_project_flag(tmp_path):
    server = HearthServer(tmp_path / "data").start()
    try:
        assert announced(server), server.lines
        body = ok(server, "signUp", {"returnSecureToken": True})
        _, claims, _ = decode_jwt(body["idToken"])
        assert claims["aud"] == "demo-hearth" and claims["iss"] == "https://securetoken.google.com/demo-hearth"
        listed = admin_call(server, "batchGet", {"maxResults": 10}, project="demo-hearth", method="GET").json()
        assert [u["localId"] for u in listed["users"]] == [body["localId"]]
    finally:
        server.stop()


def test_requests_without_api_key_or_with_a_bad_bearer_are_refused(hearth):
    missing = toolkit(hearth, "signUp", {"returnSecureToken": True}, key=None)
    assert missing.status_code == 403
    assert missing.json()["error"]["message"] == "The request is missing a valid API key."
    assert missing.json()["error"]["status"] == "PERMISSION_DENIED"
    stranger = requests.post(f"{hearth.url}/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/accounts:lookup",
                             json={"localId": ["x"]}, headers={"Authorization": "Bearer not-a-token"})
    assert stranger.status_code == 401 and stranger.json()["error"]["status"] == "UNAUTHENTICATED"
    keyed = requests.post(f"{hearth.url}/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/accounts:lookup",
                          params={"key": "any-api-key"}, json={"localId": ["x"]})
    assert error(keyed) == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id."


# ---- firebase-admin: user management ----

def test_create_get_and_get_by_email(app, hearth):
    from firebase_admin import auth

    uid = unique("alice")
    before = int(time.time() * 1000)
    created = auth.create_user(uid=uid, email=f"{uid}@Example.COM", password="secret-1", display_name="Alice Liddell",
                               email_verified=True, app=app)
    after = int(time.time() * 1000)
    email = f"{uid}@example.com"  # stored lower-cased
    for user in [created, auth.get_user(uid, app=app), auth.get_user_by_email(email, app=app),
                 auth.get_user_by_email(f"{uid}@EXAMPLE.com", app=app)]:
        assert (user.uid, user.email, user.display_name, user.email_verified, user.disabled) == (uid, email, "Alice Liddell", True, False)
        assert (user.phone_number, user.photo_url, user.custom_claims, user.tenant_id) == (None, None, None, None)
        assert [(p.provider_id, p.uid, p.email, p.display_name) for p in user.provider_data] == [("password", email, email, "Alice Liddell")]
        created_at = user.user_metadata.creation_timestamp
        assert before <= created_at <= after
        assert user.user_metadata.last_sign_in_timestamp == created_at
        assert user.tokens_valid_after_timestamp == created_at // 1000 * 1000
    found = auth.get_users([auth.UidIdentifier(uid), auth.EmailIdentifier(email), auth.UidIdentifier("no-such-uid")], app=app)
    assert [u.uid for u in found.users] == [uid]
    assert [(type(i).__name__, i.uid) for i in found.not_found] == [("UidIdentifier", "no-such-uid")]
    # lookup shows a redacted hash, never the password.
    raw = admin_call(hearth, "lookup", {"localId": [uid]})
    assert raw.json()["users"][0]["passwordHash"] == REDACTED and "secret-1" not in raw.text
    # The password works; the ID token carries the display name and photo.
    auth.update_user(uid, photo_url="https://example.com/alice.png", app=app)
    signed_in = sign_in(hearth, email, "secret-1")
    assert signed_in["localId"] == uid and signed_in["email"] == email
    _, claims, _ = decode_jwt(signed_in["idToken"])
    assert (claims["name"], claims["picture"], claims["email_verified"]) == ("Alice Liddell", "https://example.com/alice.png", True)


def test_create_user_generates_a_uid_and_accepts_no_fields(app, hearth):
    from firebase_admin import auth

    bare = auth.create_user(app=app)
    assert len(bare.uid) == 28 and bare.uid.isalnum()
    assert (bare.email, bare.display_name, bare.email_verified, bare.disabled, bare.provider_data) == (None, None, False, False, [])
    assert "passwordHash" not in admin_call(hearth, "lookup", {"localId": [bare.uid]}).json()["users"][0]


def test_update_user_name_email_disabled_and_password(app, hearth):
    from firebase_admin import auth

    uid = unique("bob")
    email, new_email = f"{uid}@example.com", f"{uid}-new@example.com"
    auth.create_user(uid=uid, email=email, password="first-pass", display_name="Bob", email_verified=True, app=app)
    session = sign_in(hearth, email, "first-pass")
    updated = auth.update_user(uid, display_name="Robert", email=new_email, disabled=True, password="second-pass", app=app)
    assert (updated.uid, updated.display_name, updated.email, updated.disabled) == (uid, "Robert", new_email, True)
    assert updated.email_verified is False  # a new address is not verified
    got = auth.get_user(uid, app=app)
    assert (got.display_name, got.email, got.disabled, got.email_verified) == ("Robert", new_email, True, False)
    assert [(p.provider_id, p.uid, p.email, p.display_name) for p in got.provider_data] == [("password", new_email, new_email, "Robert")]
    # Disabled: the right password is refused, and so is the session begun before.
    assert fails(hearth, "signInWithPassword", {"email": new_email, "password": "second-pass"}) == "USER_DISABLED"
    assert error(refresh(hearth, session["refreshToken"])) == "USER_DISABLED"
    auth.update_user(uid, disabled=False, app=app)
    assert sign_in(hearth, new_email, "second-pass")["localId"] == uid
    assert fails(hearth, "signInWithPassword", {"email": new_email, "password": "first-pass"}) == "INVALID_PASSWORD"
    assert fails(hearth, "signInWithPassword", {"email": email, "password": "second-pass"}) == "EMAIL_NOT_FOUND"
    # The old address is free again; the display name can be removed.
    assert auth.create_user(email=email, app=app).email == email
    cleared = auth.update_user(uid, display_name=auth.DELETE_ATTRIBUTE, app=app)
    assert cleared.display_name is None and auth.get_user(uid, app=app).display_name is None


def test_list_users_pages_in_uid_order(hearth):
    """A project of its own, so the pages hold exactly its 25 users."""
    from firebase_admin import auth

    project = f"auth-list-{uuid.uuid4().hex[:8]}"
    with firebase_admin_app(hearth.host, project) as listing:
        uids = [f"u{i:02d}" for i in range(25)]
        for uid in reversed(uids):
            auth.create_user(uid=uid, email=f"{uid}@list.example", app=listing)
        first = auth.list_users(max_results=10, app=listing)
        assert [u.uid for u in first.users] == uids[:10] and first.next_page_token == "u09" and first.has_next_page
        second = first.get_next_page()
        assert [u.uid for u in second.users] == uids[10:20] and second.next_page_token == "u19"
        third = second.get_next_page()
        assert [u.uid for u in third.users] == uids[20:] and third.has_next_page is False and third.get_next_page() is None
        assert [u.email for u in third.users] == [f"{uid}@list.example" for uid in uids[20:]]
        assert [u.uid for u in auth.list_users(max_results=10, app=listing).iterate_all()] == uids
        assert [u.uid for u in auth.list_users(page_token="u22", app=listing).users] == ["u23", "u24"]
        # The REST forms the SDK rides on.
        page = admin_call(hearth, "batchGet", {"maxResults": 5, "nextPageToken": "u09"}, project=project, method="GET").json()
        assert page["kind"] == "identitytoolkit#DownloadAccountResponse"
        assert [u["localId"] for u in page["users"]] == uids[10:15] and page["nextPageToken"] == "u14"
        everything = admin_call(hearth, "batchGet", {"maxResults": -1}, project=project, method="GET").json()
        assert [u["localId"] for u in everything["users"]] == uids and "nextPageToken" not in everything
        counted = admin_call(hearth, "query", {"returnUserInfo": False}, project=project).json()
        assert counted == {"recordsCount": "25"}
        # Other projects do not see these users.
        assert [u.uid for u in auth.list_users(app=listing).iterate_all()] == uids
        # batchDelete through delete_users, in two batches, one with unknown uids.
        result = auth.delete_users(uids[:20], app=listing)
        assert (result.success_count, result.failure_count, result.errors) == (20, 0, [])
        result = auth.delete_users(uids[20:] + ["nobody-1", "nobody-2"], app=listing)
        assert (result.success_count, result.failure_count) == (7, 0)
        assert list(auth.list_users(app=listing).iterate_all()) == []
        assert admin_call(hearth, "query", {}, project=project).json() == {"recordsCount": "0", "userInfo": []}


def test_batch_delete_without_force_keeps_enabled_users(hearth):
    project = f"auth-batch-{uuid.uuid4().hex[:8]}"
    for uid, disabled in [("on", False), ("off", True)]:
        assert admin_call(hearth, "", {"localId": uid, "disabled": disabled}, project=project).status_code == 200
    answer = admin_call(hearth, "batchDelete", {"localIds": ["on", "off", "ghost"]}, project=project)
    assert answer.status_code == 200
    assert answer.json() == {"errors": [{"index": 0, "localId": "on", "message": "NOT_DISABLED : Disable the account before batch deletion."}]}
    left = admin_call(hearth, "batchGet", {}, project=project, method="GET").json()
    assert [u["localId"] for u in left["users"]] == ["on"]


def test_custom_claims_set_read_and_cleared(app, hearth):
    from firebase_admin import auth

    uid = unique("claims")
    auth.create_user(uid=uid, email=f"{uid}@example.com", password="secret-1", app=app)
    session = sign_in(hearth, f"{uid}@example.com", "secret-1")
    auth.set_custom_user_claims(uid, {"role": "admin", "level": 3, "groups": ["a", "b"]}, app=app)
    assert auth.get_user(uid, app=app).custom_claims == {"role": "admin", "level": 3, "groups": ["a", "b"]}
    # The token held before the change lacks them; a refresh brings them.
    _, stale, _ = decode_jwt(session["idToken"])
    assert "role" not in stale
    fresh = refresh(hearth, session["refreshToken"])
    assert fresh.status_code == 200
    _, claims, _ = decode_jwt(fresh.json()["id_token"])
    assert (claims["role"], claims["level"], claims["groups"]) == ("admin", 3, ["a", "b"])
    assert auth.verify_id_token(fresh.json()["id_token"], app=app)["role"] == "admin"
    # lookup shows them as customAttributes (JSON text).
    looked = admin_call(hearth, "lookup", {"localId": [uid]}).json()["users"][0]
    assert json.loads(looked["customAttributes"]) == {"role": "admin", "level": 3, "groups": ["a", "b"]}
    # Reserved names are refused; clearing removes them from the next token.
    with pytest.raises(ValueError):
        auth.set_custom_user_claims(uid, {"sub": "mallory"}, app=app)
    forbidden = admin_call(hearth, "update", {"localId": uid, "customAttributes": '{"firebase": 1}'})
    assert error(forbidden) == "FORBIDDEN_CLAIM : firebase"
    auth.set_custom_user_claims(uid, None, app=app)
    assert auth.get_user(uid, app=app).custom_claims is None
    _, cleared, _ = decode_jwt(refresh(hearth, session["refreshToken"]).json()["id_token"])
    assert "role" not in cleared and "level" not in cleared


def test_delete_user_and_errors_mapped(app, hearth):
    from firebase_admin import auth

    uid = unique("carol")
    email = f"{uid}@example.com"
    auth.create_user(uid=uid, email=email, password="secret-1", app=app)
    with pytest.raises(auth.UidAlreadyExistsError):
        auth.create_user(uid=uid, app=app)
    with pytest.raises(auth.EmailAlreadyExistsError):
        auth.create_user(email=email, app=app)
    with pytest.raises(auth.EmailAlreadyExistsError):
        auth.create_user(email=email.upper(), app=app)
    other = auth.create_user(email=f"{uid}-2@example.com", app=app)
    with pytest.raises(auth.EmailAlreadyExistsError):
        auth.update_user(other.uid, email=email, app=app)
    auth.delete_user(uid, app=app)
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user(uid, app=app)
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user_by_email(email, app=app)
    with pytest.raises(auth.UserNotFoundError):
        auth.update_user(uid, display_name="ghost", app=app)
    with pytest.raises(auth.UserNotFoundError):
        auth.delete_user(uid, app=app)
    assert fails(hearth, "signInWithPassword", {"email": email, "password": "secret-1"}) == "EMAIL_NOT_FOUND"
    # The raw answers behind those errors.
    assert error(admin_call(hearth, "", {"localId": other.uid})) == "DUPLICATE_LOCAL_ID"
    assert error(admin_call(hearth, "delete", {"localId": uid})) == "USER_NOT_FOUND"
    assert error(admin_call(hearth, "update", {"localId": uid, "displayName": "x"})) == "USER_NOT_FOUND"
    assert admin_call(hearth, "lookup", {"localId": [uid]}).json() == {"kind": "identitytoolkit#GetAccountInfoResponse"}
    # The uid and address can be used again.
    assert auth.create_user(uid=uid, email=email, app=app).uid == uid


def test_import_users_through_batch_create(app, hearth):
    from firebase_admin import auth

    taken = auth.create_user(email=f"{unique()}@example.com", app=app)
    uid_a, uid_b = unique("imp"), unique("imp")
    result = auth.import_users([
        auth.ImportUserRecord(uid=uid_a, email=f"{uid_a}@example.com", display_name="Imported", email_verified=True,
                              custom_claims={"role": "admin"}),
        auth.ImportUserRecord(uid=uid_b, email=taken.email),
    ], app=app)
    assert (result.success_count, result.failure_count) == (1, 1)
    assert [e.index for e in result.errors] == [1]
    imported = auth.get_user(uid_a, app=app)
    assert (imported.email, imported.display_name, imported.email_verified, imported.custom_claims) == (
        f"{uid_a}@example.com", "Imported", True, {"role": "admin"})
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user(uid_b, app=app)


# ---- firebase-admin: tokens ----

def test_custom_token_sign_in_and_verify_id_token(app, hearth):
    from firebase_admin import auth

    uid = unique("custom")
    token = auth.create_custom_token(uid, {"role": "admin", "tier": 2}, app=app)
    header, _, signature = decode_jwt(token)
    assert header["alg"] == "none" and signature == ""
    body = ok(hearth, "signInWithCustomToken", {"token": token.decode(), "returnSecureToken": True})
    assert body["kind"] == "identitytoolkit#VerifyCustomTokenResponse" and body["isNewUser"] is True
    assert body["expiresIn"] == "3600" and body["refreshToken"]
    header, claims, signature = decode_jwt(body["idToken"])
    assert header == {"alg": "none", "typ": "JWT"} and signature == ""
    verified = auth.verify_id_token(body["idToken"], app=app)
    assert verified == {
        "role": "admin", "tier": 2, "auth_time": claims["auth_time"], "user_id": uid,
        "firebase": {"identities": {}, "sign_in_provider": "custom"},
        "iat": claims["iat"], "exp": claims["iat"] + 3600, "aud": PROJECT, "iss": ISSUER, "sub": uid, "uid": uid,
    }
    assert abs(claims["iat"] - time.time()) < 60
    assert auth.verify_id_token(body["idToken"], check_revoked=True, app=app)["uid"] == uid
    # The account exists now; the developer claims live in the session, not on the account.
    user = auth.get_user(uid, app=app)
    assert (user.uid, user.email, user.custom_claims, user.provider_data) == (uid, None, None, [])
    # Claims survive a refresh; a second sign-in finds the account.
    _, refreshed, _ = decode_jwt(refresh(hearth, body["refreshToken"], form=False).json()["id_token"])
    assert (refreshed["role"], refreshed["tier"], refreshed["firebase"]["sign_in_provider"]) == ("admin", 2, "custom")
    again = ok(hearth, "signInWithCustomToken", {"token": auth.create_custom_token(uid, app=app).decode(), "returnSecureToken": True})
    assert again["isNewUser"] is False
    assert "role" not in decode_jwt(again["idToken"])[1]
    # Custom tokens for an existing password account carry its e-mail.
    person = auth.create_user(email=f"{uid}-p@example.com", password="secret-1", app=app)
    mixed = ok(hearth, "signInWithCustomToken", {"token": auth.create_custom_token(person.uid, app=app).decode()})
    assert decode_jwt(mixed["idToken"])[1]["email"] == person.email and mixed["isNewUser"] is False
    # An ID token is not a custom token.
    assert fails(hearth, "signInWithCustomToken", {"token": body["idToken"]}).startswith("INVALID_CUSTOM_TOKEN : ((Invalid aud (audience): auth-admin-test")
    assert fails(hearth, "signInWithCustomToken", {"token": "{not json"}) == (
        "INVALID_CUSTOM_TOKEN : ((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))")
    # A custom token for a disabled account is refused.
    auth.update_user(uid, disabled=True, app=app)
    assert fails(hearth, "signInWithCustomToken", {"token": token.decode()}) == "USER_DISABLED"
    with pytest.raises(auth.UserDisabledError):
        auth.verify_id_token(body["idToken"], check_revoked=True, app=app)


def test_revocation_and_password_changes_end_older_sessions(app, hearth):
    """Tokens issued before a revocation fail with TOKEN_EXPIRED (ID and refresh tokens alike); the
    comparison is in whole seconds, so the test waits until the second of its sign-ins has passed."""
    from firebase_admin import auth

    people = {}
    for name in ["revoked", "admin-changed", "self-changed", "explicit"]:
        email = f"{unique(name)}@example.com"
        session = sign_up(hearth, email, "old-pass-1")
        people[name] = (email, session)
    latest = max(decode_jwt(s["idToken"])[1]["iat"] for _, s in people.values())

    # No waiting needed when validSince is set explicitly past the token's second.
    email, session = people["explicit"]
    iat = decode_jwt(session["idToken"])[1]["iat"]
    answer = admin_call(hearth, "update", {"localId": session["localId"], "validSince": str(iat + 1)})
    assert answer.status_code == 200 and "idToken" not in answer.json()
    assert fails(hearth, "lookup", {"idToken": session["idToken"]}) == "TOKEN_EXPIRED"
    assert error(refresh(hearth, session["refreshToken"])) == "TOKEN_EXPIRED"
    assert auth.get_user(session["localId"], app=app).tokens_valid_after_timestamp == (iat + 1) * 1000

    wait_past(latest)
    # revoke_refresh_tokens (validSince = now, sent by the SDK).
    email, session = people["revoked"]
    assert auth.verify_id_token(session["idToken"], check_revoked=True, app=app)["uid"] == session["localId"]
    auth.revoke_refresh_tokens(session["localId"], app=app)
    with pytest.raises(auth.RevokedIdTokenError):
        auth.verify_id_token(session["idToken"], check_revoked=True, app=app)
    assert auth.verify_id_token(session["idToken"], app=app)["uid"] == session["localId"]  # revocation is only checked on request
    assert fails(hearth, "lookup", {"idToken": session["idToken"]}) == "TOKEN_EXPIRED"
    assert fails(hearth, "update", {"idToken": session["idToken"], "displayName": "late"}) == "TOKEN_EXPIRED"
    assert fails(hearth, "delete", {"idToken": session["idToken"]}) == "TOKEN_EXPIRED"
    assert fails(hearth, "sendOobCode", {"requestType": "VERIFY_EMAIL", "idToken": session["idToken"]}) == "TOKEN_EXPIRED"
    assert error(refresh(hearth, session["refreshToken"])) == "TOKEN_EXPIRED"
    valid_after = auth.get_user(session["localId"], app=app).tokens_valid_after_timestamp
    assert valid_after % 1000 == 0 and valid_after // 1000 > decode_jwt(session["idToken"])[1]["iat"]
    renewed = sign_in(hearth, email, "old-pass-1")
    assert auth.verify_id_token(renewed["idToken"], check_revoked=True, app=app)["uid"] == session["localId"]
    assert ok(hearth, "lookup", {"idToken": renewed["idToken"]})["users"][0]["localId"] == session["localId"]
    assert refresh(hearth, renewed["refreshToken"]).status_code == 200

    # A password set by an administrator.
    email, session = people["admin-changed"]
    auth.update_user(session["localId"], password="new-pass-1", app=app)
    assert fails(hearth, "lookup", {"idToken": session["idToken"]}) == "TOKEN_EXPIRED"
    assert error(refresh(hearth, session["refreshToken"])) == "TOKEN_EXPIRED"
    with pytest.raises(auth.RevokedIdTokenError):
        auth.verify_id_token(session["idToken"], check_revoked=True, app=app)
    assert fails(hearth, "signInWithPassword", {"email": email, "password": "old-pass-1"}) == "INVALID_PASSWORD"
    assert sign_in(hearth, email, "new-pass-1")["localId"] == session["localId"]

    # A password changed by the user: the answer carries the new session, the old one ends.
    email, session = people["self-changed"]
    changed = ok(hearth, "update", {"idToken": session["idToken"], "password": "new-pass-2", "returnSecureToken": True})
    assert changed["localId"] == session["localId"] and changed["passwordHash"] == REDACTED
    assert changed["idToken"] and changed["refreshToken"] and changed["expiresIn"] == "3600"
    assert fails(hearth, "lookup", {"idToken": session["idToken"]}) == "TOKEN_EXPIRED"
    assert error(refresh(hearth, session["refreshToken"])) == "TOKEN_EXPIRED"
    assert ok(hearth, "lookup", {"idToken": changed["idToken"]})["users"][0]["localId"] == session["localId"]
    assert refresh(hearth, changed["refreshToken"]).status_code == 200
    assert sign_in(hearth, email, "new-pass-2")["localId"] == session["localId"]


def test_password_reset_link_from_the_admin_sdk(app, hearth):
    from firebase_admin import auth

    email = f"{unique('reset')}@example.com"
    user = auth.create_user(email=email, password="before-1", app=app)
    link = auth.generate_password_reset_link(email, app=app)
    parsed = urllib.parse.urlparse(link)
    query = dict(urllib.parse.parse_qsl(parsed.query))
    assert (parsed.scheme, parsed.netloc, parsed.path) == ("http", hearth.host, "/emulator/action")
    assert (query["mode"], query["lang"], query["apiKey"]) == ("resetPassword", "en", "fake-api-key")
    code = query["oobCode"]
    assert len(code) == 54 and set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert {"email": email, "requestType": "PASSWORD_RESET", "oobCode": code, "oobLink": link} in oob_codes(hearth)
    # Without newPassword the code is only inspected.
    expected = {"kind": "identitytoolkit#ResetPasswordResponse", "requestType": "PASSWORD_RESET", "email": email}
    assert ok(hearth, "resetPassword", {"oobCode": code}) == expected
    assert fails(hearth, "resetPassword", {"oobCode": code, "newPassword": "short"}) == "WEAK_PASSWORD : Password should be at least 6 characters"
    assert ok(hearth, "resetPassword", {"oobCode": code, "newPassword": "after-12"}) == expected
    assert sign_in(hearth, email, "after-12")["localId"] == user.uid
    assert fails(hearth, "signInWithPassword", {"email": email, "password": "before-1"}) == "INVALID_PASSWORD"
    assert fails(hearth, "resetPassword", {"oobCode": code, "newPassword": "again-123"}) == "INVALID_OOB_CODE"
    assert fails(hearth, "resetPassword", {"oobCode": "no-such-code", "newPassword": "again-123"}) == "INVALID_OOB_CODE"
    assert auth.get_user(user.uid, app=app).email_verified is True  # resetting proves the address
    with pytest.raises(auth.UserNotFoundError):
        auth.generate_email_verification_link(f"{unique('nobody')}@example.com", app=app)
    with pytest.raises(auth.EmailNotFoundError):
        auth.generate_password_reset_link(f"{unique('nobody')}@example.com", app=app)


def test_email_verification_link_from_the_admin_sdk(app, hearth):
    from firebase_admin import auth

    email = f"{unique('verify')}@example.com"
    user = auth.create_user(email=email, password="secret-1", app=app)
    link = auth.generate_email_verification_link(email, app=app)
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(link).query))
    assert query["mode"] == "verifyEmail"
    applied = ok(hearth, "update", {"oobCode": query["oobCode"]})
    assert (applied["localId"], applied["email"], applied["emailVerified"]) == (user.uid, email, True)
    assert auth.get_user(user.uid, app=app).email_verified is True



def follow(link, **extra):
    """GETs an out-of-band link (plus `extra` query parameters) as a browser would, without following redirects."""
    if extra:
        link += "&" + urllib.parse.urlencode(extra)
    return requests.get(link, allow_redirects=False, timeout=10)


def test_following_a_reset_link_says_how_then_sets_the_password(app, hearth):
    from firebase_admin import auth

    email = f"{unique('link')}@example.com"
    user = auth.create_user(email=email, password="before-1", app=app)
    link = auth.generate_password_reset_link(email, app=app)
    bare = follow(link)
    assert bare.status_code == 400
    assert bare.json() == {"authEmulator": {
        "error": "missing newPassword query parameter",
        "instructions": f"To reset the password for {email}, send an HTTP GET request to the following URL.",
        "instructions2": "You may use a web browser or any HTTP client, such as curl.",
        "urlTemplate": f"{link}&newPassword=NEW_PASSWORD_HERE"}}
    placeholder = follow(link, newPassword="NEW_PASSWORD_HERE")
    assert placeholder.status_code == 400
    assert placeholder.json()["authEmulator"]["error"] == "newPassword must be something other than 'NEW_PASSWORD_HERE'"
    done = follow(link, newPassword="after-12")
    assert (done.status_code, done.json()) == (200, {"authEmulator": {
        "success": "The password has been successfully updated.", "email": email}})
    assert sign_in(hearth, email, "after-12")["localId"] == user.uid
    again = follow(link, newPassword="again-123")
    assert again.status_code == 400 and again.json()["authEmulator"]["error"] == (
        "Your request to reset your password has expired or the link has already been used.")


def test_following_verification_and_sign_in_links(app, hearth):
    from firebase_admin import auth

    email = f"{unique('linkv')}@example.com"
    user = auth.create_user(email=email, password="secret-1", app=app)
    link = auth.generate_email_verification_link(email, app=app)
    verified = follow(link)
    assert (verified.status_code, verified.json()) == (200, {"authEmulator": {
        "success": "The email has been successfully verified.", "email": email}})
    assert auth.get_user(user.uid, app=app).email_verified is True
    used = follow(link)
    assert used.status_code == 400 and used.json()["authEmulator"] == {
        "error": "Your request to verify your email has expired or the link has already been used.",
        "instructions": "Try verifying your email again."}
    settings = auth.ActionCodeSettings(url="http://localhost:5173/welcome?from=mail", handle_code_in_app=True)
    redirected = follow(auth.generate_email_verification_link(email, settings, app=app))
    assert (redirected.status_code, redirected.headers["Location"]) == (303, "http://localhost:5173/welcome?from=mail")
    sign_in_link = auth.generate_sign_in_with_email_link(email, settings, app=app)
    code = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(sign_in_link).query))["oobCode"]
    landing = follow(sign_in_link)
    assert landing.status_code == 303
    target = urllib.parse.urlparse(landing.headers["Location"])
    copied = dict(urllib.parse.parse_qsl(target.query))
    assert (target.netloc, target.path, copied["from"], copied["mode"], copied["oobCode"]) == (
        "localhost:5173", "/welcome", "mail", "signIn", code)
    assert "continueUrl" not in copied
    assert ok(hearth, "signInWithEmailLink", {"email": email, "oobCode": code})["localId"] == user.uid
    for broken, message in [
        (f"http://{hearth.host}/emulator/action?mode=verifyEmail&oobCode=x", "missing apiKey query parameter"),
        (f"http://{hearth.host}/emulator/action?mode=verifyEmail&apiKey=k", "missing oobCode query parameter"),
        (f"http://{hearth.host}/emulator/action?mode=dance&apiKey=k&oobCode=x", "Invalid mode"),
        (f"http://{hearth.host}/emulator/action?mode=signIn&apiKey=k&oobCode=x", "Missing continueUrl query parameter"),
    ]:
        answer = follow(broken)
        assert (answer.status_code, answer.json()["authEmulator"]["error"]) == (400, message)


# ---- the REST API as an app calls it ----

def test_sign_up_sign_in_and_the_id_token(hearth):
    email = f"{unique('Dora')}@Example.com"
    before = int(time.time())
    body = ok(hearth, "signUp", {"email": email, "password": "secret-1", "returnSecureToken": True})
    lower = email.lower()
    assert set(body) == {"kind", "localId", "email", "idToken", "refreshToken", "expiresIn"}
    assert (body["kind"], body["email"], body["expiresIn"]) == ("identitytoolkit#SignupNewUserResponse", lower, "3600")
    uid = body["localId"]
    assert len(uid) == 28 and uid.isalnum()
    header, claims, signature = decode_jwt(body["idToken"])
    assert header == {"alg": "none", "typ": "JWT"} and signature == "" and body["idToken"].endswith(".")
    assert before <= claims["iat"] <= time.time() + 1
    assert claims == {
        "email": lower, "email_verified": False, "auth_time": claims["auth_time"], "user_id": uid,
        "firebase": {"identities": {"email": [lower]}, "sign_in_provider": "password"},
        "iat": claims["iat"], "exp": claims["iat"] + 3600, "aud": PROJECT, "iss": ISSUER, "sub": uid,
    }
    assert before <= claims["auth_time"] <= claims["iat"]
    signed_in = ok(hearth, "signInWithPassword", {"email": email.upper(), "password": "secret-1", "returnSecureToken": True})
    assert (signed_in["kind"], signed_in["registered"], signed_in["localId"], signed_in["email"]) == (
        "identitytoolkit#VerifyPasswordResponse", True, uid, lower)
    _, again, _ = decode_jwt(signed_in["idToken"])
    assert (again["sub"], again["firebase"]["sign_in_provider"], again["email"]) == (uid, "password", lower)


def test_sign_up_and_sign_in_errors(hearth):
    email = f"{unique('erin')}@example.com"
    sign_up(hearth, email, "secret-1")
    duplicate = toolkit(hearth, "signUp", {"email": email, "password": "secret-1"})
    assert duplicate.status_code == 400
    assert duplicate.json() == {"error": {"code": 400, "message": "EMAIL_EXISTS",
                                          "errors": [{"message": "EMAIL_EXISTS", "reason": "invalid", "domain": "global"}]}}
    assert fails(hearth, "signUp", {"email": email.upper(), "password": "secret-1"}) == "EMAIL_EXISTS"
    assert fails(hearth, "signUp", {"email": f"{unique()}@example.com", "password": "five5"}) == "WEAK_PASSWORD : Password should be at least 6 characters"
    assert fails(hearth, "signUp", {"email": "not-an-address", "password": "secret-1"}) == "INVALID_EMAIL"
    assert fails(hearth, "signUp", {"email": f"{unique()}@example.com"}) == "MISSING_PASSWORD"
    assert fails(hearth, "signUp", {"password": "secret-1"}) == "MISSING_EMAIL"
    assert fails(hearth, "signUp", {"localId": "chosen", "email": f"{unique()}@example.com", "password": "secret-1"}) == "UNEXPECTED_PARAMETER : User ID"
    assert fails(hearth, "signInWithPassword", {"email": email, "password": "wrong-password"}) == "INVALID_PASSWORD"
    assert fails(hearth, "signInWithPassword", {"email": f"{unique()}@example.com", "password": "secret-1"}) == "EMAIL_NOT_FOUND"
    assert fails(hearth, "signInWithPassword", {"email": email}) == "MISSING_PASSWORD"
    assert fails(hearth, "signInWithPassword", {"email": "not-an-address", "password": "x"}) == "INVALID_EMAIL"
    assert fails(hearth, "lookup", {"idToken": "not-a-token"}) == "INVALID_ID_TOKEN"


def test_sign_up_checks_a_taken_email_before_the_password_strength(hearth):
    """As Google's emulator orders its checks: INVALID_EMAIL, EMAIL_EXISTS, then WEAK_PASSWORD."""
    email = f"{unique('order')}@example.com"
    sign_up(hearth, email, "secret-1")
    assert fails(hearth, "signUp", {"email": email, "password": "five5"}) == "EMAIL_EXISTS"


def test_anonymous_sign_up(hearth):
    body = ok(hearth, "signUp", {"returnSecureToken": True})
    assert set(body) == {"kind", "localId", "idToken", "refreshToken", "expiresIn"}
    uid = body["localId"]
    _, claims, _ = decode_jwt(body["idToken"])
    assert claims == {
        "provider_id": "anonymous", "auth_time": claims["auth_time"], "user_id": uid,
        "firebase": {"identities": {}, "sign_in_provider": "anonymous"},
        "iat": claims["iat"], "exp": claims["iat"] + 3600, "aud": PROJECT, "iss": ISSUER, "sub": uid,
    }
    user = ok(hearth, "lookup", {"idToken": body["idToken"]})["users"][0]
    assert user["localId"] == uid and "email" not in user and "passwordHash" not in user and "providerUserInfo" not in user
    _, refreshed, _ = decode_jwt(refresh(hearth, body["refreshToken"]).json()["id_token"])
    assert refreshed["firebase"]["sign_in_provider"] == "anonymous" and refreshed["sub"] == uid
    # An anonymous account upgraded with an e-mail and password keeps its uid.
    email = f"{unique('upgraded')}@example.com"
    linked = ok(hearth, "signUp", {"idToken": body["idToken"], "email": email, "password": "secret-1", "returnSecureToken": True})
    assert linked["localId"] == uid and linked["email"] == email
    assert sign_in(hearth, email, "secret-1")["localId"] == uid


def test_lookup_never_shows_the_password(hearth):
    email = f"{unique('fay')}@example.com"
    password = "plain-text-password-" + uuid.uuid4().hex[:6]
    body = sign_up(hearth, email, password)
    answer = toolkit(hearth, "lookup", {"idToken": body["idToken"]})
    assert answer.status_code == 200 and password not in answer.text
    looked = answer.json()
    assert looked["kind"] == "identitytoolkit#GetAccountInfoResponse" and len(looked["users"]) == 1
    user = looked["users"][0]
    assert user["localId"] == body["localId"] and user["email"] == email and user["emailVerified"] is False
    assert user["passwordHash"] == REDACTED and user["disabled"] is False
    assert user["providerUserInfo"] == [{"providerId": "password", "email": email, "federatedId": email, "rawId": email}]
    assert user["createdAt"].isdigit() and user["lastLoginAt"].isdigit() and user["validSince"].isdigit()
    assert int(user["validSince"]) == int(user["createdAt"]) // 1000
    admin_view = admin_call(hearth, "lookup", {"email": [email.upper()]})
    assert admin_view.status_code == 200 and password not in admin_view.text
    assert admin_view.json()["users"][0]["passwordHash"] == REDACTED
    listed = admin_call(hearth, "batchGet", {"maxResults": -1}, method="GET")
    assert password not in listed.text
    # Nor does the data directory hold it.
    data = os.path.join(hearth.data_dir)
    for folder, _, files in os.walk(data):
        for name in files:
            with open(os.path.join(folder, name), "rb") as handle:
                assert password.encode() not in handle.read(), os.path.join(folder, name)


def test_refresh_token_grant(hearth):
    body = sign_up(hearth)
    answer = refresh(hearth, body["refreshToken"])
    assert answer.status_code == 200
    fresh = answer.json()
    assert set(fresh) == {"id_token", "access_token", "expires_in", "refresh_token", "token_type", "user_id", "project_id"}
    assert (fresh["expires_in"], fresh["token_type"], fresh["user_id"], fresh["project_id"]) == ("3600", "Bearer", body["localId"], PROJECT)
    assert fresh["access_token"] == fresh["id_token"] and fresh["refresh_token"]
    _, claims, _ = decode_jwt(fresh["id_token"])
    assert (claims["sub"], claims["aud"], claims["iss"], claims["firebase"]["sign_in_provider"]) == (body["localId"], PROJECT, ISSUER, "password")
    as_json = refresh(hearth, fresh["refresh_token"], form=False)
    assert as_json.status_code == 200 and as_json.json()["user_id"] == body["localId"]
    assert ok(hearth, "lookup", {"idToken": as_json.json()["id_token"]})["users"][0]["localId"] == body["localId"]
    url = f"{hearth.url}/securetoken.googleapis.com/v1/token"
    assert error(refresh(hearth, "garbage")) == "INVALID_REFRESH_TOKEN"
    assert error(requests.post(url, params={"key": "k"}, data={"grant_type": "password", "refresh_token": body["refreshToken"]})) == "INVALID_GRANT_TYPE"
    assert error(requests.post(url, params={"key": "k"}, data={"refresh_token": body["refreshToken"]})) == "MISSING_GRANT_TYPE"
    assert error(requests.post(url, params={"key": "k"}, data={"grant_type": "refresh_token"})) == "MISSING_REFRESH_TOKEN"
    # A deleted account's refresh token is dead.
    assert ok(hearth, "delete", {"idToken": body["idToken"]}) == {"kind": "identitytoolkit#DeleteAccountResponse"}
    assert error(refresh(hearth, body["refreshToken"])) == "INVALID_REFRESH_TOKEN"
    assert fails(hearth, "lookup", {"idToken": body["idToken"]}) == "USER_NOT_FOUND"


def test_verify_email_code_applied_shows_in_the_next_token(hearth):
    email = f"{unique('gus')}@example.com"
    body = sign_up(hearth, email)
    sent = ok(hearth, "sendOobCode", {"requestType": "VERIFY_EMAIL", "idToken": body["idToken"]})
    assert sent == {"kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": email}
    mine = [c for c in oob_codes(hearth) if c["email"] == email]
    assert [c["requestType"] for c in mine] == ["VERIFY_EMAIL"]
    code = mine[0]["oobCode"]
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(mine[0]["oobLink"]).query))
    assert (query["mode"], query["oobCode"]) == ("verifyEmail", code)
    applied = ok(hearth, "update", {"oobCode": code})
    assert (applied["kind"], applied["localId"], applied["email"], applied["emailVerified"]) == (
        "identitytoolkit#SetAccountInfoResponse", body["localId"], email, True)
    assert fails(hearth, "update", {"oobCode": code}) == "INVALID_OOB_CODE"
    assert decode_jwt(body["idToken"])[1]["email_verified"] is False  # the old token says what it said
    _, claims, _ = decode_jwt(refresh(hearth, body["refreshToken"]).json()["id_token"])
    assert claims["email_verified"] is True
    assert ok(hearth, "lookup", {"idToken": body["idToken"]})["users"][0]["emailVerified"] is True
    assert fails(hearth, "sendOobCode", {"requestType": "PASSWORD_RESET", "email": f"{unique()}@example.com"}) == "EMAIL_NOT_FOUND"
    assert fails(hearth, "sendOobCode", {"email": email}) == "MISSING_REQ_TYPE"
    assert fails(hearth, "sendOobCode", {"requestType": "VERIFY_EMAIL", "email": email, "returnOobLink": True}) == "INSUFFICIENT_PERMISSION"


def test_password_reset_over_rest(hearth):
    email = f"{unique('hal')}@example.com"
    sign_up(hearth, email, "before-1")
    assert ok(hearth, "sendOobCode", {"requestType": "PASSWORD_RESET", "email": email.upper()}) == {
        "kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": email}
    codes = [c for c in oob_codes(hearth) if c["email"] == email and c["requestType"] == "PASSWORD_RESET"]
    assert len(codes) == 1 and "oobCode=" + codes[0]["oobCode"] in codes[0]["oobLink"]
    ok(hearth, "resetPassword", {"oobCode": codes[0]["oobCode"], "newPassword": "after-12"})
    assert sign_in(hearth, email, "after-12")["email"] == email
    assert fails(hearth, "signInWithPassword", {"email": email, "password": "before-1"}) == "INVALID_PASSWORD"


def test_email_link_sign_in(hearth):
    email = f"{unique('ivy')}@example.com"
    sent = ok(hearth, "sendOobCode", {"requestType": "EMAIL_SIGNIN", "email": email, "continueUrl": "http://localhost:5173/done",
                                      "canHandleCodeInApp": True})
    assert sent == {"kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": email}
    record = [c for c in oob_codes(hearth) if c["email"] == email][0]
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(record["oobLink"]).query))
    assert (record["requestType"], query["mode"], query["continueUrl"]) == ("EMAIL_SIGNIN", "signIn", "http://localhost:5173/done")
    assert fails(hearth, "signInWithEmailLink", {"email": f"{unique()}@example.com", "oobCode": record["oobCode"]}) == (
        "INVALID_EMAIL : The email provided does not match the sign-in email address.")
    body = ok(hearth, "signInWithEmailLink", {"email": email, "oobCode": record["oobCode"]})
    assert (body["kind"], body["email"], body["isNewUser"]) == ("identitytoolkit#EmailLinkSigninResponse", email, True)
    _, claims, _ = decode_jwt(body["idToken"])
    assert (claims["email"], claims["email_verified"], claims["firebase"]["sign_in_provider"]) == (email, True, "password")
    assert fails(hearth, "signInWithEmailLink", {"email": email, "oobCode": record["oobCode"]}) == "INVALID_OOB_CODE"
    methods = ok(hearth, "createAuthUri", {"identifier": email, "continueUri": "http://localhost/"})
    assert (methods["registered"], methods["signinMethods"]) == (True, ["emailLink"])


def test_create_auth_uri(hearth):
    email = f"{unique('jo')}@example.com"
    sign_up(hearth, email)
    known = ok(hearth, "createAuthUri", {"identifier": email, "continueUri": "http://localhost/"})
    assert (known["kind"], known["registered"], known["allProviders"], known["signinMethods"]) == (
        "identitytoolkit#CreateAuthUriResponse", True, ["password"], ["password"])
    unknown = ok(hearth, "createAuthUri", {"identifier": f"{unique()}@example.com", "continueUri": "http://localhost/"})
    assert unknown["registered"] is False and unknown.get("signinMethods", []) == []


def test_improved_email_privacy_hides_which_part_was_wrong(hearth):
    email = f"{unique('kim')}@example.com"
    sign_up(hearth, email, "secret-1")
    try:
        assert set_privacy(hearth, True) == {"signIn": {"allowDuplicateEmails": False}, "emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}}
        assert requests.get(f"{hearth.url}/emulator/v1/projects/{PROJECT}/config").json()["emailPrivacyConfig"] == {"enableImprovedEmailPrivacy": True}
        assert fails(hearth, "signInWithPassword", {"email": email, "password": "wrong-password"}) == "INVALID_LOGIN_CREDENTIALS"
        assert fails(hearth, "signInWithPassword", {"email": f"{unique()}@example.com", "password": "secret-1"}) == "INVALID_LOGIN_CREDENTIALS"
        assert sign_in(hearth, email, "secret-1")["email"] == email
        # Password reset for an unknown address no longer tells.
        nobody = f"{unique()}@example.com"
        assert ok(hearth, "sendOobCode", {"requestType": "PASSWORD_RESET", "email": nobody}) == {
            "kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": nobody}
        assert [c for c in oob_codes(hearth) if c["email"] == nobody] == []
    finally:
        assert set_privacy(hearth, False)["emailPrivacyConfig"] == {"enableImprovedEmailPrivacy": False}
    assert fails(hearth, "signInWithPassword", {"email": email, "password": "wrong-password"}) == "INVALID_PASSWORD"


def test_emulator_delete_accounts_clears_a_project(hearth):
    project = f"auth-clear-{uuid.uuid4().hex[:8]}"
    for i in range(3):
        assert admin_call(hearth, "", {"localId": f"c{i}", "email": f"c{i}@clear.example", "password": "secret-1"}, project=project).status_code == 200
    listed = admin_call(hearth, "batchGet", {}, project=project, method="GET").json()
    assert [u["localId"] for u in listed["users"]] == ["c0", "c1", "c2"]
    kept = sign_up(hearth)  # in the default project
    sent = admin_call(hearth, "sendOobCode", {"requestType": "PASSWORD_RESET", "email": "c1@clear.example", "returnOobLink": True}, project=project)
    assert sent.status_code == 200 and sent.json()["oobLink"].startswith(f"http://{hearth.host}/emulator/action?mode=resetPassword&")
    config = f"{hearth.url}/emulator/v1/projects/{project}/config"
    assert requests.patch(config, json={"signIn": {"allowDuplicateEmails": True}}).json() == {
        "signIn": {"allowDuplicateEmails": True}, "emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}}
    cleared = requests.delete(f"{hearth.url}/emulator/v1/projects/{project}/accounts")
    assert cleared.status_code == 200 and cleared.json() == {}
    assert admin_call(hearth, "batchGet", {}, project=project, method="GET").json() == {"kind": "identitytoolkit#DownloadAccountResponse", "users": []}
    assert admin_call(hearth, "lookup", {"email": ["c0@clear.example"]}, project=project).json() == {"kind": "identitytoolkit#GetAccountInfoResponse"}
    # Codes and settings stay; a PATCH naming neither setting resets both.
    assert [c["oobCode"] for c in oob_codes(hearth, project)] == [sent.json()["oobCode"]]
    assert requests.get(config).json()["signIn"] == {"allowDuplicateEmails": True}
    assert requests.patch(config, json={}).json() == {
        "signIn": {"allowDuplicateEmails": False}, "emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}}
    # The e-mail addresses are free again; other projects are untouched.
    assert admin_call(hearth, "", {"localId": "c0", "email": "c0@clear.example"}, project=project).status_code == 200
    assert ok(hearth, "lookup", {"idToken": kept["idToken"]})["users"][0]["localId"] == kept["localId"]


def test_emulator_delete_accounts_in_the_default_project_ends_sign_in(tmp_path):
    server = HearthServer(tmp_path / "data", extra_args=["--project", PROJECT]).start()
    try:
        body = sign_up(server, "lee@example.com", "secret-1")
        assert requests.delete(f"{server.url}/emulator/v1/projects/{PROJECT}/accounts").json() == {}
        assert fails(server, "signInWithPassword", {"email": "lee@example.com", "password": "secret-1"}) == "EMAIL_NOT_FOUND"
        assert fails(server, "lookup", {"idToken": body["idToken"]}) == "USER_NOT_FOUND"
        assert error(refresh(server, body["refreshToken"])) == "INVALID_REFRESH_TOKEN"
        assert sign_up(server, "lee@example.com", "secret-2")["localId"] != body["localId"]
    finally:
        server.stop()


# ---- Firestore judging requests made with these tokens ----

def test_firestore_rules_see_uid_email_verified_claims_and_provider(app, hearth):
    from firebase_admin import auth

    tokens = {}
    # An e-mail/password account, before and after verifying its address and gaining role=admin.
    plain = sign_up(hearth)
    tokens["unverified"] = (plain["localId"], plain["idToken"])
    ok(hearth, "sendOobCode", {"requestType": "VERIFY_EMAIL", "idToken": plain["idToken"]})
    code = [c for c in oob_codes(hearth) if c["email"] == plain["email"]][-1]["oobCode"]
    ok(hearth, "update", {"oobCode": code})
    verified = refresh(hearth, plain["refreshToken"]).json()["id_token"]
    tokens["verified"] = (plain["localId"], verified)
    auth.set_custom_user_claims(plain["localId"], {"role": "admin"}, app=app)
    tokens["verified-stale"] = (plain["localId"], verified)  # issued before the claim: still no role
    tokens["verified-admin"] = (plain["localId"], refresh(hearth, plain["refreshToken"]).json()["id_token"])
    # Unverified accounts with role=admin and role=editor.
    for role in ["admin", "editor"]:
        person = sign_up(hearth)
        auth.set_custom_user_claims(person["localId"], {"role": role}, app=app)
        tokens[f"unverified-{role}"] = (person["localId"], refresh(hearth, person["refreshToken"]).json()["id_token"])
    # A custom token whose developer claims say role=admin; an anonymous account; nobody.
    custom_uid = unique("cust")
    custom = ok(hearth, "signInWithCustomToken", {"token": auth.create_custom_token(custom_uid, {"role": "admin"}, app=app).decode()})
    tokens["custom-admin"] = (custom_uid, custom["idToken"])
    anonymous = ok(hearth, "signUp", {})
    tokens["anonymous"] = (anonymous["localId"], anonymous["idToken"])
    tokens["nobody"] = ("nobody", None)

    facts = {  # name: (signed in, email verified, role admin, provider)
        "unverified": (True, False, False, "password"), "verified": (True, True, False, "password"),
        "verified-stale": (True, True, False, "password"), "verified-admin": (True, True, True, "password"),
        "unverified-admin": (True, False, True, "password"), "unverified-editor": (True, False, False, "password"),
        "custom-admin": (True, False, True, "custom"), "anonymous": (True, False, False, "anonymous"),
        "nobody": (False, False, False, None),
    }
    expected, actual = {}, {}
    for name, (uid, token) in tokens.items():
        signed_in, is_verified, is_admin, provider = facts[name]
        doc = unique("d")
        checks = {
            "own": (f"users/{uid}/notes/{doc}", signed_in),
            "other": (f"users/someone-else/notes/{doc}", False),
            "verified": (f"verified/{doc}", is_verified),
            "admin": (f"admin/{doc}", is_admin),
            "password-provider": (f"providers/password/docs/{doc}", provider == "password"),
            "custom-provider": (f"providers/custom/docs/{doc}", provider == "custom"),
        }
        for check, (path, allowed) in checks.items():
            expected[(name, check, "write")] = 200 if allowed else 403
            actual[(name, check, "write")] = firestore_write(hearth, path, token, name)
            status, read = firestore_read(hearth, path, token)
            expected[(name, check, "read")] = 200 if allowed else 403
            actual[(name, check, "read")] = status
            if allowed and status == 200:
                assert read["fields"] == {"v": {"stringValue": name}}
    assert actual == expected


def test_firestore_grpc_calls_carry_the_id_token(app, hearth, monkeypatch):
    from firebase_admin import auth
    from google.api_core import exceptions
    from google.cloud import firestore

    from test_rules import TokenCredentials, UserClient

    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", hearth.host)
    person = sign_up(hearth)
    auth.set_custom_user_claims(person["localId"], {"role": "admin"}, app=app)
    admin_token = refresh(hearth, person["refreshToken"]).json()["id_token"]
    as_admin = UserClient(project=PROJECT, credentials=TokenCredentials(admin_token))
    as_before = UserClient(project=PROJECT, credentials=TokenCredentials(person["idToken"]))
    doc = unique("g")
    as_admin.collection("admin").document(doc).set({"by": person["localId"]})
    assert as_admin.collection("admin").document(doc).get().to_dict() == {"by": person["localId"]}
    with pytest.raises(exceptions.PermissionDenied):
        as_before.collection("admin").document(doc).get()
    as_before.collection("users").document(person["localId"]).set({"mine": True})
    with pytest.raises(exceptions.PermissionDenied):
        as_before.collection("users").document("someone-else").set({"mine": False})
    owner = firestore.Client(project=PROJECT)
    assert owner.collection("users").document(person["localId"]).get().to_dict() == {"mine": True}


# ---- persistence ----

def test_accounts_survive_a_restart_and_a_kill(tmp_path):
    from firebase_admin import auth

    data = tmp_path / "data"
    first = HearthServer(data, extra_args=["--project", PROJECT]).start()
    port = first.port  # every restart uses it, so the app's emulator host stays right
    servers = [first]
    with contextlib.ExitStack() as cleanup:
        cleanup.callback(lambda: [server.kill() for server in servers])
        persisted = cleanup.enter_context(firebase_admin_app(first.host, PROJECT))
        body = sign_up(first, "mo@example.com", "secret-1")
        auth.set_custom_user_claims(body["localId"], {"role": "admin"}, app=persisted)
        auth.create_user(uid="made-by-admin", email="admin-made@example.com", display_name="Made", app=persisted)
        assert first.stop() == 0

        second = HearthServer(data, extra_args=["--project", PROJECT], port=port).start()
        servers.append(second)
        again = sign_in(second, "mo@example.com", "secret-1")
        assert again["localId"] == body["localId"]
        assert fails(second, "signInWithPassword", {"email": "mo@example.com", "password": "secret-2"}) == "INVALID_PASSWORD"
        assert decode_jwt(again["idToken"])[1]["role"] == "admin"
        # A refresh token from before the restart still works; so does the old ID token.
        assert refresh(second, body["refreshToken"]).json()["user_id"] == body["localId"]
        assert ok(second, "lookup", {"idToken": body["idToken"]})["users"][0]["email"] == "mo@example.com"
        made = auth.get_user("made-by-admin", app=persisted)
        assert (made.email, made.display_name) == ("admin-made@example.com", "Made")
        # Written just before a SIGKILL: acknowledged, so kept.
        late = sign_up(second, "late@example.com", "secret-3")
        auth.update_user(body["localId"], display_name="Mo", app=persisted)
        second.kill()
        assert second.process.returncode == -9

        third = HearthServer(data, extra_args=["--project", PROJECT], port=port).start()
        servers.append(third)
        assert sign_in(third, "late@example.com", "secret-3")["localId"] == late["localId"]
        assert sign_in(third, "mo@example.com", "secret-1")["localId"] == body["localId"]
        user = auth.get_user(body["localId"], app=persisted)
        assert (user.display_name, user.email, user.custom_claims) == ("Mo", "mo@example.com", {"role": "admin"})
        listed = {u.uid: u for u in auth.list_users(app=persisted).iterate_all()}
        assert sorted(listed) == sorted([body["localId"], late["localId"], "made-by-admin"])
        assert (listed[body["localId"]].password_hash, listed["made-by-admin"].password_hash) == (REDACTED, None)
        assert fails(third, "signUp", {"email": "mo@example.com", "password": "secret-1"}) == "EMAIL_EXISTS"


def test_auth_port_serves_the_admin_sdk_beside_the_main_port(tmp_path):
    from firebase_admin import auth

    server = HearthServer(tmp_path / "data", extra_args=["--project", PROJECT, "--auth-port", "0"]).start()
    try:
        announced = [line for line in server.lines if line.startswith("FIREBASE_AUTH_EMULATOR_HOST=")]
        assert len(announced) == 1
        auth_host = announced[0].split("=", 1)[1]
        assert auth_host.startswith("127.0.0.1:") and auth_host != server.host
        with firebase_admin_app(auth_host, PROJECT) as admin:
            auth.create_user(uid="on-auth-port", email="port@example.com", password="secret-1", app=admin)
        # The main port sees the same accounts.
        assert sign_in(server, "port@example.com", "secret-1")["localId"] == "on-auth-port"
    finally:
        server.stop()


def test_export_on_exit_and_import_carry_the_accounts(tmp_path):
    export = tmp_path / "export"
    first = HearthServer(tmp_path / "one", extra_args=["--project", PROJECT, "--export-on-exit", str(export)]).start()
    made = sign_up(first, "kept@example.com", "secret-9")
    # --export-on-exit writes a Firestore export only when there are documents: give it one.
    assert requests.post(
        f"{first.url}/v1/projects/{PROJECT}/databases/(default)/documents/things?documentId=a",
        json={"fields": {"n": {"integerValue": "1"}}}, headers=OWNER).status_code == 200
    assert first.stop() == 0
    metadata = json.loads((export / "firebase-export-metadata.json").read_text())
    assert metadata["auth"] == {"path": "auth_export", "version": "hearth"}
    accounts = json.loads((export / "auth_export" / "accounts.json").read_text())
    assert [u["localId"] for u in accounts["users"]] == [made["localId"]]
    assert "secret-9" not in (export / "auth_export" / "accounts.json").read_text()

    second = HearthServer(tmp_path / "two", extra_args=["--project", PROJECT, "--import", str(export)]).start()
    try:
        assert sign_in(second, "kept@example.com", "secret-9")["localId"] == made["localId"]
        assert fails(second, "signInWithPassword", {"email": "kept@example.com", "password": "secret-8"}) == "INVALID_PASSWORD"
    finally:
        second.stop()

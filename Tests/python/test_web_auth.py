"""Web apps signing in against Hearth's Auth emulator: the Firebase Auth JS SDK 12.9.0 in headless
Chromium with connectAuthEmulator, pages on another loopback port (every call is cross-origin).

Covers e-mail/password accounts, errors as SDK codes, anonymous and custom-token sign-in, token
refresh, e-mail verification and password reset with codes read back from the emulator, and Firestore
(full SDK over WebChannel, long polling, and lite over REST) in the same app, judged by rules on the
uid and on a custom claim set with firebase-admin. Skips when ../shared/clients or chromium is absent.
"""
import uuid

import pytest
import requests

import web_auth_scenarios as js
import web_scenarios
from conftest import firebase_admin_app
from hearth_server import HearthServer
from web_sdk import Browser, browser, missing_reason  # noqa: F401 (browser is a fixture)

pytestmark = pytest.mark.skipif(missing_reason() is not None, reason=missing_reason() or "")

PROJECT = "web-auth-test"
ISSUER = f"https://securetoken.google.com/{PROJECT}"
RULES = """rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /users/{uid}/{rest=**} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
    match /admin/{doc} {
      allow read, write: if request.auth != null && request.auth.token.role == 'admin';
    }
    match /verified/{doc} {
      allow read, write: if request.auth != null && request.auth.token.email_verified == true;
    }
    match /anon/{uid} {
      allow write: if request.auth != null && request.auth.uid == uid
                   && request.auth.token.firebase.sign_in_provider == 'anonymous';
    }
  }
}
"""
FLAVOURS = {
    "full": {"module": web_scenarios.FULL, "settings": {}},
    "long-polling": {"module": web_scenarios.FULL, "settings": {"experimentalForceLongPolling": True}},
    "lite": {"module": web_scenarios.LITE, "settings": {}, "lite": True},
}


@pytest.fixture(scope="module")
def hearth(tmp_path_factory):
    server = HearthServer(tmp_path_factory.mktemp("web-auth") / "data", extra_args=["--project", PROJECT]).start()
    loaded = requests.put(f"{server.url}/emulator/v1/projects/{PROJECT}:securityRules",
                          json={"rules": {"files": [{"name": "firestore.rules", "content": RULES}]}})
    assert loaded.status_code == 200, loaded.text
    yield server
    server.stop()


@pytest.fixture(scope="module")
def app(hearth):
    with firebase_admin_app(hearth.host, PROJECT) as created:
        yield created


def env(hearth, flavour="full", **extra):
    settings = FLAVOURS[flavour]
    values = {"host": "127.0.0.1", "port": hearth.port, "project": PROJECT, "settings": settings["settings"],
              "lite": settings.get("lite", False), "collection": f"web-{uuid.uuid4().hex[:10]}",
              "email": f"web-{uuid.uuid4().hex[:10]}@example.com"}
    values.update(extra)
    return values


def scenario(body, flavour="full"):
    return js.prelude(FLAVOURS[flavour]["module"]) + body


def test_accounts_sign_in_refresh_verification_and_errors(browser, hearth, app):
    from firebase_admin import auth

    values = env(hearth)
    result = browser.run(scenario(js.ACCOUNTS), values, 90)
    email, uid = values["email"], result["uid"]
    assert len(uid) == 28 and uid.isalnum()
    assert result == {
        "uid": uid,
        "created": {"current": True, "email": email, "isAnonymous": False, "emailVerified": False, "operationType": "signIn",
                    "providerData": [["password", email, email]]},
        "firstToken": {"signInProvider": "password", "sub": uid, "user_id": uid, "aud": PROJECT, "iss": ISSUER, "email": email,
                       "email_verified": False, "lifetime": 3600},
        "duplicate": "auth/email-already-in-use", "weak": "auth/weak-password", "invalidEmail": "auth/invalid-email",
        "stillCurrent": True,
        "signedOut": True, "wrongPassword": "auth/wrong-password", "unknownUser": "auth/user-not-found",
        "signedIn": {"same": True, "operationType": "signIn", "email": email},
        "forced": {"sub": uid, "provider": "password", "current": True},
        "displayName": "Web Person", "nameClaim": "Web Person",
        "afterPasswordChange": {"signedIn": True, "tokenWorks": True},
        "oldPassword": "auth/wrong-password",
        "verifiedBeforeReload": False, "verified": True, "verifiedClaim": True, "methods": ["password"],
        "anonymous": {"isAnonymous": True, "email": None, "providerData": [], "signInProvider": "anonymous", "distinct": True,
                      "uidLength": 28},
        "afterDelete": True, "deletedSignIn": "auth/user-not-found",
    }
    # What the page did, as the Admin SDK sees it: the account is gone, the anonymous one is there.
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user(uid, app=app)
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user_by_email(email, app=app)


def test_password_reset_with_the_code_from_the_emulator(browser, hearth, app):
    from firebase_admin import auth

    values = env(hearth)
    result = browser.run(scenario(js.PASSWORD_RESET), values, 60)
    email = values["email"]
    assert result == {
        "uid": result["uid"], "codeEmail": email, "info": ["PASSWORD_RESET", email], "weak": "auth/weak-password",
        "confirm": "ok", "reused": "auth/invalid-action-code", "oldPassword": "auth/wrong-password", "newPassword": True,
        "verifiedByReset": True, "unknownReset": "auth/user-not-found",
    }
    codes = requests.get(f"{hearth.url}/emulator/v1/projects/{PROJECT}/oobCodes").json()["oobCodes"]
    assert [c for c in codes if c["email"] == email] == []  # the code was used up
    assert auth.get_user_by_email(email, app=app).uid == result["uid"]


def test_improved_email_privacy_gives_invalid_credential(browser, hearth):
    values = env(hearth)
    body = {"email": values["email"], "password": "secret-1", "returnSecureToken": True}
    assert requests.post(f"{hearth.url}/identitytoolkit.googleapis.com/v1/accounts:signUp", params={"key": "k"}, json=body).status_code == 200
    config = f"{hearth.url}/emulator/v1/projects/{PROJECT}/config"
    assert requests.patch(config, json={"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}}).status_code == 200
    try:
        result = browser.run(scenario(js.PRIVACY), values, 60)
    finally:
        assert requests.patch(config, json={"emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}}).status_code == 200
    assert result == {"wrongPassword": "auth/invalid-credential", "unknownUser": "auth/invalid-credential", "rightPassword": "ok"}
    assert browser.run(scenario(js.PRIVACY), values, 60) == {
        "wrongPassword": "auth/wrong-password", "unknownUser": "auth/user-not-found", "rightPassword": "ok"}


@pytest.mark.parametrize("flavour", ["full", "long-polling", "lite"])
def test_firestore_sees_the_user_and_a_refreshed_custom_claim(browser, hearth, app, flavour):
    from firebase_admin import auth

    values = env(hearth, flavour)
    page = browser.open(scenario(js.CLAIMS_AND_FIRESTORE, flavour), values, 90)
    try:
        page.wait_for_function("window.__uid !== undefined || window.__done === true", timeout=60000)
        uid = page.evaluate("window.__uid || null")
        if uid is None:
            Browser.result(page)  # raises with the scenario's error
        auth.set_custom_user_claims(uid, {"role": "admin", "level": 2}, app=app)
        page.evaluate("window.__go = true")
        result = Browser.result(page, 90)
    finally:
        page.context.close()
    denied = "permission-denied"
    assert result == {
        "writeMine": "ok", "readMine": {"by": uid, "n": 1}, "writeTheirs": denied, "readTheirs": denied,
        "adminBefore": denied, "verifiedBefore": denied,
        "cachedRole": None, "adminCached": denied,
        "freshClaims": {"role": "admin", "level": 2}, "adminAfter": "ok", "adminRead": {"by": uid, "role": "admin"},
        "query": ["n1"], "verifiedStill": denied,
        "signedOutWrite": denied, "signedOutRead": denied,
        "backRole": "admin", "backRead": {"by": uid, "n": 1},
    }
    # The documents are there, written as that user.
    owner = {"Authorization": "Bearer owner"}
    base = f"{hearth.url}/v1/projects/{PROJECT}/databases/(default)/documents"
    stored = requests.get(f"{base}/admin/{values['collection']}", headers=owner).json()
    assert stored["fields"] == {"by": {"stringValue": uid}, "role": {"stringValue": "admin"}}
    assert requests.get(f"{base}/users/someone-else/notes/n1", headers=owner).status_code == 404


@pytest.mark.parametrize("flavour", ["full", "lite"])
def test_custom_token_and_anonymous_users_in_firestore_rules(browser, hearth, app, flavour):
    from firebase_admin import auth

    uid = f"custom-{uuid.uuid4().hex[:8]}"
    token = auth.create_custom_token(uid, {"role": "admin", "plan": "pro"}, app=app).decode()
    values = env(hearth, flavour, customToken=token)
    result = browser.run(scenario(js.CUSTOM_AND_ANONYMOUS, flavour), values, 60)
    denied = "permission-denied"
    assert result == {
        "custom": {"uid": uid, "isAnonymous": False, "signInProvider": "custom", "role": "admin", "plan": "pro", "email": None},
        "adminWrite": "ok", "adminRead": {"via": "custom"}, "refreshedRole": "admin",
        "anonymousUid": result["anonymousUid"], "anonymousOwn": "ok", "anonymousOther": denied, "anonymousAdmin": denied,
        "anonymousMine": "ok",
    }
    # firebase-admin sees both accounts.
    assert auth.get_user(uid, app=app).custom_claims is None  # developer claims live in the session
    assert auth.get_user(result["anonymousUid"], app=app).provider_data == []

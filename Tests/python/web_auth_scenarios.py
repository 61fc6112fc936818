"""The JavaScript run in the browser by test_web_auth.py: the Firebase Auth JS SDK (firebase-auth.js) with
connectAuthEmulator pointed at Hearth, alone and with Firestore (full or lite) in the same app, so the
Firestore SDK sends the signed-in user's ID token.

`prelude(module)` is web_scenarios' prelude (the Firestore SDK at `module`, `code`, `until`, `enc`)
plus the Auth SDK as `A` and these helpers: `openApp(env)` makes an app with Auth and Firestore both
connected to Hearth; `claimsOf(token)` decodes an ID token's payload; `oobCode(env, email, type)` reads
the newest out-of-band code for `email` from GET /emulator/v1/projects/{p}/oobCodes (cross-origin, as
a test page would).
"""
import web_scenarios

AUTH = "/sdk/firebase-auth.js"


def prelude(module=web_scenarios.FULL):
    return web_scenarios.prelude(module) + """
import * as A from "%(auth)s";

function openApp(env, name) {
  const app = initializeApp({ projectId: env.project, apiKey: "fake-api-key", appId: "1:1234:web:abcd" }, name || "[DEFAULT]");
  const auth = A.getAuth(app);
  A.connectAuthEmulator(auth, `http://${env.host}:${env.port}`, { disableWarnings: true });
  const db = Object.keys(env.settings || {}).length ? fs.initializeFirestore(app, env.settings) : fs.getFirestore(app);
  fs.connectFirestoreEmulator(db, env.host, env.port);
  return { app, auth, db };
}

function claimsOf(token) {
  const part = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
  return JSON.parse(atob(part + "=".repeat((4 - part.length %% 4) %% 4)));
}

async function oobCode(env, email, type) {
  const answer = await fetch(`http://${env.host}:${env.port}/emulator/v1/projects/${env.project}/oobCodes`);
  const codes = (await answer.json()).oobCodes.filter((c) => c.email === email && c.requestType === type);
  if (!codes.length) throw new Error(`no ${type} code for ${email}`);
  return codes[codes.length - 1].oobCode;
}

async function readDoc(env, ref) {
  const snap = env.lite ? await fs.getDoc(ref) : await fs.getDocFromServer(ref);
  return snap.exists() ? enc(snap.data()) : null;
}

async function outcome(promise) {
  try { const value = await promise; return value === undefined ? "ok" : value; } catch (e) { return e.code || String(e); }
}
""" % {"auth": AUTH}


# Sign-up, sign-out, sign-in, errors, profile and password changes, e-mail verification, anonymous
# sign-in and deletion, all through the Auth SDK.
ACCOUNTS = """
export default async function (env) {
  const { auth } = openApp(env);
  const out = {};
  const created = await A.createUserWithEmailAndPassword(auth, env.email, "secret-1");
  const user = created.user;
  out.uid = user.uid;
  out.created = {
    current: auth.currentUser === user, email: user.email, isAnonymous: user.isAnonymous, emailVerified: user.emailVerified,
    operationType: created.operationType, providerData: user.providerData.map((p) => [p.providerId, p.uid, p.email]),
  };
  const first = await user.getIdTokenResult();
  out.firstToken = {
    signInProvider: first.signInProvider, sub: first.claims.sub, user_id: first.claims.user_id, aud: first.claims.aud,
    iss: first.claims.iss, email: first.claims.email, email_verified: first.claims.email_verified,
    lifetime: (Date.parse(first.expirationTime) - Date.parse(first.issuedAtTime)) / 1000,
  };
  out.duplicate = await code(A.createUserWithEmailAndPassword(auth, env.email, "secret-1"));
  out.weak = await code(A.createUserWithEmailAndPassword(auth, "weak-" + env.email, "12345"));
  out.invalidEmail = await code(A.createUserWithEmailAndPassword(auth, "not-an-address", "secret-1"));
  out.stillCurrent = auth.currentUser && auth.currentUser.uid === out.uid;

  await A.signOut(auth);
  out.signedOut = auth.currentUser === null;
  out.wrongPassword = await code(A.signInWithEmailAndPassword(auth, env.email, "wrong-pass"));
  out.unknownUser = await code(A.signInWithEmailAndPassword(auth, "nobody-" + env.email, "secret-1"));
  const again = await A.signInWithEmailAndPassword(auth, env.email.toUpperCase(), "secret-1");
  out.signedIn = { same: again.user.uid === out.uid, operationType: again.operationType, email: again.user.email };
  const forced = await again.user.getIdToken(true);
  out.forced = { sub: claimsOf(forced).sub, provider: claimsOf(forced).firebase.sign_in_provider, current: forced === await again.user.getIdToken() };

  await A.updateProfile(again.user, { displayName: "Web Person" });
  await again.user.reload();
  out.displayName = auth.currentUser.displayName;
  out.nameClaim = (await auth.currentUser.getIdTokenResult(true)).claims.name;
  await A.updatePassword(auth.currentUser, "secret-2");
  out.afterPasswordChange = { signedIn: auth.currentUser !== null && auth.currentUser.uid === out.uid,
                              tokenWorks: claimsOf(await auth.currentUser.getIdToken(true)).sub === out.uid };
  await A.signOut(auth);
  out.oldPassword = await code(A.signInWithEmailAndPassword(auth, env.email, "secret-1"));
  const third = await A.signInWithEmailAndPassword(auth, env.email, "secret-2");

  await A.sendEmailVerification(third.user);
  await A.applyActionCode(auth, await oobCode(env, env.email, "VERIFY_EMAIL"));
  out.verifiedBeforeReload = third.user.emailVerified;
  await third.user.reload();
  out.verified = third.user.emailVerified;
  out.verifiedClaim = (await third.user.getIdTokenResult(true)).claims.email_verified;
  out.methods = await A.fetchSignInMethodsForEmail(auth, env.email);

  await A.signOut(auth);
  const anonymous = await A.signInAnonymously(auth);
  const anonymousToken = await anonymous.user.getIdTokenResult();
  out.anonymous = {
    isAnonymous: anonymous.user.isAnonymous, email: anonymous.user.email, providerData: anonymous.user.providerData,
    signInProvider: anonymousToken.signInProvider, distinct: anonymous.user.uid !== out.uid, uidLength: anonymous.user.uid.length,
  };

  await A.signOut(auth);
  const doomed = await A.signInWithEmailAndPassword(auth, env.email, "secret-2");
  await A.deleteUser(doomed.user);
  out.afterDelete = auth.currentUser === null;
  out.deletedSignIn = await code(A.signInWithEmailAndPassword(auth, env.email, "secret-2"));
  return out;
}
"""

# sendPasswordResetEmail, the code read back from the emulator, confirmPasswordReset.
PASSWORD_RESET = """
export default async function (env) {
  const { auth } = openApp(env);
  const out = {};
  const created = await A.createUserWithEmailAndPassword(auth, env.email, "before-1");
  out.uid = created.user.uid;
  await A.signOut(auth);
  await A.sendPasswordResetEmail(auth, env.email);
  const resetCode = await oobCode(env, env.email, "PASSWORD_RESET");
  out.codeEmail = await A.verifyPasswordResetCode(auth, resetCode);
  const info = await A.checkActionCode(auth, resetCode);
  out.info = [info.operation, info.data.email];
  out.weak = await code(A.confirmPasswordReset(auth, resetCode, "123"));
  out.confirm = await code(A.confirmPasswordReset(auth, resetCode, "after-12"));
  out.reused = await code(A.confirmPasswordReset(auth, resetCode, "again-123"));
  out.oldPassword = await code(A.signInWithEmailAndPassword(auth, env.email, "before-1"));
  const signed = await A.signInWithEmailAndPassword(auth, env.email, "after-12");
  out.newPassword = signed.user.uid === out.uid;
  out.verifiedByReset = signed.user.emailVerified;
  await A.signOut(auth);
  out.unknownReset = await code(A.sendPasswordResetEmail(auth, "nobody-" + env.email));
  return out;
}
"""

# With improved e-mail privacy on (set from Python): wrong password and unknown user look the same.
PRIVACY = """
export default async function (env) {
  const { auth } = openApp(env);
  return {
    wrongPassword: await code(A.signInWithEmailAndPassword(auth, env.email, "wrong-pass")),
    unknownUser: await code(A.signInWithEmailAndPassword(auth, "nobody-" + env.email, "secret-1")),
    rightPassword: await code(A.signInWithEmailAndPassword(auth, env.email, "secret-1")),
  };
}
"""

# Firestore as a signed-in user: rules on request.auth.uid, then on a custom claim that Python sets
# with firebase-admin while the page waits (window.__uid is the signal, window.__go the answer); the
# claim shows only after getIdToken(true). Then signed out.
CLAIMS_AND_FIRESTORE = """
export default async function (env) {
  const { auth, db } = openApp(env);
  const out = {};
  const created = await A.createUserWithEmailAndPassword(auth, env.email, "secret-1");
  const uid = created.user.uid;
  const mine = fs.doc(db, "users", uid, "notes", "n1");
  const theirs = fs.doc(db, "users", "someone-else", "notes", "n1");
  const adminDoc = fs.doc(db, "admin", env.collection);
  const verifiedDoc = fs.doc(db, "verified", env.collection);
  out.writeMine = await outcome(fs.setDoc(mine, { by: uid, n: 1 }));
  out.readMine = await outcome(readDoc(env, mine));
  out.writeTheirs = await code(fs.setDoc(theirs, { by: uid }));
  out.readTheirs = await code(readDoc(env, theirs));
  out.adminBefore = await code(fs.setDoc(adminDoc, { by: uid }));
  out.verifiedBefore = await code(fs.setDoc(verifiedDoc, { by: uid }));

  window.__uid = uid;
  await until(() => window.__go === true, 30000);
  out.cachedRole = (await created.user.getIdTokenResult()).claims.role || null;
  out.adminCached = await code(fs.setDoc(adminDoc, { by: uid }));
  const fresh = await created.user.getIdTokenResult(true);
  out.freshClaims = { role: fresh.claims.role, level: fresh.claims.level };
  out.adminAfter = await outcome(fs.setDoc(adminDoc, { by: uid, role: fresh.claims.role }));
  out.adminRead = await outcome(readDoc(env, adminDoc));
  out.query = await outcome(fs.getDocs(fs.collection(db, "users", uid, "notes")).then((s) => s.docs.map((d) => d.id)));
  out.verifiedStill = await code(fs.setDoc(verifiedDoc, { by: uid }));

  await A.signOut(auth);
  out.signedOutWrite = await code(fs.setDoc(mine, { by: "nobody" }));
  out.signedOutRead = await code(readDoc(env, mine));
  const back = await A.signInWithEmailAndPassword(auth, env.email, "secret-1");
  out.backRole = (await back.user.getIdTokenResult()).claims.role;
  out.backRead = await outcome(readDoc(env, mine));
  if (env.terminate) await fs.terminate(db);
  return out;
}
"""

# A custom token minted by firebase-admin (in env.customToken) signs the page in; its developer claims
# reach the ID token and the rules; an anonymous user is judged by uid and provider.
CUSTOM_AND_ANONYMOUS = """
export default async function (env) {
  const { auth, db } = openApp(env);
  const out = {};
  const signed = await A.signInWithCustomToken(auth, env.customToken);
  const token = await signed.user.getIdTokenResult();
  out.custom = {
    uid: signed.user.uid, isAnonymous: signed.user.isAnonymous, signInProvider: token.signInProvider,
    role: token.claims.role, plan: token.claims.plan, email: signed.user.email,
  };
  out.adminWrite = await outcome(fs.setDoc(fs.doc(db, "admin", env.collection), { via: "custom" }));
  out.adminRead = await outcome(readDoc(env, fs.doc(db, "admin", env.collection)));
  out.refreshedRole = claimsOf(await signed.user.getIdToken(true)).role;

  await A.signOut(auth);
  const anonymous = await A.signInAnonymously(auth);
  const uid = anonymous.user.uid;
  out.anonymousUid = uid;
  out.anonymousOwn = await outcome(fs.setDoc(fs.doc(db, "anon", uid), { n: 1 }));
  out.anonymousOther = await code(fs.setDoc(fs.doc(db, "anon", "someone-else"), { n: 1 }));
  out.anonymousAdmin = await code(fs.setDoc(fs.doc(db, "admin", env.collection), { via: "anonymous" }));
  out.anonymousMine = await outcome(fs.setDoc(fs.doc(db, "users", uid, "notes", "a"), { n: 2 }));
  return out;
}
"""

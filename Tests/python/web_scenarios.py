"""The JavaScript run in the browser by test_web_sdk.py: ES modules whose default export takes `env`.

`prelude(module)` imports the SDK and defines the helpers every scenario uses: `open(env, name)`
makes a Firestore instance connected to Hearth with the scenario's settings, and `enc(value)`
turns what the SDK returns into exact JSON (timestamps as [seconds, nanos], bytes as base64…).
"""

FULL = "/sdk/firebase-firestore.js"
LITE = "/sdk/firebase-firestore-lite.js"


def prelude(module=FULL):
    """Imports and helpers for a scenario run with the SDK at `module`."""
    return """
import { initializeApp } from "https://www.gstatic.com/firebasejs/12.9.0/firebase-app.js";
import * as fs from "%(module)s";
const { Timestamp, GeoPoint, Bytes, DocumentReference, VectorValue } = fs;

function open(env, name) {
  const app = initializeApp({ projectId: env.project, apiKey: "fake-api-key" }, name || "[DEFAULT]");
  const db = Object.keys(env.settings || {}).length ? fs.initializeFirestore(app, env.settings) : fs.getFirestore(app);
  fs.connectFirestoreEmulator(db, env.host, env.port, env.mockUserToken ? { mockUserToken: env.mockUserToken } : {});
  return db;
}

function enc(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") {
    if (Number.isNaN(v)) return "NaN";
    if (v === Infinity) return "Infinity";
    if (v === -Infinity) return "-Infinity";
    return v;
  }
  if (typeof v === "string" || typeof v === "boolean") return v;
  if (Array.isArray(v)) return v.map(enc);
  if (v instanceof Timestamp) return { ts: [v.seconds, v.nanoseconds] };
  if (v instanceof GeoPoint) return { geo: [v.latitude, v.longitude] };
  if (v instanceof Bytes) return { bytes: v.toBase64() };
  if (v instanceof DocumentReference) return { ref: v.path };
  if (VectorValue && v instanceof VectorValue) return { vector: v.toArray() };
  const out = {};
  for (const k of Object.keys(v).sort()) out[k] = enc(v[k]);
  return out;
}

async function code(promise) {
  try { await promise; return "ok"; } catch (e) { return e.code || String(e); }
}

function until(predicate, ms) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => { if (predicate()) resolve(); else if (Date.now() - started > ms) reject(new Error("timed out")); else setTimeout(tick, 20); };
    tick();
  });
}
""" % {"module": module}


# Every value type, written and read back from the server (`getDocFromServer` in the full SDK).
VALUES = """
export default async function (env) {
  const db = open(env);
  const ref = fs.doc(db, env.collection, "all");
  const value = {
    nothing: null, yes: true, no: false, int: 42, negative: -7, big: 9007199254740991, double: 3.5,
    tiny: 5e-324, nan: NaN, inf: Infinity, ninf: -Infinity, text: "héllo ✓ 𝄞", empty: "",
    bytes: Bytes.fromUint8Array(new Uint8Array([0, 1, 127, 128, 255])),
    time: new Timestamp(1700000000, 123456000), place: new GeoPoint(37.7749, -122.4194),
    link: fs.doc(db, "cities", "LA"), list: [1, "two", 3.25, null, { inner: [true] }],
    nested: { a: { b: { c: "deep" } }, "dotted.key": 1, "spaced key": 2 },
    vec: fs.vector([0.5, -1, 2]),
    stamp: fs.serverTimestamp(), counter: fs.increment(5), tags: fs.arrayUnion("x", "y"),
  };
  await fs.setDoc(ref, value);
  await fs.updateDoc(ref, { counter: fs.increment(2), tags: fs.arrayRemove("x"), "nested.a.b.c": "deeper", gone: fs.deleteField() });
  const read = env.lite ? await fs.getDoc(ref) : await fs.getDocFromServer(ref);
  const data = enc(read.data());
  const stamp = data.stamp; delete data.stamp;
  return { exists: read.exists(), id: read.id, data, stampSeconds: stamp.ts[0], fromCache: env.lite ? false : read.metadata.fromCache };
}
"""

# Batches, queries with cursors and limitToLast, and aggregations.
QUERIES = """
export default async function (env) {
  const db = open(env);
  const coll = fs.collection(db, env.collection);
  const batch = fs.writeBatch(db);
  for (let i = 0; i < 10; i++) batch.set(fs.doc(coll, "d" + i), { n: i, parity: i % 2 ? "odd" : "even", score: i * 1.5 });
  await batch.commit();
  const second = fs.writeBatch(db);
  second.update(fs.doc(coll, "d3"), { n: 30 });
  second.delete(fs.doc(coll, "d9"));
  second.set(fs.doc(coll, "d10"), { n: 10, parity: "even", score: 15 });
  await second.commit();
  const get = env.lite ? fs.getDocs : fs.getDocsFromServer;
  const ids = async (...clauses) => (await get(fs.query(coll, ...clauses))).docs.map((d) => d.id);
  const byN = fs.orderBy("n");
  const first = await get(fs.query(coll, byN, fs.limit(3)));
  const agg = await (fs.getAggregateFromServer || fs.getAggregate)(fs.query(coll, fs.where("parity", "==", "even")),
    { count: fs.count(), total: fs.sum("n"), mean: fs.average("score") });
  return {
    all: await ids(byN),
    even: await ids(fs.where("parity", "==", "even"), byN),
    afterTwo: await ids(byN, fs.startAfter(2), fs.limit(3)),
    atFourToSix: await ids(byN, fs.startAt(4), fs.endAt(6)),
    beforeFive: await ids(byN, fs.endBefore(5)),
    afterDoc: await ids(byN, fs.startAfter(first.docs[2]), fs.limit(2)),
    lastTwo: await ids(byN, fs.limitToLast(2)),
    lastTwoBeforeTen: await ids(byN, fs.endBefore(10), fs.limitToLast(2)),
    descending: await ids(fs.orderBy("n", "desc"), fs.limit(2)),
    inList: await ids(fs.where("n", "in", [1, 4, 30]), byN),
    notIn: await ids(fs.where("parity", "==", "odd"), fs.where("n", "not-in", [1, 5]), byN),
    count: agg.data().count, total: agg.data().total, mean: agg.data().mean,
  };
}
"""

# Transactions: read-only documents arrive as `verify` writes; a read of a missing document.
TRANSACTIONS = """
export default async function (env) {
  const db = open(env);
  const a = fs.doc(db, env.collection, "a"), b = fs.doc(db, env.collection, "b"), c = fs.doc(db, env.collection, "c");
  await fs.setDoc(a, { v: 5 });
  await fs.setDoc(b, { v: 1 });
  const returned = await fs.runTransaction(db, async (t) => {
    const ra = await t.get(a), rb = await t.get(b), rc = await t.get(c);
    t.update(b, { v: ra.data().v + rb.data().v });
    t.set(c, { created: !rc.exists() });
    return ra.data().v;
  });
  const readOnly = await fs.runTransaction(db, async (t) => (await t.get(a)).data().v);
  const failed = await code(fs.runTransaction(db, async (t) => { await t.get(a); t.update(fs.doc(db, env.collection, "missing"), { v: 1 }); }));
  const get = env.lite ? fs.getDoc : fs.getDocFromServer;
  return { returned, readOnly, failed, a: (await get(a)).data(), b: (await get(b)).data(), c: (await get(c)).data() };
}
"""

# One side of a contended counter: `env.rounds` transactions each adding one.
CONTENDED = """
export default async function (env) {
  const db = open(env);
  const counter = fs.doc(db, env.collection, "counter");
  await until(() => window.__go === true, 30000);
  let attempts = 0;
  for (let i = 0; i < env.rounds; i++) {
    await fs.runTransaction(db, async (t) => {
      attempts++;
      const snap = await t.get(counter);
      t.set(counter, { n: (snap.exists() ? snap.data().n : 0) + 1 });
    });
  }
  return { attempts };
}
"""

# Document and query listeners: docChanges, pending writes, a second client, unsubscribe.
LISTENERS = """
export default async function (env) {
  const db = open(env), other = open(env, "second");
  const coll = fs.collection(db, env.collection);
  // Written by the other client: this one's cache stays empty, so its first snapshot is the server's.
  for (const [id, n] of [["a", 1], ["b", 2], ["c", 3]]) await fs.setDoc(fs.doc(other, env.collection, id), { n });
  const snapshots = [];
  const stop = fs.onSnapshot(fs.query(coll, fs.orderBy("n")), (s) => {
    if (s.metadata.fromCache) return;
    snapshots.push(s.docChanges().map((c) => [c.type, c.doc.id, c.oldIndex, c.newIndex, c.doc.data().n]));
  });
  await until(() => snapshots.length === 1, 20000);
  await fs.setDoc(fs.doc(fs.collection(other, env.collection), "b"), { n: 10 });
  await until(() => snapshots.length === 2, 20000);
  await fs.deleteDoc(fs.doc(fs.collection(other, env.collection), "a"));
  await until(() => snapshots.length === 3, 20000);
  await fs.setDoc(fs.doc(fs.collection(other, env.collection), "d"), { n: 0 });
  await until(() => snapshots.length === 4, 20000);
  stop();
  await fs.setDoc(fs.doc(fs.collection(other, env.collection), "e"), { n: 99 });
  await new Promise((r) => setTimeout(r, 700));
  const pending = [];
  const ref = fs.doc(coll, "p");
  const stopDoc = fs.onSnapshot(ref, { includeMetadataChanges: true }, (s) => {
    pending.push([s.exists() ? s.data().n : null, s.metadata.hasPendingWrites, s.metadata.fromCache]);
  });
  await until(() => pending.some((p) => p[0] === null && !p[2]), 20000);
  await fs.setDoc(ref, { n: 7 });
  await until(() => pending.some((p) => p[0] === 7 && !p[1]), 20000);
  stopDoc();
  return { snapshots, afterUnsubscribe: snapshots.length, pending: pending.filter((p) => !p[2]) };
}
"""

# Waits for a document another client writes (`window.__ready` once the listener is current).
WAIT_FOR_DOC = """
export default async function (env) {
  const db = open(env);
  const seen = [];
  let ready = false;
  const stop = fs.onSnapshot(fs.collection(db, env.collection), (s) => {
    if (s.metadata.fromCache) return;
    ready = true;
    window.__ready = true;
    for (const c of s.docChanges()) seen.push([c.type, c.doc.id, enc(c.doc.data())]);
  });
  await until(() => ready, 20000);
  await until(() => seen.some((c) => c[1] === env.expect), env.wait || 30000);
  stop();
  return { seen };
}
"""

# A listener over a large collection written by the Python client.
BIG_LISTENER = """
export default async function (env) {
  const db = open(env);
  let result = null;
  const started = Date.now();
  const stop = fs.onSnapshot(fs.collection(db, env.collection), (s) => {
    if (s.metadata.fromCache || s.size !== env.count) return;
    let total = 0;
    for (const d of s.docs) total += d.data().n;
    result = { size: s.size, total, changes: s.docChanges().length, ms: Date.now() - started };
  });
  await until(() => result !== null, 120000);
  stop();
  return result;
}
"""

# Rules with a mocked signed-in user: own documents allowed, others' refused.
RULES = """
export default async function (env) {
  const db = open(env);
  const mine = fs.doc(db, "private", env.uid, "notes", "n1");
  const theirs = fs.doc(db, "private", "mallory", "notes", "n1");
  const get = env.lite ? fs.getDoc : fs.getDocFromServer;
  const result = {
    writeMine: await code(fs.setDoc(mine, { by: env.uid })),
    readMine: await code(get(mine)),
    writeTheirs: await code(fs.setDoc(theirs, { by: env.uid })),
    readTheirs: await code(get(theirs)),
    queryTheirs: await code((env.lite ? fs.getDocs : fs.getDocsFromServer)(fs.collection(db, "private", "mallory", "notes"))),
  };
  if (!env.lite) {
    result.listenTheirs = await new Promise((resolve) => {
      fs.onSnapshot(theirs, () => resolve("ok"), (e) => resolve(e.code));
    });
  }
  if (env.terminate) await fs.terminate(db);
  return result;
}
"""

# Errors mapped to the SDK's codes, over the Write stream and over REST (transactions).
ERRORS = """
export default async function (env) {
  const db = open(env);
  const missing = fs.doc(db, env.collection, "missing");
  const fine = fs.doc(db, env.collection, "fine");
  return {
    updateMissing: await code(fs.updateDoc(missing, { a: 1 })),
    deleteMissing: await code(fs.deleteDoc(missing)),
    tooLarge: await code(fs.setDoc(fs.doc(db, env.collection, "big"), { text: "x".repeat(1100 * 1024) })),
    afterFailures: await code(fs.setDoc(fine, { a: 1 })),
    updateMissingInTransaction: await code(fs.runTransaction(db, async (t) => { t.update(missing, { a: 1 }); })),
    exists: (await fs.getDocFromServer(missing)).exists(),
  };
}
"""

# Reads what the Python client wrote and writes the same value back under another id.
ROUND_TRIP = """
export default async function (env) {
  const db = open(env);
  const get = env.lite ? fs.getDoc : fs.getDocFromServer;
  const snap = await get(fs.doc(db, env.collection, "from-python"));
  await fs.setDoc(fs.doc(db, env.collection, "from-js"), snap.data());
  return enc(snap.data());
}
"""

# The v8-style namespaced API (`firebase.firestore()`), loaded as classic scripts.
COMPAT = """
function load(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.src = src; s.onload = resolve; s.onerror = () => reject(new Error("could not load " + src));
    document.head.appendChild(s);
  });
}
export default async function (env) {
  await load("/sdk/firebase-app-compat.js");
  await load("/sdk/firebase-firestore-compat.js");
  const app = firebase.initializeApp({ projectId: env.project });
  const db = app.firestore();
  db.useEmulator(env.host, env.port);
  const coll = db.collection(env.collection);
  await coll.doc("x").set({ n: 1, when: new firebase.firestore.Timestamp(1700000000, 5000) });
  const added = await coll.add({ n: 2 });
  await db.runTransaction(async (t) => { const s = await t.get(coll.doc("x")); t.update(coll.doc("x"), { n: s.data().n + 10 }); });
  const batch = db.batch(); batch.set(coll.doc("y"), { n: 3 }); batch.delete(added); await batch.commit();
  const seen = [];
  await new Promise((resolve) => {
    const stop = coll.orderBy("n").onSnapshot((s) => {
      if (s.metadata.fromCache) return;
      seen.push(s.docs.map((d) => [d.id, d.data().n]));
      stop(); resolve();
    });
  });
  const x = await coll.doc("x").get({ source: "server" });
  return { seen, x: [x.data().n, x.data().when.seconds, x.data().when.nanoseconds], addedIdLength: added.id.length };
}
"""

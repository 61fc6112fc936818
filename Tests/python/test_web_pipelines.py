"""Pipelines from a web app: the Firebase JS SDK 12.9.0's pipelines build in headless Chromium, on a
page served from another port, calling Hearth's REST `executePipeline` on an Enterprise-edition
database; exact values. Skips when ../shared/clients or chromium is absent."""
import uuid

import pytest

import web_scenarios as js
from hearth_server import HearthServer
from web_sdk import browser, missing_reason  # noqa: F401 (browser is a fixture)

pytestmark = pytest.mark.skipif(missing_reason() is not None, reason=missing_reason() or "")

PIPELINES = "/sdk/firebase-firestore-pipelines.js"

SCENARIO = """
export default async (env) => {
  const db = open(env);
  const { field, constant, countAll, execute } = fs.pipelines;
  const cities = {
    SF: { name: "San Francisco", state: "CA", population: 860000 },
    LA: { name: "Los Angeles", state: "CA", population: 3900000 },
    NYC: { name: "New York", state: "NY", population: 8300000 },
    BUF: { name: "Buffalo", state: "NY", population: 275000 },
  };
  for (const [id, data] of Object.entries(cities)) await fs.setDoc(fs.doc(db, env.collection, id), data);
  const big = await execute(db.pipeline().collection(env.collection)
    .where(field("population").greaterThan(500000))
    .sort(field("population").descending())
    .limit(2));
  const projected = await execute(db.pipeline().collection(env.collection)
    .where(field("state").equal("NY"))
    .select(field("name"), field("population").divide(constant(1000)).as("thousands"))
    .sort(field("name").ascending()));
  const totals = await execute(db.pipeline().collection(env.collection)
    .aggregate({ accumulators: [field("population").sum().as("people"), countAll().as("n")], groups: ["state"] }));
  let standard = "ok";
  try {
    const other = fs.initializeFirestore(fs.getApp ? fs.getApp() : db.app, {}, "standard-db");
    fs.connectFirestoreEmulator(other, env.host, env.port);
    await execute(other.pipeline().collection(env.collection));
  } catch (e) { standard = (e.code || "") + ": " + e.message; }
  return {
    big: big.results.map(r => [r.id, r.data().name]),
    projected: projected.results.map(r => [r.ref ? r.ref.path : null, enc(r.data())]),
    totals: totals.results.map(r => enc(r.data())).sort((a, b) => a.state < b.state ? -1 : 1),
    standard,
  };
};
"""


@pytest.fixture(scope="module")
def hearth(tmp_path_factory):
    server = HearthServer(tmp_path_factory.mktemp("web-pipelines"), extra_args=["--enterprise", "(default)"]).start()
    yield server
    server.stop()


def test_pipelines_from_the_js_sdk(browser, hearth):
    collection = f"web-pipes-{uuid.uuid4().hex[:8]}"
    env = {"host": "127.0.0.1", "port": hearth.port, "project": "web-pipelines", "settings": {}, "collection": collection}
    result = browser.run(js.prelude(PIPELINES) + SCENARIO, env, timeout=90)
    assert result["big"] == [["NYC", "New York"], ["LA", "Los Angeles"]]
    assert result["projected"] == [[None, {"name": "Buffalo", "thousands": 275}], [None, {"name": "New York", "thousands": 8300}]]
    assert result["totals"] == [{"n": 2, "people": 4760000, "state": "CA"}, {"n": 2, "people": 8575000, "state": "NY"}]
    assert "ExecutePipeline requires the Database Edition to be enterprise" in result["standard"]


VECTORS = """
export default async (env) => {
  const db = open(env);
  const { field, execute } = fs.pipelines;
  for (const [id, v] of [["a", [0, 0]], ["b", [3, 4]], ["c", [1, 0]], ["d", [0, 2]]]) {
    await fs.setDoc(fs.doc(db, env.collection, id), { id, v: fs.vector(v) });
  }
  const nearest = await execute(db.pipeline().collection(env.collection)
    .findNearest({ field: "v", vectorValue: [0, 0], distanceMeasure: "euclidean", limit: 3, distanceField: "d" })
    .select(field("id"), field("d")));
  const two = await execute(db.pipeline().collection(env.collection).sample(2));
  const none = await execute(db.pipeline().collection(env.collection).sample({ percentage: 0 }));
  return {
    nearest: nearest.results.map(r => [r.data().id, r.data().d]),
    sampled: two.results.length,
    distinct: new Set(two.results.map(r => r.id)).size,
    none: none.results.length,
  };
};
"""


def test_find_nearest_and_sample_from_the_js_sdk(browser, hearth):
    collection = f"web-vectors-{uuid.uuid4().hex[:8]}"
    env = {"host": "127.0.0.1", "port": hearth.port, "project": "web-pipelines", "settings": {}, "collection": collection}
    result = browser.run(js.prelude(PIPELINES) + VECTORS, env, timeout=90)
    assert result["nearest"] == [["a", 0], ["c", 1], ["d", 2]]
    assert result["sampled"] == 2 and result["distinct"] == 2
    assert result["none"] == 0

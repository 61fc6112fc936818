"""Drives the real Firebase JS SDK (../shared/clients/firebase-js-12.9.0) in Debian's headless Chromium.

Pages are served from a loopback port of their own, as a dev server would serve them, so every call
to Hearth is cross-origin: the browser sends CORS preflights and the SDK's WebChannel requests go
`withCredentials`. A scenario is an ES module whose default export is `async (env) => result`;
`env` holds `host`, `port`, `project`, `settings` and `log(text)`. The result must be JSON-able.
"""
import http.server
import importlib.util
import json
import os
import shutil
import socketserver
import threading
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SDK = (ROOT / ".." / "shared" / "clients" / "firebase-js-12.9.0").resolve()
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
APP_URL = "https://www.gstatic.com/firebasejs/12.9.0/firebase-app.js"


def missing_reason():
    """Why the browser tests cannot run here, or None."""
    if not (SDK / "firebase-firestore.js").is_file():
        return f"the Firebase JS SDK is not at {SDK} (../shared/clients)"
    if CHROMIUM is None or importlib.util.find_spec("playwright") is None:
        return "chromium or playwright is not installed (make deps installs both)"
    return None


SHELL = """<!doctype html>
<html><head><meta charset="utf-8"><title>hearth web sdk test</title>
<script type="importmap">{"imports": {"%(app)s": "/sdk/firebase-app.js"}}</script>
</head><body><pre id="out"></pre>
<script type="module">
const lines = [];
const env = Object.assign(%(env)s, { log: (t) => { lines.push(String(t)); document.getElementById("out").textContent = lines.join("\\n"); } });
try {
  const scenario = await import("/scenario/%(id)s.js");
  window.__result = JSON.stringify(await scenario.default(env));
} catch (e) {
  window.__error = String((e && (e.code ? e.code + ": " : "") + (e.stack || e.message)) || e);
}
window.__lines = lines;
window.__done = true;
</script></body></html>
"""


class PageServer:
    """Serves the SDK under /sdk/, scenario modules under /scenario/ and their pages under /page/."""

    def __init__(self):
        self.scenarios = {}
        self.pages = {}
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                path = self.path.split("?", 1)[0]
                body, kind = None, "text/html"
                if path.startswith("/sdk/"):
                    file = (SDK / path[len("/sdk/"):]).resolve()
                    if file.parent == SDK and file.is_file():
                        body, kind = file.read_bytes(), "text/javascript"
                elif path.startswith("/scenario/") and path.endswith(".js"):
                    text = owner.scenarios.get(path[len("/scenario/"):-3])
                    if text is not None:
                        body, kind = text.encode(), "text/javascript"
                elif path.startswith("/page/"):
                    text = owner.pages.get(path[len("/page/"):])
                    if text is not None:
                        body = text.encode()
                if body is None:
                    self.send_response(404)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", kind + "; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True
            allow_reuse_address = True

        self.httpd = Server(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def page(self, scenario, env):
        """The URL of a page running `scenario` (module text) with `env`."""
        ident = uuid.uuid4().hex[:12]
        self.scenarios[ident] = scenario
        self.pages[ident] = SHELL % {"app": APP_URL, "env": json.dumps(env), "id": ident}
        return f"http://127.0.0.1:{self.port}/page/{ident}"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class Browser:
    """One headless Chromium; `run` opens a page per scenario and returns its result."""

    def __init__(self):
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        self.browser = self._playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"])
        self.pages = PageServer()

    def open(self, scenario, env, timeout=60):
        """Opens a page running `scenario` and returns it (still running)."""
        context = self.browser.new_context()
        page = context.new_page()
        page.set_default_timeout(timeout * 1000)
        page.goto(self.pages.page(scenario, env))
        return page

    @staticmethod
    def result(page, timeout=60):
        """Waits for the page's scenario and returns its result; raises with its error."""
        page.wait_for_function("window.__done === true", timeout=timeout * 1000)
        error = page.evaluate("window.__error || null")
        if error:
            lines = page.evaluate("window.__lines || []")
            raise AssertionError(f"scenario failed: {error}\nlog: {lines}")
        return json.loads(page.evaluate("window.__result"))

    def run(self, scenario, env, timeout=60):
        """Runs `scenario` in a fresh page and returns its result."""
        page = self.open(scenario, env, timeout)
        try:
            return self.result(page, timeout)
        finally:
            page.context.close()

    def close(self):
        self.browser.close()
        self._playwright.stop()
        self.pages.close()


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium per test module (import this fixture into the module)."""
    chromium = Browser()
    yield chromium
    chromium.close()

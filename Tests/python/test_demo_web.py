"""RoomieFinder's web demo (Examples/RoomieFinder/Web, `make demo-web`) in headless Chromium against
`hearth serve` with the app's rules and indexes (`--require-indexes`) and a separate Auth port.

Two browser contexts, Lucía and Marcos, sign up through the Auth emulator; Lucía publishes an ad,
Marcos filters the ads, marks Lucía's as favourite and chats with her while her chat list updates
live. The page loads the Firebase JS SDK 12.9.0 from ../shared/clients/firebase-js-12.9.0: Lucía's
page through its `?sdk=/sdk/` flag, Marcos's from Google's CDN addresses of its default import map,
answered by Playwright from the same local files. Every screen is asserted by its exact text and
every write by the exact document the Python admin client reads back: the shapes the Swift app
writes. With HEARTH_SCREENSHOTS=1 the main screens are saved to Examples/RoomieFinder/Web/screenshots/.
Skips when ../shared/clients or chromium is absent.
"""
import datetime
import os
import time
from pathlib import Path

import pytest

from conftest import firebase_admin_app
from hearth_server import HearthServer, free_port
from web_sdk import CHROMIUM, ROOT, SDK, missing_reason

pytestmark = pytest.mark.skipif(missing_reason() is not None, reason=missing_reason() or "")

PROJECT = "demo-roomiefinder"
APP = ROOT / "Examples" / "RoomieFinder"
WEB = APP / "Web"
SHOTS = WEB / "screenshots"
CDN = "https://www.gstatic.com/firebasejs/12.9.0/"
AVATAR = "images/default-avatar.jpg"
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".png": "image/png"}


class StaticServer:
    """Serves the Web folder at / and the local SDK at /sdk/, on a loopback port of its own."""

    def __init__(self):
        import http.server
        import socketserver
        import threading

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                path = self.path.split("?", 1)[0]
                folder, name = (SDK, path[len("/sdk/"):]) if path.startswith("/sdk/") else (WEB, path[1:] or "index.html")
                file = (folder / name).resolve()
                if file.parent != folder.resolve() or not file.is_file() or file.suffix not in TYPES:
                    self.send_response(404)
                    self.end_headers()
                    return
                body = file.read_bytes()
                self.send_response(200)
                self.send_header("Content-Type", TYPES[file.suffix] + "; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True

        self.httpd = Server(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def hearth(tmp_path_factory):
    auth_port = free_port()
    server = HearthServer(tmp_path_factory.mktemp("roomiefinder-web") / "data", extra_args=[
        "--project", PROJECT, "--rules", str(APP / "firestore.rules"),
        "--indexes", str(APP / "firestore.indexes.json"), "--require-indexes", "--auth-port", str(auth_port)]).start()
    server.auth_port = auth_port
    yield server
    server.stop()


@pytest.fixture(scope="module")
def admin(hearth):
    from google.cloud import firestore

    previous = os.environ.get("FIRESTORE_EMULATOR_HOST")
    os.environ["FIRESTORE_EMULATOR_HOST"] = hearth.host
    yield firestore.Client(project=PROJECT)
    if previous is None:
        os.environ.pop("FIRESTORE_EMULATOR_HOST", None)
    else:
        os.environ["FIRESTORE_EMULATOR_HOST"] = previous


@pytest.fixture(scope="module")
def chromium():
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True,
        args=["--no-sandbox", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"])
    yield browser
    browser.close()
    playwright.stop()


@pytest.fixture(scope="module")
def site():
    server = StaticServer()
    yield server
    server.close()


def open_app(chromium, site, hearth, errors, sdk=None, cdn_requests=None):
    """A fresh browser context on the demo page; with `cdn_requests`, Google's CDN is answered from the
    local SDK files and each address asked for is recorded."""
    context = chromium.new_context(viewport={"width": 1180, "height": 820}, locale="es-ES")
    if cdn_requests is not None:
        def from_local_copy(route):
            cdn_requests.append(route.request.url)
            file = SDK / route.request.url[len(CDN):]
            route.fulfill(status=200, body=file.read_bytes(), content_type="text/javascript",
                          headers={"Access-Control-Allow-Origin": "*"})
        context.route(CDN + "*", from_local_copy)
    page = context.new_page()
    page.set_default_timeout(30000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    query = f"port={hearth.port}&authPort={hearth.auth_port}" + (f"&sdk={sdk}" if sdk else "")
    page.goto(f"http://127.0.0.1:{site.port}/?{query}")
    page.wait_for_selector("body[data-ready=true]")
    return page


def idle(page):
    """Waits until the page's actions (a tab's render, a toggle…) have finished."""
    page.wait_for_function("!document.body.dataset.busy")


def tab(page, screen):
    page.click(f"button[data-screen={screen}]")
    idle(page)


def rows(page, selector, parts):
    """The texts of `parts` in each <li> of the list `selector`."""
    return page.evaluate("""([selector, parts]) => [...document.querySelectorAll(selector + " > li")]
        .map((li) => parts.map((part) => part === "@class" ? li.className : li.querySelector(part).textContent))""",
                         [selector, parts])


def expect_rows(page, selector, parts, expected, timeout=20):
    """Waits until the list shows exactly `expected` (it may be updating live), then asserts it."""
    deadline = time.time() + timeout
    while rows(page, selector, parts) != expected and time.time() < deadline:
        page.wait_for_timeout(50)
    assert rows(page, selector, parts) == expected


def expect_text(page, selector, text):
    from playwright.sync_api import expect

    expect(page.locator(selector)).to_have_text(text)


def ads(page, selector="#ads-list"):
    return rows(page, selector, [".barrio", ".details", ".publisher", ".favorite"])


def expect_ads(page, expected, selector="#ads-list"):
    expect_rows(page, selector, [".barrio", ".details", ".publisher", ".favorite"], expected)


def expect_chats(page, expected):
    expect_rows(page, "#chats-list", [".name", ".last"], expected)


def expect_messages(page, expected):
    expect_rows(page, "#chat-messages", ["@class", ".text"], expected)


def shot(page, name):
    if os.environ.get("HEARTH_SCREENSHOTS") == "1":
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def register(page, nombre, apellido, fnac, email, password, screenshot=None):
    for field, value in [("nombre", nombre), ("apellido", apellido), ("fnac", fnac), ("email", email),
                         ("password", password)]:
        page.fill(f"#register-form [name={field}]", value)
    if screenshot:
        shot(page, screenshot)
    page.click("#register-form button[type=submit]")
    expect_text(page, "#who", f"{nombre} {apellido}")


def set_filters(page, budget=0, barrio="", checked=()):
    """Fills the filter form (every box unticked but `checked`, as (name, value) pairs) and filters."""
    page.evaluate("""() => { for (const box of document.querySelectorAll('#filter-form [type=checkbox]')) box.checked = false; }""")
    page.fill("#filter-form [name=maxBudget]", str(budget))
    page.fill("#filter-form [name=barrio]", barrio)
    for name, value in checked:
        page.check(f"#filter-form [name={name}]" + (f"[value='{value}']" if value is not None else ""))
    page.click("#filter-form button[type=submit]")
    idle(page)


def seed_sara(admin):
    """Sara, written as the Swift app would have (CU-01 + CU-02 + CU-16): profile and one ad without flat."""
    from google.cloud import firestore

    admin.document("Perfiles/sara-uid").set({
        "userID": "sara-uid", "nombre": "Sara", "apellido": "Gómez", "fnac": "2002-06-30",
        "estudios": "Filología Francesa", "trabaja": False, "universidad": "Universidad de Valladolid",
        "idiomas": ["español", "ingles", "frances"], "sexo": "mujer", "tipoPersona": "ambos", "ambiente": "social",
        "tiempoLibre": "Conciertos", "fumar": True, "fiesta": True, "descripcion": "Alegre y habladora",
        "urlImage": "images/sara-uid.jpg"})
    admin.document("Anuncios/sara-ad").set({
        "userID": "sara-uid", "barrio": "Delicias", "tiempoEstancia": "9 meses", "presupuesto": "450",
        "creadoEn": firestore.SERVER_TIMESTAMP})


def sara_writes_to(admin, lucia, lucia_profile, text):
    """Sara's CU-10 batch to Lucía, as her own app would commit it."""
    from google.cloud import firestore

    message = {"fromID": "sara-uid", "toID": lucia, "text": text, "timestamp": firestore.SERVER_TIMESTAMP}
    batch = admin.batch()
    mine = admin.collection(f"Chats/sara-uid/{lucia}").document()
    batch.set(mine, message)
    batch.set(admin.document(f"Chats/{lucia}/sara-uid/{mine.id}"), message)
    batch.set(admin.document(f"recent_messages/sara-uid/messages/{lucia}"),
              {**message, "nombre": lucia_profile["nombre"], "apellido": lucia_profile["apellido"], "profileImage": AVATAR})
    batch.set(admin.document(f"recent_messages/{lucia}/messages/sara-uid"),
              {**message, "nombre": "Sara", "apellido": "Gómez", "profileImage": "images/sara-uid.jpg"})
    batch.commit()


def documents(admin, path):
    return {doc.id: doc.to_dict() for doc in admin.collection(path).stream()}


def test_roomiefinder_web_screens_against_hearth(chromium, site, hearth, admin):
    from firebase_admin import auth

    errors = []
    seed_sara(admin)

    # Sign-in and registration (CU-03, CU-01): Lucía's page takes the SDK from /sdk/.
    lucia_page = open_app(chromium, site, hearth, errors, sdk="/sdk/")
    lucia_page.fill("#signin-form [name=email]", "lucia@uva.es")
    lucia_page.fill("#signin-form [name=password]", "secreto1")
    lucia_page.click("#signin-form button[type=submit]")
    expect_text(lucia_page, "#alert", "Correo o contraseña incorrectos")
    lucia_page.fill("#register-form [name=password]", "corta")
    lucia_page.fill("#register-form [name=email]", "lucia@uva.es")
    lucia_page.click("#register-form button[type=submit]")
    expect_text(lucia_page, "#alert", "Datos incorrectos (password): must have at least 6 characters")
    register(lucia_page, "Lucía", "Martín", "2001-03-14", "Lucia@UVA.es", "secreto1", screenshot="signin")
    with firebase_admin_app(hearth.host, PROJECT) as app:
        lucia = auth.get_user_by_email("lucia@uva.es", app=app).uid
    assert admin.document(f"Perfiles/{lucia}").get().to_dict() == {
        "userID": lucia, "nombre": "Lucía", "apellido": "Martín", "fnac": "2001-03-14"}
    expect_ads(lucia_page, [["Delicias", "9 meses · 450 € · sin piso", "Sara Gómez", "☆"]])

    # CU-16: an ad with a flat; a budget that is not a number is refused first.
    tab(lucia_page, "publish")
    for field, value in [("barrio", "Centro"), ("tiempoEstancia", "4 meses"), ("presupuesto", "mucho"), ("num_hab", "2")]:
        lucia_page.fill(f"#publish-form [name={field}]", value)
    lucia_page.check("#publish-form [name=hasFlat]")
    lucia_page.click("#publish-form button[type=submit]")
    expect_text(lucia_page, "#alert", "Datos incorrectos (presupuesto): must be a whole number between 1 and 999999")
    lucia_page.fill("#publish-form [name=presupuesto]", "300")
    lucia_page.click("#publish-form button[type=submit]")
    expect_text(lucia_page, "#alert", "Anuncio publicado")
    published = documents(admin, "Anuncios")
    ad_id = next(key for key, value in published.items() if value["userID"] == lucia)
    ad = published[ad_id]
    assert isinstance(ad.pop("creadoEn"), datetime.datetime)
    assert ad == {"userID": lucia, "barrio": "Centro", "tiempoEstancia": "4 meses", "presupuesto": "300", "num_hab": "2"}
    assert set(published) == {ad_id, "sara-ad"}

    # Lucía watches her chat list (CU-11) from now on.
    tab(lucia_page, "chats")
    expect_text(lucia_page, "#chats-status", "Aún no tienes conversaciones")

    # Marcos's page: the default import map (Google's CDN; a foreign ?sdk= is ignored).
    cdn = []
    marcos_page = open_app(chromium, site, hearth, errors, sdk="//example.com/", cdn_requests=cdn)
    register(marcos_page, "Marcos", "Rivas", "1999-11-02", "marcos@uva.es", "piso2024")
    assert sorted(set(cdn)) == [CDN + "firebase-app.js", CDN + "firebase-auth.js", CDN + "firebase-firestore.js"]
    with firebase_admin_app(hearth.host, PROJECT) as app:
        marcos = auth.get_user_by_email("marcos@uva.es", app=app).uid

    # CU-05: everyone else's ads, newest first, with their publishers.
    centro = ["Centro", "4 meses · 300 € · 2 hab.", "Lucía Martín", "☆"]
    delicias = ["Delicias", "9 meses · 450 € · sin piso", "Sara Gómez", "☆"]
    expect_ads(marcos_page, [centro, delicias])
    expect_text(marcos_page, "#ads-status", "2 anuncios")

    # CU-06: budget, flat, neighbourhood and publisher filters; every option of a category is an error.
    set_filters(marcos_page, budget=350)
    expect_ads(marcos_page, [centro])
    expect_text(marcos_page, "#ads-status", "1 anuncio")
    shot(marcos_page, "ads")
    set_filters(marcos_page, checked=[("flat", "false")])
    expect_ads(marcos_page, [delicias])
    set_filters(marcos_page, barrio="centro", checked=[("flat", "false")])
    expect_ads(marcos_page, [])
    expect_text(marcos_page, "#ads-status", "0 anuncios")
    set_filters(marcos_page, barrio="DELI")
    expect_ads(marcos_page, [delicias])
    set_filters(marcos_page, checked=[("sexo", "mujer"), ("idiomas", "frances"), ("idiomas", "ingles")])
    expect_ads(marcos_page, [delicias])  # Lucía's registration profile names no sex or languages yet
    set_filters(marcos_page, checked=[("fumar", "false")])
    expect_ads(marcos_page, [])
    set_filters(marcos_page, checked=[("flat", "true"), ("flat", "false")])
    expect_text(marcos_page, "#alert", "Error en filtros")
    marcos_page.check("#filter-form [name=favoritesOnly]")
    marcos_page.click("#refresh")
    idle(marcos_page)
    expect_ads(marcos_page, [])  # refreshing keeps "solo favoritos" only: none yet
    expect_text(marcos_page, "#ads-status", "0 anuncios")
    assert marcos_page.is_checked("#filter-form [name=favoritesOnly]")
    assert not marcos_page.is_checked("#filter-form [name=flat][value='true']")
    marcos_page.uncheck("#filter-form [name=favoritesOnly]")
    marcos_page.click("#refresh")
    expect_ads(marcos_page, [centro, delicias])
    assert marcos_page.input_value("#filter-form [name=maxBudget]") == "0"

    # CU-07: mark, list, unmark, mark again: one Favoritos/<uid>_<adId> document.
    favorite_path = f"Favoritos/{marcos}_{ad_id}"
    marcos_page.click(f"#ads-list [data-ad='{ad_id}'] .favorite")
    idle(marcos_page)
    expect_ads(marcos_page, [centro[:3] + ["★"], delicias])
    assert admin.document(favorite_path).get().to_dict() == {"currentUser": marcos, "anuncioID": ad_id}
    tab(marcos_page, "favourites")
    expect_ads(marcos_page, [centro[:3] + ["★"]], selector="#favourites-list")
    shot(marcos_page, "favourites")
    marcos_page.click(f"#favourites-list [data-ad='{ad_id}'] .favorite")
    idle(marcos_page)
    expect_ads(marcos_page, [], selector="#favourites-list")
    expect_text(marcos_page, "#favourites-status", "Aún no tienes favoritos")
    assert not admin.document(favorite_path).get().exists
    tab(marcos_page, "ads")
    marcos_page.click(f"#ads-list [data-ad='{ad_id}'] .favorite")
    idle(marcos_page)
    expect_ads(marcos_page, [centro[:3] + ["★"], delicias])
    assert documents(admin, "Favoritos") == {f"{marcos}_{ad_id}": {"currentUser": marcos, "anuncioID": ad_id}}

    # CU-09/CU-10: Marcos opens a chat from the ad and writes; an empty message is refused.
    marcos_page.click(f"#ads-list [data-ad='{ad_id}'] .chat-with")
    expect_text(marcos_page, "#chat-title", "Chat con Lucía Martín")
    expect_messages(marcos_page, [])
    marcos_page.fill("#chat-form [name=text]", "   ")
    marcos_page.click("#chat-form button[type=submit]")
    expect_text(marcos_page, "#alert", "El mensaje está vacío")
    first = "Hola Lucía, ¿sigue libre la habitación?"
    marcos_page.fill("#chat-form [name=text]", first)
    marcos_page.click("#chat-form button[type=submit]")
    expect_messages(marcos_page, [["msg mine", first]])
    idle(marcos_page)  # the message shows from the local cache first; the batch has landed once the send ends

    # The batch of four, as the Swift app writes it: both copies with one id, both recent entries.
    mine, theirs = documents(admin, f"Chats/{marcos}/{lucia}"), documents(admin, f"Chats/{lucia}/{marcos}")
    assert list(mine) == list(theirs) and len(mine) == 1
    message_id = next(iter(mine))
    stamp = mine[message_id].pop("timestamp")
    assert isinstance(stamp, datetime.datetime) and theirs[message_id].pop("timestamp") == stamp
    assert mine[message_id] == theirs[message_id] == {"fromID": marcos, "toID": lucia, "text": first}
    recent_marcos = admin.document(f"recent_messages/{marcos}/messages/{lucia}").get().to_dict()
    recent_lucia = admin.document(f"recent_messages/{lucia}/messages/{marcos}").get().to_dict()
    assert recent_marcos.pop("timestamp") == stamp and recent_lucia.pop("timestamp") == stamp
    assert recent_marcos == {"fromID": marcos, "toID": lucia, "text": first, "nombre": "Lucía", "apellido": "Martín",
                             "profileImage": AVATAR}
    assert recent_lucia == {"fromID": marcos, "toID": lucia, "text": first, "nombre": "Marcos", "apellido": "Rivas",
                            "profileImage": AVATAR}

    # CU-11, live: Lucía's open list shows Marcos, then Sara's newer message on top.
    expect_chats(lucia_page, [["Marcos Rivas", first]])
    sara_text = "¿Te interesa mi piso de Delicias?"
    sara_writes_to(admin, lucia, {"nombre": "Lucía", "apellido": "Martín"}, sara_text)
    expect_chats(lucia_page, [["Sara Gómez", sara_text], ["Marcos Rivas", first]])
    shot(lucia_page, "chats")

    # The live chat: Lucía answers, both views update; her list puts Marcos back on top.
    lucia_page.click(f"#chats-list [data-partner='{marcos}']")
    expect_text(lucia_page, "#chat-title", "Chat con Marcos Rivas")
    expect_messages(lucia_page, [["msg theirs", first]])
    reply = "Sí, ven a verla el jueves"
    lucia_page.fill("#chat-form [name=text]", reply)
    lucia_page.click("#chat-form button[type=submit]")
    expect_messages(lucia_page, [["msg theirs", first], ["msg mine", reply]])
    expect_messages(marcos_page, [["msg mine", first], ["msg theirs", reply]])
    marcos_page.fill("#chat-form [name=text]", "¡Perfecto, allí estaré!")
    marcos_page.click("#chat-form button[type=submit]")
    expect_messages(lucia_page, [["msg theirs", first], ["msg mine", reply], ["msg theirs", "¡Perfecto, allí estaré!"]])
    shot(marcos_page, "chat")
    tab(lucia_page, "chats")
    expect_chats(lucia_page, [["Marcos Rivas", "¡Perfecto, allí estaré!"], ["Sara Gómez", sara_text]])
    tab(marcos_page, "chats")
    expect_chats(marcos_page, [["Lucía Martín", "¡Perfecto, allí estaré!"]])
    assert [m["text"] for m in sorted(documents(admin, f"Chats/{lucia}/{marcos}").values(), key=lambda m: m["timestamp"])] \
        == [first, reply, "¡Perfecto, allí estaré!"]

    # Sign out and back in (CU-03): a wrong password is refused, the right one enters again.
    lucia_page.click("#sign-out")
    lucia_page.wait_for_selector("#screen-signin:not([hidden])")
    lucia_page.fill("#signin-form [name=email]", "LUCIA@uva.es")
    lucia_page.fill("#signin-form [name=password]", "secreto2")
    lucia_page.click("#signin-form button[type=submit]")
    expect_text(lucia_page, "#alert", "Correo o contraseña incorrectos")
    lucia_page.fill("#signin-form [name=password]", "secreto1")
    lucia_page.click("#signin-form button[type=submit]")
    expect_text(lucia_page, "#who", "Lucía Martín")
    expect_ads(lucia_page, [delicias])

    assert errors == []
    lucia_page.context.close()
    marcos_page.context.close()

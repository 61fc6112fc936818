// RoomieFinder on the web: the screens (sign-in/registration, ads with filters, favourites, chat list,
// chat) wired to the use cases of session.js and search.js.
import { auth } from "./firebase.js";
import { alertText } from "./model.js";
import { emptyFilter, refreshed, searchAds, validate } from "./search.js";
import * as session from "./session.js";
import { adCard, chatRow, fullName, messageRow } from "./views.js";

const $ = (selector) => document.querySelector(selector);
const state = { uid: null, profile: null, filter: emptyFilter(), stopChats: null, stopChat: null, partner: null };

/** Shows `message` in the alert bar (or hides it). */
function alert(message) {
  $("#alert").textContent = message || "";
  $("#alert").hidden = !message;
}

let pending = 0;

/** Runs a user action, turning any failure into the app's Spanish alert; `body[data-busy]` is set
 *  while actions run (the browser tests wait for it to clear). */
async function guarded(action) {
  alert("");
  pending += 1;
  document.body.dataset.busy = "true";
  try {
    await action();
  } catch (error) {
    console.error(error);
    alert(alertText(error));
  } finally {
    pending -= 1;
    if (pending === 0) delete document.body.dataset.busy;
  }
}

/** Shows one screen and marks its tab. */
function show(name) {
  for (const screen of document.querySelectorAll(".screen")) screen.hidden = screen.id !== `screen-${name}`;
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.screen === name);
  if (name !== "chat" && state.stopChat) {
    state.stopChat();
    state.stopChat = null;
    state.partner = null;
  }
  document.body.dataset.screen = name;
}

/** The values of a form, checkbox groups as arrays of strings. */
function formValues(form) {
  const values = {};
  for (const input of form.elements) {
    if (!input.name) continue;
    if (input.type === "checkbox" && form.querySelectorAll(`[name="${input.name}"]`).length > 1) {
      values[input.name] ??= [];
      if (input.checked) values[input.name].push(input.value);
    } else {
      values[input.name] = input.type === "checkbox" ? input.checked : input.value;
    }
  }
  return values;
}

/** CU-06's filter from the filter form. */
function filterFromForm() {
  const values = formValues($("#filter-form"));
  const booleans = (list) => list.map((value) => value === "true");
  return {
    sexo: values.sexo, ambiente: values.ambiente, idiomas: values.idiomas,
    fumar: booleans(values.fumar), fiesta: booleans(values.fiesta), trabaja: booleans(values.trabaja),
    flat: booleans(values.flat), maxBudget: Number(values.maxBudget || 0), barrio: values.barrio,
    favoritesOnly: values.favoritesOnly,
  };
}

/** Writes `filter` back into the filter form (after "Refrescar"). */
function fillFilterForm(filter) {
  const form = $("#filter-form");
  for (const input of form.elements) {
    if (input.type === "checkbox") {
      input.checked = input.name === "favoritesOnly" ? filter.favoritesOnly
        : filter[input.name].map(String).includes(input.value);
    }
  }
  form.elements.maxBudget.value = String(filter.maxBudget);
  form.elements.barrio.value = filter.barrio;
}

const adActions = {
  toggle: (entry) => guarded(async () => {
    await session.toggleFavorite(state.uid, entry.id);
    await Promise.all([renderAds(), document.body.dataset.screen === "favourites" ? renderFavourites() : null]);
  }),
  chat: (partnerID) => guarded(() => openChat(partnerID)),
};

/** Counts "1 anuncio" / "3 anuncios". */
function count(n) {
  return n === 1 ? "1 anuncio" : `${n} anuncios`;
}

/** CU-05/CU-06: the ads list for the current filter. */
async function renderAds() {
  const listings = await searchAds(state.uid, state.filter);
  $("#ads-list").replaceChildren(...listings.map((entry) => adCard(entry, adActions)));
  $("#ads-status").textContent = count(listings.length);
}

/** The favourites screen: the ads the user marked (CU-06 "solo favoritos"), newest first. */
async function renderFavourites() {
  const listings = await searchAds(state.uid, { ...emptyFilter(), favoritesOnly: true });
  $("#favourites-list").replaceChildren(...listings.map((entry) => adCard(entry, adActions)));
  $("#favourites-status").textContent = listings.length ? count(listings.length) : "Aún no tienes favoritos";
}

/** CU-09 + chat view: opens the conversation with `partnerID`, live. */
async function openChat(partnerID) {
  const partner = await session.profile(partnerID);
  state.stopChat?.();
  show("chat");
  state.partner = partnerID;
  $("#chat-title").textContent = `Chat con ${fullName(partner)}`;
  $("#chat-messages").replaceChildren();
  state.stopChat = session.watchMessages(state.uid, partnerID, (messages) => {
    $("#chat-messages").replaceChildren(...messages.map((message) => messageRow(message, state.uid)));
    $("#chat-messages").lastElementChild?.scrollIntoView({ block: "end" });
  }, (error) => alert(alertText(error)));
  $("#chat-form").elements.text.focus();
}

/** CU-04: enters the app as `user` and starts the live chat list (CU-11). */
async function enter(user) {
  state.uid = user.uid;
  state.profile = await session.profile(user.uid);
  state.filter = emptyFilter();
  fillFilterForm(state.filter);
  $("#who").textContent = fullName(state.profile);
  $("#nav").hidden = false;
  state.stopChats = session.watchChats(user.uid, (entries) => {
    $("#chats-list").replaceChildren(...entries.map((entry) => chatRow(entry, (id) => guarded(() => openChat(id)))));
    $("#chats-status").textContent = entries.length ? "" : "Aún no tienes conversaciones";
  }, (error) => alert(alertText(error)));
  show("ads");
  await renderAds();
}

/** "Cerrar Sesión": stops the listeners, signs out, back to the sign-in screen. */
async function exit() {
  state.stopChats?.();
  state.stopChat?.();
  Object.assign(state, { uid: null, profile: null, stopChats: null, stopChat: null, partner: null });
  await session.leave();
  $("#nav").hidden = true;
  $("#ads-list").replaceChildren();
  $("#chats-list").replaceChildren();
  show("signin");
}

/** Calls `handler(form)` on submit, without reloading the page. */
function onSubmit(selector, handler) {
  $(selector).addEventListener("submit", (event) => {
    event.preventDefault();
    guarded(() => handler(event.target));
  });
}

onSubmit("#signin-form", async (form) => {
  const user = await session.signIn(form.elements.email.value, form.elements.password.value);
  form.reset();
  await enter(user);
});
onSubmit("#register-form", async (form) => {
  const user = await session.register(formValues(form));
  form.reset();
  await enter(user);
});
onSubmit("#filter-form", async () => {
  const filter = filterFromForm();
  validate(filter);
  state.filter = filter;
  await renderAds();
});
onSubmit("#publish-form", async (form) => {
  await session.createAd(state.uid, formValues(form));
  form.reset();
  alert("Anuncio publicado");
});
onSubmit("#chat-form", async (form) => {
  const text = form.elements.text.value;
  await session.sendMessage(state.uid, state.partner, text);
  form.reset();
});
$("#refresh").addEventListener("click", () => guarded(async () => {
  state.filter = refreshed(filterFromForm());
  fillFilterForm(state.filter);
  await renderAds();
}));
$("#sign-out").addEventListener("click", () => guarded(exit));
for (const tab of document.querySelectorAll(".tab")) {
  tab.addEventListener("click", () => guarded(async () => {
    show(tab.dataset.screen);
    if (tab.dataset.screen === "ads") await renderAds();
    if (tab.dataset.screen === "favourites") await renderFavourites();
  }));
}

// A reload keeps the signed-in user (the SDK persists the session).
await auth.authStateReady();
if (auth.currentUser) await guarded(() => enter(auth.currentUser));
else show("signin");
document.body.dataset.ready = "true";

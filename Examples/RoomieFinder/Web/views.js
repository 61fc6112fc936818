// Small DOM builders for the screens (no framework): every value goes in as text, never as HTML.

/** An element `tag` with `attributes` (`class`, `data-*`, …) and children (strings become text). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
}

/** `Perfil.fullName`. */
export function fullName(profile) {
  return `${profile.nombre} ${profile.apellido}`;
}

/** An ad as the list shows it: neighbourhood, stay, budget, rooms, publisher; ★ and "Chatear". */
export function adCard(entry, actions) {
  const { ad, publisher } = entry;
  const rooms = ad.num_hab != null ? `${ad.num_hab} hab.` : "sin piso";
  return el("li", { class: "ad", "data-ad": entry.id },
    el("div", { class: "ad-main" },
      el("strong", { class: "barrio" }, ad.barrio),
      el("span", { class: "details" }, `${ad.tiempoEstancia} · ${ad.presupuesto} € · ${rooms}`),
      el("span", { class: "publisher" }, fullName(publisher))),
    el("div", { class: "ad-actions" },
      el("button", { class: entry.isFavorite ? "favorite on" : "favorite", title: "Favorito",
                     "aria-pressed": String(entry.isFavorite), onclick: () => actions.toggle(entry) },
        entry.isFavorite ? "★" : "☆"),
      el("button", { class: "chat-with", onclick: () => actions.chat(ad.userID) }, "Chatear")));
}

/** A `recent_messages` entry: the other party's name, the last message and its time. */
export function chatRow(entry, open) {
  return el("li", { class: "chat-row", "data-partner": entry.id, onclick: () => open(entry.id) },
    el("strong", { class: "name" }, `${entry.nombre} ${entry.apellido}`),
    el("span", { class: "last" }, entry.text),
    el("time", {}, clock(entry.timestamp)));
}

/** A message of the chat view, mine on the right. */
export function messageRow(message, uid) {
  return el("li", { class: message.fromID === uid ? "msg mine" : "msg theirs", "data-id": message.id },
    el("span", { class: "text" }, message.text), el("time", {}, clock(message.timestamp)));
}

/** `HH:mm` of a Firestore timestamp (nothing before the server stamped it). */
function clock(timestamp) {
  if (!timestamp) return "";
  return timestamp.toDate().toLocaleTimeString("es-ES", { hour: "2-digit", minute: "2-digit" });
}

// RoomieFinder's data model, as the Swift app writes it (Sources/RoomieFinder/Model): collection and
// field names are the thesis's, Spanish included, and each builder returns exactly the fields the
// Swift encoder writes, so the same rules accept both and each app reads the other's documents.
import { serverTimestamp } from "firebase/firestore";

/** The collection names (Swift `Collections`). */
export const Collections = Object.freeze({
  profiles: "Perfiles",
  ads: "Anuncios",
  favorites: "Favoritos",
  chats: "Chats",
  recentMessages: "recent_messages",
  recentMessagesEntries: "messages",
  defaultAvatar: "images/default-avatar.jpg",
});

/** An error the app shows: `message` is the Spanish text of the Swift app's `alertMessage`. */
export class AppError extends Error {
  constructor(message, detail) {
    super(message);
    this.detail = detail;
  }
}

/** The Spanish text for what Auth or Firestore answered (Swift `RoomieFinderError`). */
export function alertText(error) {
  if (error instanceof AppError) return error.message;
  switch (error && error.code) {
    case "auth/email-already-in-use": return "Ese correo ya está registrado";
    case "auth/wrong-password": case "auth/user-not-found": case "auth/invalid-credential":
    case "auth/invalid-email": return "Correo o contraseña incorrectos";
    case "auth/weak-password": return "Datos incorrectos (password): must have at least 6 characters";
    case "permission-denied": return "No tienes permiso para hacer eso";
    case "not-found": return "No encontrado";
    default: return "Error en la base de datos";
  }
}

/** `value` trimmed, or `invalidField` when nothing is left (Swift `FieldCheck.required`). */
export function required(value, field) {
  const trimmed = String(value ?? "").trim();
  if (!trimmed) throw new AppError(`Datos incorrectos (${field}): required`);
  return trimmed;
}

/** A whole number from 1 to 999999 as digits without leading zeros (Swift `FieldCheck.wholeNumber`). */
export function wholeNumber(value, field) {
  const trimmed = required(value, field);
  if (!/^[0-9]{1,6}$/.test(trimmed) || Number(trimmed) <= 0) {
    throw new AppError(`Datos incorrectos (${field}): must be a whole number between 1 and 999999`);
  }
  return String(Number(trimmed));
}

/** A real `yyyy-MM-dd` day from 1900 to today (Swift `FieldCheck.birthDate`). */
export function birthDate(value) {
  const trimmed = required(value, "fnac");
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(trimmed);
  if (!match) throw new AppError("Datos incorrectos (fnac): must be a date written yyyy-MM-dd");
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new AppError("Datos incorrectos (fnac): is not a real date");
  }
  if (date.getTime() > Date.now()) throw new AppError("Datos incorrectos (fnac): is in the future");
  return trimmed;
}

/** CU-01's checked form (Swift `RegistrationForm.validated`): names trimmed, email lowercased. */
export function registration(form) {
  const email = String(form.email ?? "").trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new AppError("Datos incorrectos (email): is not a valid email address");
  if (String(form.password ?? "").length < 6) {
    throw new AppError("Datos incorrectos (password): must have at least 6 characters");
  }
  return {
    nombre: required(form.nombre, "nombre"), apellido: required(form.apellido, "apellido"),
    fnac: birthDate(form.fnac), email, password: form.password,
  };
}

/** `Perfiles/{uid}` as registration writes it: the four fields of the sign-up form. */
export function registrationProfile(uid, form) {
  return { userID: uid, nombre: form.nombre, apellido: form.apellido, fnac: form.fnac };
}

/** `Anuncios/{autoId}` for CU-16 (Swift `Anuncio(userID:form:)`): `num_hab` only with a flat. */
export function newAd(uid, form) {
  const ad = {
    userID: uid,
    barrio: required(form.barrio, "barrio"),
    tiempoEstancia: required(form.tiempoEstancia, "tiempoEstancia"),
    presupuesto: wholeNumber(form.presupuesto, "presupuesto"),
  };
  if (form.hasFlat) ad.num_hab = wholeNumber(form.num_hab, "num_hab");
  ad.creadoEn = serverTimestamp();
  return ad;
}

/** The id of `uid`'s favourite for `adID`: `<uid>_<adId>`. */
export function favoriteID(uid, adID) {
  return `${uid}_${adID}`;
}

/** `Favoritos/<uid>_<adId>`. */
export function favorite(uid, adID) {
  return { currentUser: uid, anuncioID: adID };
}

/** One copy of a message, `Chats/<a>/<b>/{id}` (Swift `MensajeChat`). */
export function chatMessage(from, to, text) {
  return { fromID: from, toID: to, text, timestamp: serverTimestamp() };
}

/** A `recent_messages` entry showing `other`'s name and photo (Swift `MensajeReciente`). */
export function recentMessage(from, to, text, other) {
  return {
    fromID: from, toID: to, text, timestamp: serverTimestamp(),
    nombre: other.nombre, apellido: other.apellido, profileImage: other.urlImage ?? Collections.defaultAvatar,
  };
}

// The use cases that write or listen (Swift `RoomieFinder` and `UserSession`), run as the signed-in
// user: Hearth's rules judge every request by the ID token the SDK sends.
import { createUserWithEmailAndPassword, deleteUser, signInWithEmailAndPassword, signOut } from "firebase/auth";
import {
  addDoc, collection, deleteDoc, doc, getDoc, onSnapshot, orderBy, query, setDoc, writeBatch,
} from "firebase/firestore";
import { auth, db } from "./firebase.js";
import {
  AppError, Collections, chatMessage, favorite, favoriteID, newAd, recentMessage, registration, registrationProfile,
} from "./model.js";

/** CU-01: creates the account, then (as the new user) `Perfiles/{uid}` with the four sign-up fields;
 *  when the profile cannot be written the account is removed again, so the email stays free. */
export async function register(form) {
  const valid = registration(form);
  const { user } = await createUserWithEmailAndPassword(auth, valid.email, valid.password);
  try {
    await setDoc(doc(db, Collections.profiles, user.uid), registrationProfile(user.uid, valid));
  } catch (error) {
    await deleteUser(user).catch(() => {});
    throw error;
  }
  return user;
}

/** CU-03: signs in; any bad email or password is "Correo o contraseña incorrectos". */
export async function signIn(email, password) {
  if (!password) throw new AppError("Datos incorrectos (password): required");
  try {
    return (await signInWithEmailAndPassword(auth, String(email).trim().toLowerCase(), password)).user;
  } catch (error) {
    if (String(error.code).startsWith("auth/")) throw new AppError("Correo o contraseña incorrectos", error.code);
    throw error;
  }
}

/** Sign out ("Cerrar Sesión"). */
export function leave() {
  return signOut(auth);
}

/** The profile `Perfiles/{uid}` (CU-04, CU-08, CU-12). */
export async function profile(uid) {
  const snapshot = await getDoc(doc(db, Collections.profiles, uid));
  if (!snapshot.exists()) throw new AppError("Perfil no encontrado", uid);
  return snapshot.data();
}

/** CU-16: publishes an ad stamped with the commit time; returns its id. */
export async function createAd(uid, form) {
  return (await addDoc(collection(db, Collections.ads), newAd(uid, form))).id;
}

/** CU-07: marks the ad as favourite, or unmarks it; returns whether it is a favourite now. */
export async function toggleFavorite(uid, adID) {
  const reference = doc(db, Collections.favorites, favoriteID(uid, adID));
  if ((await getDoc(reference)).exists()) {
    await deleteDoc(reference);
    return false;
  }
  if (!(await getDoc(doc(db, Collections.ads, adID))).exists()) throw new AppError("Anuncio no encontrado", adID);
  await setDoc(reference, favorite(uid, adID));
  return true;
}

/** Refuses a chat with oneself or with a malformed uid (Swift `checkPartner`). */
function checkPartner(uid, partnerID) {
  if (!partnerID || partnerID.includes("/") || partnerID === uid) throw new AppError("No se puede abrir ese chat");
}

/** CU-10: one batch of four writes at the server's time: the message in both users' copies (same
 *  id) and both `recent_messages` entries, each naming the other party. Returns the message id. */
export async function sendMessage(uid, partnerID, text) {
  if (!String(text).trim()) throw new AppError("El mensaje está vacío");
  checkPartner(uid, partnerID);
  const [me, partner] = await Promise.all([profile(uid), profile(partnerID)]);
  const mine = doc(collection(db, Collections.chats, uid, partnerID));
  const theirs = doc(db, Collections.chats, partnerID, uid, mine.id);
  const batch = writeBatch(db);
  batch.set(mine, chatMessage(uid, partnerID, text));
  batch.set(theirs, chatMessage(uid, partnerID, text));
  batch.set(doc(db, Collections.recentMessages, uid, Collections.recentMessagesEntries, partnerID),
    recentMessage(uid, partnerID, text, partner));
  batch.set(doc(db, Collections.recentMessages, partnerID, Collections.recentMessagesEntries, uid),
    recentMessage(uid, partnerID, text, me));
  await batch.commit();
  return mine.id;
}

/** CU-11: the user's conversations, newest first, live; returns the unsubscribe function. */
export function watchChats(uid, onList, onError) {
  const entries = collection(db, Collections.recentMessages, uid, Collections.recentMessagesEntries);
  return onSnapshot(query(entries, orderBy("timestamp", "desc")), (snapshot) => {
    onList(snapshot.docs.map((entry) => ({ id: entry.id, ...entry.data({ serverTimestamps: "estimate" }) })));
  }, onError);
}

/** The chat view: the conversation with `partnerID`, oldest first, live; returns the unsubscribe function. */
export function watchMessages(uid, partnerID, onList, onError) {
  checkPartner(uid, partnerID);
  const messages = collection(db, Collections.chats, uid, partnerID);
  return onSnapshot(query(messages, orderBy("timestamp")), (snapshot) => {
    onList(snapshot.docs.map((message) => ({ id: message.id, ...message.data({ serverTimestamps: "estimate" }) })));
  }, onError);
}

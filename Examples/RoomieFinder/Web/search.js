// CU-05/CU-06: the ads search, the same queries as the Swift app's `AdSearch` (three queries joined
// here, every condition pushed into a query where Firestore can evaluate it; the rest in memory).
import { collection, getDocs, query, where } from "firebase/firestore";
import { db } from "./firebase.js";
import { AppError, Collections } from "./model.js";

/** Firestore's limit on the values of an `in` filter. */
const IN_LIMIT = 30;

/** No filter at all: every ad but the user's own (Swift `AdFilter()`). */
export function emptyFilter() {
  return { sexo: [], fumar: [], fiesta: [], trabaja: [], ambiente: [], idiomas: [], flat: [], maxBudget: 0,
           barrio: "", favoritesOnly: false };
}

/** The filter after "Refrescar": everything cleared but favourites only (Swift `AdFilter.refreshed`). */
export function refreshed(filter) {
  return { ...emptyFilter(), favoritesOnly: filter.favoritesOnly };
}

/** "Error en filtros" when a category has every option ticked (languages excepted), or a negative budget. */
export function validate(filter) {
  const full = [["sexo", 2], ["fumar", 2], ["fiesta", 2], ["trabaja", 2], ["ambiente", 2], ["flat", 2]];
  const category = full.find(([name, all]) => filter[name].length === all);
  if (category || filter.maxBudget < 0 || !Number.isInteger(filter.maxBudget)) {
    throw new AppError("Error en filtros", category ? category[0] : "presupuesto");
  }
}

/** Runs CU-06 for `uid`: `[{ id, ad, publisher, isFavorite }]`, newest first. */
export async function searchAds(uid, filter) {
  validate(filter);
  const favorites = await favoriteAdIDs(uid);
  let publishers = null;
  if (["sexo", "fumar", "fiesta", "trabaja", "ambiente", "idiomas"].some((name) => filter[name].length > 0)) {
    publishers = await matchingPublishers(uid, filter);
    if (publishers.size === 0) return [];
  }
  const ads = await candidateAds(uid, publishers && [...publishers.keys()]);
  const profiles = publishers ?? await profilesOf([...new Set(ads.map((entry) => entry.ad.userID))]);
  return keepByAd(ads, filter, favorites)
    .filter((entry) => profiles.has(entry.ad.userID))
    .map((entry) => ({ ...entry, publisher: profiles.get(entry.ad.userID), isFavorite: favorites.has(entry.id) }));
}

/** The ids of the ads `uid` marked (`Favoritos.currentUser == me`). */
async function favoriteAdIDs(uid) {
  const snapshot = await getDocs(query(collection(db, Collections.favorites), where("currentUser", "==", uid)));
  return new Set(snapshot.docs.map((doc) => doc.data().anuncioID));
}

/** The other users' profiles passing every publisher filter, by uid. */
async function matchingPublishers(uid, filter) {
  const conditions = [];
  for (const field of ["sexo", "fumar", "fiesta", "trabaja", "ambiente"]) {
    if (filter[field].length === 1) conditions.push(where(field, "==", filter[field][0]));
  }
  const languages = [...filter.idiomas].sort();
  if (languages.length) conditions.push(where("idiomas", "array-contains", languages[0]));
  const snapshot = await getDocs(query(collection(db, Collections.profiles), ...conditions));
  const matching = new Map();
  for (const doc of snapshot.docs) {
    const profile = doc.data();
    const spoken = new Set(profile.idiomas ?? []);
    if (profile.userID !== uid && languages.slice(1).every((language) => spoken.has(language))) {
      matching.set(profile.userID, profile);
    }
  }
  return matching;
}

/** The ads of `publishers` (`userID in […]` up to 30), or of everyone but `uid`. */
async function candidateAds(uid, publishers) {
  const ads = collection(db, Collections.ads);
  const condition = publishers && publishers.length <= IN_LIMIT
    ? where("userID", "in", [...publishers].sort()) : where("userID", "!=", uid);
  const snapshot = await getDocs(query(ads, condition));
  const wanted = publishers && new Set(publishers);
  return snapshot.docs.map((doc) => ({ id: doc.id, ad: doc.data() }))
    .filter((entry) => !wanted || wanted.has(entry.ad.userID));
}

/** Flat, budget, neighbourhood and favourites, in memory; then newest first. */
function keepByAd(ads, filter, favorites) {
  let kept = ads;
  if (filter.flat.length === 1) {
    const withFlat = filter.flat[0];
    kept = kept.filter((entry) => (entry.ad.num_hab != null) === withFlat);
  }
  if (filter.maxBudget > 0) {
    kept = kept.filter((entry) => /^[0-9]+$/.test(entry.ad.presupuesto) && Number(entry.ad.presupuesto) <= filter.maxBudget);
  }
  const barrio = filter.barrio.trim().toLocaleLowerCase("es");
  if (barrio) kept = kept.filter((entry) => String(entry.ad.barrio).toLocaleLowerCase("es").includes(barrio));
  if (filter.favoritesOnly) kept = kept.filter((entry) => favorites.has(entry.id));
  const time = (entry) => (entry.ad.creadoEn ? entry.ad.creadoEn.toMillis() : -Infinity);
  return [...kept].sort((a, b) => time(b) - time(a));
}

/** The profiles of `uids`, 30 at a time with `userID in […]`. */
async function profilesOf(uids) {
  const profiles = new Map();
  const sorted = [...uids].sort();
  for (let start = 0; start < sorted.length; start += IN_LIMIT) {
    const chunk = sorted.slice(start, start + IN_LIMIT);
    const snapshot = await getDocs(query(collection(db, Collections.profiles), where("userID", "in", chunk)));
    for (const doc of snapshot.docs) profiles.set(doc.data().userID, doc.data());
  }
  return profiles;
}

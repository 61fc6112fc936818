// The Firebase app, Auth and Firestore, connected to `hearth serve` (its Firestore and Auth emulators).
import { initializeApp } from "firebase/app";
import { getAuth, connectAuthEmulator } from "firebase/auth";
import { getFirestore, connectFirestoreEmulator } from "firebase/firestore";
import { config } from "./config.js";

const app = initializeApp({ projectId: config.project, apiKey: "demo-api-key", appId: "1:0:web:roomiefinder" });

/** Firebase Auth, on Hearth's Auth emulator. */
export const auth = getAuth(app);
connectAuthEmulator(auth, `http://${config.host}:${config.authPort}`, { disableWarnings: true });

/** Cloud Firestore, on Hearth (its WebChannel streams carry the signed-in user's ID token). */
export const db = getFirestore(app);
connectFirestoreEmulator(db, config.host, config.port);

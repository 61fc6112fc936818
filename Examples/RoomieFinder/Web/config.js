// Where Hearth is: `?host=127.0.0.1&port=8080&authPort=9099&project=demo-roomiefinder`, each optional.
// The defaults are what `make demo-web` starts (`hearth serve --port 8080 --auth-port 9099`).
const query = new URLSearchParams(location.search);

/** A port number from the query string, or `fallback`. */
function port(name, fallback) {
  const value = Number(query.get(name));
  return Number.isInteger(value) && value > 0 && value < 65536 ? value : fallback;
}

/** The emulator's address and the project the app's data lives in (the Swift app's project id). */
export const config = Object.freeze({
  host: query.get("host") || "127.0.0.1",
  port: port("port", 8080),
  authPort: port("authPort", 9099),
  project: query.get("project") || "demo-roomiefinder",
});

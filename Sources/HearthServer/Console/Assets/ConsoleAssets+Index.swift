// The console's `index.html`, kept as a Swift string so it is compiled into the binary.
extension ConsoleAssets {
    /// The page: header, tabs, the view the modules fill.
    static let indexHTML = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hearth Console</title>
<script>
// A deep link to a collection (#/data/<project>/<database>/<collection…>) starts its first page
// now, while the modules load, instead of after them; api.js takes the answer (once, on the first
// route only). The URL is built exactly as api.js builds it. First in the head, because an inline
// script after a stylesheet waits for the stylesheet.
(() => {
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter((p) => p !== '').map(decodeURIComponent);
  if (parts[0] !== 'data' || !parts[1] || parts.length < 4) return;
  const path = parts.slice(3);
  const collection = path.length % 2 === 0 ? path.slice(0, -1) : path;
  const encode = (list) => list.map(encodeURIComponent).join('/');
  const db = encode(['projects', parts[1], 'databases', parts[2]]);
  const url = `/v1/${db}/documents/${encode(collection)}?pageSize=50&showMissing=true`;
  window.consolePrefetch = new Map([[url, fetch(url, { headers: { Authorization: 'Bearer owner' } })]]);
})();
</script>
<link rel="stylesheet" href="/console/assets/style.css">
<link rel="modulepreload" href="/console/assets/dom.js">
<link rel="modulepreload" href="/console/assets/api.js">
<link rel="modulepreload" href="/console/assets/values.js">
<link rel="modulepreload" href="/console/assets/browser.js">
<link rel="modulepreload" href="/console/assets/query.js">
<link rel="modulepreload" href="/console/assets/panels.js">
</head>
<body>
<header>
  <h1>Hearth Console</h1>
  <nav id="tabs">
    <a href="#/data" data-tab="data">Data</a>
    <a href="#/query" data-tab="query">Query</a>
    <a href="#/requests" data-tab="requests">Requests</a>
    <a href="#/rules" data-tab="rules">Rules</a>
    <a href="#/usage" data-tab="usage">Usage</a>
    <a href="#/auth" data-tab="auth">Authentication</a>
    <a href="#/triggers" data-tab="triggers">Triggers</a>
  </nav>
  <span id="db-picker"></span>
</header>
<main id="view"></main>
<div id="toast" role="status" aria-live="polite"></div>
<script type="module" src="/console/assets/main.js"></script>
</body>
</html>
"""#
}

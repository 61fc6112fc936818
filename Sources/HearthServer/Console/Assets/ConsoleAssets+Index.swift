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

// Writes the import map for the Firebase JS SDK 12.9.0 before any module loads (a classic script,
// so it runs first). By default the SDK comes from Google's CDN. `?sdk=/some/folder/` takes the
// same files from a folder of this site instead (the tests serve ../shared/clients/firebase-js-12.9.0
// there); only same-origin paths are honoured, so a link cannot make the page run someone else's code.
(function () {
  var CDN = "https://www.gstatic.com/firebasejs/12.9.0/";
  var wanted = new URLSearchParams(location.search).get("sdk");
  var local = wanted && /^\/(?!\/)[A-Za-z0-9._\/-]*\/$/.test(wanted) ? wanted : null;
  var base = local || CDN;
  var imports = {
    "firebase/app": base + "firebase-app.js",
    "firebase/auth": base + "firebase-auth.js",
    "firebase/firestore": base + "firebase-firestore.js"
  };
  // The SDK's own modules import the app module by its CDN address.
  if (local) imports[CDN + "firebase-app.js"] = base + "firebase-app.js";
  var map = document.createElement("script");
  map.type = "importmap";
  map.textContent = JSON.stringify({ imports: imports });
  document.currentScript.after(map);
})();

import Foundation

/// The console's page, stylesheet and JavaScript modules, compiled into the binary as string
/// constants (one file each): no resource bundle to locate at run time, so a copied or installed
/// `hearth` binary serves the console as it is.
enum ConsoleAssets {
    /// The assets by URL path, with their content types.
    static let byPath: [String: (contentType: String, text: String)] = [
        "/console": ("text/html; charset=utf-8", indexHTML),
        "/console/": ("text/html; charset=utf-8", indexHTML),
        "/console/index.html": ("text/html; charset=utf-8", indexHTML),
        "/console/assets/style.css": ("text/css; charset=utf-8", styleCSS),
        "/console/assets/dom.js": ("text/javascript; charset=utf-8", domJS),
        "/console/assets/api.js": ("text/javascript; charset=utf-8", apiJS),
        "/console/assets/values.js": ("text/javascript; charset=utf-8", valuesJS),
        "/console/assets/browser.js": ("text/javascript; charset=utf-8", browserJS),
        "/console/assets/query.js": ("text/javascript; charset=utf-8", queryJS),
        "/console/assets/panels.js": ("text/javascript; charset=utf-8", panelsJS),
        "/console/assets/auth.js": ("text/javascript; charset=utf-8", authJS),
        "/console/assets/triggers.js": ("text/javascript; charset=utf-8", triggersJS),
        "/console/assets/main.js": ("text/javascript; charset=utf-8", mainJS),
    ]

    /// The asset at `path`, or nil.
    static func response(for path: String) -> RESTResponse? {
        guard let asset = byPath[path] else { return nil }
        return RESTResponse(status: 200, contentType: asset.contentType, body: Data(asset.text.utf8))
    }
}

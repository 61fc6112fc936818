import Foundation

/// A request target split into its path (percent-decoded per segment) and query parameters.
struct RESTTarget {
    /// The path with `%XX` escapes decoded, except `%2F`, which stays encoded inside a segment.
    let path: String
    /// The query parameters in order (names and values decoded; `+` is a space).
    let query: [(name: String, value: String)]

    /// Splits and decodes `uri`.
    init(uri: String) {
        let pieces = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let rawPath = pieces.first.map(String.init) ?? ""
        path = rawPath.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            let keepSlash = segment.replacingOccurrences(of: "%2F", with: "%252F").replacingOccurrences(of: "%2f", with: "%252F")
            return keepSlash.removingPercentEncoding ?? String(segment)
        }.joined(separator: "/")
        var query: [(String, String)] = []
        if pieces.count > 1 {
            for pair in pieces[1].split(separator: "&") where !pair.isEmpty {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in
                    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
                }
                query.append((decode(parts[0]), parts.count > 1 ? decode(parts[1]) : ""))
            }
        }
        self.query = query
    }

    /// The values of a query parameter, in order.
    func values(_ name: String) -> [String] { query.filter { $0.name == name }.map(\.value) }

    /// The first value of a query parameter.
    func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
}

import Foundation
import HearthServer

/// A REST request through the emulator's router over the scratch emulator, as the server routes a
/// parsed HTTP request. Input: a selector byte (bits 0–2 the method, 3–4 the caller), then the
/// request target (path and query string) up to the first newline, then the body. No answer may
/// be a 5xx (an internal error).
enum RESTFuzzTarget {
    /// HTTP methods by the selector's low three bits.
    static let methods = ["GET", "POST", "PATCH", "DELETE", "PUT", "HEAD", "OPTIONS", "POST"]

    /// Runs one input.
    static func run(_ input: Data) -> String? {
        guard let selector = input.first, let endpoints = ScratchEmulator.shared.endpoints() else { return nil }
        let rest = input.dropFirst()
        let newline = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
        let uri = String(decoding: rest[rest.startIndex..<newline], as: UTF8.self)
        let body = newline < rest.endIndex ? Data(rest[(newline + 1)...]) : Data()
        let method = methods[Int(selector & 7)]
        if reachesExport(uri) { return nil }
        let authorization = FuzzCallers.header(selector)
        let (status, answer) = waitFor {
            await endpoints.rest(method: method, uri: uri, authorization: authorization, body: body)
        }
        guard status >= 500 else { return nil }
        return "\(method) \(uri.prefix(300)) answered \(status): \(String(decoding: answer.prefix(500), as: UTF8.self))"
    }

    /// Whether the request could reach the export endpoint, which writes a folder wherever its body
    /// says: such inputs are skipped (the path is decoded segment by segment, as the router does).
    static func reachesExport(_ uri: String) -> Bool {
        let decoded = uri.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.removingPercentEncoding ?? String($0) }.joined(separator: "/")
        return decoded.lowercased().contains("export") || uri.lowercased().contains("export")
    }
}

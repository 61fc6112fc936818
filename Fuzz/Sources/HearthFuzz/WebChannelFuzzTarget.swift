import Foundation
import HearthCore
import HearthServer

/// WebChannel requests, the JS SDK's transport. Input: a selector byte, then the rest.
/// - Even selector: the rest is a forward-channel form body (`count`, `ofs`, `reqN___data__`,
///   `headers=`): it parses or is refused with `INVALID_ARGUMENT`, and what parses encodes to a
///   form that parses back to the same messages and headers.
/// - Odd selector: the rest is a query string up to the first newline, then a body, sent as a
///   handshake POST to the Listen (bit 1 clear) or Write channel of the scratch emulator; no answer
///   may be a 5xx, and a session it opens is terminated again.
enum WebChannelFuzzTarget {
    /// Runs one input.
    static func run(_ input: Data) -> String? {
        guard let selector = input.first else { return nil }
        let rest = Data(input.dropFirst())
        if selector & 1 == 0 { return parse(rest) }
        return exchange(rest, listen: selector & 2 == 0)
    }

    /// The form parser and its round trip.
    private static func parse(_ body: Data) -> String? {
        let form: WebChannelForm
        do {
            form = try WebChannelForm(body: body)
        } catch {
            return error.code == .invalidArgument ? nil : "form refused with \(error.code.name), not INVALID_ARGUMENT"
        }
        do {
            let again = try WebChannelForm(body: Data(form.encoded.utf8))
            return again == form ? nil : "form does not survive its encoding: \(form.encoded.prefix(300))"
        } catch {
            return "the encoding of a parsed form is refused: \(error.message)"
        }
    }

    /// A handshake through the router; the session it opens (if any) is closed again.
    private static func exchange(_ input: Data, listen: Bool) -> String? {
        guard let endpoints = ScratchEmulator.shared.endpoints() else { return nil }
        let newline = input.firstIndex(of: UInt8(ascii: "\n")) ?? input.endIndex
        let query = String(decoding: input[input.startIndex..<newline], as: UTF8.self)
        let body = newline < input.endIndex ? Data(input[(newline + 1)...]) : Data()
        let path = "/google.firestore.v1.Firestore/\(listen ? "Listen" : "Write")/channel"
        // Only handshakes: a back-channel GET on a live session would wait for data.
        let uri = path + "?" + query.replacingOccurrences(of: "SID=", with: "sid=").replacingOccurrences(of: "RID=rpc", with: "RID=1")
        let (status, answer) = waitFor { await endpoints.rest(method: "POST", uri: uri, authorization: nil, body: body) }
        let text = String(decoding: answer, as: UTF8.self)
        if status >= 500 { return "\(uri.prefix(200)) answered \(status): \(text.prefix(300))" }
        if status == 200, let sid = text.split(separator: "\"").dropFirst(3).first {
            _ = waitFor { await endpoints.rest(method: "GET", uri: path + "?TYPE=terminate&SID=\(sid)", authorization: nil, body: Data()) }
        }
        return nil
    }
}

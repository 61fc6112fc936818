import Foundation

/// What WebChannel responses look like on the wire (protocol version 8).
///
/// Every response body is a sequence of chunks, each its length, a newline and the text; the
/// length counts UTF-16 code units, since the browser measures the JavaScript string it reads.
/// A back-channel chunk holds a JSON array of arrays, each `[id, payload]`: ids count up from 0
/// (the handshake's `["c", …]`), and a Firestore message is the payload `[message]`.
enum WebChannelFrame {
    /// The protocol version spoken (`VER=8`).
    static let version = 8
    /// The server keep-alive interval announced in the handshake, in milliseconds: the client
    /// gives a back channel 1.5 times this to show data before it opens another.
    static let keepAliveMilliseconds = 30_000

    /// One chunk: the text's length in UTF-16 code units, a newline, the text.
    static func chunk(_ text: String) -> String {
        "\(text.utf16.count)\n\(text)"
    }

    /// The payload of a no-op array (keeps a quiet back channel alive).
    static let noop = #"["noop"]"#

    /// The payload of a Firestore message.
    static func message(_ json: String) -> String { "[\(json)]" }

    /// One array: `[id,payload]`.
    static func array(id: Int, payload: String) -> String { "[\(id),\(payload)]" }

    /// The handshake answer: array 0, `["c", session id, host prefix, version, server version, keep-alive]`.
    static func handshake(sessionID: String) -> String {
        chunk("[" + array(id: 0, payload: #"["c",""# + sessionID + #"","",\#(version),14,\#(keepAliveMilliseconds)]"#) + "]")
    }

    /// The answer to a forward-channel POST: whether a back channel is attached, the id of the
    /// last array queued, and how many bytes of arrays wait to be sent.
    static func acknowledgement(backChannel: Bool, lastArrayID: Int, outstandingBytes: Int) -> String {
        chunk("[\(backChannel ? 1 : 0),\(lastArrayID),\(outstandingBytes)]")
    }
}

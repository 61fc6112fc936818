import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import HearthServer

/// A minimal WebChannel client for the benchmarks, speaking what the JS SDK sends (a handshake
/// POST, forward POSTs, a streaming back-channel GET) over plain HTTP/1.1 on loopback, one
/// connection per request. Bodies are ASCII here, so UTF-16 chunk lengths are byte counts.
enum WebChannelBenchClient {
    /// The status and the whole body of one request.
    static func request(port: Int, method: HTTPMethod, uri: String, body: String = "") async throws -> (Int, String) {
        var status = 0
        var text = ""
        try await exchange(port: port, method: method, uri: uri, body: body) { head in
            status = Int(head.status.code)
        } onBody: { buffer in
            text += String(buffer: buffer)
            return true
        }
        return (status, text)
    }

    /// Sends one request and hands each body part to `onBody` until it returns false or the response ends.
    static func exchange(
        port: Int, method: HTTPMethod, uri: String, body: String,
        onHead: (HTTPResponseHead) -> Void, onBody: (ByteBuffer) throws -> Bool
    ) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            var headers = HTTPHeaders()
            headers.add(name: "host", value: "127.0.0.1:\(port)")
            headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
            headers.add(name: "content-length", value: String(body.utf8.count))
            try await outbound.write(.head(HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: headers)))
            if !body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(string: body)))) }
            try await outbound.write(.end(nil))
            for try await part in inbound {
                switch part {
                case .head(let head): onHead(head)
                case .body(let buffer): if try !onBody(buffer) { return }
                case .end: return
                }
            }
        }
    }

    /// The session id in a handshake answer (`…[[0,["c","SID",…`).
    static func sessionID(_ handshake: String) throws -> String {
        let parts = handshake.split(separator: "\"")
        guard parts.count > 3, parts[1] == "c" else { throw WebChannelBenchFailure(description: "no session in \(handshake.prefix(200))") }
        return String(parts[3])
    }

    /// A forward-channel form carrying `messages` numbered from `first` (and headers, on a handshake).
    static func form(_ messages: [String], first: Int, headers: [String: String] = [:]) -> String {
        WebChannelForm(headers: headers, messages: messages.enumerated().map { .init(id: first + $0.offset, json: $0.element) }).encoded
    }

    /// `encodeURIComponent`.
    static func escape(_ text: String) -> String { WebChannelForm.escape(text) }
}

/// Splits a back channel's bytes into chunks (`length\n` then that many bytes: ASCII only).
struct WebChannelChunkReader {
    private var pending: [UInt8] = []

    /// Adds bytes; returns the chunks now complete.
    mutating func add(_ buffer: ByteBuffer) throws -> [[UInt8]] {
        pending.append(contentsOf: buffer.readableBytesView)
        var chunks: [[UInt8]] = []
        var start = 0
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            guard let length = Int(String(decoding: pending[start..<newline], as: UTF8.self)) else {
                throw WebChannelBenchFailure(description: "bad chunk length")
            }
            let end = newline + 1 + length
            guard end <= pending.count else { break }
            chunks.append(Array(pending[(newline + 1)..<end]))
            start = end
        }
        pending.removeFirst(start)
        return chunks
    }
}

/// A failed check inside a WebChannel workload.
struct WebChannelBenchFailure: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String
}

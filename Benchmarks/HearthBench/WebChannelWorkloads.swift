import BenchSupport
import FirestoreWire
import Foundation
import GRPCCore
import NIOCore
import NIOHTTP1
import SwiftProtobuf

/// Issue "Web apps connect": the JS SDK's transport beside gRPC, in alternating rounds on one
/// emulator — a Listen delivering every document of a large collection, a Write stream of
/// 500-document batches (each answered before the next, as the SDK's queue goes) — and the memory
/// an open, idle WebChannel session costs, at 100 and at 1,000 sessions.
enum WebChannelWorkloads {
    static let database = "projects/bench-web/databases/(default)"

    static func run(quick: Bool) async throws -> [BenchResult] {
        let documents = quick ? 20_000 : 100_000
        let batches = quick ? 20 : 100
        let rounds = 3
        let root = NSTemporaryDirectory() + "hearth-webchannel-bench-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        return try await WireBenchEngine.withEmulator(directory: root) { _, port in
            try await load(documents, collection: "listened", port: port)
            var listen = Rounds(), write = Rounds()
            for round in 0..<rounds {
                listen.grpc.append(try await grpcListen(collection: "listened", expected: documents, port: port))
                listen.web.append(try await webListen(collection: "listened", expected: documents, port: port))
                let requests = writeBatches(batches, prefix: "w\(round)")
                write.grpc.append(try await grpcWrite(requests.map { $0.grpc }, port: port))
                write.web.append(try await webWrite(requests.map { WebChannelBenchClient.escape(String($0.json.dropFirst())) }, port: port))
            }
            let memory = try await sessionMemory(port: port)
            let writes = batches * 500
            return [
                BenchResult(name: "gRPC Listen, \(documents) documents", ops: documents, seconds: listen.grpc.min() ?? 0, baseline: nil),
                BenchResult(
                    name: "WebChannel Listen, \(documents) documents", ops: documents, seconds: listen.web.min() ?? 0,
                    baseline: "gRPC Listen, \(documents) documents", roundRatios: listen.ratios),
                BenchResult(name: "gRPC Write stream, 500-document batches", ops: writes, seconds: write.grpc.min() ?? 0, baseline: nil),
                BenchResult(
                    name: "WebChannel Write stream, 500-document batches", ops: writes, seconds: write.web.min() ?? 0,
                    baseline: "gRPC Write stream, 500-document batches", roundRatios: write.ratios),
                memory,
            ]
        }
    }

    /// Seconds per round of the two transports.
    private struct Rounds {
        var grpc: [Double] = []
        var web: [Double] = []
        /// WebChannel's throughput over gRPC's, round by round.
        var ratios: [Double] { zip(grpc, web).map { $0 / $1 } }
    }

    // MARK: Data

    private static func document(_ collection: String, _ id: String, _ n: Int) -> Google_Firestore_V1_Document {
        var document = Google_Firestore_V1_Document()
        document.name = "\(database)/documents/\(collection)/\(id)"
        var number = Google_Firestore_V1_Value()
        number.integerValue = Int64(n)
        var label = Google_Firestore_V1_Value()
        label.stringValue = "item number \(n) of the benchmark"
        document.fields = ["n": number, "label": label]
        return document
    }

    private static func writes(_ collection: String, _ ids: Range<Int>) -> [Google_Firestore_V1_Write] {
        ids.map { n in
            var write = Google_Firestore_V1_Write()
            write.update = document(collection, String(format: "d%07d", n), n)
            return write
        }
    }

    /// Loads `count` documents into `collection` with 500-document commits.
    private static func load(_ count: Int, collection: String, port: Int) async throws {
        let requests = stride(from: 0, to: count, by: 500).map { start in
            var request = Google_Firestore_V1_CommitRequest()
            request.database = database
            request.writes = writes(collection, start..<min(count, start + 500))
            return request
        }
        _ = try await WireBenchClient.commit(requests, port: port, connections: 2)
    }

    /// `count` Write-stream messages of 500 documents, as protobuf and as the JSON the SDK sends.
    private static func writeBatches(_ count: Int, prefix: String) -> [(grpc: Google_Firestore_V1_WriteRequest, json: String)] {
        (0..<count).map { batch in
            var request = Google_Firestore_V1_WriteRequest()
            request.writes = writes("written", (batch * 500)..<((batch + 1) * 500)).map { write in
                var write = write
                write.update.name = write.update.name.replacingOccurrences(of: "/written/d", with: "/written/\(prefix)-d")
                return write
            }
            return (request, (try? request.jsonString()) ?? "{}")
        }
    }

    // MARK: Listen

    private static func listenRequest(_ collection: String) -> Google_Firestore_V1_ListenRequest {
        var query = Google_Firestore_V1_StructuredQuery()
        var from = Google_Firestore_V1_StructuredQuery.CollectionSelector()
        from.collectionID = collection
        query.from = [from]
        var target = Google_Firestore_V1_Target()
        target.query.parent = database + "/documents"
        target.query.structuredQuery = query
        target.targetID = 2
        var request = Google_Firestore_V1_ListenRequest()
        request.database = database
        request.addTarget = target
        return request
    }

    /// Seconds until a gRPC Listen has every document and CURRENT.
    private static func grpcListen(collection: String, expected: Int, port: Int) async throws -> Double {
        let request = listenRequest(collection)
        return try await WireBenchClient.withClient(port: port) { client in
            let (done, finish) = AsyncStream.makeStream(of: Void.self)
            return try await WireStopwatch.time {
                try await client.listen(request: StreamingClientRequest(metadata: WireBenchClient.metadata) { writer in
                    try await writer.write(request)
                    for await _ in done {}
                }) { response in
                    defer { finish.finish() }
                    var documents = 0
                    for try await message in response.messages {
                        switch message.responseType {
                        case .documentChange: documents += 1
                        case .targetChange(let change) where change.targetChangeType == .current:
                            guard documents == expected else { throw WebChannelBenchFailure(description: "gRPC Listen got \(documents)") }
                            return
                        default: break
                        }
                    }
                }
            }.1
        }
    }

    /// Seconds until a WebChannel Listen (handshake, then a streaming back channel) has every
    /// document and CURRENT.
    private static func webListen(collection: String, expected: Int, port: Int) async throws -> Double {
        let target = try listenRequest(collection).jsonString()
        let base = "/google.firestore.v1.Firestore/Listen/channel?database=\(WebChannelBenchClient.escape(database))&VER=8"
        return try await WireStopwatch.time {
            let (_, handshake) = try await WebChannelBenchClient.request(
                port: port, method: .POST, uri: base + "&RID=1&CVER=22",
                body: WebChannelBenchClient.form([target], first: 0, headers: ["authorization": "Bearer owner"]))
            let session = try WebChannelBenchClient.sessionID(handshake)
            var reader = WebChannelChunkReader()
            var documents = 0
            var current = false
            try await WebChannelBenchClient.exchange(
                port: port, method: .GET, uri: base + "&RID=rpc&SID=\(session)&AID=0&CI=0&TYPE=xmlhttp", body: ""
            ) { _ in } onBody: { buffer in
                for chunk in try reader.add(buffer) {
                    documents += count(documentChange, in: chunk)
                    if count(currentMarker, in: chunk) > 0 { current = true }
                }
                return !current
            }
            _ = try await WebChannelBenchClient.request(port: port, method: .GET, uri: base + "&SID=\(session)&RID=2&TYPE=terminate")
            guard documents == expected else { throw WebChannelBenchFailure(description: "WebChannel Listen got \(documents)") }
        }.1
    }

    private static let documentChange = Array(#""documentChange""#.utf8)
    private static let currentMarker = Array(#""CURRENT""#.utf8)
    private static let streamTokenKey = Array(#""streamToken":""#.utf8)

    /// How often `needle` occurs in `haystack`.
    private static func count(_ needle: [UInt8], in haystack: [UInt8]) -> Int {
        positions(needle, in: haystack).count
    }

    /// Where `needle` starts in `haystack`, in order.
    private static func positions(_ needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard let first = needle.first, haystack.count >= needle.count else { return [] }
        var found: [Int] = []
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                found.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }

    // MARK: Write

    /// Seconds for a gRPC Write stream to commit every batch, each sent once the last is answered.
    private static func grpcWrite(_ batches: [Google_Firestore_V1_WriteRequest], port: Int) async throws -> Double {
        try await WireBenchClient.withClient(port: port) { client in
            let (tokens, sink) = AsyncStream.makeStream(of: Data.self)
            return try await WireStopwatch.time {
                try await client.write(request: StreamingClientRequest(metadata: WireBenchClient.metadata) { writer in
                    var handshake = Google_Firestore_V1_WriteRequest()
                    handshake.database = database
                    try await writer.write(handshake)
                    var iterator = tokens.makeAsyncIterator()
                    for batch in batches {
                        guard let token = await iterator.next() else { throw WebChannelBenchFailure(description: "Write stream ended") }
                        var message = batch
                        message.streamToken = token
                        try await writer.write(message)
                    }
                    _ = await iterator.next()
                }) { response in
                    defer { sink.finish() }
                    for try await message in response.messages {
                        guard message.writeResults.isEmpty || message.writeResults.count == 500 else {
                            throw WebChannelBenchFailure(description: "gRPC Write answered \(message.writeResults.count) results")
                        }
                        sink.yield(message.streamToken)
                    }
                }
            }.1
        }
    }

    /// Seconds for a WebChannel Write stream (forward POSTs, a streaming back channel) to commit
    /// every batch (each the escaped JSON of its message after the opening brace), each sent once
    /// the last is answered.
    private static func webWrite(_ batches: [String], port: Int) async throws -> Double {
        let base = "/google.firestore.v1.Firestore/Write/channel?database=\(WebChannelBenchClient.escape(database))&VER=8"
        return try await WireStopwatch.time {
            let (_, handshake) = try await WebChannelBenchClient.request(
                port: port, method: .POST, uri: base + "&RID=1&CVER=22",
                body: WebChannelBenchClient.form([#"{"database":"\#(database)"}"#], first: 0, headers: ["authorization": "Bearer owner"]))
            let session = try WebChannelBenchClient.sessionID(handshake)
            let (tokens, sink) = AsyncStream.makeStream(of: String.self)
            let backChannel = Task {
                var reader = WebChannelChunkReader()
                var seen = 0
                try await WebChannelBenchClient.exchange(
                    port: port, method: .GET, uri: base + "&RID=rpc&SID=\(session)&AID=0&CI=0&TYPE=xmlhttp", body: ""
                ) { _ in } onBody: { buffer in
                    for chunk in try reader.add(buffer) {
                        for start in positions(streamTokenKey, in: chunk) {
                            let from = start + streamTokenKey.count
                            guard let end = chunk[from...].firstIndex(of: UInt8(ascii: "\"")) else { continue }
                            sink.yield(String(decoding: chunk[from..<end], as: UTF8.self))
                            seen += 1
                        }
                    }
                    return seen <= batches.count
                }
                sink.finish()
            }
            var iterator = tokens.makeAsyncIterator()
            for (index, batch) in batches.enumerated() {
                guard let token = await iterator.next() else { throw WebChannelBenchFailure(description: "WebChannel Write ended") }
                // The batch was escaped before timing (a browser's encodeURIComponent is native code);
                // only the token is spliced in here.
                let body = "count=1&ofs=\(index + 1)&req0___data__=" + WebChannelBenchClient.escape(#"{"streamToken":"\#(token)","#) + batch
                let (status, _) = try await WebChannelBenchClient.request(
                    port: port, method: .POST, uri: base + "&SID=\(session)&RID=\(index + 2)", body: body)
                guard status == 200 else { throw WebChannelBenchFailure(description: "forward POST answered \(status)") }
            }
            _ = await iterator.next()
            backChannel.cancel()
            _ = try await WebChannelBenchClient.request(port: port, method: .GET, uri: base + "&SID=\(session)&RID=0&TYPE=terminate")
        }.1
    }

    // MARK: Memory

    /// The process's resident memory in KiB.
    private static func residentKiB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let value = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return value
    }

    /// Opens `count` idle Listen sessions, each watching one document; returns their ids.
    private static func openSessions(_ count: Int, from first: Int, port: Int) async throws -> [String] {
        var sessions: [String] = []
        let base = "/google.firestore.v1.Firestore/Listen/channel?database=\(WebChannelBenchClient.escape(database))&VER=8"
        for n in first..<(first + count) {
            var request = Google_Firestore_V1_ListenRequest()
            request.database = database
            var target = Google_Firestore_V1_Target()
            target.documents.documents = ["\(database)/documents/listened/" + String(format: "d%07d", n % 1_000)]
            target.targetID = 2
            request.addTarget = target
            let (_, handshake) = try await WebChannelBenchClient.request(
                port: port, method: .POST, uri: base + "&RID=1&CVER=22",
                body: WebChannelBenchClient.form([try request.jsonString()], first: 0, headers: ["authorization": "Bearer owner"]))
            sessions.append(try WebChannelBenchClient.sessionID(handshake))
        }
        return sessions
    }

    /// KiB of resident memory per idle session with 100 sessions open and with 1,000.
    private static func sessionMemory(port: Int) async throws -> BenchResult {
        let base = "/google.firestore.v1.Firestore/Listen/channel?VER=8"
        let warmUp = try await openSessions(50, from: 0, port: port)
        let before = residentKiB()
        var atHundred = before
        let (sessions, seconds) = try await WireStopwatch.time { () async throws -> [String] in
            var sessions = try await openSessions(100, from: 50, port: port)
            atHundred = residentKiB()
            sessions += try await openSessions(900, from: 150, port: port)
            return sessions
        }
        let atThousand = residentKiB()
        for session in warmUp + sessions {
            _ = try await WebChannelBenchClient.request(port: port, method: .GET, uri: base + "&SID=\(session)&RID=9&TYPE=terminate")
        }
        var result = BenchResult(name: "WebChannel idle sessions, 1,000 open", ops: sessions.count, seconds: seconds, baseline: nil)
        result.metrics["kib_per_session_at_100"] = (atHundred - before) / 100
        result.metrics["kib_per_session_at_1000"] = (atThousand - before) / Double(sessions.count)
        return result
    }
}

#if os(Linux)
import CMalloc
#endif
import FirestoreWire
import Foundation
import HearthCore
import HearthServer
import Logging
import GRPCCore
import SwiftProtobuf

/// Replays what the REST and gRPC fuzz targets' leak reports point at — UpdateDocument with
/// reference values and update masks (gRPC, as the target calls the service, and REST through
/// the router), Listen streams and engine listeners attached and cancelled — many times, and
/// measures the heap in use (glibc's `mallinfo2`) between phases: a real leak grows with the
/// number of rounds, memory that LeakSanitizer merely cannot see does not.
package enum LeakReplay {
    /// The heap in use, in bytes: allocated arena chunks plus mmapped blocks (nil off glibc).
    package static func heapInUse() -> Int? {
        #if os(Linux)
        return Int(hearth_heap_in_use())
        #else
        return nil
        #endif
    }

    /// One scratch emulator as the fuzz targets open it: a temporary directory, no fsync, the
    /// fuzz rules file enforced for non-admin callers.
    package final class Scratch: Sendable {
        /// The temporary directory (deleted by `close`).
        let directory: String
        /// The emulator.
        let emulator: HearthEmulator
        /// Its request handlers.
        let endpoints: EmulatorEndpoints

        /// Opens a fresh scratch emulator.
        package init() throws {
            directory = NSTemporaryDirectory() + "hearth-leak-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let rulesFile = directory + "/firestore.rules"
            try ScratchEmulator.rules.write(toFile: rulesFile, atomically: true, encoding: .utf8)
            var configuration = ServerConfiguration(
                port: 0, dataDirectory: directory + "/data", rulesFile: rulesFile, syncsEachCommit: false)
            configuration.requestRingSize = 16
            emulator = try HearthEmulator(
                configuration: configuration, logger: Logger(label: "leak", factory: { _ in SwiftLogNoOpLogHandler() }))
            endpoints = emulator.inProcessEndpoints()
        }

        /// A weak reference to the engine, to tell whether closing released it.
        package var engineReference: WeakEngine { WeakEngine(emulator.engine) }

        /// Closes the engine and deletes the directory, as the fuzz targets recycle their emulator.
        package func close() {
            emulator.closeStorage()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// A weak reference to an engine.
    package struct WeakEngine: Sendable {
        private weak let engine: Engine?
        /// Refers to `engine` without keeping it.
        init(_ engine: Engine) { self.engine = engine }
        /// Whether the engine is still allocated.
        package var isAlive: Bool { engine != nil }
    }

    /// What one round did: requests answered successfully and refused (neither may be zero in a
    /// replay that exercises both the success and the error paths).
    package struct Tally: Sendable, Equatable {
        /// Requests that succeeded.
        package var succeeded = 0
        /// Requests refused with a Firestore status (expected: bad masks, foreign references, rules).
        package var refused = 0
        /// Findings (INTERNAL, UNKNOWN, a 5xx): none expected.
        package var findings: [String] = []
    }

    /// The parts of a round to run (`HEARTH_LEAK_PARTS`, comma-separated: grpc, rest, get, listen,
    /// engine; all when unset) — for telling which request holds memory when one does.
    static let parts: Set<String> = {
        guard let text = ProcessInfo.processInfo.environment["HEARTH_LEAK_PARTS"] else {
            return ["grpc", "rest", "get", "listen", "engine"]
        }
        return Set(text.split(separator: ",").map(String.init))
    }()

    static let database = "projects/leak/databases/(default)"
    static let documents = database + "/documents"

    /// Runs round `round` against `scratch`: six UpdateDocument calls (gRPC and REST; a reference
    /// value and an update mask each; some refused on purpose), one gRPC Listen stream with a
    /// document and a query target, and one document and one query listener on the engine,
    /// attached and cancelled. Blocks the calling thread (not a thread of the concurrency pool).
    package static func round(_ round: Int, on scratch: Scratch, tally: inout Tally) {
        let slot = round % 32
        let service = scratch.endpoints.grpc
        let admin = FuzzCallers.headers[0]
        let user = FuzzCallers.headers[2]
        func grpc(_ rpc: Int, _ bytes: Data, _ authorization: String?) -> String? {
            waitFor { await GRPCCall(service: service, message: bytes, authorization: authorization).run(rpc) }
        }
        // gRPC UpdateDocument: succeeds (admin), succeeds (the user's own document), refused (bad mask
        // path after the reference was parsed), refused (reference into another database).
        let requests: [(request: Google_Firestore_V1_UpdateDocumentRequest, caller: String?, expectOK: Bool)] = [
            (update("open/d\(slot)", reference: "open/t\(round)", mask: ["r", "n", "`odd path`.x"]), admin, true),
            (update("users/alice/notes/n\(slot)", reference: "users/alice/x/\(round)", mask: ["r", "n"]), user, true),
            (update("open/d\(slot)", reference: "open/t\(round)", mask: ["r", "a..b"]), admin, false),
            (update("c/c\(slot)", reference: "open/t\(round)", mask: ["r"], referenceDatabase: "projects/other/databases/(default)"), user, false),
        ]
        for (request, caller, expectOK) in requests where parts.contains("grpc") {
            guard let bytes: Data = try? request.serializedBytes() else { continue }
            let call = GRPCCall(service: service, message: bytes, authorization: caller)
            let outcome = waitFor { await call.updateDocumentOutcome() }
            switch outcome {
            case nil where expectOK: tally.succeeded += 1
            case .some(let code) where !expectOK && code != .internalError && code != .unknown: tally.refused += 1
            default: tally.findings.append("UpdateDocument \(request.document.name) answered \(outcome.map { "\($0)" } ?? "OK")")
            }
        }
        // REST PATCH with a reference value and an update mask: one accepted, one refused (mask path).
        for (uri, expectOK) in [
            ("/v1/\(documents)/open/r\(slot)?updateMask.fieldPaths=r&updateMask.fieldPaths=n&mask.fieldPaths=r", true),
            ("/v1/\(documents)/open/r\(slot)?updateMask.fieldPaths=r&updateMask.fieldPaths=a..b", false),
        ] where parts.contains("rest") {
            let body = Data(
                #"{"fields":{"r":{"referenceValue":"\#(documents)/open/t\#(round)"},"n":{"integerValue":"\#(round)"}}}"#.utf8)
            let endpoints = scratch.endpoints
            let (status, answer) = waitFor {
                await endpoints.rest(method: "PATCH", uri: uri, authorization: admin, body: body)
            }
            if status >= 500 {
                tally.findings.append("PATCH \(uri) answered \(status): \(String(decoding: answer.prefix(300), as: UTF8.self))")
            } else if (status == 200) == expectOK {
                if expectOK { tally.succeeded += 1 } else { tally.refused += 1 }
            } else {
                tally.findings.append("PATCH \(uri) answered \(status), expected \(expectOK ? "200" : "an error")")
            }
        }
        // A GetDocument of the document the first update wrote.
        var get = Google_Firestore_V1_GetDocumentRequest()
        get.name = documents + "/open/d\(slot)"
        if parts.contains("get"), let bytes: Data = try? get.serializedBytes() {
            if let finding = grpc(0, bytes, admin) { tally.findings.append(finding) } else { tally.succeeded += 1 }
        }
        // A Listen stream: a document target and a query target, then the client half-closes.
        if parts.contains("listen"), let finding = grpc(12, listenStream(slot), round % 2 == 0 ? admin : user) {
            tally.findings.append(finding)
        }
        if parts.contains("engine") { engineListeners(slot, on: scratch, tally: &tally) }
    }

    /// A document and a query listener attached to the engine and cancelled (what a Listen
    /// target does underneath).
    static func engineListeners(_ slot: Int, on scratch: Scratch, tally: inout Tally) {
        do {
            let engine = scratch.emulator.engine
            let key = try DocumentKey(path: ResourcePath(validating: "open/d\(slot)"))
            let databaseID = try DatabaseID(project: "leak")
            let document = try engine.listen(key, in: databaseID) { _, _ in }
            document.cancel()
            let query = try engine.listen(StructuredQuery(collectionID: "open"), in: databaseID) { _ in }
            query.cancel()
            tally.succeeded += 2
        } catch {
            tally.findings.append("engine listen failed: \(error)")
        }
    }

    /// An UpdateDocument request for `path` whose field `r` references `reference` (in `referenceDatabase`).
    static func update(
        _ path: String, reference: String, mask: [String], referenceDatabase: String = database
    ) -> Google_Firestore_V1_UpdateDocumentRequest {
        var request = Google_Firestore_V1_UpdateDocumentRequest()
        request.document.name = documents + "/" + path
        var value = Google_Firestore_V1_Value()
        value.referenceValue = referenceDatabase + "/documents/" + reference
        request.document.fields["r"] = value
        var number = Google_Firestore_V1_Value()
        number.integerValue = Int64(path.count)
        request.document.fields["n"] = number
        request.updateMask.fieldPaths = mask
        request.mask.fieldPaths = ["r"]
        return request
    }

    /// A Listen stream's messages, length-delimited as the gRPC target reads them.
    static func listenStream(_ slot: Int) -> Data {
        var onDocument = Google_Firestore_V1_ListenRequest()
        onDocument.database = database
        onDocument.addTarget.documents.documents = [documents + "/open/d\(slot)"]
        onDocument.addTarget.targetID = 2
        var onQuery = Google_Firestore_V1_ListenRequest()
        onQuery.database = database
        onQuery.addTarget.query.parent = documents
        var from = Google_Firestore_V1_StructuredQuery.CollectionSelector()
        from.collectionID = "open"
        onQuery.addTarget.query.structuredQuery.from = [from]
        onQuery.addTarget.targetID = 4
        return lengthDelimited([onDocument, onQuery]) ?? Data()
    }

    /// The heap in use over a warm-up and two equal phases of work: each phase's floor (the least
    /// heap in use sampled during it). Allocations that come and go (buffers, caches refilled,
    /// arrays regrowing) move the samples up and down by hundreds of kilobytes; a leak raises the
    /// floor in step with the work.
    package struct Figures: Sendable, CustomStringConvertible {
        /// What one unit of work is ("round" or "engine").
        package let unit: String
        /// Units run before the first phase.
        package let warmUp: Int
        /// Units in each measured phase.
        package let perPhase: Int
        /// The floor of the heap in use (bytes) during the warm-up's last half, phase 1 and phase 2.
        package let heap: [Int]
        /// What the work did.
        package let tally: Tally
        /// Engines still allocated after they were closed and dropped (recycling only).
        package let enginesAlive: Int

        /// Growth of the floor per unit (bytes) from each measurement to the next.
        package var growthPerUnit: [Double] {
            zip(heap, heap.dropFirst()).map { Double($1 - $0) / Double(max(perPhase, 1)) }
        }

        /// The floor's growth per unit from the warm-up to phase 2, over both phases.
        package var steadyGrowthPerUnit: Double {
            guard let first = heap.first, let last = heap.last else { return 0 }
            return Double(last - first) / Double(max(2 * perPhase, 1))
        }

        /// One line for the terminal.
        package var description: String {
            let growth = growthPerUnit.map { String(format: "%.1f", $0) }.joined(separator: ", ")
            return "\(warmUp) \(unit)s warm-up, then 2 × \(perPhase): floor of the heap in use "
                + "\(heap.map(String.init).joined(separator: " → ")) bytes, growth per \(unit) [\(growth)] B "
                + "(over both: \(String(format: "%.1f", steadyGrowthPerUnit)) B); \(tally.succeeded) requests succeeded, "
                + "\(tally.refused) refused, \(tally.findings.count) findings; engines alive after close: \(enginesAlive)"
        }
    }

    /// Samples the heap every `every` units of `count`, from unit `from` on; returns the least sample.
    private static func floor(count: Int, every: Int, from: Int = 0, _ unit: (Int) throws -> Void) rethrows -> Int {
        var least = Int.max
        for index in 0..<count {
            try unit(index)
            if index >= from, (index + 1) % every == 0 || index + 1 == count { least = min(least, heapInUse() ?? 0) }
        }
        return least
    }

    /// Rounds against one scratch emulator: `warmUp`, then two phases of `rounds`, the heap floor
    /// of each taken. Blocks the calling thread (not one of the concurrency pool).
    package static func sameEngine(warmUp: Int, rounds: Int) throws -> Figures {
        let scratch = try Scratch()
        defer { scratch.close() }
        var tally = Tally()
        var next = 0
        var heap: [Int] = []
        for (count, from) in [(warmUp, warmUp / 2), (rounds, 0), (rounds, 0)] {
            heap.append(floor(count: count, every: max(count / 40, 1), from: from) { _ in
                round(next, on: scratch, tally: &tally)
                next += 1
            })
        }
        return Figures(unit: "round", warmUp: warmUp, perPhase: rounds, heap: heap, tally: tally, enginesAlive: 0)
    }

    /// Scratch emulators opened, used for `roundsPerEngine` rounds, closed and dropped, as the fuzz
    /// targets recycle theirs: `warmUp` engines, then two phases of `engines`, the heap floor of
    /// each taken; also counts the engines that outlived their close.
    package static func recycled(warmUp: Int, engines: Int, roundsPerEngine: Int) throws -> Figures {
        var tally = Tally()
        var closed: [WeakEngine] = []
        var next = 0
        var heap: [Int] = []
        for (count, from) in [(warmUp, warmUp / 2), (engines, 0), (engines, 0)] {
            heap.append(try floor(count: count, every: 1, from: from) { _ in
                let scratch = try Scratch()
                for _ in 0..<roundsPerEngine {
                    round(next, on: scratch, tally: &tally)
                    next += 1
                }
                closed.append(scratch.engineReference)
                scratch.close()
            })
        }
        // Work the closed engines' queues may still hold finishes quickly; give it a moment.
        for _ in 0..<50 where closed.contains(where: \.isAlive) { Thread.sleep(forTimeInterval: 0.01) }
        return Figures(
            unit: "engine", warmUp: warmUp, perPhase: engines, heap: heap, tally: tally,
            enginesAlive: closed.filter(\.isAlive).count)
    }
}

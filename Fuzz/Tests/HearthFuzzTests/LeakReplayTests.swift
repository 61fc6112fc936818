import Foundation
import HearthFuzz
import HearthTestSupport
import Testing

/// The fuzz targets' leak lead, replayed (specs/reliability.md, "Leaks"): UpdateDocument with
/// reference values and update masks over gRPC and REST, Listen streams and engine listeners,
/// thousands of times, against one engine and against engines opened and closed as the fuzz
/// targets recycle theirs. The heap is process-wide, so its figures are measured in a process of
/// their own (`hearth-fuzz --leak-replay`); in process, only what cannot be disturbed by other
/// tests is checked: a closed, dropped engine is deallocated.
@Suite("Leak replay", .serialized)
struct LeakReplayTests {
    static var fuzz: String? { RepositoryPaths.builtExecutable(named: "hearth-fuzz") }

    /// Runs `body` on a thread of its own (the replay blocks its caller while the emulator works).
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// Regression for the retain cycle the replay found (engine → access policy → engine): every
    /// emulator engine, closed and dropped, is deallocated — with its history, listeners' side
    /// tables, and the last updates it held.
    @Test func closedEnginesAreDeallocated() async throws {
        let figures = try await Self.onThread { try LeakReplay.recycled(warmUp: 1, engines: 3, roundsPerEngine: 3) }
        #expect(figures.tally.findings.isEmpty, "\(figures.tally.findings.prefix(5))")
        // 7 engines × 3 rounds; a round has 6 requests that succeed and 3 refused on purpose.
        #expect(figures.tally.succeeded == 7 * 3 * 6, "\(figures)")
        #expect(figures.tally.refused == 7 * 3 * 3, "\(figures)")
        #expect(figures.enginesAlive == 0, "\(figures)")
    }

    /// The lead itself: UpdateDocument with reference values and update masks (gRPC and REST) and
    /// GetDocument keep the heap flat over 2 × 400 rounds against one engine and over 2 × 8
    /// engines recycled (in a process of its own), and no request ends in a finding.
    @Test(.enabled(if: fuzz != nil, "build the tests (make test does) to run the leak replay"))
    func heapStaysFlat() throws {
        try expectFlat(parts: "grpc,rest,get", rounds: 400, engines: 8)
    }

    /// Engine listeners and gRPC Listen streams attached and cancelled keep the heap flat over
    /// 2 × 2,000 rounds. They grew it by 180–600 B a round while every listener's queue ran on
    /// libdispatch's overcommit pool (about a hundred threads, each caching up to 1,024 spent
    /// work items); the warm-up is long enough for the bounded pool's caches to fill.
    @Test(.enabled(if: fuzz != nil, "build the tests (make test does) to run the leak replay"))
    func listenersKeepTheHeapFlat() throws {
        try expectFlat(parts: "engine,listen", rounds: 2_000, engines: 4)
    }

    /// Runs `hearth-fuzz --leak-replay` with `parts` in a process of its own (the heap is
    /// process-wide) and expects both verdicts flat, no engine alive after close and no finding.
    private func expectFlat(parts: String, rounds: Int, engines: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.fuzz))
        process.arguments = ["--leak-replay", "--rounds", "\(rounds)", "--engines", "\(engines)", "--rounds-per-engine", "3"]
        var environment = ProcessInfo.processInfo.environment
        environment["HEARTH_LEAK_PARTS"] = parts
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)", sourceLocation: sourceLocation)
        #expect(text.contains("verdict: one engine flat"), "\(text)", sourceLocation: sourceLocation)
        #expect(text.contains("recycled flat"), "\(text)", sourceLocation: sourceLocation)
        #expect(text.contains(", 0 engines alive after close); 0 findings"), "\(text)", sourceLocation: sourceLocation)
    }
}

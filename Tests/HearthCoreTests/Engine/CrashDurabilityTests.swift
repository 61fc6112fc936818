import Foundation
import HearthTestSupport
import Testing
@testable import HearthCore

/// Kills a process in the middle of durable commits (SIGKILL) and reopens its data directory:
/// every commit the process had acknowledged is there, and no commit is torn.
@Suite("Crash durability")
struct CrashDurabilityTests {
    /// The crash-test driver, built beside the other products (`make test` builds it).
    static var writeLoopBinary: String? { RepositoryPaths.builtExecutable(named: "hearth-write-loop") }

    @Test(.enabled(if: writeLoopBinary != nil, "build the tests (make test does) to run the crash test"))
    func acknowledgedCommitsSurviveSIGKILLAndNoCommitIsTorn() async throws {
        let binary = try #require(Self.writeLoopBinary)
        let directory = NSTemporaryDirectory() + "hearth-crash-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--data", directory]
        let output = Pipe()
        process.standardOutput = output
        try process.run()

        // Read acknowledgements until enough commits are durable, then kill mid-stream.
        var acknowledged = -1
        var buffer = ""
        let deadline = Date().addingTimeInterval(60)
        while acknowledged < 150 && Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer += String(decoding: chunk, as: UTF8.self)
            for line in buffer.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                if let n = Int(line.dropFirst("committed ".count)) { acknowledged = max(acknowledged, n) }
            }
            if let cut = buffer.lastIndex(of: "\n") { buffer = String(buffer[buffer.index(after: cut)...]) }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(acknowledged >= 150, "the writer must have made progress before the kill")

        let engine = try Engine(directory: directory)
        defer { engine.close() }
        let report = try engine.verify()
        #expect(report.isHealthy, "\(report.problems)")
        let db = try DatabaseID(project: "crash-test")
        let counter = try #require(try await engine.getDocument(DocumentKey(validating: "meta/counter"), in: db))
        guard case .integer(let last) = counter.fields["n"] else { Issue.record("no counter"); return }
        #expect(Int(last) >= acknowledged, "every acknowledged commit is durable")
        for index in 0...Int(last) + 1 {
            let a = try await engine.getDocument(DocumentKey(validating: "pairs/\(index)-a"), in: db)
            let b = try await engine.getDocument(DocumentKey(validating: "pairs/\(index)-b"), in: db)
            #expect((a == nil) == (b == nil), "commit \(index) is all or nothing")
            #expect((a != nil) == (index <= Int(last)), "commit \(index) is there exactly when the counter says so")
        }
    }
}

import Foundation
import HearthFuzz
import HearthTestSupport
import Testing

/// The committed fuzz corpus (`Fuzz/corpus/<target>/`, seeds plus what libFuzzer kept) replayed
/// through every target in a normal build: each input must run without a finding, so a bug that
/// fuzzing once found and that comes back fails `make test`, without the sanitized build.
@Suite("Fuzz corpus replay", .serialized)
struct CorpusReplayTests {
    /// The corpus folder of `target`.
    static func corpus(_ target: FuzzTarget) -> URL {
        RepositoryPaths.root.appendingPathComponent("Fuzz/corpus/\(target.rawValue)")
    }

    /// Runs `inputs` through `target` on a thread of its own (the REST and gRPC targets block their
    /// caller while the emulator works, which must not be a thread of the concurrency pool), then
    /// closes the scratch emulator (the suite is serialized: no other target is using it).
    static func findings(_ target: FuzzTarget, _ inputs: [(name: String, data: Data)]) async -> [String] {
        await withCheckedContinuation { continuation in
            Thread {
                let findings = inputs.compactMap { input in target.run(input.data).map { "\(input.name): \($0)" } }
                FuzzTarget.closeAll()
                continuation.resume(returning: findings)
            }.start()
        }
    }

    /// Every corpus input of every target runs without a finding; every target has seeds.
    @Test(arguments: FuzzTarget.allCases)
    func corpusRunsWithoutFindings(_ target: FuzzTarget) async throws {
        let folder = Self.corpus(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count >= 3, "the \(target.rawValue) corpus has only \(names.count) inputs")
        let inputs = try names.map { (name: $0, data: try Data(contentsOf: folder.appendingPathComponent($0))) }
        let findings = await Self.findings(target, inputs)
        #expect(findings.isEmpty, "\(target.rawValue): \(findings.prefix(5).joined(separator: "\n"))")
    }
}

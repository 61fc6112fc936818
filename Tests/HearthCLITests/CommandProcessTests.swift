import Foundation
import HearthTestSupport
import Testing

/// The built `hearth` binary, run as a user runs it: `--help` exits 0 on stdout and creates nothing.
@Suite("hearth binary")
struct CommandProcessTests {
    static var hearth: String? { RepositoryPaths.builtExecutable(named: "hearth") }
    static var bench: String? { RepositoryPaths.builtExecutable(named: "hearth-bench") }

    /// Runs `hearth` in a fresh empty working directory; returns the exit status, stdout, stderr and
    /// what the directory holds afterwards.
    private func run(
        _ arguments: [String], binary: String? = hearth
    ) throws -> (status: Int32, out: String, err: String, left: [String]) {
        let binary = try #require(binary)
        let folder = NSTemporaryDirectory() + "hearth-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self),
                String(decoding: errData, as: UTF8.self), left)
    }

    @Test(.enabled(if: hearth != nil, "build the hearth product (make test does)"),
          arguments: [["--help"], ["serve", "--help"], ["verify", "--help"], ["demo", "--help"]])
    func helpExitsZeroOnStdoutAndCreatesNothing(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 0)
        #expect(result.out.contains("USAGE: hearth"))
        #expect(result.left.isEmpty, "left behind: \(result.left)")
    }

    @Test(.enabled(if: hearth != nil, "build the hearth product (make test does)"))
    func verifyOfAMissingDirectoryFailsNamingTheFlag() throws {
        let result = try run(["verify"])
        #expect(result.status != 0)
        #expect(result.err.contains("--data"))
        #expect(result.left.isEmpty, "left behind: \(result.left)")
    }

    @Test(.enabled(if: hearth != nil, "build the hearth product (make test does)"))
    func aTypoIsAnErrorThatSaysSo() throws {
        let result = try run(["serv"])
        #expect(result.status != 0)
        #expect(result.err.contains("serv"))
    }

    @Test(.enabled(if: bench != nil, "build the benchmarks (make test does)"))
    func anUnknownBenchmarkGroupIsAnErrorNotAnEmptyRun() throws {
        let result = try run(["--only", "typo"], binary: Self.bench)
        #expect(result.status != 0)
        #expect(result.err.contains("typo"))
        #expect(!result.out.contains("ops/s"), "nothing may run")
    }
}

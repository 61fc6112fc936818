import Foundation
import HearthTestSupport
import Testing

/// `hearth import` into a new directory commits without syncing until it ends: killed midway
/// (SIGKILL, as a crash would stop it), it leaves a directory that refuses to open and says why.
@Suite("hearth import killed midway")
struct ImportKillTests {
    static var hearth: String? { RepositoryPaths.builtExecutable(named: "hearth") }

    /// Runs `hearth` to completion; returns its exit status and standard error.
    private func run(_ binary: String, _ arguments: [String]) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The size of the file at `path`, 0 when it does not exist.
    private func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test(.enabled(if: hearth != nil, "build the hearth product (make test does)"))
    func aKilledImportLeavesADirectoryThatRefusesToOpen() throws {
        let binary = try #require(Self.hearth)
        let root = NSTemporaryDirectory() + "hearth-import-kill-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = root + "/source.jsonl"
        let filler = String(repeating: "lorem ipsum ", count: 20)
        let lines = (0..<100_000).map { index in
            #"{"name": "projects/kill/databases/(default)/documents/c/d\#(index)", "fields": {"#
                + #""n": {"integerValue": "\#(index)"}, "s": {"stringValue": "\#(filler)\#(index)"}}}"#
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: source, atomically: true, encoding: .utf8)
        let data = root + "/data"
        let marker = data + "/hearth-import-unfinished"

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["import", "--merge", "--data", data, source]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill once some batches are in the data file, well before the 100,000 documents are.
        let deadline = Date().addingTimeInterval(120)
        while size(data + "/data.mdb") < 4 << 20 && process.isRunning && Date() < deadline { usleep(2_000) }
        let wasRunning = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(wasRunning, "the import ended before it could be killed; give it more documents")

        #expect(FileManager.default.fileExists(atPath: marker), "the kill came before the closing sync")
        let refused = try run(binary, ["verify", "--data", data])
        #expect(refused.status != 0)
        #expect(refused.err.contains("did not finish") && refused.err.contains(marker), "\(refused.err)")
        let again = try run(binary, ["import", "--merge", "--data", data, source])
        #expect(again.status != 0, "an import into the unfinished directory is refused too")
        #expect(again.err.contains("did not finish"), "\(again.err)")

        // A process kill loses no page the kernel holds: once the user removes the marker, the
        // directory opens and checks healthy.
        try FileManager.default.removeItem(atPath: marker)
        let opened = try run(binary, ["verify", "--data", data])
        #expect(opened.status == 0, "\(opened.err)")
    }
}

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

    /// Writes a JSON Lines source of 100,000 documents of ~250 bytes under `root`; returns its path.
    private func source(in root: String) throws -> String {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let source = root + "/source.jsonl"
        let filler = String(repeating: "lorem ipsum ", count: 20)
        let lines = (0..<100_000).map { index in
            #"{"name": "projects/kill/databases/(default)/documents/c/d\#(index)", "fields": {"#
                + #""n": {"integerValue": "\#(index)"}, "s": {"stringValue": "\#(filler)\#(index)"}}}"#
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: source, atomically: true, encoding: .utf8)
        return source
    }

    /// Starts `hearth import` with `arguments` and sends it `signal` once its data file at `data`
    /// has grown past 4 MiB; returns its exit status and standard error.
    private func interrupt(
        _ binary: String, _ arguments: [String], data: String, with signal: Int32
    ) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        // Once some batches are in the data file, well before the 100,000 documents are.
        let deadline = Date().addingTimeInterval(120)
        while size(data + "/data.mdb") < 4 << 20 && process.isRunning && Date() < deadline { usleep(2_000) }
        let wasRunning = process.isRunning
        kill(process.processIdentifier, signal)
        let text = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(wasRunning, "the import ended before it could be stopped; give it more documents")
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }

    @Test(.enabled(if: hearth != nil, "build the hearth product (make test does)"))
    func aCheckedImportStoppedByCtrlCLeavesTheNewDirectoryEmptyAndSaysSo() throws {
        let binary = try #require(Self.hearth)
        let root = NSTemporaryDirectory() + "hearth-import-int-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try source(in: root)
        let data = root + "/data"
        let stopped = try interrupt(binary, ["import", "--data", data, source], data: data, with: SIGINT)
        #expect(stopped.status != 0)
        #expect(stopped.err.contains("nothing was kept"), "\(stopped.err)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: data)) ?? []
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test(.enabled(if: hearth != nil, "build the hearth product (make test does)"))
    func aKilledImportLeavesADirectoryThatRefusesToOpen() throws {
        let binary = try #require(Self.hearth)
        let root = NSTemporaryDirectory() + "hearth-import-kill-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try source(in: root)
        let data = root + "/data"
        let marker = data + "/hearth-import-unfinished"
        _ = try interrupt(binary, ["import", "--merge", "--data", data, source], data: data, with: SIGKILL)

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

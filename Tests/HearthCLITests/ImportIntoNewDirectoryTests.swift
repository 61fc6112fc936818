import ArgumentParser
import Foundation
import HearthCLI
import HearthCore
import Testing

/// A checked import into a new directory writes as it reads and, on an invalid record, deletes
/// what it wrote: the directory ends as it began, as when the source is checked first. Into a
/// directory with data, and with `--merge`, what happened before stays the same.
@Suite("hearth import into a new directory")
struct ImportIntoNewDirectoryTests {
    let root = NSTemporaryDirectory() + "hearth-import-new-" + UUID().uuidString
    let database: DatabaseID

    init() throws { database = try DatabaseID(project: "fresh") }

    /// A JSON Lines source of `valid` documents `c/d<i>`, then (when `broken`) a record whose
    /// name is not a document path.
    func source(valid: Int, broken: Bool) throws -> String {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var lines = (0..<valid).map { index in
            #"{"name": "projects/fresh/databases/(default)/documents/c/d\#(index)", "fields": {"n": {"integerValue": "\#(index)"}}}"#
        }
        if broken { lines.append(#"{"name": "projects/fresh/databases/(default)/documents/c", "fields": {}}"#) }
        let path = root + "/source-\(valid)-\(broken).jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `hearth import` with `arguments`; returns the error it ended with, nil on success.
    func runImport(_ arguments: [String]) async throws -> (any Error)? {
        let command = try #require(try HearthCommand.parseAsRoot(["import"] + arguments) as? ImportCommand)
        do {
            try await command.run()
            return nil
        } catch {
            return error
        }
    }

    /// How many documents `c` holds in the directory at `data`.
    func count(_ data: String) throws -> Int {
        let engine = try Engine(directory: data)
        defer { engine.close() }
        return try engine.runQuery(StructuredQuery(collectionID: "c"), in: database).count
    }

    @Test func aCheckedImportThatMeetsAnInvalidRecordLeavesTheNewDirectoryEmpty() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = try source(valid: 2_500, broken: true)
        let data = root + "/data"
        let failure = try await runImport(["--data", data, source])
        let message = failure.map { String(describing: $0) } ?? "no error"
        #expect(message.contains("source-2500-true.jsonl"), "the error names the file: \(message)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: data)) ?? []
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(try count(data) == 0)
    }

    @Test func aMergeImportKeepsItsBatchesAndACheckedOneIntoADirectoryWithDataAddsNothing() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let broken = try source(valid: 2_500, broken: true)
        let merged = root + "/merged"
        #expect(try await runImport(["--merge", "--data", merged, broken]) != nil)
        #expect(try count(merged) == 2_000, "two whole batches of 1,000 were committed before the error")

        let held = root + "/held"
        #expect(try await runImport(["--data", held, try source(valid: 10, broken: false)]) == nil)
        #expect(try await runImport(["--data", held, broken]) != nil)
        #expect(try count(held) == 10, "checked first: nothing of the broken source was written")
    }

    @Test func aValidCheckedImportIntoANewDirectoryHasEveryDocumentAndItsIndex() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = root + "/data"
        #expect(try await runImport(["--data", data, try source(valid: 2_500, broken: false)]) == nil)
        let engine = try Engine(directory: data)
        defer { engine.close() }
        var query = StructuredQuery(collectionID: "c")
        query.filter = .field(FieldPath(uncheckedSegments: ["n"]), .greaterThanOrEqual, .integer(2_490))
        await #expect(try engine.runQuery(query, in: database).count == 10)
        #expect(try engine.verify().isHealthy)
        #expect(!FileManager.default.fileExists(atPath: data + "/hearth-import-unfinished"))
    }
}

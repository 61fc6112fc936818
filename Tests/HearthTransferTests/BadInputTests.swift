import Foundation
import HearthCore
@testable import HearthTransfer
import Testing

/// Invalid input fails with the file and offset, and (unless --merge) writes nothing.
@Suite struct BadInputTests {
    let database = DatabaseID(uncheckedProject: "p", database: "(default)")

    private func line(_ path: String, _ fieldsJSON: String = "{}") -> String {
        #"{"name":"projects/p/databases/(default)/documents/\#(path)","fields":\#(fieldsJSON)}"# + "\n"
    }

    @Test func aBadPathFailsWithFileAndOffsetAndNothingIsWritten() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        let first = line("a/1")
        let text = first + #"{"name":"a/b/c","fields":{}}"# + "\n" + line("a/3")
        try Data(text.utf8).write(to: URL(fileURLWithPath: temp.file("in.jsonl")))
        await expectFailure(.invalidArgument, containing: "in.jsonl at byte \(first.utf8.count)") {
            _ = try await Importer(database: database).run(path: temp.file("in.jsonl"), into: engine)
        }
        #expect(try allDocuments(engine, database).isEmpty)

        var skipping = Importer(database: database)
        skipping.skipInvalid = true
        let summary = try await skipping.run(path: temp.file("in.jsonl"), into: engine)
        #expect(summary.documents == 2)
        #expect(summary.skipped == 1)
        #expect(Set(try allDocuments(engine, database).keys) == ["a/1", "a/3"])
    }

    @Test func mergeKeepsTheBatchesBeforeAnError() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        var text = ""
        for index in 0..<5 { text += line("a/\(index)") }
        text += "not json\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temp.file("in.jsonl")))
        var merging = Importer(database: database)
        merging.mode = .merge
        merging.batchSize = 2
        await expectFailure(.invalidArgument, containing: "at byte") {
            _ = try await merging.run(path: temp.file("in.jsonl"), into: engine)
        }
        #expect(try allDocuments(engine, database).count == 4)
    }

    @Test func aDocumentOverOneMebibyteIsRefused() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        let big = String(repeating: "x", count: 1_048_600)
        try Data(line("a/big", #"{"s":{"stringValue":"\#(big)"}}"#).utf8).write(to: URL(fileURLWithPath: temp.file("big.jsonl")))
        await expectFailure(.invalidArgument, containing: "big.jsonl at byte 0") {
            _ = try await Importer(database: database).run(path: temp.file("big.jsonl"), into: engine)
        }
    }

    @Test func aDamagedExportFileStopsTheImportWithItsOffsetUnlessSkipping() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        try await engine.commit([.set(try DocumentKey(validating: "a/1"), fields: ["x": 1]), .set(try DocumentKey(validating: "a/2"), fields: ["x": 2])], in: database)
        let out = temp.file("export")
        _ = try Exporter(database: database).run(from: engine, to: out)
        let output = out + "/firestore_export/all_namespaces/all_kinds/output-0"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        bytes[bytes.count - 3] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: output))
        let target = try makeEngine(in: temp, name: "target")
        defer { target.close() }
        await expectFailure(.dataLoss, containing: "output-0 at byte") {
            _ = try await Importer(database: database).run(path: out, into: target)
        }
        #expect(try allDocuments(target, database).isEmpty)

        // --skip-invalid passes over the damaged record, as LevelDB's reader does, and says so.
        var skipping = Importer(database: database)
        skipping.skipInvalid = true
        let summary = try await skipping.run(path: out, into: target)
        #expect(summary.documents == 1)
        #expect(summary.damaged == 1)
        #expect(summary.damagedBytes > 0)
        #expect(Array(try allDocuments(target, database).keys) == ["a/1"])
    }

    @Test func replaceDeletesWhatTheDatabaseHeldBefore() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        try await engine.commit([.set(try DocumentKey(validating: "old/1"), fields: [:])], in: database)
        try Data(line("new/1").utf8).write(to: URL(fileURLWithPath: temp.file("in.jsonl")))
        var replacing = Importer(database: database)
        replacing.mode = .replace
        _ = try await replacing.run(path: temp.file("in.jsonl"), into: engine)
        #expect(Set(try allDocuments(engine, database).keys) == ["new/1"])
    }

    @Test func aMissingPathIsNotFound() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        await expectFailure(.notFound, containing: "nowhere") {
            _ = try await Importer(database: database).run(path: temp.file("nowhere"), into: engine)
        }
    }
}

import Foundation
import HearthCore
@testable import HearthTransfer
import Testing

/// Export → import through an engine, both formats, several databases.
@Suite struct RoundTripTests {
    static let formats = Exporter.Format.allCases

    /// Seeds two databases with every value type and a few paths (sub-collections, missing parents).
    private func seed(_ engine: Engine) async throws -> [DatabaseID] {
        let first = try DatabaseID(project: "demo")
        let second = try DatabaseID(project: "demo", database: "reports")
        for database in [first, second] {
            let fields = try TransferFixtures.everyValue(in: database)
            try await engine.commit([
                .set(try DocumentKey(validating: "users/ada"), fields: fields),
                .set(try DocumentKey(validating: "users/ada/posts/p1"), fields: ["title": "first", "n": 1]),
                .set(try DocumentKey(validating: "ghosts/none/rooms/r1"), fields: [:]),
                .set(try DocumentKey(validating: "rooms/部屋"), fields: ["name": .string(database.database)]),
            ], in: database)
        }
        return [first, second]
    }

    @Test(arguments: formats)
    func exportThenImportKeepsEveryDocumentExactly(format: Exporter.Format) async throws {
        let temp = try TemporaryFolder()
        let source = try makeEngine(in: temp, name: "source")
        defer { source.close() }
        let databases = try await seed(source)
        let target = try makeEngine(in: temp, name: "target")
        defer { target.close() }
        #expect(try source.storedDatabases() == databases.sorted())
        for database in databases {
            let out = temp.file("export-\(database.database)-\(format.rawValue)")
            var exporter = Exporter(database: database)
            exporter.format = format
            let exported = try exporter.run(from: source, to: out)
            #expect(exported.documents == 4)
            let summary = try await Importer(database: database).run(path: out, into: target)
            #expect(summary.documents == 4)
            let before = try allDocuments(source, database)
            let after = try allDocuments(target, database)
            #expect(Set(after.keys) == Set(before.keys))
            for (path, document) in before {
                #expect(after[path]?.fields == document.fields, "\(path)")
                if format == .jsonl {
                    #expect(after[path]?.createTime == document.createTime, "\(path)")
                    #expect(after[path]?.updateTime == document.updateTime, "\(path)")
                }
            }
        }
    }

    @Test func theFirestoreFormatIsLaidOutAsTheEmulatorWritesIt() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        let databases = try await seed(engine)
        let out = temp.file("seed")
        _ = try Exporter(database: databases[0]).run(from: engine, to: out)
        let files = FileManager.default
        for relative in [
            "firebase-export-metadata.json",
            "firestore_export/firestore_export.overall_export_metadata",
            "firestore_export/all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata",
            "firestore_export/all_namespaces/all_kinds/output-0",
        ] {
            #expect(files.fileExists(atPath: (out as NSString).appendingPathComponent(relative)), "\(relative)")
        }
        let entries = try ExportMetadata.readOverall(out + "/firestore_export/firestore_export.overall_export_metadata")
        #expect(entries.map(\.documents) == [4])
        #expect(!files.fileExists(atPath: out + ".partial-\(ProcessInfo.processInfo.processIdentifier)"))
        await expectFailure(.alreadyExists, containing: out) { _ = try Exporter(database: databases[0]).run(from: engine, to: out) }
    }

    @Test func collectionIDsGetAKindFolderEach() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        let databases = try await seed(engine)
        let out = temp.file("some")
        var exporter = Exporter(database: databases[0])
        exporter.collectionIDs = ["users", "posts"]
        let result = try exporter.run(from: engine, to: out)
        #expect(result.documents == 2)
        #expect(FileManager.default.fileExists(atPath: out + "/firestore_export/all_namespaces/kind_users/all_namespaces_kind_users.export_metadata"))
        let target = try makeEngine(in: temp, name: "target")
        defer { target.close() }
        _ = try await Importer(database: databases[0]).run(path: out, into: target)
        #expect(Set(try allDocuments(target, databases[0]).keys) == ["users/ada", "users/ada/posts/p1"])
    }

    @Test func importedDocumentsAreQueryableThroughTheIndex() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        let database = try DatabaseID(project: "bulk")
        var lines = ""
        for index in 0..<2_500 {
            lines += #"{"name":"projects/bulk/databases/(default)/documents/items/i\#(index)","fields":{"n":{"integerValue":"\#(index)"}}}"# + "\n"
        }
        try Data(lines.utf8).write(to: URL(fileURLWithPath: temp.file("items.jsonl")))
        let summary = try await Importer(database: database).run(path: temp.file("items.jsonl"), into: engine)
        #expect(summary.documents == 2_500)
        let query = StructuredQuery(collectionID: "items", filter: .field(FieldPath(uncheckedSegments: ["n"]), .greaterThanOrEqual, .integer(2_490)))
        await #expect(try engine.runQuery(query, in: database).count == 10)
    }
}
